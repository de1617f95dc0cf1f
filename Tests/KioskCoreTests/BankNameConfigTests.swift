import Foundation
import KioskCore
import Testing

/// Names of the bank's desks, offices, tasks, stages and grades, by language, as the config
/// gives them and as the presets and the built-in default carry them.
@Suite("Bank names in the config")
struct BankNameConfigTests {
    static let bank = """
        [bank]
        customers_min = 10
        customers_max = 30

        [[bank.desk]]
        id = "counter"
        name = { en = "Counter", ko = "창구" }
        clerks = 3

        [[bank.office]]
        id = "head-office"
        name = { en = "Head Office", ko = "본사" }
        clerks = 1

        [[bank.task]]
        id = "loan"
        name = { en = "Loan", ko = "대출" }
        stages = [
            { id = "documents", name = { en = "Document Check", ko = "서류 확인" }, at = "counter", service_ms = 300 },
            { id = "review", name = "Loan Review", at = "head-office", service_ms = 500, clerk_stays = true },
            { id = "execution", at = "counter", service_ms = 300 },
        ]
        """

    @Test("a stage's name is a string or a table by language; without one, its id")
    func stageNames() throws {
        let bank = try ConfigParser.parseBank(Self.bank, file: "bank.toml")
        let stages = try #require(bank.tasks.first?.stages)
        #expect(stages.map(\.name) == ["Document Check", "Loan Review", "execution"])
        #expect(stages.map(\.translations) == [["en": "Document Check", "ko": "서류 확인"], [:], [:]])
        #expect(bank.places.map { $0.translations["ko"] } == ["창구", "본사"])
    }

    @Test("a classic desk's one stage has the desk's names")
    func classicDeskStage() throws {
        let stages = KioskConfig.builtIn.bank.tasks.flatMap(\.stages)
        #expect(stages.map(\.name) == ["Deposit", "Loan"])
        #expect(stages.map { $0.translations["ko"] } == ["예금", "대출"])
    }

    @Test(
        "a bad stage name is the stage's error, naming the file, the line and the stage",
        arguments: [
            (
                "name = 3",
                "bank.toml:18: [[bank.task]] #1 stages: stage 2: name must be a string or a table of names by language, not a whole number"
            ),
            (
                "name = { fr = \"Examen\" }",
                "bank.toml:18: [[bank.task]] #1 stages: stage 2: name unknown language 'fr'; names can be given in en and ko"
            ),
            (
                "name = { ko = \" \" }",
                "bank.toml:18: [[bank.task]] #1 stages: stage 2: name the ko name must be a string that is not blank"
            ),
        ])
    func badStageName(name: String, message: String) throws {
        let text = Self.bank.replacingOccurrences(of: "name = \"Loan Review\"", with: name)
        try #require(text != Self.bank)
        let error = #expect(throws: ConfigError.self) { try ConfigParser.parseBank(text, file: "bank.toml") }
        #expect(error?.englishText == message)
    }

    @Test("a task's only stage without a name has the task's names")
    func onlyStageTakesTaskNames() throws {
        let text =
            Self.bank + "\n\n[[bank.task]]\nid = \"deposit\"\nname = { en = \"Deposit\", ko = \"예금\" }\n"
            + "stages = [{ at = \"counter\", service_ms = 700 }]\n"
        let bank = try ConfigParser.parseBank(text, file: "bank.toml")
        let stage = try #require(bank.tasks.last?.stages.first)
        #expect(stage.id == "deposit")
        #expect(stage.name == "Deposit")
        #expect(stage.translations == ["en": "Deposit", "ko": "예금"])
    }

    @Test("every preset names its desks, offices, tasks, stages and grades in Korean", arguments: BankPresets.names)
    func presetsInKorean(name: String) throws {
        let bank = try #require(try BankPresets.setup(named: name))
        Self.expectKoreanNames(bank, "\(name)")
    }

    @Test("the built-in default names its desks, tasks and stages in Korean")
    func builtInInKorean() {
        Self.expectKoreanNames(KioskConfig.builtIn.bank, "built-in")
    }

    @Test("the 2021-05 loan's stages read as the exercise's: 서류 확인, 대출심사, 대출 실행; the head office is 본사")
    func exerciseStages() throws {
        let bank = try #require(try BankPresets.setup(named: "2021-05"))
        let loan = try #require(bank.tasks.first { $0.id == "loan" })
        #expect(loan.stages.map { $0.translations["ko"] } == ["서류 확인", "대출심사", "대출 실행"])
        #expect(bank.places.first { $0.kind == .office }?.translations["ko"] == "본사")
    }

    static func expectKoreanNames(_ bank: KioskConfig.BankSetup, _ source: String) {
        for place in bank.places {
            #expect(place.translations["ko"] != nil, "\(source): \(place.id)")
        }
        for task in bank.tasks {
            #expect(task.translations["ko"] != nil, "\(source): \(task.id)")
            for stage in task.stages {
                #expect(stage.translations["ko"] != nil, "\(source): \(task.id) \(stage.id)")
            }
        }
        for grade in bank.grades where grade.name.contains(where: \.isLowercase) {
            // VVIP and VIP read the same in both languages; a word needs its Korean.
            #expect(grade.translations["ko"] != nil, "\(source): \(grade.id)")
        }
    }
}
