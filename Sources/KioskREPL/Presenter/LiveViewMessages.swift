import KioskCore

/// The live view's words (`bank watch`) and the lines of `events`.
protocol LiveViewMessages: Sendable {
    /// The words `bank watch` draws.
    var watchWords: WatchWords { get }
    func describe(_ error: WatchError) -> String
    /// `events`: the mode in effect, and where it is remembered.
    func eventsMode(_ mode: EventsMode, changed: Bool, rememberedIn path: String?) -> String
    func cannotSaveSettings(path: String, reason: String) -> String
    /// The line `events summary` prints at most once a second.
    func bankSummary(waiting: Int, inService: Int, served: Int, time: String) -> String
}
