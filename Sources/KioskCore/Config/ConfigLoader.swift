import Foundation

/// Finds and reads the configuration: `--config PATH`, then `$KIOSK_CONFIG`,
/// then `$XDG_CONFIG_HOME/kiosk/kiosk.toml`, then the built-in default.
public enum ConfigLoader {
    /// A configuration and where it came from.
    public struct Loaded: Sendable {
        /// The configuration read.
        public let config: KioskConfig
        /// The file read, or `"built-in default"`.
        public let origin: String
    }

    /// - Parameters:
    ///   - explicitPath: the `--config` flag, if given; it must exist.
    ///   - environment: the process environment (`KIOSK_CONFIG`, `XDG_CONFIG_HOME`, `HOME`).
    /// - Throws: ``ConfigError`` when a named file is missing or unreadable, or the document is bad.
    public static func load(
        explicitPath: String?, environment: [String: String]
    ) throws(ConfigError) -> Loaded {
        if let explicitPath {
            return try read(explicitPath, mustExist: true, hint: "--config")
        }
        if let path = environment["KIOSK_CONFIG"], !path.isEmpty {
            return try read(path, mustExist: true, hint: "KIOSK_CONFIG")
        }
        if let userPath = userConfigPath(environment: environment),
            FileManager.default.fileExists(atPath: userPath)
        {
            return try read(userPath, mustExist: true, hint: nil)
        }
        return Loaded(config: try KioskConfig.embeddedDefault(), origin: "built-in default")
    }

    /// `loaded` with its bank replaced by the built-in preset `name` (see ``BankPresets``).
    /// - Throws: ``ConfigError`` when there is no such preset.
    public static func applying(preset name: String, to loaded: Loaded) throws(ConfigError) -> Loaded {
        guard let bank = try BankPresets.setup(named: name) else {
            throw ConfigError(
                file: "--preset", line: nil, key: nil,
                problem: "no preset '\(Sanitized.text(name))'; choose one of: \(BankPresets.names.joined(separator: ", "))")
        }
        let config = KioskConfig(fruits: loaded.config.fruits, juices: loaded.config.juices, bank: bank)
        return Loaded(config: config, origin: "\(loaded.origin), bank preset \(name)")
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

    private static func read(_ path: String, mustExist: Bool, hint: String?) throws(ConfigError) -> Loaded {
        // A pipe or process substitution (`--config <(cat kiosk.toml)`) is read like a file.
        let bytes: [UInt8]
        do {
            bytes = try ReadableFile.contents(of: path)
        } catch {
            let problem: String
            switch error {
            case .missing: problem = "no such file" + (hint.map { " (from \($0))" } ?? "")
            case .directory: problem = "is a directory, not a TOML file"
            case .notAFileOrPipe(let kind): problem = "is a \(kind), not a TOML file or a pipe"
            case .unreadable(let reason): problem = "cannot be read: \(reason)"
            }
            throw ConfigError(file: path, line: nil, key: nil, problem: problem)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, line: nil, key: nil, problem: "is not UTF-8 text")
        }
        return Loaded(config: try ConfigParser.parse(text, file: path), origin: path)
    }
}
