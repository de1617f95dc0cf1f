import Foundation
import KioskCore
import KioskStorage

/// The settings kiosk remembers between sessions, in `settings` in kiosk's own state
/// directory (`$XDG_STATE_HOME/kiosk/settings`): one `key = value` a line, mode 0600.
///
/// Only `events` is kept today. Unknown keys and lines are kept as they are when a value
/// is written, so a newer kiosk's settings survive an older one.
struct SettingsFile: Sendable, Equatable {
    let path: String

    /// The file in kiosk's state directory, wherever `$KIOSK_HISTFILE` puts the history (a
    /// history file in the home directory must not bring a `~/settings` beside it); nil when
    /// neither `XDG_STATE_HOME` nor `HOME` says where that is.
    static func location(environment: [String: String]) -> SettingsFile? {
        KioskPaths.stateDirectory(environment: environment).map { SettingsFile(path: $0 + "/settings") }
    }

    /// The value of `key`, if the file has one.
    func value(of key: String) -> String? {
        lines().compactMap(Self.pair).last { $0.key == key }?.value
    }

    /// The remembered events mode, if there is a valid one.
    var eventsMode: EventsMode? {
        value(of: "events").flatMap(EventsMode.init(rawValue:))
    }

    /// Sets `key` to `value`, keeping every other line.
    /// - Throws: ``SettingsError`` when the file or its directory cannot be written.
    func set(_ key: String, to value: String) throws(SettingsError) {
        var lines = lines().filter { Self.pair($0)?.key != key }
        lines.append("\(key) = \(value)")
        do {
            // Written the way the history is: privately, to a temporary file renamed into place.
            try HistoryFile(path: path).save(lines)
        } catch {
            throw SettingsError(path: error.path, reason: error.reason)
        }
    }

    private func lines() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private static func pair(_ line: String) -> (key: String, value: String)? {
        guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { return nil }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : (key, value)
    }
}

/// The settings file could not be written.
struct SettingsError: DetailedError, Equatable {
    let path: String
    let reason: String

    var code: String { "settings_not_saved" }
    var details: ErrorDetails { ["path": .text(path)] }
}
