import Foundation

/// Finds and reads the configuration: `--config PATH`, then `$KIOSK_CONFIG`,
/// then `$XDG_CONFIG_HOME/kiosk/kiosk.toml`, then the built-in default.
public enum ConfigLoader {
    /// A configuration and where it came from.
    public struct Loaded: Sendable {
        /// The configuration read.
        public let config: KioskConfig
        /// Where it came from.
        public let origin: Origin
    }

    /// Where a configuration came from: a file or the built-in default, and the bank preset
    /// that replaced its bank, if any.
    public struct Origin: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            case builtIn
            case file(String)
        }

        public let source: Source
        public let preset: String?

        public init(_ source: Source, preset: String? = nil) {
            self.source = source
            self.preset = preset
        }
    }

    /// - Parameters:
    ///   - explicitPath: the `--config` flag, if given; it must exist.
    ///   - environment: the process environment (`KIOSK_CONFIG`, `XDG_CONFIG_HOME`, `HOME`).
    ///   - bankFromPreset: whether `--preset` replaces the config's bank, which a file may then leave out.
    /// - Throws: ``ConfigError`` when a named file is missing or unreadable, or the document is bad.
    public static func load(
        explicitPath: String?, environment: [String: String], bankFromPreset: Bool = false
    ) throws(ConfigError) -> Loaded {
        if let explicitPath {
            return try read(explicitPath, mustExist: true, hint: "--config", bankFromPreset: bankFromPreset)
        }
        if let path = environment["KIOSK_CONFIG"], !path.isEmpty {
            return try read(path, mustExist: true, hint: "KIOSK_CONFIG", bankFromPreset: bankFromPreset)
        }
        // access(2), not FileManager: setting up `FileManager.default` is a measurable part of
        // a start that ends up with the built-in default.
        if let userPath = userConfigPath(environment: environment), access(userPath, F_OK) == 0 {
            return try read(userPath, mustExist: true, hint: nil, bankFromPreset: bankFromPreset)
        }
        return Loaded(config: KioskConfig.builtIn, origin: Origin(.builtIn))
    }

    /// `loaded` with its bank replaced by the built-in preset `name` (see ``BankPresets``).
    /// - Throws: ``ConfigError`` when there is no such preset.
    public static func applying(preset name: String, to loaded: Loaded) throws(ConfigError) -> Loaded {
        guard let bank = try BankPresets.setup(named: name) else {
            throw ConfigError(
                file: "--preset", line: nil, key: nil,
                problem: .noSuchPreset(name, choices: BankPresets.names))
        }
        let config = KioskConfig(fruits: loaded.config.fruits, juices: loaded.config.juices, bank: bank)
        return Loaded(config: config, origin: Origin(loaded.origin.source, preset: name))
    }

    /// `$XDG_CONFIG_HOME/kiosk/kiosk.toml`, or `~/.config/kiosk/kiosk.toml`.
    static func userConfigPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/kiosk/kiosk.toml"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return home + "/.config/kiosk/kiosk.toml"
        }
        return nil
    }

    /// The most a config file may hold, in bytes: 1,000 fruits and 1,000 juices with names in
    /// two languages take about a quarter of it.
    public static let byteLimit = 1 << 20

    private static func read(
        _ path: String, mustExist: Bool, hint: String?, bankFromPreset: Bool
    ) throws(ConfigError) -> Loaded {
        // A pipe or process substitution (`--config <(cat kiosk.toml)`) is read like a file.
        let bytes: [UInt8]
        do {
            bytes = try ReadableFile.contents(of: path)
        } catch {
            let problem: ConfigProblem
            switch error {
            case .missing: problem = .noSuchFile(namedBy: hint)
            case .directory: problem = .isDirectory
            case .notAFileOrPipe(let kind): problem = .notAFileOrPipe(kind)
            case .unreadable(let reason): problem = .unreadable(reason: reason)
            }
            throw ConfigError(file: path, line: nil, key: nil, problem: problem)
        }
        // Refused before it is parsed, so a file of any size is refused at once.
        guard bytes.count <= byteLimit else {
            throw ConfigError(
                file: path, line: nil, key: nil, problem: .tooLarge(limit: byteLimit, actual: bytes.count))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, line: nil, key: nil, problem: .notUTF8)
        }
        return Loaded(
            config: try ConfigParser.parse(text, file: path, bankFromPreset: bankFromPreset),
            origin: Origin(.file(path)))
    }
}
