import JuiceMaker
import KioskCore
import KioskPostgres

extension Presenter {
    /// The line a start-up warning prints on standard error: `kiosk: warning: ...` in text,
    /// a `{"type":"warning",...}` object with `--json`.
    func warningLine(for change: ShelfLimitChange, json: Bool) -> String {
        let fruit = Sanitized.text(change.fruit)
        let message = catalog.shelfLimitChanged(
            fruit: fruit, stored: change.stored, configured: change.configured, loweredFrom: change.loweredFrom)
        guard json else { return "kiosk: " + message + "\n" }
        let warning = JSONContract.Warning(
            code: "shelf_max_changed",
            details: JSONContract.ShelfLimitDetails(
                fruit: change.fruit, stored: change.stored, configured: change.configured,
                loweredFrom: change.loweredFrom),
            message: message)
        let line = JSONLine(
            warning, orElse: .object([JSONField("type", "warning"), JSONField("code", "shelf_max_changed")]))
        return line.serialized() + "\n"
    }

    /// The start-up warning for a `$TZ` that names no time zone kiosk can read: the days of
    /// `sales` are counted in UTC.
    func timeZoneWarningLine(_ value: String, json: Bool) -> String {
        let message = catalog.unreadableTimeZone(Sanitized.text(value, limit: 128))
        guard json else { return "kiosk: " + message + "\n" }
        let object: [JSONField] = [
            JSONField("type", .string("warning")), JSONField("code", .string("unreadable_time_zone")),
            JSONField("given", .string(value)), JSONField("message", .string(message)),
        ]
        return JSONLine(.object(object)).serialized() + "\n"
    }

    /// The note a command's wait for a lost PostgreSQL server prints on standard error while
    /// it waits, and once it connected again: `kiosk: note: ...` in text, a
    /// `{"type":"warning","code":"storage_reconnecting",...}` object with `--json`.
    func reconnectLine(for event: PostgresReconnect, json: Bool) -> String {
        let code: String
        let message: String
        var fields: [JSONField] = []
        switch event {
        case .waiting(let server, let window):
            let seconds = Int(window.components.seconds)
            code = "storage_reconnecting"
            message = catalog.reconnecting(Sanitized.text(server, limit: 256), seconds: seconds)
            fields = [JSONField("database", .string(server)), JSONField("window_s", .int(seconds))]
        case .reconnected(let server):
            code = "storage_reconnected"
            message = catalog.reconnected(Sanitized.text(server, limit: 256))
            fields = [JSONField("database", .string(server))]
        }
        guard json else { return "kiosk: " + message + "\n" }
        let object: [JSONField] =
            [JSONField("type", .string("warning")), JSONField("code", .string(code))] + fields
            + [JSONField("message", .string(message))]
        return JSONLine(.object(object)).serialized() + "\n"
    }
}
