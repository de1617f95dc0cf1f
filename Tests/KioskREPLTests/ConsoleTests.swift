import KioskCore
import Testing

@testable import KioskREPL

@Suite("Console")
struct ConsoleTests {
    static let config = KioskConfig(
        fruits: [KioskConfig.Fruit(id: "mango", name: "Man\u{1B}[31mgo", initial: 10, maximum: 100)],
        juices: [KioskConfig.Juice(id: "mango", name: "Mango\u{07}", aliases: [], recipe: [])],
        bank: KioskConfig.BankSetup(
            customers: 1...2,
            desks: [
                KioskConfig.Desk(task: "dep\u{1B}osit", name: "Desk\r1", clerks: 1, serviceTime: .milliseconds(700))
            ]))

    func console(_ format: Console.Format = .text, colors: Bool = false) -> (Console, CapturedText, CapturedText) {
        let output = CapturedText()
        let errors = CapturedText()
        return (
            Console(
                format: format, colors: colors, output: output, errors: errors,
                presenter: Presenter(catalog: EnglishCatalog(), config: Self.config)), output, errors
        )
    }

    @Test("no control character from the config reaches the terminal in event text")
    func eventText() {
        let (console, output, _) = console()
        let events: [KioskEvent] = [
            .serviceStarted(
                ticket: 1, task: "dep\u{1B}osit", clerk: 1, at: .milliseconds(700), stage: "dep\u{1B}osit",
                grade: "regular", desk: "dep\u{1B}osit"),
            .juiceSoldOut(juice: "mango", shortages: [Shortage(fruit: "mango", need: 3, have: 1)]),
            .bankIdle(BankTally(servedByTask: [TaskCount(task: "dep\u{1B}osit", count: 1)], businessTime: .seconds(1))),
        ]
        for event in events {
            if let line = console.line(for: event) { output.write(line + "\n") }
        }
        let text = output.text
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.contains("dep\\u{1b}osit started at Desk\\u{d}1 clerk 1"))
        #expect(text.contains("Mango\\u{7} is sold out: Man\\u{1b}[31mgo 1 left, needs 3."))
    }

    @Test("table cells, headers and messages are shown safely")
    func tables() {
        let (console, output, _) = console()
        console.show(
            Rendering(
                text: [
                    .message("Stock\u{1B}[2J:"),
                    .table(
                        Table(
                            columns: [Table.Column("fruit\u{1B}"), Table.Column("count")],
                            rows: [["a\u{1B}]0;x\u{07}", "1"]])),
                ],
                json: .null))
        #expect(!output.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(output.text.contains("a\\u{1b}]0;x\\u{7}"))
    }

    @Test("errors carry their line in script mode and go to standard error")
    func errors() {
        let (console, output, errors) = console()
        console.show(error: ParseError.unknownCommand("ordr", suggestion: "order"), location: "line 3")
        #expect(output.text.isEmpty)
        #expect(errors.text == "kiosk: line 3: Unknown command 'ordr'. Did you mean 'order'?\n")
    }

    @Test("JSON errors carry the location as a field")
    func jsonErrors() {
        let (console, _, errors) = console(.json)
        console.show(error: ParseError.unknownCommand("ordr", suggestion: nil), location: "line 3")
        #expect(errors.text.hasPrefix(#"{"type":"error","code":"unknown_command""#))
        #expect(errors.text.hasSuffix(#","location":"line 3"}"# + "\n"))
    }

    @Test("colour only when asked, and never in JSON")
    func colours() {
        let (plain, plainOutput, _) = console(colors: false)
        plain.show(Rendering(text: [.message("ok", .success)], json: .null))
        #expect(plainOutput.text == "ok\n")
        let (painted, paintedOutput, _) = console(colors: true)
        painted.show(Rendering(text: [.message("ok", .success)], json: .null))
        #expect(paintedOutput.text == "\u{1B}[32mok\u{1B}[0m\n")
        let (json, _, _) = console(.json, colors: true)
        #expect(!json.colors)
    }

    @Test("a message of several lines is shown line by line; CR LF stays one line, shown escaped")
    func severalLines() {
        let (lines, linesOutput, _) = console()
        lines.show(Rendering(text: [.message("바나나\nkiwi\n\n끝")], json: .null))
        #expect(linesOutput.text == "바나나\nkiwi\n\n끝\n")
        let (crlf, crlfOutput, _) = console()
        crlf.show(Rendering(text: [.message("a\r\nb\nc")], json: .null))
        #expect(crlfOutput.text == "a\\u{d}\\u{a}b\nc\n")
    }
}
