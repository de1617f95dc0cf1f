import KioskCore
import Testing

@testable import KioskREPL

@Suite("ServiceLineCache")
struct ServiceLineCacheTests {
    /// The classic bank and the presets with grades and stages, in both languages, plain and painted.
    static let cases: [(preset: String, language: Language, colors: Bool)] = ["classic", "2021-01", "2021-05"]
        .flatMap { preset in
            Language.allCases.flatMap { language in [false, true].map { (preset, language, $0) } }
        }

    @Test("service lines written from templates are byte for byte the console's", arguments: cases)
    func sameBytesAsTheConsole(preset: String, language: Language, colors: Bool) throws {
        let setup = try #require(try BankPresets.setup(named: preset))
        let config = KioskConfig(fruits: [], juices: [], bank: setup)
        let console = Console(
            format: .text, colors: colors, output: CapturedText(), errors: CapturedText(),
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
