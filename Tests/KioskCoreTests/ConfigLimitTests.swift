import Foundation
import KioskCore
import Testing

/// Names that would make two juices one, blank names, and numbers big enough to overflow:
/// each is refused where the config is read, with the line and the key.
@Suite("Config limits and names")
struct ConfigLimitTests {
    static let document = """
        [[fruit]]
        id = "mango"
        initial = 10
        max = 100

        [[fruit]]
        id = "kiwi"
        initial = 5

        [[juice]]
        id = "mango"
        name = "Mango Juice"
        recipe = { mango = 3 }

        [[juice]]
        id = "kiwi"
        aliases = ["kiwi drink"]
        recipe = { kiwi = 3 }

        [bank]
        customers_min = 10
        customers_max = 30

        [[bank.desk]]
        task = "deposit"
        clerks = 2
        service_ms = 700
        """

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let replace: String
        let with: String
        let message: String
        var testDescription: String { name }
    }

    static let refused: [Case] = [
        Case(
            name: "an alias equal to another juice's id, in another case",
            replace: "aliases = [\"kiwi drink\"]", with: "aliases = [\"kiwi drink\", \"MANGO\"]",
            message:
                "kiosk.toml:17: [[juice]] #2 aliases: 'MANGO' already names juice 'mango' (names and aliases match in any case); choose another"
        ),
        Case(
            name: "an alias equal to another juice's name",
            replace: "aliases = [\"kiwi drink\"]", with: "aliases = [\"mango juice\"]",
            message:
                "kiosk.toml:17: [[juice]] #2 aliases: 'mango juice' already names juice 'mango' (names and aliases match in any case); choose another"
        ),
        Case(
            name: "a name equal to another juice's alias",
            replace: "name = \"Mango Juice\"", with: "name = \"Kiwi Drink\"",
            message:
                "kiosk.toml:17: [[juice]] #2 aliases: 'kiwi drink' already names juice 'mango' (names and aliases match in any case); choose another"
        ),
        Case(
            name: "an empty juice name", replace: "name = \"Mango Juice\"", with: "name = \"\"",
            message: "kiosk.toml:12: [[juice]] #1 name: a name must not be empty or blank"),
        Case(
            name: "a blank alias", replace: "aliases = [\"kiwi drink\"]", with: "aliases = [\"kiwi drink\", \"  \"]",
            message: "kiosk.toml:17: [[juice]] #2 aliases: an alias must not be empty or blank"),
        Case(
            name: "a blank fruit name", replace: "initial = 5", with: "initial = 5\nname = \"\\t\"",
            message: "kiosk.toml:9: [[fruit]] #2 name: a name must not be empty or blank"),
        Case(
            name: "a shelf max past the bound", replace: "max = 100", with: "max = 9223372036854775807",
            message: "kiosk.toml:4: [[fruit]] #1 max: must be at most 1000000, not 9223372036854775807"),
        Case(
            name: "a recipe amount past the bound", replace: "recipe = { kiwi = 3 }",
            with: "recipe = { kiwi = 4611686018427387904 }",
            message:
                "kiosk.toml:18: [[juice]] #2 recipe: the amount of kiwi must be at most 1000000, not 4611686018427387904"
        ),
    ]

    @Test("is refused with file, line and key", arguments: refused)
    func refuses(_ broken: Case) {
        let text = Self.document.replacingOccurrences(of: broken.replace, with: broken.with)
        #expect(text != Self.document, "the case changes nothing")
        #expect(throws: ConfigError.self) { try ConfigParser.parse(text, file: "kiosk.toml") }
        do {
            _ = try ConfigParser.parse(text, file: "kiosk.toml")
        } catch {
            #expect(error.englishText == broken.message)
        }
    }

    @Test("a juice may repeat its own id as its name or alias, and the largest bounds are accepted")
    func accepts() throws {
        let text = Self.document
            .replacingOccurrences(of: "aliases = [\"kiwi drink\"]", with: "aliases = [\"KIWI\", \"kiwi drink\"]")
            .replacingOccurrences(of: "max = 100", with: "max = 1000000")
            .replacingOccurrences(of: "recipe = { mango = 3 }", with: "recipe = { mango = 1000000 }")
        let config = try ConfigParser.parse(text, file: "kiosk.toml")
        #expect(config.fruits[0].maximum == KioskConfig.Fruit.maximumLimit)
        #expect(config.juices[0].recipe[0].amount == KioskConfig.Ingredient.amountLimit)
        #expect(config.juices[1].aliases == ["KIWI", "kiwi drink"])
    }
}
