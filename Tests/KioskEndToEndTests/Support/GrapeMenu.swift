import Foundation

/// A menu of one fruit and one juice, both `grape`, as a config file in a sandbox: for tests of
/// what a config of the user's own does that the shipped one cannot show.
enum GrapeMenu {
    /// Writes the config and returns its path.
    /// - Parameters:
    ///   - fruitName: the fruit's `name`, one plain string; none by default (its id names it).
    ///   - withBank: whether the shipped config's `[bank]` follows the menu.
    static func write(in sandbox: Sandbox, fruitName: String? = nil, withBank: Bool = true) throws -> String {
        var text = "[[fruit]]\nid = \"grape\"\n"
        if let fruitName { text += "name = \"\(fruitName)\"\n" }
        text += "initial = 10\n\n[[juice]]\nid = \"grape\"\nrecipe = { grape = 2 }\n\n"
        if withBank {
            let shipped = try String(contentsOfFile: KioskBinary.packageRoot + "/config/kiosk.toml", encoding: .utf8)
            guard let bank = shipped.range(of: "[bank]") else { throw CocoaError(.fileReadCorruptFile) }
            text += shipped[bank.lowerBound...]
        }
        return try sandbox.file("grape.toml", contents: text)
    }
}
