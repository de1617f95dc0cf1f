import Bank
import KioskCore

/// `bank preset [NAME]`: names the bank preset in force, or builds the bank again from a
/// shipped preset (``BankPresets``) while it is idle.
enum BankPresetCommand {
    /// The presets as command arguments, so that completion offers their names.
    static let presets = ArgumentKey.optional(
        "preset",
        .choice(
            Choices(
                noun: "preset", values: BankPresets.names, id: { $0 },
                spellings: { BankPresets.koreanNames[$0].map { [$0] } ?? [] })))

    /// The command, running `use` with the preset named (nil: none named).
    static func command(_ use: @escaping @Sendable (String?) async throws -> BankPresetOutcome) -> Command {
        Command(
            CommandSpec(
                path: ["bank", "preset"],
                topic: .bankPreset,
                arguments: [presets.spec],
                examples: ["bank preset", "bank preset \(BankPresets.names.first ?? "classic")"],
                // Named, it sends the bank's customers' tickets back to 1: never a typo's correction.
                destructive: true)
        ) { invocation in
            try await use(try invocation[presets])
        }
    }
}

/// What `bank preset` hands back: the preset in force, whether this command put it there, and
/// the desks and offices of the bank now.
struct BankPresetOutcome: CommandOutcome {
    /// The preset in force; nil when the bank is the config's own.
    let preset: String?
    /// Whether the bank was just built again from `preset`.
    let changed: Bool
    /// The bank's desks and offices now.
    let places: [KioskConfig.BankPlace]

    /// Every preset there is, in name order.
    var presets: [String] { BankPresets.names }
}
