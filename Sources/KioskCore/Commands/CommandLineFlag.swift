/// The flags of kiosk's own command line (`kiosk --in-memory -c help`), as the executable's
/// quick start-up reader knows them.
///
/// argument-parser declares the flags (`Sources/kiosk/Kiosk.swift`), and its reflection over
/// them is a measurable part of a short run; the quick reader reads everyday command lines
/// without it, by this table. The end-to-end tests compare the table with what argument-parser
/// declares (`kiosk --experimental-dump-help`), so that a flag added to one and not the other
/// fails a test, and every flag read both ways must print the same bytes.
public enum CommandLineFlag: Int, CaseIterable, Sendable {
    case command
    case file
    case config
    case dataDirectory
    case database
    case reconnectWindow
    case inMemory
    case durability
    case speed
    case preset
    case seed
    case lang
    case json
    case events
    case noColor
    case bail
    case helpMan

    /// The long spelling, with its dashes: `--data-dir`.
    public var long: String {
        switch self {
        case .command: "--command"
        case .file: "--file"
        case .config: "--config"
        case .dataDirectory: "--data-dir"
        case .database: "--database"
        case .reconnectWindow: "--reconnect-window"
        case .inMemory: "--in-memory"
        case .durability: "--durability"
        case .speed: "--speed"
        case .preset: "--preset"
        case .seed: "--seed"
        case .lang: "--lang"
        case .json: "--json"
        case .events: "--events"
        case .noColor: "--no-color"
        case .bail: "--bail"
        case .helpMan: "--help-man"
        }
    }

    /// The short spelling, with its dash, if the flag has one: `-c`.
    public var short: String? {
        self == .command ? "-c" : nil
    }

    /// Whether a value follows the flag (`--seed 7`), rather than the flag standing alone.
    public var takesValue: Bool {
        switch self {
        case .command, .file, .config, .dataDirectory, .database, .reconnectWindow, .durability, .speed, .preset, .seed,
            .lang, .events:
            true
        case .inMemory, .json, .noColor, .bail, .helpMan:
            false
        }
    }

    /// Whether the flag may be given more than once, each value kept (`-c menu -c stock`).
    public var repeats: Bool {
        self == .command
    }

    /// The flag `word` spells exactly (`-c`, `--json`), if any; `--flag=value` spells none.
    public init?(spelling word: String) {
        switch word {
        case "-c", "--command": self = .command
        case "--file": self = .file
        case "--config": self = .config
        case "--data-dir": self = .dataDirectory
        case "--database": self = .database
        case "--reconnect-window": self = .reconnectWindow
        case "--in-memory": self = .inMemory
        case "--durability": self = .durability
        case "--speed": self = .speed
        case "--preset": self = .preset
        case "--seed": self = .seed
        case "--lang": self = .lang
        case "--json": self = .json
        case "--events": self = .events
        case "--no-color": self = .noColor
        case "--bail": self = .bail
        case "--help-man": self = .helpMan
        default: return nil
        }
    }

    /// The flag a mistyped `given` most likely meant, for "Did you mean ...?": a single
    /// letter (`-f`) names the one long flag starting with it, if only one does; a longer
    /// word (`--in-memroy`) the flag within a small edit distance. `--help` and `--version`
    /// count too.
    public static func suggestion(for given: String) -> String? {
        let word = given.prefix { $0 != "=" }
        let longs = allCases.map(\.long) + ["--help", "--version"]
        if word.count == 2, word.first == "-", let letter = word.last, letter.isLetter {
            let starting = longs.filter { $0.dropFirst(2).first == letter }
            return starting.count == 1 ? starting.first : nil
        }
        let bare = String(word.drop { $0 == "-" })
        return Suggestion.closest(to: bare, among: longs.map { String($0.dropFirst(2)) }).map { "--" + $0 }
    }
}
