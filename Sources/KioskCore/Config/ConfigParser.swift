import Foundation
import TOMLKit

/// Turns TOML text into a validated ``KioskConfig``; every problem becomes one ``ConfigError``.
public enum ConfigParser {
    /// - Parameters:
    ///   - text: the TOML document.
    ///   - file: how to name the document in errors.
    /// - Throws: ``ConfigError`` for bad syntax, a missing or unknown key, a wrong type,
    ///   a duplicate id, a recipe naming an unknown fruit, a non-positive amount,
    ///   initial stock above maximum, a desk without clerks, or an empty menu.
    /// - Parameter bankFromPreset: whether `--preset` replaces the bank, so that a config of a
    ///   menu alone needs no `[bank]` (one given is still checked).
    public static func parse(_ text: String, file: String, bankFromPreset: Bool = false) throws(ConfigError)
        -> KioskConfig
    {
        // TOML allows no NUL anywhere, and the parser reads the text as a C string: at the
        // first NUL the rest of the file would silently not be there.
        if let nul = text.utf8.firstIndex(of: 0) {
            let before = text.utf8[..<nul]
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let lineStart =
                before.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.index(after: $0) } ?? before.startIndex
            let column = text[lineStart..<nul].count + 1
            throw ConfigError(file: file, line: line, key: nil, problem: .nulCharacter(column: column))
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                file: file, line: error.source.begin.line, key: nil,
                problem: .syntax(column: error.source.begin.column, detail: error.description))
        } catch {
            throw ConfigError(file: file, line: nil, key: nil, problem: .notTOML(detail: String(describing: error)))
        }
        let reader = Reader(file: file, text: text)
        return try reader.config(from: root, bankFromPreset: bankFromPreset)
    }
}

/// Reads the document's tables, checking each key's presence and type.
struct Reader {
    let file: String
    /// The document, for finding the line of an error. It is indexed only when there is
    /// an error: indexing costs more than parsing a valid document, at every start-up.
    let text: String

    func config(from root: TOMLTable, bankFromPreset: Bool) throws(ConfigError) -> KioskConfig {
        try rejectUnknownKeys(in: root, allowed: ["fruit", "juice", "bank"], place: .root)
        let fruits = try readFruits(root)
        let juices = try readJuices(root, fruits: fruits)
        // The preset's bank takes its place; this one only stands until then.
        let bank = try bankFromPreset && root["bank"] == nil ? KioskConfig.builtIn.bank : readBank(root)
        return KioskConfig(fruits: fruits, juices: juices, bank: bank)
    }

    // MARK: Fruits

    private func readFruits(_ root: TOMLTable) throws(ConfigError) -> [KioskConfig.Fruit] {
        let tables = try arrayOfTables(root, key: "fruit", header: "fruit", place: .root)
        guard !tables.isEmpty else {
            throw error(.root, key: "fruit", .noneConfigured(.fruit))
        }
        guard tables.count <= MenuLimits.fruits else {
            throw error(.root, key: "fruit", .tooMany(.fruit, limit: MenuLimits.fruits, actual: tables.count))
        }
        var fruits: [KioskConfig.Fruit] = []
        var seen: Set<String> = []
        for (index, table) in tables.enumerated() {
            let place = Place.element("fruit", index)
            try rejectUnknownKeys(in: table, allowed: ["id", "name", "initial", "max"], place: place)
            let id = try identifier(table, place: place)
            guard seen.insert(id).inserted else {
                throw error(place, key: "id", .duplicateID(.fruit, id: id))
            }
            let (name, translations) = try displayName(table, place: place, fallback: id.capitalized)
            try checkNotBlank(name, key: "name", place: place)
            let initial = try integer(table, "initial", place: place)
            let maximum = try optionalInteger(table, "max", place: place) ?? 100
            guard initial >= 0 else {
                throw error(place, key: "initial", .outOfRange(.atLeast(0), actual: initial))
            }
            guard maximum > 0 else {
                throw error(place, key: "max", .outOfRange(.atLeast(1), actual: maximum))
            }
            let shelfLimit = KioskConfig.Fruit.maximumLimit
            guard maximum <= shelfLimit else {
                throw error(place, key: "max", .outOfRange(.atMost(shelfLimit), actual: maximum))
            }
            guard initial <= maximum else {
                throw error(place, key: "initial", .initialAboveMaximum(initial: initial, maximum: maximum))
            }
            fruits.append(
                KioskConfig.Fruit(
                    id: id, name: name, initial: initial, maximum: maximum, translations: translations))
        }
        return fruits
    }

