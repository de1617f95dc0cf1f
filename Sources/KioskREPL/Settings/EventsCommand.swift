import KioskCore

/// `events [all|summary|off]`: shows or chooses what the bank prints above the prompt.
enum EventsCommand {
    private static let mode = ArgumentKey.optional("mode", .choice(EventsMode.choices))

    static func command(_ preference: EventsPreference) -> Command {
        Command(
            CommandSpec(
                path: ["events"],
                topic: .events,
                arguments: [Self.mode.spec],
                examples: ["events", "events summary", "events off", "events all"])
        ) { invocation in
            guard let mode = try invocation[Self.mode] else {
                return EventsOutcome(mode: preference.mode, changed: false, rememberedIn: nil, failure: nil)
            }
            preference.mode = mode
            guard let settings = preference.settings else {
                return EventsOutcome(mode: mode, changed: true, rememberedIn: nil, failure: nil)
            }
            do throws(SettingsError) {
                try settings.set("events", to: mode.rawValue)
                return EventsOutcome(mode: mode, changed: true, rememberedIn: settings.path, failure: nil)
            } catch {
                // The mode applies to this session all the same; only remembering it failed.
                return EventsOutcome(mode: mode, changed: true, rememberedIn: nil, failure: error)
            }
        }
    }
}

/// What `events` did: the mode in effect, and where it was remembered.
struct EventsOutcome: CommandOutcome {
    let mode: EventsMode
    /// Whether the command chose a mode (rather than showing the current one).
    let changed: Bool
    /// The settings file the mode was written to, if it was.
    let rememberedIn: String?
    /// Why the mode could not be remembered, if it could not.
    let failure: SettingsError?
}
