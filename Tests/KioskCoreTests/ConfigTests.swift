import Foundation
import KioskCore
import Testing

@Suite("Config")
struct ConfigTests {
    // MARK: The built-in default

    @Test("the built-in default equals the classic defaults")
    func builtInDefault() throws {
        let config = KioskConfig.builtIn
        let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]
        let korean = ["딸기", "바나나", "파인애플", "키위", "망고"]
        #expect(
            config.fruits
                == zip(fruits, korean).map { id, ko in
                    KioskConfig.Fruit(
                        id: id, name: id.capitalized, initial: 10, maximum: 100,
                        translations: ["en": id.capitalized, "ko": ko])
                })

        let recipes: [(id: String, recipe: [(String, Int)])] = [
            ("strawberry", [("strawberry", 16)]),
            ("banana", [("banana", 2)]),
            ("kiwi", [("kiwi", 3)]),
            ("pineapple", [("pineapple", 2)]),
            ("strawberry-banana", [("strawberry", 10), ("banana", 1)]),
            ("mango", [("mango", 3)]),
            ("mango-kiwi", [("mango", 2), ("kiwi", 1)]),
        ]
        #expect(config.juices.map(\.id) == recipes.map(\.id))
        for (juice, expected) in zip(config.juices, recipes) {
            let amounts = Dictionary(uniqueKeysWithValues: juice.recipe.map { ($0.fruit, $0.amount) })
            #expect(amounts == Dictionary(uniqueKeysWithValues: expected.recipe), "recipe of \(juice.id)")
            // Ingredients are listed in the order the fruits are declared.
            #expect(juice.recipe.map(\.fruit) == fruits.filter { amounts[$0] != nil }, "order in \(juice.id)")
        }
        #expect(config.juices.first { $0.id == "strawberry-banana" }?.aliases.contains("strawberry banana") == true)
        #expect(config.juices.first { $0.id == "mango-kiwi" }?.name == "Mango-Kiwi Juice")
        // The exercises' own names.
        #expect(
            config.juices.compactMap { $0.translations["ko"] }
                == ["딸기쥬스", "바나나쥬스", "키위쥬스", "파인애플쥬스", "딸바쥬스", "망고쥬스", "망고키위쥬스"])
        #expect(config.juices.first { $0.id == "mango-kiwi" }?.aliases.contains("망키쥬스") == true)

        #expect(
            config.bank
                == KioskConfig.BankSetup(
                    customers: 10...30,
                    desks: [
                        KioskConfig.Desk(
                            task: "deposit", name: "Deposit", clerks: 2, serviceTime: .milliseconds(700),
                            translations: ["en": "Deposit", "ko": "예금"]),
                        KioskConfig.Desk(
                            task: "loan", name: "Loan", clerks: 1, serviceTime: .milliseconds(1100),
                            translations: ["en": "Loan", "ko": "대출"]),
                    ]))
    }

    @Test("a name given by language shows the English one where no translation is asked for")
    func namesByLanguage() throws {
        let text = Self.minimal
            .replacingOccurrences(
                of: "id = \"mango\"\n", with: "id = \"mango\"\nname = { ko = \"망고\", en = \"Mango!\" }\n"
            )
            .replacingOccurrences(of: "id = \"kiwi\"\n", with: "id = \"kiwi\"\nname = { ko = \"키위\" }\n")
        let config = try ConfigParser.parse(text, file: "kiosk.toml")
        #expect(config.fruits.map(\.name) == ["Mango!", "키위"])
        #expect(config.fruits.map(\.translations) == [["en": "Mango!", "ko": "망고"], ["ko": "키위"]])
    }

    @Test("names default to the capitalised id, max to 100")
    func defaults() throws {
        let config = try ConfigParser.parse(Self.minimal, file: "kiosk.toml")
        #expect(config.fruits[1] == KioskConfig.Fruit(id: "kiwi", name: "Kiwi", initial: 5, maximum: 100))
        #expect(config.juices[0].name == "Mango-Kiwi Juice")
        #expect(config.juices[0].aliases == ["mangki"])
        #expect(config.bank.places[0].name == "Deposit")
    }

    @Test("recipes list their fruits in declaration order, whatever order the table uses")
    func recipeOrder() throws {
        let text = Self.minimal.replacingOccurrences(
            of: "recipe = { mango = 2, kiwi = 1 }", with: "recipe = { kiwi = 1, mango = 2 }")
        let config = try ConfigParser.parse(text, file: "kiosk.toml")
        #expect(
            config.juices[0].recipe == [
                KioskConfig.Ingredient(fruit: "mango", amount: 2), KioskConfig.Ingredient(fruit: "kiwi", amount: 1),
            ])
    }

    // MARK: Validation

    /// A small valid document; each case below breaks one line of it.
    static let minimal = """
        [[fruit]]
        id = "mango"
        initial = 10
        max = 100

        [[fruit]]
        id = "kiwi"
        initial = 5

        [[juice]]
        id = "mango-kiwi"
        aliases = ["mangki"]
        recipe = { mango = 2, kiwi = 1 }

        [bank]
        customers_min = 10
        customers_max = 30

        [[bank.desk]]
        task = "deposit"
        clerks = 2
        service_ms = 700
        """

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let replace: String
        let with: String
        let message: String

        var testDescription: String { name }

        var document: String {
            ConfigTests.minimal.replacingOccurrences(of: replace, with: with)
        }
    }

    static let broken: [Broken] = [
        Broken(
            name: "missing key", replace: "initial = 5\n", with: "",
            message: "kiosk.toml:6: [[fruit]] #2 initial: missing key 'initial'"),
        Broken(
            name: "missing juice id", replace: "id = \"mango-kiwi\"\n", with: "",
            message: "kiosk.toml:10: [[juice]] #1 id: missing key 'id'"),
        Broken(
            name: "missing recipe", replace: "recipe = { mango = 2, kiwi = 1 }", with: "",
            message: "kiosk.toml:10: [[juice]] #1 recipe: missing key 'recipe' (such as recipe = { mango = 3 })"),
        Broken(
            name: "missing bank key", replace: "customers_max = 30", with: "",
            message: "kiosk.toml:15: [bank] customers_max: missing key 'customers_max'"),
        Broken(
            name: "wrong type: string for a number", replace: "initial = 5", with: "initial = \"five\"",
            message: "kiosk.toml:8: [[fruit]] #2 initial: must be a whole number, not a string"),
        Broken(
            name: "wrong type: decimal for a number", replace: "clerks = 2", with: "clerks = 2.5",
            message: "kiosk.toml:21: [[bank.desk]] #1 clerks: must be a whole number, not a decimal number"),
        Broken(
            name: "wrong type: string for an array", replace: "aliases = [\"mangki\"]", with: "aliases = \"mangki\"",
            message: "kiosk.toml:12: [[juice]] #1 aliases: must be an array of strings, not a string"),
        Broken(
            name: "wrong type: number in an array", replace: "aliases = [\"mangki\"]",
            with: "aliases = [\"mangki\", 3]",
            message: "kiosk.toml:12: [[juice]] #1 aliases: must hold only strings, not a whole number"),
        Broken(
            name: "an alias order reads as a count", replace: "aliases = [\"mangki\"]",
            with: "aliases = [\"mangki 2\"]",
            message:
                "kiosk.toml:12: [[juice]] #1 aliases: the alias 'mangki 2' could never be ordered: 'order' reads a word of digits as a count and a comma as the end of a juice"
        ),
        Broken(
            name: "an alias with a comma", replace: "aliases = [\"mangki\"]", with: "aliases = [\"mang,ki\"]",
            message:
                "kiosk.toml:12: [[juice]] #1 aliases: the alias 'mang,ki' could never be ordered: 'order' reads a word of digits as a count and a comma as the end of a juice"
        ),
        Broken(
            name: "wrong type: string for a recipe", replace: "recipe = { mango = 2, kiwi = 1 }",
            with: "recipe = \"mango\"",
            message: "kiosk.toml:13: [[juice]] #1 recipe: must be a table such as { mango = 3 }, not a string"),
        Broken(
            name: "wrong type: decimal amount", replace: "kiwi = 1 }", with: "kiwi = 0.5 }",
            message: "kiosk.toml:13: [[juice]] #1 recipe: the amount of kiwi must be a whole number"),
        Broken(
            name: "wrong type: strings for fruit tables",
            replace: "[[fruit]]\nid = \"mango\"\ninitial = 10\nmax = 100\n\n[[fruit]]\nid = \"kiwi\"\ninitial = 5\n",
            with: "fruit = [\"mango\", \"kiwi\"]\n",
            message: "kiosk.toml:1: fruit: must be written as [[fruit]] tables, not an array holding a string"),
        Broken(
            name: "wrong type: string for desk tables",
            replace: "customers_max = 30\n\n[[bank.desk]]\ntask = \"deposit\"\nclerks = 2\nservice_ms = 700",
            with: "customers_max = 30\ndesk = \"deposit\"",
            message: "kiosk.toml:18: [bank] desk: must be written as [[bank.desk]] tables, not a string"),
        Broken(
            name: "duplicate fruit id", replace: "id = \"kiwi\"", with: "id = \"mango\"",
            message: "kiosk.toml:7: [[fruit]] #2 id: duplicate fruit id 'mango'; each fruit needs its own id"),
        Broken(
            name: "duplicate desk task", replace: "service_ms = 700",
            with: "service_ms = 700\n\n[[bank.desk]]\ntask = \"deposit\"\nclerks = 1\nservice_ms = 5",
            message: "kiosk.toml:25: [[bank.desk]] #2 task: duplicate desk task 'deposit'; each task has one desk"),
        Broken(
            name: "invalid id", replace: "id = \"kiwi\"", with: "id = \"Kiwi Fruit\"",
            message:
                "kiosk.toml:7: [[fruit]] #2 id: 'Kiwi Fruit' is not a valid id: use lowercase letters, digits, - and _, starting with a letter"
        ),
        Broken(
            name: "recipe naming an unknown fruit", replace: "kiwi = 1 }", with: "kiwii = 1 }",
            message: "kiosk.toml:13: [[juice]] #1 recipe: unknown fruit 'kiwii'. Did you mean 'kiwi'?"),
        Broken(
            name: "recipe naming a fruit nothing resembles", replace: "kiwi = 1 }", with: "durian = 1 }",
            message: "kiosk.toml:13: [[juice]] #1 recipe: unknown fruit 'durian'."),
        Broken(
            name: "zero amount", replace: "mango = 2,", with: "mango = 0,",
            message: "kiosk.toml:13: [[juice]] #1 recipe: the amount of mango must be at least 1, not 0"),
        Broken(
            name: "negative amount", replace: "kiwi = 1 }", with: "kiwi = -1 }",
            message: "kiosk.toml:13: [[juice]] #1 recipe: the amount of kiwi must be at least 1, not -1"),
        Broken(
            name: "empty recipe", replace: "recipe = { mango = 2, kiwi = 1 }", with: "recipe = {}",
            message: "kiosk.toml:13: [[juice]] #1 recipe: a recipe needs at least one fruit"),
        Broken(
            name: "negative initial stock", replace: "initial = 5", with: "initial = -1",
            message: "kiosk.toml:8: [[fruit]] #2 initial: must be at least 0, not -1"),
        Broken(
            name: "zero max", replace: "max = 100", with: "max = 0",
            message: "kiosk.toml:4: [[fruit]] #1 max: must be at least 1, not 0"),
        Broken(
            name: "initial stock above maximum", replace: "initial = 10", with: "initial = 120",
            message: "kiosk.toml:3: [[fruit]] #1 initial: initial stock 120 is above max 100"),
        Broken(
            name: "desk with zero clerks", replace: "clerks = 2", with: "clerks = 0",
            message: "kiosk.toml:21: [[bank.desk]] #1 clerks: a desk needs at least 1 clerk, not 0"),
        Broken(
            name: "negative service time", replace: "service_ms = 700", with: "service_ms = -700",
            message: "kiosk.toml:22: [[bank.desk]] #1 service_ms: must be between 0 and 86400000, not -700"),
        Broken(
            name: "zero customers", replace: "customers_min = 10", with: "customers_min = 0",
            message: "kiosk.toml:16: [bank] customers_min: must be at least 1, not 0"),
        Broken(
            name: "customer range upside down", replace: "customers_max = 30", with: "customers_max = 5",
            message: "kiosk.toml:17: [bank] customers_max: must be at least customers_min (10), not 5"),
        Broken(
            name: "more customers than one opening admits", replace: "customers_max = 30",
            with: "customers_max = 1000001",
            message:
                "kiosk.toml:17: [bank] customers_max: must be at most 1000000, the most one 'bank open' admits, not 1000001"
        ),
        Broken(
            name: "no desks", replace: "[[bank.desk]]\ntask = \"deposit\"\nclerks = 2\nservice_ms = 700", with: "",
            message: "kiosk.toml:15: [bank] desk: the bank has no desks; add at least one [[bank.desk]] table"),
        Broken(
            name: "empty menu",
            replace: "[[juice]]\nid = \"mango-kiwi\"\naliases = [\"mangki\"]\nrecipe = { mango = 2, kiwi = 1 }",
            with: "",
            message: "kiosk.toml: juice: the menu is empty; add at least one [[juice]] table"),
        Broken(
            name: "no bank",
            replace:
                "[bank]\ncustomers_min = 10\ncustomers_max = 30\n\n[[bank.desk]]\ntask = \"deposit\"\nclerks = 2\nservice_ms = 700",
            with: "",
            message: "kiosk.toml: bank: missing table [bank]"),
        Broken(
            name: "bank desks without [bank]", replace: "[bank]\ncustomers_min = 10\ncustomers_max = 30\n", with: "",
            message: "kiosk.toml: [bank] customers_min: missing key 'customers_min'"),
        Broken(
            name: "no fruits",
            replace: "[[fruit]]\nid = \"mango\"\ninitial = 10\nmax = 100\n\n[[fruit]]\nid = \"kiwi\"\ninitial = 5\n",
            with: "",
            message: "kiosk.toml: fruit: no fruits are configured; add at least one [[fruit]] table"),
        Broken(
            name: "unknown key with suggestion", replace: "initial = 10", with: "inital = 10",
            message:
                "kiosk.toml:3: [[fruit]] #1 inital: unknown key 'inital'. Did you mean 'initial'? Allowed: id, name, initial, max."
        ),
        Broken(
            name: "unknown bank key with suggestion", replace: "customers_max = 30", with: "customer_max = 30",
            message:
                "kiosk.toml:17: [bank] customer_max: unknown key 'customer_max'. Did you mean 'customers_max'? Allowed: customers_min, customers_max, desk, office, task, grade."
        ),
        Broken(
            name: "a name in an unknown language", replace: "id = \"mango\"\n",
            with: "id = \"mango\"\nname = { en = \"Mango\", jp = \"Manggo\" }\n",
            message: "kiosk.toml:3: [[fruit]] #1 name: unknown language 'jp'; names can be given in en and ko"),
        Broken(
            name: "a blank name in a language", replace: "id = \"mango-kiwi\"\n",
            with: "id = \"mango-kiwi\"\nname = { en = \"Mango-Kiwi\", ko = \" \" }\n",
            message: "kiosk.toml:12: [[juice]] #1 name: the ko name must be a string that is not blank"),
        Broken(
            name: "a name that is a number", replace: "id = \"mango\"\n", with: "id = \"mango\"\nname = 3\n",
            message:
                "kiosk.toml:3: [[fruit]] #1 name: must be a string or a table of names by language, not a whole number"),
        Broken(
            name: "unknown top-level key", replace: "[[fruit]]\nid = \"mango\"",
            with: "colour = \"red\"\n[[fruit]]\nid = \"mango\"",
            message: "kiosk.toml:1: colour: unknown key 'colour'. Allowed: fruit, juice, bank."),
    ]

    @Test("each problem is one error naming the file, the line and the key", arguments: broken)
    func rejects(_ broken: Broken) throws {
        try #require(Self.minimal.contains(broken.replace), "the case must change the document")
        let error = #expect(throws: ConfigError.self) { try ConfigParser.parse(broken.document, file: "kiosk.toml") }
        #expect(error?.englishText == broken.message)
        #expect(error?.code == "bad_config")
    }

    @Test(
        "the Korean catalog words the same typed problems",
        arguments: [
            ("initial = 5", "initial = -1", "kiosk.toml:8: [[fruit]] #2 initial: 0 이상이어야 합니다 (지금은 -1)"),
            (
                "kiwi = 1 }", "kiwii = 1 }",
                "kiosk.toml:13: [[juice]] #1 recipe: 알 수 없는 과일입니다: 'kiwii'. 'kiwi'를 말씀하셨나요?"
            ),
            (
                "id = \"kiwi\"", "id = \"mango\"",
                "kiosk.toml:7: [[fruit]] #2 id: 과일 아이디 'mango'가 겹칩니다. 과일마다 아이디가 달라야 합니다"
            ),
            ("clerks = 2", "clerks = 0", "kiosk.toml:21: [[bank.desk]] #1 clerks: 창구에는 은행원이 1명 이상 있어야 합니다 (지금은 0명)"),
            (
                "aliases = [\"mangki\"]", "aliases = [\"mangki\", 3]",
                "kiosk.toml:12: [[juice]] #1 aliases: 문자열만 담아야 합니다 (지금은 정수)"
            ),
        ])
    func koreanWording(replace: String, with: String, message: String) throws {
        let error = #expect(throws: ConfigError.self) {
            try ConfigParser.parse(Self.minimal.replacingOccurrences(of: replace, with: with), file: "kiosk.toml")
        }
        #expect(error?.koreanText == message)
    }

    @Test("TOML syntax errors name the line and column")
    func syntaxError() {
        let text = Self.minimal.replacingOccurrences(of: "initial = 5", with: "initial = ")
        let error = #expect(throws: ConfigError.self) { try ConfigParser.parse(text, file: "kiosk.toml") }
        #expect(error?.line == 8)
        #expect(error?.key == nil)
        #expect(error?.englishText.hasPrefix("kiosk.toml:8: TOML syntax error at column ") == true)
    }

    @Test("a NUL anywhere is refused at its line and column, not read as the end of the file")
    func nulCharacter() {
        // Before the last table: read as a C string, the file would end there without a word.
        let text = Self.minimal.replacingOccurrences(of: "[bank]", with: "[b\u{0}ank]")
        let error = #expect(throws: ConfigError.self) { try ConfigParser.parse(text, file: "kiosk.toml") }
        #expect(error?.line == 15)
        #expect(error?.problem == .nulCharacter(column: 3))
        #expect(
            error?.englishText == "kiosk.toml:15: a NUL character at column 3, which TOML allows nowhere: remove it")
        let inString = Self.minimal.replacingOccurrences(of: "initial = 5", with: "name = \"Ap\u{0}ple\"\ninitial = 5")
        #expect(throws: ConfigError.self) { try ConfigParser.parse(inString, file: "kiosk.toml") }
    }

    @Test("an unclosed table header is a syntax error on its line")
    func unclosedHeader() {
        let text = Self.minimal.replacingOccurrences(of: "[bank]", with: "[bank")
        let error = #expect(throws: ConfigError.self) { try ConfigParser.parse(text, file: "kiosk.toml") }
        #expect(error?.line == 15)
        #expect(error?.englishText.hasPrefix("kiosk.toml:15: TOML syntax error") == true)
    }

    @Test("errors carry file, line, key and problem as values; the catalogs name them in that order")
    func errorValues() {
        let error = ConfigError(file: "a.toml", line: 3, key: "[[fruit]] #1 initial", problem: .emptyRecipe)
        #expect(error.code == "bad_config")
        #expect(error.file == "a.toml")
        #expect(error.line == 3)
        #expect(error.key == "[[fruit]] #1 initial")
        #expect(error.problem == .emptyRecipe)
        #expect(error.englishText == "a.toml:3: [[fruit]] #1 initial: a recipe needs at least one fruit")
        #expect(error.koreanText == "a.toml:3: [[fruit]] #1 initial: 레시피에는 과일이 하나 이상 있어야 합니다")
        let whole = ConfigError(file: "a.toml", line: nil, key: nil, problem: .notUTF8)
        #expect(whole.englishText == "a.toml: is not UTF-8 text")
        #expect(whole.koreanText == "a.toml: UTF-8 텍스트가 아닙니다")
    }

    // MARK: Loader

    @Test("--config wins over KIOSK_CONFIG and the user's config")
    func explicitPathFirst() throws {
        let place = try TemporaryPlace()
        let explicit = try place.write(Self.minimal(customersMin: 1), to: "explicit.toml")
        let fromEnvironment = try place.write(Self.minimal(customersMin: 2), to: "env.toml")
        _ = try place.write(Self.minimal(customersMin: 3), to: "xdg/kiosk/kiosk.toml")
        let loaded = try ConfigLoader.load(
            explicitPath: explicit,
            environment: ["KIOSK_CONFIG": fromEnvironment, "XDG_CONFIG_HOME": place.path("xdg")])
        #expect(loaded.config.bank.customers.lowerBound == 1)
        #expect(loaded.origin == .init(.file(explicit)))
    }

    @Test("KIOSK_CONFIG comes next")
    func environmentSecond() throws {
        let place = try TemporaryPlace()
        let fromEnvironment = try place.write(Self.minimal(customersMin: 2), to: "env.toml")
        _ = try place.write(Self.minimal(customersMin: 3), to: "xdg/kiosk/kiosk.toml")
        let loaded = try ConfigLoader.load(
            explicitPath: nil,
            environment: ["KIOSK_CONFIG": fromEnvironment, "XDG_CONFIG_HOME": place.path("xdg")])
        #expect(loaded.config.bank.customers.lowerBound == 2)
        #expect(loaded.origin == .init(.file(fromEnvironment)))
    }

    @Test("then $XDG_CONFIG_HOME/kiosk/kiosk.toml; an empty KIOSK_CONFIG is ignored")
    func userConfigThird() throws {
        let place = try TemporaryPlace()
        let user = try place.write(Self.minimal(customersMin: 3), to: "xdg/kiosk/kiosk.toml")
        _ = try place.write(Self.minimal(customersMin: 4), to: "home/.config/kiosk/kiosk.toml")
        let loaded = try ConfigLoader.load(
            explicitPath: nil,
            environment: ["KIOSK_CONFIG": "", "XDG_CONFIG_HOME": place.path("xdg"), "HOME": place.path("home")])
        #expect(loaded.config.bank.customers.lowerBound == 3)
        #expect(loaded.origin == .init(.file(user)))
    }

    @Test("without XDG_CONFIG_HOME (or with a relative one) the user's config is under $HOME/.config")
    func homeFallback() throws {
        let place = try TemporaryPlace()
        let user = try place.write(Self.minimal(customersMin: 4), to: "home/.config/kiosk/kiosk.toml")
        for environment in [["HOME": place.path("home")], ["HOME": place.path("home"), "XDG_CONFIG_HOME": "relative"]] {
            let loaded = try ConfigLoader.load(explicitPath: nil, environment: environment)
            #expect(loaded.config.bank.customers.lowerBound == 4)
            #expect(loaded.origin == .init(.file(user)))
        }
    }

    @Test("with no file anywhere, the built-in default is used")
    func builtInLast() throws {
        let place = try TemporaryPlace()
        let loaded = try ConfigLoader.load(
            explicitPath: nil, environment: ["XDG_CONFIG_HOME": place.path("xdg"), "HOME": place.path("home")])
        #expect(loaded.origin == .init(.builtIn))
        #expect(loaded.config == KioskConfig.builtIn)
        let bare = try ConfigLoader.load(explicitPath: nil, environment: [:])
        #expect(bare.origin == .init(.builtIn))
    }

    @Test("a named file must exist, be a file, and be UTF-8")
    func namedFileProblems() throws {
        let place = try TemporaryPlace()
        let missing = place.path("missing.toml")
        let explicitError = #expect(throws: ConfigError.self) {
            try ConfigLoader.load(explicitPath: missing, environment: [:])
        }
        #expect(explicitError?.englishText == "\(missing): no such file (from --config)")
        let environmentError = #expect(throws: ConfigError.self) {
            try ConfigLoader.load(explicitPath: nil, environment: ["KIOSK_CONFIG": missing])
        }
        #expect(environmentError?.englishText == "\(missing): no such file (from KIOSK_CONFIG)")

        let directory = place.path("xdg")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let directoryError = #expect(throws: ConfigError.self) {
            try ConfigLoader.load(explicitPath: directory, environment: [:])
        }
        #expect(directoryError?.englishText == "\(directory): is a directory, not a TOML file")

        let latin1 = place.path("latin1.toml")
        #expect(FileManager.default.createFile(atPath: latin1, contents: Data([0x23, 0x20, 0xE9, 0x0A])))
        let encodingError = #expect(throws: ConfigError.self) {
            try ConfigLoader.load(explicitPath: latin1, environment: [:])
        }
        #expect(encodingError?.englishText == "\(latin1): is not UTF-8 text")
    }

    @Test("a bad user config is reported with its path and line, not replaced by the default")
    func badUserConfig() throws {
        let place = try TemporaryPlace()
        let user = try place.write(
            Self.minimal.replacingOccurrences(of: "clerks = 2", with: "clerks = 0"), to: "xdg/kiosk/kiosk.toml")
        let error = #expect(throws: ConfigError.self) {
            try ConfigLoader.load(explicitPath: nil, environment: ["XDG_CONFIG_HOME": place.path("xdg")])
        }
        #expect(error?.file == user)
        #expect(error?.line == 21)
    }

    static func minimal(customersMin: Int) -> String {
        minimal.replacingOccurrences(of: "customers_min = 10", with: "customers_min = \(customersMin)")
    }
}

/// A fresh directory under the system's temporary directory, removed when the test ends.
private final class TemporaryPlace {
    let root: String

    init() throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-config-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// Writes `text` at `relative`, creating folders; returns the absolute path.
    func write(_ text: String, to relative: String) throws -> String {
        let file = path(relative)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}
