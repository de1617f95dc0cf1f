import KioskCore
import Testing

@testable import KioskREPL

@Suite("ServiceLineCache")
struct ServiceLineCacheTests {
    /// The classic bank and the presets with grades and stages, in both languages: text plain
    /// and painted, and JSON.
    static let cases: [(preset: String, language: Language, format: Console.Format, colors: Bool)] = [
        "classic", "2021-01", "2021-05",
    ]
    .flatMap { preset in
        Language.allCases.flatMap { language in
            [(Console.Format.text, false), (.text, true), (.json, false)].map { (preset, language, $0.0, $0.1) }
        }
    }

    @Test("service lines written from templates are byte for byte the console's", arguments: cases)
    func sameBytesAsTheConsole(preset: String, language: Language, format: Console.Format, colors: Bool) throws {
        let setup = try #require(try BankPresets.setup(named: preset))
        let config = KioskConfig(fruits: [], juices: [], bank: setup)
        let console = Console(
            format: format, colors: colors, output: CapturedText(), errors: CapturedText(),
            presenter: Presenter(language: language, config: config))
        var cache = ServiceLineCache()
        var written: [UInt8] = []
        var expected = ""
        var random = SplitMix64(seed: 3)
        let times: [Duration] = [
            .zero, .milliseconds(700), .seconds(59) + .milliseconds(999), .seconds(3_600), .seconds(400_000),
        ]
        for (index, time) in (times + times + times).enumerated() {
            for task in setup.tasks {
                for stage in task.stages {
                    for grade in setup.grades {
                        let ticket = [0, 1, 9, 10, 99_999, 1_000_000, Int(random.next() % 10_000_000)][index % 7]
                        let clerk = 1 + Int(random.next() % 12)
                        for event: KioskEvent in [
                            .serviceStarted(
                                ticket: ticket, task: task.id, clerk: clerk, at: time, stage: stage.id, grade: grade.id,
                                desk: stage.place),
                            .serviceFinished(
                                ticket: ticket, task: task.id, clerk: clerk, at: time, stage: stage.id,
                                grade: grade.id, desk: stage.place),
                        ] {
                            #expect(cache.append(event, console: console, to: &written))
                            expected += try #require(console.line(for: event)) + "\n"
                        }
                    }
                }
            }
        }
        #expect(String(decoding: written, as: UTF8.self) == expected)
        // Written from templates, not worded by the console line by line.
        #expect(cache.templateCount == 2 * setup.tasks.map(\.stages.count).reduce(0, +) * setup.grades.count)
    }

    @Test("JSON arrival lines written from templates are byte for byte the console's; text shows none")
    func arrivals() throws {
        let setup = try #require(try BankPresets.setup(named: "2021-05"))
        let config = KioskConfig(fruits: [], juices: [], bank: setup)
        for format in [Console.Format.json, .text] {
            let console = Console(
                format: format, colors: false, output: CapturedText(), errors: CapturedText(),
                presenter: Presenter(language: .english, config: config))
            var cache = ServiceLineCache()
            var written: [UInt8] = []
            var expected = ""
            for ticket in [1, 9, 10, 99_999, 1_000_000, 1, 2] {
                for task in setup.tasks {
                    let event = KioskEvent.customerArrived(ticket: ticket, task: task.id)
                    #expect(cache.append(event, console: console, to: &written) == (format == .json))
                    if format == .json { expected += try #require(console.line(for: event)) + "\n" }
                }
            }
            #expect(String(decoding: written, as: UTF8.self) == expected)
            #expect(cache.arrivalTemplateCount == (format == .json ? setup.tasks.count : 0))
        }
    }

    @Test("other events are left to the console")
    func otherEvents() {
        let console = Console(
            format: .text, colors: false, output: CapturedText(), errors: CapturedText(),
            presenter: Presenter(language: .english, config: nil))
        var cache = ServiceLineCache()
        var written: [UInt8] = []
        for event: KioskEvent in [
            .customerArrived(ticket: 1, task: "deposit"), .bankReset,
            .stockChanged(fruit: "banana", old: 10, new: 8),
        ] {
            #expect(!cache.append(event, console: console, to: &written))
        }
        #expect(written.isEmpty)
    }
}
