import Foundation
import KioskCore
import Testing

/// A config file is bounded in bytes as its menu is in entries, and refused before it is
/// parsed: a file of any size ends the start at once.
@Suite struct ConfigSizeTests {
    private func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "kiosk-config-size-\(UUID().uuidString).toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a file over the limit is refused with its size and the limit, before parsing")
    func tooLarge() throws {
        // Not TOML at all: a parser would report a syntax error, the size check comes first.
        let path = try write(String(repeating: "# padding\n not toml [[[\n", count: ConfigLoader.byteLimit / 20))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try ConfigLoader.load(explicitPath: path, environment: [:])
        } throws: { error in
            guard let error = error as? ConfigError, case .tooLarge(let limit, let actual) = error.problem else {
                return false
            }
            return limit == ConfigLoader.byteLimit && actual > limit && error.line == nil
        }
    }

    @Test("a file at the limit is parsed as usual")
    func atLimit() throws {
        let config = try String(contentsOfFile: "config/kiosk.toml", encoding: .utf8)
        let padding = String(repeating: "#", count: ConfigLoader.byteLimit - config.utf8.count - 1) + "\n"
        let path = try write(config + padding)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ConfigLoader.load(explicitPath: path, environment: [:]).config.fruits.count == 5)
    }
}
