import KioskCore

/// `bank watch` and `events`, and the state they share with the front end: the terminal the
/// view takes over and the events mode the transcript reads.
struct LiveCommands: Sendable {
    let watch: WatchHost
    let events: EventsPreference

    var commands: [Command] { [watch.command, EventsCommand.command(events)] }

    /// For the interactive prompt: `--events`, else the remembered mode (text only: `--json`
    /// keeps every event unless told otherwise), else every event; `events` remembers.
    static func interactive(options: SessionOptions, settings: SettingsFile?) -> LiveCommands {
        let remembered = options.json ? nil : settings?.eventsMode
        return LiveCommands(
            watch: WatchHost(), events: EventsPreference(options.events ?? remembered ?? .all, settings: settings))
    }

    /// For scripts: `--events`, else every event; nothing is remembered.
    static func script(options: SessionOptions) -> LiveCommands {
        LiveCommands(watch: WatchHost(), events: EventsPreference(options.events ?? .all))
    }
}
