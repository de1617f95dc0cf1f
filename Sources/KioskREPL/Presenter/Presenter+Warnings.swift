import JuiceMaker
import KioskCore

extension Presenter {
    /// The line a start-up warning prints on standard error: `kiosk: warning: ...` in text,
    /// a `{"type":"warning",...}` object with `--json`.
    func warningLine(for change: ShelfLimitChange, json: Bool) -> String {
        let fruit = Sanitized.text(change.fruit)
        let message = catalog.shelfLimitChanged(fruit: fruit, stored: change.stored, configured: change.configured)
        guard json else { return "kiosk: " + message + "\n" }
        let warning = JSONContract.Warning(
            code: "shelf_max_changed",
            details: JSONContract.ShelfLimitDetails(
                fruit: change.fruit, stored: change.stored, configured: change.configured),
            message: message)
        let line = JSONLine(
            warning, orElse: .object([JSONField("type", "warning"), JSONField("code", "shelf_max_changed")]))
        return line.serialized() + "\n"
    }
}
