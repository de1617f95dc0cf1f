/// What is wrong in a configuration, with the values that explain it. The presenter words
/// it in the user's language; ``ConfigError`` adds where it is.
public indirect enum ConfigProblem: Equatable, Sendable {
    // MARK: The file

    /// No file at the path; `namedBy` is where the path came from (`--config`, `KIOSK_CONFIG`).
    case noSuchFile(namedBy: String?)
    /// The path names a directory.
    case isDirectory
    /// The path names something that is neither a file nor a pipe.
    case notAFileOrPipe(ReadableFile.Kind)
    /// Opening or reading failed; `reason` is the system's text.
    case unreadable(reason: String)
    /// The bytes are not UTF-8.
    case notUTF8
    /// A file larger than a config may be (``ConfigLoader/byteLimit``), refused before it is
    /// parsed: a counter's menu is a few kilobytes.
    case tooLarge(limit: Int, actual: Int)
    /// `--preset NAME` names no shipped preset.
    case noSuchPreset(String, choices: [String])

    // MARK: The document

    /// TOML's own syntax error; `detail` is the TOML parser's text.
    case syntax(column: Int, detail: String)
    /// A NUL character (U+0000), which TOML allows nowhere, at this column of its line.
    case nulCharacter(column: Int)
    /// The text could not be read as TOML at all.
    case notTOML(detail: String)
    /// A key the table does not take, with the closest allowed one.
    case unknownKey(String, suggestion: String?, allowed: [String])
    /// A required key is absent; `example` shows a value in TOML.
    case missingKey(String, example: String?)
    /// A required table (`[bank]`) is absent.
    case missingTable(String)
    /// The value has another type than the key takes.
    case wrongType(expected: ConfigValueShape, found: ConfigValueKind?)
    /// One of the choices `allowed` is needed.
    case notOneOf(allowed: [String])
    /// A list that needs at least one entry has none.
    case noneConfigured(ConfigSection)
    /// A number outside what the key admits.
    case outOfRange(ConfigBound, actual: Int)
    /// More entries than the configuration admits.
    case tooMany(ConfigSection, limit: Int, actual: Int)

    // MARK: Names and ids

    /// Two entries of one kind share an id.
    case duplicateID(ConfigSection, id: String)
    /// An id that is not lowercase letters, digits, `-` and `_`, starting with a letter.
    case invalidIdentifier(String)
    /// A name or an alias that is empty or only blanks.
    case blank(isAlias: Bool)
    /// An alias `order` could never read: a word of it is a count (`2`, `2잔`), or it holds
    /// a comma, which separates juices.
    case unorderableAlias(String)
    /// A name by language in a language kiosk does not speak.
    case unknownLanguage(String, known: [String])
    /// The name in `language` is blank or not a string.
    case blankTranslation(language: String)
    /// A table of names by language with no name in it; `example` is a name to give.
    case noName(example: String)
    /// A name or alias that already names another juice (names match in any case).
    case nameTaken(String, byJuice: String)

    // MARK: Fruits and recipes

    /// Initial stock above the shelf's maximum.
    case initialAboveMaximum(initial: Int, maximum: Int)
    /// A recipe naming a fruit the config does not have.
    case unknownFruit(String, suggestion: String?)
    /// A recipe's amount of `fruit` is not a whole number.
    case amountNotWhole(fruit: String)
    /// A recipe's amount of `fruit` outside what a recipe admits.
    case amountOutOfRange(fruit: String, ConfigBound, actual: Int)
    /// A recipe without a fruit.
    case emptyRecipe

    // MARK: The bank

    /// `customers_max` below `customers_min`.
    case customersBelowMinimum(minimum: Int, actual: Int)
    /// `customers_max` above what one `bank open` admits.
    case customersAboveAdmission(limit: Int, actual: Int)
    /// A desk or office (`isOffice`) with fewer than one clerk.
    case noClerk(isOffice: Bool, actual: Int)
    /// More clerks at one desk or office (`isOffice`) than the bank admits.
    case tooManyClerks(isOffice: Bool, limit: Int, actual: Int)
    /// A classic desk's task id that already names a desk or office.
    case idNamesPlace(String)
    /// Every task (or grade) has share 0, so no random customer could be drawn.
    case noShare(ConfigSection)
    /// A stage at a desk or office the bank does not have.
    case unknownPlace(String, suggestion: String?, known: [String])
    /// `clerk_stays` on a first stage, where no clerk serves the customer yet.
    case clerkStaysOnFirstStage
    /// Routes whose held clerks could wait for each other forever: the places of the cycle.
    case heldClerkCycle([String])
    /// A problem in stage `number` (from 1) of a task, at the stage's `key` if it is about one.
    case inStage(Int, key: String?, ConfigProblem)
}

/// The kinds of entries a configuration lists.
public enum ConfigSection: String, Sendable {
    case fruit, juice, desk, deskOrOffice, deskTask, task, stage, grade
}

/// The limit a number broke.
public enum ConfigBound: Equatable, Sendable {
    case atLeast(Int)
    case atMost(Int)
    case between(Int, Int)
}

/// What a key takes.
public enum ConfigValueShape: Equatable, Sendable {
    case string
    case wholeNumber
    case boolean
    /// A table; `example` shows one in TOML.
    case table(example: String?)
    /// An array of strings.
    case strings
    /// An element of an array of strings.
    case stringElement
    /// `[[header]]` tables; `inArray` when the array holds something else.
    case tables(header: String, inArray: Bool)
    /// An array of tables, written inline.
    case tableArray
    /// A string, or a table of names by language.
    case name
}

/// The type of a value found in the document.
public enum ConfigValueKind: Sendable {
    case string, wholeNumber, decimal, boolean, array, table, dateTime
}
