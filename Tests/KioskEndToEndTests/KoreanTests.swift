import Foundation
import Testing

/// kiosk in Korean and in English: golden transcripts of the same script, the language's
/// choice, the classic console's exact lines, and Hangul at the prompt.
@Suite("Korean", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct KoreanTests {
    static let script = """
        order 딸기쥬스
        order 망키 2
        stock add 딸기 6
        order strawberry
        stock set 망고 3
        menu

        """

    @Test("a Korean transcript: the exercises' words, Korean names, commands in either language")
    func koreanTranscript() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--lang", "ko"], input: Self.script)
        #expect(
            run.stdout == """
                망고키위쥬스 2잔 나왔습니다! 맛있게 드세요!
                재고: 키위 10 -> 8, 망고 10 -> 6
                딸기: 10 -> 16 (최대 100).
                딸기쥬스 다시 주문할 수 있습니다.
                딸기쥬스 나왔습니다! 맛있게 드세요!
                재고: 딸기 16 -> 0
                딸기쥬스 품절: 딸기 0개 남음, 16개 필요.
                딸바쥬스 품절: 딸기 0개 남음, 10개 필요.
                망고: 6 -> 3 (최대 100).
                쥬스               이름          레시피             만들 수 있는 잔
                strawberry         딸기쥬스      딸기 16                          0
                banana             바나나쥬스    바나나 2                         5
                kiwi               키위쥬스      키위 3                           2
                pineapple          파인애플쥬스  파인애플 2                       5
                strawberry-banana  딸바쥬스      딸기 10, 바나나 1                0
                mango              망고쥬스      망고 3                           1
                mango-kiwi         망고키위쥬스  키위 1, 망고 2                   1
                다른 이름: ddalgi (strawberry), banana-juice (banana), kiwi-juice (kiwi), pine (pineapple), ddalba, "strawberry banana", 딸바 (strawberry-banana), mango-juice (mango), mangki, "mango kiwi", 망키쥬스, 망키 (mango-kiwi).

                """)
        #expect(
            run.stderrLines == [
                "kiosk: line 1: 재료가 모자라요. 딸기쥬스 1잔에 딸기 16개가 필요한데 10개 있어요. 해결: 'stock add 딸기 6'은 이 주문에 딱 필요한 만큼만 더해요(주문 뒤 진열대는 비어요). 'stock fill 딸기'는 진열대를 가득 채워요."
            ])
        #expect(run.status == 1)
    }

    @Test("the same script in English")
    func englishTranscript() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--lang", "en"], input: Self.script)
        #expect(
            run.stdoutLines.prefix(5) == [
                "Made 2 Mango-Kiwi Juice.",
                "Stock: kiwi 10 -> 8, mango 10 -> 6",
                "Strawberry: 10 -> 16 (max 100).",
                "Strawberry Juice is available again.",
                "Made 1 Strawberry Juice.",
            ])
        #expect(run.stdout.contains("mango-kiwi         Mango-Kiwi Juice"))
        #expect(
            run.stderrLines == [
                "kiosk: line 1: Cannot make 1 Strawberry Juice: strawberry needs 16, has 10. Fix: 'stock add strawberry 6' adds just what this order takes (the shelf is empty after it), or 'stock fill strawberry' fills the shelf."
            ])
    }

    @Test("the locale chooses Korean, KIOSK_LANG wins over it, and --lang over both")
    func choosingTheLanguage() async throws {
        let byLocale = try await KioskBinary.run(
            ["--in-memory", "-c", "order 바나나쥬스"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(byLocale.stdoutLines.first == "바나나쥬스 나왔습니다! 맛있게 드세요!")
        let byVariable = try await KioskBinary.run(
            ["--in-memory", "-c", "order banana"], environment: ["LANG": "ko_KR.UTF-8", "KIOSK_LANG": "en"])
        #expect(byVariable.stdoutLines.first == "Made 1 Banana Juice.")
        let byFlag = try await KioskBinary.run(
            ["--in-memory", "--lang", "ko", "-c", "order banana"], environment: ["KIOSK_LANG": "en"])
        #expect(byFlag.stdoutLines.first == "바나나쥬스 나왔습니다! 맛있게 드세요!")
    }

    @Test("an unknown --lang is bad usage that names the value")
    func unknownLanguage() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--lang", "fr", "-c", "menu"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--lang must be en or ko, not 'fr'."))
        #expect(run.stdout == "")
    }

    @Test("a bad config is told in Korean: the same file, line and key, the same code and exit status")
    func badConfigInKorean() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file("bad.toml", contents: "[[fruit]]\nid = \"mango\"\ninitial = 10\nmaximum = 100\n")
        let korean = try await KioskBinary.run(["--lang", "ko", "--config", config, "-c", "menu"], home: sandbox)
        #expect(korean.status == 78)
        #expect(
            korean.stderrLines == [
                "kiosk: \(config):4: [[fruit]] #1 maximum: 알 수 없는 키입니다: 'maximum'. 쓸 수 있는 키: id, name, initial, max."
            ])
        let json = try await KioskBinary.run(
            ["--json", "--lang", "ko", "--config", config, "-c", "menu"], home: sandbox)
        #expect(json.status == 78)
        let line = try #require(json.stderrLines.first)
        #expect(line.contains(#""code":"bad_config""#))
        #expect(line.contains(#""line":4"#))
        #expect(line.contains("알 수 없는 키입니다: 'maximum'."))
    }

    @Test(
        "usage errors are told in Korean on one line, and as JSON with the same code",
        arguments: [
            (["--preset", "2022"], "--preset은 2021-01, 2021-05, 클래식 중 하나여야 합니다 (지금은 '2022')."),
            (["--bogus"], "알 수 없는 옵션입니다: '--bogus'."),
            (["--config"], "'--config <path>'에 값이 없습니다."),
            (["--speed", "-1"], "--speed는 0.001부터 1000000까지의 수나 max여야 합니다 (지금은 '-1')."),
            (["--in-memory", "--data-dir", "x"], "--in-memory와 --data-dir 중 하나만 쓰세요: --in-memory는 데이터 디렉터리를 쓰지 않습니다."),
        ])
    func usageErrorsInKorean(flags: [String], message: String) async throws {
        let text = try await KioskBinary.run(["--lang", "ko"] + flags + ["-c", "menu"])
        #expect(text.status == 64)
        #expect(text.stdout == "")
        #expect(text.stderrLines == ["오류: \(message) 사용법: kiosk [옵션] [명령 단어...]. 'kiosk --help'를 보세요."])
        let json = try await KioskBinary.run(["--json"] + flags + ["-c", "menu"], environment: ["KIOSK_LANG": "ko"])
        #expect(json.status == 64)
        #expect(json.stderrLines == [#"{"type":"error","code":"bad_usage","message":"\#(message)"}"#])
    }

    @Test("kiosk --help in Korean lists every option argument-parser's English page lists")
    func helpInKorean() async throws {
        let english = try await KioskBinary.run(["--help"], environment: ["KIOSK_LANG": "en"])
        let korean = try await KioskBinary.run(["--help"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(english.status == 0)
        #expect(korean.status == 0)
        func options(_ page: String) -> [String] {
            page.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                line.split(separator: " ").filter { $0.hasPrefix("-") }.map { String($0.trimmingCharacters(in: [","])) }
            }
        }
        #expect(options(english.stdout).contains("--lang"))
        #expect(options(korean.stdout) == options(english.stdout))
        #expect(korean.stdout.hasPrefix("개요: 한 터미널에서 쥬스 가게와 은행 창구를 함께 엽니다."))
        #expect(korean.stdout.contains("사용법: kiosk [<옵션>] -- [<명령 단어> ...]"))
        #expect(korean.stdout.contains("  --lang <code>           이 언어로 말합니다: en 또는 ko"))
        let byFlag = try await KioskBinary.run(["--lang", "ko", "-h"], environment: ["KIOSK_LANG": "en"])
        #expect(byFlag.stdout == korean.stdout)
    }

    @Test("a fruit named by one plain name is called by it among amounts too, not by its id")
    func plainFruitName() async throws {
        let sandbox = try Sandbox()
        let config = try GrapeMenu.write(in: sandbox, fruitName: "포도")
        let run = try await KioskBinary.run(
            ["--in-memory", "--lang", "ko", "--config", config, "-c", "menu", "-c", "order grape"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.contains { $0.contains("포도 2") }, "\(run.stdout)")
        #expect(run.stdoutLines.contains("재고: 포도 10 -> 8"), "\(run.stdout)")
        #expect(!run.stdout.contains("grape 2") && !run.stdout.contains("grape 10"), "\(run.stdout)")
    }

    @Test("counts written as kiosk prints them in Korean are read: 2잔, 5개, 3명")
    func countersAsPrinted() async throws {
        let run = try await KioskBinary.run([
            "--in-memory", "--lang", "ko", "--speed", "max", "--seed", "1", "-c", "주문 바나나쥬스 2잔", "-c",
            "재고 추가 키위 5개", "-c", "은행 추가 3명", "-c", "은행 대기",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("바나나쥬스 2잔 나왔습니다!"), "\(run.stdout)")
        #expect(run.stdout.contains("10 -> 15"), "\(run.stdout)")
        #expect(run.stdout.contains("3명"), "\(run.stdout)")
    }

    @Test("JSON keeps its codes and ids in every language; messages and display names follow it")
    func jsonContract() async throws {
        let korean = try await KioskBinary.run([
            "--in-memory", "--json", "--lang", "ko", "-c", "order 딸기쥬스", "-c", "menu",
        ])
        let english = try await KioskBinary.run([
            "--in-memory", "--json", "--lang", "en", "-c", "order strawberry", "-c", "menu",
        ])
        let koreanError = try #require(korean.stderrLines.first)
        let englishError = try #require(english.stderrLines.first)
        let prefix =
            #"{"type":"error","code":"out_of_stock","juice":"strawberry","shortages":[{"fruit":"strawberry","need":16,"have":10}],"#
        #expect(koreanError.hasPrefix(prefix))
        #expect(englishError.hasPrefix(prefix))
        #expect(koreanError.contains("재료가 모자라요."))
        #expect(korean.stdout.contains(#"{"id":"mango-kiwi","name":"망고키위쥬스","#))
        #expect(english.stdout.contains(#"{"id":"mango-kiwi","name":"Mango-Kiwi Juice","#))
    }

    @Test("names match in NFC or NFD Hangul, and any case of Latin ones")
    func normalization() async throws {
        let decomposed = "망키".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > "망키".unicodeScalars.count)
        let run = try await KioskBinary.run(["--in-memory", "-c", "order \(decomposed)", "-c", "order MANGKI"])
        #expect(run.stdoutLines.filter { $0 == "Made 1 Mango-Kiwi Juice." }.count == 2)
        #expect(run.status == 0)
    }

    // MARK: The classic console

    /// The menu as the exercise prints it: no newline after the prompt.
    static let koreanMenu = "1 : 은행개점\n2 : 종료\n입력 : "

    @Test("kiosk classic: the exercise's menu, a line per service, the closing line, each customer once in order")
    func classicKorean() async throws {
        let run = try await KioskBinary.run(
            ["classic", "--in-memory", "--speed", "50", "--seed", "4", "--lang", "ko"], input: "1\n2\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let days = run.stdout.components(separatedBy: Self.koreanMenu)
        // The menu, a business day, the menu again, then `2` ends it.
        #expect(days.count == 3)
        #expect(days.first == "")
        #expect(days.last == "")
        let lines = days[1].split(separator: "\n").map(String.init)
        let closing = try #require(lines.last)
        let pattern = #/업무가 마감되었습니다\. 오늘 업무를 처리한 고객은 총 (\d+)명이며, 총 업무시간은 (\d+)\.(\d\d)초입니다\./#
        let match = try #require(closing.wholeMatch(of: pattern), "closing line: \(closing)")
        let served = try #require(Int(match.1))
        #expect((10...30).contains(served))
        let service = lines.dropLast()
        let linePattern = #/(\d+)번 고객 (예금|대출)업무 (시작|완료)/#
        var started: [Int: String] = [:]
        var finished: [Int] = []
        var startsByTask: [String: [Int]] = [:]
        for line in service {
            let parts = try #require(line.wholeMatch(of: linePattern), "line: \(line)")
            let ticket = try #require(Int(parts.1))
            if parts.3 == "시작" {
                #expect(started[ticket] == nil, "#\(ticket) started twice")
                started[ticket] = String(parts.2)
                startsByTask[String(parts.2), default: []].append(ticket)
            } else {
                #expect(started[ticket] == String(parts.2), "#\(ticket) finished before it started")
                finished.append(ticket)
            }
        }
        // Every customer from #1 served exactly once, first come first served per desk.
        #expect(Set(finished) == Set(1...served))
        #expect(finished.count == served)
        for (task, tickets) in startsByTask {
            #expect(tickets == tickets.sorted(), "\(task) served out of ticket order")
        }
        // Business time follows from the service times: 0.7 s a deposit at 2 clerks, 1.1 s a loan at 1.
        let loans = startsByTask["대출", default: []].count
        let seconds = try #require(Double("\(match.2).\(match.3)"))
        #expect(seconds >= Double(loans) * 1.1 - 0.01)
    }

    @Test("kiosk classic in virtual time: the 2021-05 preset's grades, each day closed, byte-identical with --seed")
    func classicVirtualTime() async throws {
        let arguments = [
            "classic", "--in-memory", "--preset", "2021-05", "--speed", "max", "--seed", "3", "--lang", "ko",
        ]
        let first = try await KioskBinary.run(arguments, input: "1\n1\n2\n")
        let second = try await KioskBinary.run(arguments, input: "1\n1\n2\n")
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.components(separatedBy: "업무가 마감되었습니다.").count == 3)
        #expect(first.stdoutLines.contains { $0.wholeMatch(of: #/\d+번 (VVIP|VIP|일반)고객 (예금|대출)업무 (시작|완료)/#) != nil })
        #expect(first.stdout.hasSuffix(Self.koreanMenu))
    }

    @Test("kiosk classic: a wrong entry says so and shows the menu again; English with --lang en")
    func classicWrongEntry() async throws {
        let korean = try await KioskBinary.run(["classic", "--in-memory", "--lang", "ko"], input: "3\n\n2\n")
        #expect(korean.stdout == Self.koreanMenu + "잘못된 입력입니다.\n" + Self.koreanMenu + "잘못된 입력입니다.\n" + Self.koreanMenu)
        #expect(korean.status == 0)
        let english = try await KioskBinary.run(["classic", "--in-memory", "--lang", "en"], input: "x\n")
        #expect(
            english.stdout
                == "1 : Open the bank\n2 : Quit\nInput : Wrong input.\n1 : Open the bank\n2 : Quit\nInput : \n")
    }

    @Test("kiosk classic refuses -c: its choices come from standard input")
    func classicWithCommands() async throws {
        let run = try await KioskBinary.run(["classic", "--in-memory", "-c", "menu"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'classic' reads its menu choices from standard input"))
    }

    @Test("kiosk classic refuses --json, before or after its name: it prints the console's lines only")
    func classicWithJSON() async throws {
        for arguments in [["classic", "--json", "--in-memory"], ["--json", "classic", "--in-memory"]] {
            let run = try await KioskBinary.run(arguments, input: "1\n")
            #expect(run.status == 64)
            #expect(run.stdout.isEmpty, "\(run.stdout)")
            #expect(run.stderr.contains("'classic' prints the exercise's console lines and no JSON: leave out --json."))
        }
    }

    // MARK: At the prompt

    @Test(
        "Tab completes Hangul names, and a half-typed Hangul line survives bank events printed above it",
        .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
    func hangulAtThePrompt() async throws {
        let sandbox = try Sandbox()
        let tmux = try TerminalTests.start(
            sandbox, arguments: ["--in-memory", "--lang", "ko", "--speed", "4", "--seed", "7"])
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try tmux.type("order 망고키")
        try tmux.send("Tab")
        try await tmux.waitFor("the name completed") { TerminalTests.lastPrompt($0) == "kiosk> order 망고키위쥬스" }
        try tmux.send("Enter")
        try await tmux.waitFor("the order") { $0.contains("망고키위쥬스 나왔습니다! 맛있게 드세요!") }

        try tmux.type("bank open 20")
        try tmux.send("Enter")
        try await tmux.waitFor("the first service") { $0.contains { $0.contains("업무 시작") } }
        try tmux.type("order 바나나")
        let before = try tmux.screen(scrollback: true).filter { $0.contains("업무 완료") }.count
        try await tmux.waitFor("more events while the line is half typed") { _ in
            (try? tmux.screen(scrollback: true).filter { $0.contains("업무 완료") }.count).map { $0 > before + 1 }
                ?? false
        }
        let rows = try tmux.screen()
        #expect(rows.last { !$0.isEmpty } == "kiosk> order 바나나")
        // The cursor stands right after the Hangul: two cells a syllable.
        let cursor = try tmux.cursor()
        #expect(cursor.column == CellWidthOracle.cells("kiosk> order 바나나"))
        try tmux.type("쥬스")
        try tmux.send("Enter")
        try await tmux.waitFor("the order's result") { $0.contains("바나나쥬스 나왔습니다! 맛있게 드세요!") }
        let all = try tmux.screen(scrollback: true)
        #expect(all.filter { $0.hasPrefix("kiosk> order 바나나") }.count == 1, "a copy of the typed line was left behind")
    }
}

/// Terminal cells of ASCII and Hangul syllables, counted independently of kiosk's own code.
enum CellWidthOracle {
    static func cells(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }
}
