import KioskCore
import Synchronization

/// What the bank prints between the prompt's lines (`events all|summary|off`, `--events`).
public enum EventsMode: String, Sendable, CaseIterable {
    /// Every service start and end, as it happens.
    case all
    /// One line of totals at most once a second.
    case summary
    /// Nothing but the closing summary (and resets).
    case off

    /// The choices of the `events` command, by id and by Korean word in every language.
    static let choices = Choices(noun: "mode", values: allCases, id: \.rawValue, spellings: \.koreanWords)

    /// The Korean words for the mode (`전부`, `요약`, `끔`).
    private var koreanWords: [String] {
        switch self {
        case .all: ["전부", "모두"]
        case .summary: ["요약"]
        case .off: ["끔", "끄기"]
        }
    }
}

/// The events mode a session uses now, shared by the `events` command, which changes it,
/// and the ``Transcript``, which reads it for every batch of events it prints.
final class EventsPreference: Sendable {
    private struct State {
        var mode: EventsMode
        var muted = false
    }

    private let state: Mutex<State>
    /// Where the `events` command remembers the mode; nil in scripts, which remember nothing.
    let settings: SettingsFile?

    init(_ mode: EventsMode, settings: SettingsFile? = nil) {
        state = Mutex(State(mode: mode))
        self.settings = settings
    }

    /// The mode chosen.
    var mode: EventsMode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// The mode in effect: ``EventsMode/off`` while the live view shows the bank itself.
    var effective: EventsMode {
        state.withLock { $0.muted ? .off : $0.mode }
    }

    /// Mutes bank progress above the prompt (the live view is up) or lets it through again.
    func mute(_ muted: Bool) {
        state.withLock { $0.muted = muted }
    }
}
