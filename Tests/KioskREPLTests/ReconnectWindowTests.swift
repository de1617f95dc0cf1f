import Testing

@testable import KioskREPL

@Suite("--reconnect-window and $KIOSK_RECONNECT_WINDOW: whole seconds 0 to 600, one rule for both")
struct ReconnectWindowTests {
    @Test(
        "decimal digits within 0 to 600 are read as seconds",
        arguments: [("0", 0), ("5", 5), ("600", 600), ("0030", 30)])
    func accepted(_ text: String, seconds: Int) {
        #expect(SessionOptions.parsedReconnectWindow(text) == .seconds(seconds))
    }

    @Test(
        "anything but decimal digits within 0 to 600 is refused",
        arguments: [
            "", "601", "900", "-1", "-0", "+5", ".5", "2.5", "5.", "1e2", "0x10", "0x1p3", " 5", "5 ", "٥", "soon",
            "99999999999999999999999",
        ])
    func refused(_ text: String) {
        #expect(SessionOptions.parsedReconnectWindow(text) == nil)
    }

    @Test("the variable: empty is unset, a bad value is refused whatever the store")
    func variable() {
        var options = SessionOptions()
        options.inMemory = true
        options.environment = ["KIOSK_RECONNECT_WINDOW": ""]
        #expect(options.reconnectWindowProblem == nil)
        #expect(options.postgresReconnectWindow == .seconds(30))
        options.environment = ["KIOSK_RECONNECT_WINDOW": "601"]
        #expect(
            options.reconnectWindowProblem == .reconnectWindowOutOfRange(source: "KIOSK_RECONNECT_WINDOW", given: "601")
        )
        options.environment = ["KIOSK_RECONNECT_WINDOW": "12"]
        #expect(options.reconnectWindowProblem == nil)
        #expect(options.postgresReconnectWindow == .seconds(12))
        // The flag, when given, decides; the variable is not read.
        options.reconnectWindow = .seconds(3)
        options.environment = ["KIOSK_RECONNECT_WINDOW": "soon"]
        #expect(options.reconnectWindowProblem == nil)
        #expect(options.postgresReconnectWindow == .seconds(3))
    }
}
