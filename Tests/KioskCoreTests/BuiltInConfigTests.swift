import Foundation
import KioskCore
import Testing

/// The default kiosk starts with is compiled in as a value (KioskConfig+BuiltIn.swift,
/// written by `make builtin-config`) rather than parsed at every start: it must stay what
/// config/kiosk.toml says.
@Suite("Built-in config")
struct BuiltInConfigTests {
    private static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config/kiosk.toml")

    @Test("KioskConfig.builtIn is config/kiosk.toml as ConfigParser reads it")
    func builtInIsTheFile() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let parsed = try ConfigParser.parse(text, file: Self.file.path)
        #expect(
            KioskConfig.builtIn == parsed,
            "config/kiosk.toml changed: run `make builtin-config` to compile it in again")
    }

    @Test("a changed file is told apart from the built-in value")
    func changedFileDiffers() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let changed = try ConfigParser.parse(
            text.replacingOccurrences(of: "service_ms = 700", with: "service_ms = 701"), file: Self.file.path)
        #expect(KioskConfig.builtIn != changed)
    }
}