    // MARK: Juices

    private func readJuices(_ root: TOMLTable, fruits: [KioskConfig.Fruit]) throws(ConfigError) -> [KioskConfig.Juice] {
        let tables = try arrayOfTables(root, key: "juice", header: "juice", place: .root)
        guard !tables.isEmpty else {
            throw error(.root, key: "juice", .noneConfigured(.juice))
        }
        guard tables.count <= MenuLimits.juices else {
            throw error(.root, key: "juice", .tooMany(.juice, limit: MenuLimits.juices, actual: tables.count))
        }
        let fruitIDs = fruits.map(\.id)
        // Each fruit's place on the menu: a recipe is checked and ordered by it, so reading
        // the juices is linear in the size of the config rather than juices × fruits.
        let fruitPositions = Dictionary(fruitIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var juices: [KioskConfig.Juice] = []
        var seen: Set<String> = []
        // Every name `order` accepts, lowercased (it matches case-insensitively), and the
        // juice it names: one spelling may name one juice only.
        var spellings: [String: String] = [:]
        for (index, table) in tables.enumerated() {
            let place = Place.element("juice", index)
            try rejectUnknownKeys(in: table, allowed: ["id", "name", "aliases", "recipe"], place: place)
            let id = try identifier(table, place: place)
            guard seen.insert(id).inserted else {
                throw error(place, key: "id", .duplicateID(.juice, id: id))
            }
            let (name, translations) = try displayName(table, place: place, fallback: id.capitalized + " Juice")
            try checkNotBlank(name, key: "name", place: place)
            let aliases = try stringArray(table, "aliases", place: place)
            for alias in aliases {
                try checkNotBlank(alias, key: "aliases", place: place)
                // `order` reads a word of digits as a count and a comma as the end of a juice:
                // such an alias could never be typed.
                let words = alias.split(whereSeparator: \.isWhitespace).map(String.init)
                if alias.contains(",")
                    || words.contains(where: {
                        CommandRegistry.looksNumeric($0) || CommandRegistry.countWithoutCounter($0) != nil
                    })
                {
                    throw error(place, key: "aliases", .unorderableAlias(alias))
                }
            }
            // `order` takes the name in every language, so each translation is a spelling too.
            let names = [name] + translations.keys.sorted().compactMap { translations[$0] }.filter { $0 != name }
            for (key, spelling) in [("id", id)] + names.map({ ("name", $0) }) + aliases.map({ ("aliases", $0) }) {
                let folded = spelling.lowercased()
                if let other = spellings[folded], other != id {
                    throw error(place, key: key, .nameTaken(spelling, byJuice: other))
                }
                spellings[folded] = id
            }
            guard let recipeValue = table["recipe"] else {
                throw error(place, key: "recipe", .missingKey("recipe", example: "{ mango = 3 }"))
            }
            guard let recipeTable = recipeValue.table else {
                throw error(
                    place, key: "recipe",
                    .wrongType(expected: .table(example: "{ mango = 3 }"), found: kind(recipeValue)))
            }
            var amounts: [String: Int] = [:]
            for fruit in recipeTable.keys {
                guard fruitPositions[fruit] != nil else {
                    let suggestion = Suggestion.closest(to: fruit, among: fruitIDs)
                    throw error(place, key: "recipe", .unknownFruit(fruit, suggestion: suggestion))
                }
                guard let value = recipeTable[fruit], let amount = value.int else {
                    throw error(place, key: "recipe", .amountNotWhole(fruit: fruit))
                }
                guard amount > 0 else {
                    throw error(place, key: "recipe", .amountOutOfRange(fruit: fruit, .atLeast(1), actual: amount))
                }
                let amountLimit = KioskConfig.Ingredient.amountLimit
                guard amount <= amountLimit else {
                    throw error(
                        place, key: "recipe", .amountOutOfRange(fruit: fruit, .atMost(amountLimit), actual: amount))
                }
                amounts[fruit] = amount
            }
            guard !amounts.isEmpty else {
                throw error(place, key: "recipe", .emptyRecipe)
            }
            // In menu order, as the fruits are listed.
            let recipe = amounts.sorted { fruitPositions[$0.key, default: 0] < fruitPositions[$1.key, default: 0] }
                .map { KioskConfig.Ingredient(fruit: $0.key, amount: $0.value) }
            juices.append(
                KioskConfig.Juice(id: id, name: name, aliases: aliases, recipe: recipe, translations: translations))
        }
        return juices
    }

    // MARK: Bank

    func readBank(_ root: TOMLTable) throws(ConfigError) -> KioskConfig.BankSetup {
        guard let bankValue = root["bank"] else {
            throw error(.root, key: "bank", .missingTable("bank"))
        }
        guard let bank = bankValue.table else {
            throw error(.root, key: "bank", .wrongType(expected: .table(example: nil), found: kind(bankValue)))
        }
        let place = Place.table("bank")
        try rejectUnknownKeys(
            in: bank, allowed: ["customers_min", "customers_max", "desk", "office", "task", "grade"], place: place)
        let minimum = try integer(bank, "customers_min", place: place)
        let maximum = try integer(bank, "customers_max", place: place)
        guard minimum >= 1 else {
            throw error(place, key: "customers_min", .outOfRange(.atLeast(1), actual: minimum))
        }
        guard maximum >= minimum else {
            throw error(place, key: "customers_max", .customersBelowMinimum(minimum: minimum, actual: maximum))
        }
        let limit = KioskConfig.BankSetup.admissionLimit
        guard maximum <= limit else {
            throw error(place, key: "customers_max", .customersAboveAdmission(limit: limit, actual: maximum))
        }
        let shape = try BankShapeReader(reader: self).read(bank, place: place)
        return KioskConfig.BankSetup(
            customers: minimum...maximum, places: shape.places, tasks: shape.tasks, grades: shape.grades)
    }

    // MARK: Typed access

    /// The `[[header]]` tables stored under `key` of `table`, which sits at `place`.
    func arrayOfTables(
        _ table: TOMLTable, key: String, header: String, place: Place
    ) throws(ConfigError) -> [TOMLTable] {
        guard let value = table[key] else { return [] }
        guard let array = value.array else {
            throw error(
                place, key: key, .wrongType(expected: .tables(header: header, inArray: false), found: kind(value)))
        }
        var tables: [TOMLTable] = []
        for element in array {
            guard let elementTable = element.table else {
                throw error(
                    place, key: key, .wrongType(expected: .tables(header: header, inArray: true), found: kind(element)))
            }
            tables.append(elementTable)
        }
        return tables
    }

    private func identifier(_ table: TOMLTable, place: Place) throws(ConfigError) -> String {
        let id = try string(table, "id", place: place)
        try checkIdentifier(id, key: "id", place: place)
        return id
    }

    func checkIdentifier(_ id: String, key: String, place: Place) throws(ConfigError) {
        let allowed = id.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }
        guard !id.isEmpty, allowed, id.first?.isLetter == true else {
            throw error(place, key: key, .invalidIdentifier(id))
        }
    }

