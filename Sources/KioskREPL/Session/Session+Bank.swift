import KioskCore

/// The bank as the session sees it: its commands, and its background work.
struct BankModule: Sendable {
    let commands: [Command]

    init(config: KioskConfig, bus: EventBus<KioskEvent>, options: SessionOptions) throws {
        commands = []
    }

    /// Waits until no customer is waiting or in service.
    func finishPendingWork() async {}

    /// Cancels all service; returns a sentence naming what was cancelled, or nil if nothing was.
    func shutdown() async -> String? { nil }
}
