/// The bank setups of the exercise's cohorts, shipped as `config/presets/NAME.toml` and
/// compiled into the binary; `--preset NAME` runs one in place of the config's `[bank]`.
///
/// ```swift
/// let bank = try BankPresets.setup(named: "2021-05")   // 3 clerks, a head office, grades
/// ```
public enum BankPresets {
    /// The presets' names, in name order: `2021-01`, `2021-05`, `classic`.
    public static var names: [String] { embeddedBankPresets.map(\.name) }

    /// The Korean names of presets that have a word for a name (`classic`: `클래식`); the
    /// dated ones are named by their cohort in every language.
    public static let koreanNames = ["classic": "클래식"]

    /// The preset `spelling` names, by its name or its Korean name (case-insensitively), if any.
    public static func name(for spelling: String) -> String? {
        let lowered = spelling.lowercased()
        if names.contains(lowered) { return lowered }
        return koreanNames.first { $0.value == spelling }?.key
    }

    /// The text of preset `name`, if there is one.
    public static func text(named name: String) -> String? {
        embeddedBankPresets.first { $0.name == name }?.text
    }

    /// The bank setup of preset `name`, or nil if there is no such preset.
    /// - Throws: ``ConfigError`` if the shipped file is bad (the tests keep it from happening).
    public static func setup(named name: String) throws(ConfigError) -> KioskConfig.BankSetup? {
        guard let text = text(named: name) else { return nil }
        return try ConfigParser.parseBank(text, file: "<built-in config/presets/\(name).toml>")
    }
}