    /// Refuses a display name or alias that is empty or only blanks: it would print as nothing.
    private func checkNotBlank(_ text: String, key: String, place: Place) throws(ConfigError) {
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw error(place, key: key, .blank(isAlias: key == "aliases"))
        }
    }

    func string(_ table: TOMLTable, _ key: String, place: Place) throws(ConfigError) -> String {
        guard let value = try optionalString(table, key, place: place) else {
            throw error(place, key: key, .missingKey(key, example: nil))
        }
        return value
    }

    func optionalString(_ table: TOMLTable, _ key: String, place: Place) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else {
            throw error(place, key: key, .wrongType(expected: .string, found: kind(value)))
        }
        return text
    }

    /// A `name`: a string, or a table of names by language (`{ en = "Mango", ko = "망고" }`),
    /// whose English one (else the first language's) is the name where no translation is given.
    func displayName(
        _ table: TOMLTable, place: Place, fallback: String
    ) throws(ConfigError) -> (name: String, translations: [String: String]) {
        guard let value = table["name"] else { return (fallback, [:]) }
        if let text = value.string { return (text, [:]) }
        guard let names = value.table else {
            throw error(place, key: "name", .wrongType(expected: .name, found: kind(value)))
        }
        for language in names.keys where !KioskConfig.languages.contains(language) {
            throw error(place, key: "name", .unknownLanguage(language, known: KioskConfig.languages))
        }
        var translations: [String: String] = [:]
        for language in KioskConfig.languages {
            guard let name = names[language] else { continue }
            guard let text = name.string, !text.allSatisfy(\.isWhitespace) else {
                throw error(place, key: "name", .blankTranslation(language: language))
            }
            translations[language] = text
        }
        guard let name = KioskConfig.languages.lazy.compactMap({ translations[$0] }).first else {
            throw error(place, key: "name", .noName(example: fallback))
        }
        return (name, translations)
    }

    func integer(_ table: TOMLTable, _ key: String, place: Place) throws(ConfigError) -> Int {
        guard let value = try optionalInteger(table, key, place: place) else {
            throw error(place, key: key, .missingKey(key, example: nil))
        }
        return value
    }

    func optionalInteger(_ table: TOMLTable, _ key: String, place: Place) throws(ConfigError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let number = value.int else {
            throw error(place, key: key, .wrongType(expected: .wholeNumber, found: kind(value)))
        }
        return number
    }

    private func stringArray(_ table: TOMLTable, _ key: String, place: Place) throws(ConfigError) -> [String] {
        guard let value = table[key] else { return [] }
        guard let array = value.array else {
            throw error(place, key: key, .wrongType(expected: .strings, found: kind(value)))
        }
        var strings: [String] = []
        for element in array {
            guard let text = element.string else {
                throw error(place, key: key, .wrongType(expected: .stringElement, found: kind(element)))
            }
            strings.append(text)
        }
        return strings
    }

    func rejectUnknownKeys(in table: TOMLTable, allowed: [String], place: Place) throws(ConfigError) {
        for key in table.keys where !allowed.contains(key) {
            throw error(
                place, key: key,
                .unknownKey(key, suggestion: Suggestion.closest(to: key, among: allowed), allowed: allowed))
        }
    }

    func kind(_ value: any TOMLValueConvertible) -> ConfigValueKind {
        switch value.type {
        case .string: .string
        case .int: .wholeNumber
        case .double: .decimal
        case .bool: .boolean
        case .array: .array
        case .table: .table
        default: .dateTime
        }
    }

    func error(_ place: Place, key: String?, _ problem: ConfigProblem) -> ConfigError {
        ConfigError(
            file: file, line: SourceLocator(text: text).line(of: place, key: key),
            key: place.describe(key: key), problem: problem)
    }
}

/// The most fruits and juices a config may hold: far more than a counter shows, and few
/// enough that a start-up stays quick. A config past them (a generated one, a file of
/// megabytes) is refused where it is read, before any of it is used.
public enum MenuLimits {
    /// Fruits.
    public static let fruits = 1_000
    /// Juices.
    public static let juices = 1_000
}
