import Foundation
import KioskCore
import Testing

@Suite("Bank config")
struct BankConfigTests {
    /// The 2021-05 bank in the routed form; each broken case below changes one line of it.
    static let routed = """
        [bank]
        customers_min = 10
        customers_max = 30

        [[bank.desk]]
        id = "counter"
        name = "Counter"
        clerks = 3

        [[bank.office]]
        id = "head-office"
        name = "Head Office"
        clerks = 1

        [[bank.task]]
        id = "deposit"
        stages = [{ at = "counter", service_ms = 700 }]

        [[bank.task]]
        id = "loan"
        share = 2
        stages = [
            { id = "documents", at = "counter", service_ms = 300 },
            { id = "review", at = "head-office", service_ms = 500, clerk_stays = true },
            { id = "execution", at = "counter", service_ms = 300, timing = "exponential" },
        ]

        [[bank.grade]]
        id = "vip"
        name = "VIP"
        share = 1

        [[bank.grade]]
        id = "regular"
        share = 3
        """

    @Test("desks, offices, tasks as routes of stages, and grades in order")
    func routedForm() throws {
        let bank = try ConfigParser.parseBank(Self.routed, file: "bank.toml")
        #expect(
            bank.places == [
                KioskConfig.BankPlace(id: "counter", name: "Counter", kind: .desk, clerks: 3),
                KioskConfig.BankPlace(id: "head-office", name: "Head Office", kind: .office, clerks: 1),
            ])
        #expect(bank.tasks.map(\.id) == ["deposit", "loan"])
        #expect(bank.tasks.map(\.share) == [1, 2])
        #expect(bank.tasks[0].name == "Deposit")
        #expect(
            bank.tasks[0].stages == [
                KioskConfig.BankStage(id: "deposit", place: "counter", serviceTime: .milliseconds(700))
            ])
        #expect(
            bank.tasks[1].stages == [
                KioskConfig.BankStage(id: "documents", place: "counter", serviceTime: .milliseconds(300)),
                KioskConfig.BankStage(
                    id: "review", place: "head-office", serviceTime: .milliseconds(500), clerkStays: true),
                KioskConfig.BankStage(
                    id: "execution", place: "counter", serviceTime: .milliseconds(300), timing: .exponential),
            ])
        #expect(
            bank.grades == [
                KioskConfig.BankGrade(id: "vip", name: "VIP", share: 1),
                KioskConfig.BankGrade(id: "regular", name: "REGULAR", share: 3),
            ])
    }

    @Test("a classic desk is a desk and a one-stage task named after it, with one grade")
    func classicForm() throws {
        let config = KioskConfig.builtIn
        #expect(config.bank.places.map(\.id) == ["deposit", "loan"])
        #expect(config.bank.tasks.map { $0.stages.map(\.place) } == [["deposit"], ["loan"]])
        #expect(config.bank.grades == [.regular])
    }

    @Test("every preset parses; classic is the built-in default's bank", arguments: ["classic", "2021-01", "2021-05"])
    func presets(name: String) throws {
        #expect(BankPresets.names.contains(name))
        let bank = try #require(try BankPresets.setup(named: name))
        #expect(bank.customers == 10...30)
        if name == "classic" { #expect(bank == KioskConfig.builtIn.bank) }
        if name != "classic" { #expect(bank.grades.map(\.id) == ["vvip", "vip", "regular"]) }
        if name == "2021-05" {
            #expect(
                bank.tasks.last?.stages.map(\.serviceTime) == [
                    .milliseconds(300), .milliseconds(500), .milliseconds(300),
                ])
        }
    }

    @Test("the presets on disk are the ones compiled in")
    func presetFiles() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "config/presets")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".toml") }
        #expect(files.map { String($0.dropLast(5)) }.sorted() == BankPresets.names)
        for file in files {
            let text = try String(contentsOf: directory.appending(path: file), encoding: .utf8)
            #expect(BankPresets.text(named: String(file.dropLast(5))) == text)
        }
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let replace: String
        let with: String
        let message: String
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        Broken(
            name: "a stage at an unknown desk", replace: "at = \"head-office\"", with: "at = \"head-offise\"",
            message:
                "bank.toml:22: [[bank.task]] #2 stages: stage 2: unknown desk or office 'head-offise'. Did you mean 'head-office'? Known: counter, head-office."
        ),
        Broken(
            name: "zero stages", replace: "stages = [{ at = \"counter\", service_ms = 700 }]", with: "stages = []",
            message: "bank.toml:17: [[bank.task]] #1 stages: a task needs at least one stage"),
        Broken(
            name: "no stages key", replace: "stages = [{ at = \"counter\", service_ms = 700 }]", with: "",
            message:
                "bank.toml:15: [[bank.task]] #1 stages: missing key 'stages' (such as stages = [{ at = \"counter\", service_ms = 700 }])"
        ),
        Broken(
            name: "a cycle of held clerks: the clerk stays while the customer waits at its own desk",
            replace: "{ id = \"review\", at = \"head-office\"", with: "{ id = \"review\", at = \"counter\"",
            message:
                "bank.toml:22: [[bank.task]] #2 stages: clerks could wait for each other forever (a cycle of held clerks: counter → counter); a stage with clerk_stays must not wait at a place whose clerks are held, directly or in turn, by customers waiting for the held clerk's own place"
        ),
        Broken(
            name: "a cycle of held clerks across two tasks",
            replace: "stages = [{ at = \"counter\", service_ms = 700 }]",
            with:
                "stages = [{ at = \"head-office\", service_ms = 700 }, { at = \"counter\", service_ms = 1, clerk_stays = true }]",
            message:
                "bank.toml:17: [[bank.task]] #1 stages: clerks could wait for each other forever (a cycle of held clerks: head-office → counter → head-office); a stage with clerk_stays must not wait at a place whose clerks are held, directly or in turn, by customers waiting for the held clerk's own place"
        ),
        Broken(
            name: "clerk_stays on the first stage",
            replace: "{ id = \"documents\", at = \"counter\", service_ms = 300 }",
            with: "{ id = \"documents\", at = \"counter\", service_ms = 300, clerk_stays = true }",
            message:
                "bank.toml:22: [[bank.task]] #2 stages: stage 1: the first stage has no clerk yet to stay; remove clerk_stays"
        ),
        Broken(
            name: "a service time past a day", replace: "service_ms = 500", with: "service_ms = 86400001",
            message:
                "bank.toml:22: [[bank.task]] #2 stages: stage 2: service_ms must be between 0 and 86400000, not 86400001"
        ),
        Broken(
            name: "a huge share", replace: "share = 2", with: "share = 9223372036854775807",
            message: "bank.toml:21: [[bank.task]] #2 share: must be between 0 and 1000000, not 9223372036854775807"),
        Broken(
            name: "too many clerks", replace: "clerks = 3", with: "clerks = 1001",
            message: "bank.toml:8: [[bank.desk]] #1 clerks: at most 1000 clerks per desk, not 1001"),
        Broken(
            name: "an office without clerks", replace: "clerks = 1", with: "clerks = 0",
            message: "bank.toml:13: [[bank.office]] #1 clerks: an office needs at least 1 clerk, not 0"),
        Broken(
            name: "a duplicate place", replace: "id = \"head-office\"", with: "id = \"counter\"",
            message: "bank.toml:11: [[bank.office]] #1 id: duplicate desk or office id 'counter'; each needs its own id"
        ),
        Broken(
            name: "a bad timing", replace: "timing = \"exponential\"", with: "timing = \"poisson\"",
            message: "bank.toml:22: [[bank.task]] #2 stages: stage 3: timing must be \"fixed\" or \"exponential\""),
        Broken(
            name: "all grades with share 0", replace: "share = 1\n\n[[bank.grade]]\nid = \"regular\"\nshare = 3",
            with: "share = 0\n\n[[bank.grade]]\nid = \"regular\"\nshare = 0",
            message: "bank.toml:1: [bank] grade: every grade has share 0; give at least one grade a share above 0"
        ),
    ]

    @Test("a bad route or a number out of bounds is one error naming the file, the line and the key", arguments: broken)
    func rejects(_ broken: Broken) throws {
        try #require(Self.routed.contains(broken.replace), "the case must change the document")
        let text = Self.routed.replacingOccurrences(of: broken.replace, with: broken.with)
        let error = #expect(throws: ConfigError.self) { try ConfigParser.parseBank(text, file: "bank.toml") }
        #expect(error?.englishText == broken.message)
    }
}
