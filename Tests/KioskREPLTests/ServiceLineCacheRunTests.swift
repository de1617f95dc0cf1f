import KioskCore
import Testing

@testable import KioskREPL

@Suite("ServiceLineCache runs")
struct ServiceLineCacheRunTests {
    static let cases: [(preset: String, language: Language, format: Console.Format, colors: Bool)] = [
        "classic", "2021-01", "2021-05",
    ]
    .flatMap { preset in
        Language.allCases.flatMap { language in
            [(Console.Format.text, false), (.text, true), (.json, false)].map { (preset, language, $0.0, $0.1) }
        }
    }

    @Test("a run's lines, written in place, are byte for byte the console's for its events", arguments: cases)
    func runsAsTheConsoleWordsThem(preset: String, language: Language, format: Console.Format, colors: Bool) throws {
        let setup = try #require(try BankPresets.setup(named: preset))
        let config = KioskConfig(fruits: [], juices: [], bank: setup)
        let console = Console(
            format: format, colors: colors, output: CapturedText(), errors: CapturedText(),
            presenter: Presenter(language: language, config: config))
        var services: [BankProgress.Service] = []
        for task in setup.tasks {
            for stage in task.stages {
                for grade in setup.grades {
                    services.append(
                        BankProgress.Service(task: task.id, stage: stage.id, grade: grade.id, desk: stage.place))
                }
            }
        }
        let names = BankProgress.Names(services: services, tasks: setup.tasks.map(\.id))
        let tickets = [0, 1, 9, 10, 99, 100, 12_345, 1_000_000, 98_765_432_109, Int.max]
        let nanoseconds: [Int64] = [
            0, 700_000_000, 59_999_000_000, 3_600_000_000_000, 400_000_123_456_789, -1_000_000, Int64.max,
        ]
        var cache = ServiceLineCache()
        var written: [UInt8] = []
        var expected = ""
        // Several runs on one table, the first of which meets every template the first
        // time; long enough for the rest of a run to take more than one stretch of room.
        var random = SplitMix64(seed: 11)
        for length in [3 * services.count, 5_000, 1] {
            var run = BankProgress(names: names)
            for index in 0..<length {
                let kind: BankProgress.Record.Kind = [.arrived, .started, .finished][index % 3]
                let name = kind == .arrived ? index % names.tasks.count : index / 3 % services.count
                run.append(
                    kind, ticket: tickets[Int(random.next() % UInt64(tickets.count))], name: name,
                    clerk: [1, 2, 9, 10, 32_767][index % 5],
                    nanoseconds: nanoseconds[Int(random.next() % UInt64(nanoseconds.count))])
            }
            #expect(cache.append(.bankProgress(run), console: console, to: &written))
            for event in run.events {
                // Text shows no arrival (a text transcript does not even take them).
                if format == .text, case .customerArrived = event { continue }
                if let line = console.line(for: event) { expected += line + "\n" }
            }
        }
        #expect(String(decoding: written, as: UTF8.self) == expected)
        #expect(cache.templateCount == 2 * services.count)
    }

    @Test("a run appended after other text leaves that text as it was")
    func appendsAfterWhatIsThere() throws {
        let setup = try #require(try BankPresets.setup(named: "classic"))
        let config = KioskConfig(fruits: [], juices: [], bank: setup)
        let console = Console(
            format: .text, colors: false, output: CapturedText(), errors: CapturedText(),
            presenter: Presenter(language: .english, config: config))
        let task = try #require(setup.tasks.first)
        let stage = try #require(task.stages.first)
        let grade = try #require(setup.grades.first)
        let names = BankProgress.Names(
            services: [BankProgress.Service(task: task.id, stage: stage.id, grade: grade.id, desk: stage.place)],
            tasks: [task.id])
        var run = BankProgress(names: names)
        for ticket in 1...3 {
            run.append(.started, ticket: ticket, name: 0, clerk: 1, nanoseconds: Int64(ticket) * 1_000_000)
        }
        var cache = ServiceLineCache()
        var written = Array("before\n".utf8)
        #expect(cache.append(.bankProgress(run), console: console, to: &written))
        #expect(cache.append(.bankProgress(run), console: console, to: &written))
        let lines = try run.events.map { try #require(console.line(for: $0)) + "\n" }.joined()
        #expect(String(decoding: written, as: UTF8.self) == "before\n" + lines + lines)
    }
}
