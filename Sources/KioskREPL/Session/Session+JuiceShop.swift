import KioskCore

/// The juice shop as the session sees it: its commands.
struct JuiceShopModule: Sendable {
    let commands: [Command]

    init(config: KioskConfig, bus: EventBus<KioskEvent>, options: SessionOptions) throws {
        commands = []
    }
}
