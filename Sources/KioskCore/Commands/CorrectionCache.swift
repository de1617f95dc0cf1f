import Synchronization

/// The corrections a registry offers (``CommandRegistry/unknownCommandError(_:)`` and the
/// unknown subcommand errors), worked out the first time a line needs them and kept for as
/// long as the registry's commands: every mistyped line of a script asks for the same words,
/// which take far longer to gather (the Korean spellings of every command) than to compare.
///
/// A registry makes a new cache whenever a command is registered, so a copy made before
/// keeps the cache of its own commands.
final class CorrectionCache: Sendable {
    private struct Kept {
        var firstWords: Suggestion.Candidates?
        var lastWords: [String]?
        /// By the command words they follow: only groups of commands are asked about, so
        /// this holds at most one entry for each way of naming a group (`stock`, `재고`).
        var subcommands: [[String]: Suggestion.Candidates] = [:]
    }

    private let kept = Mutex(Kept())

    /// The first words offered as corrections, made by `make` the first time.
    func firstWords(_ make: () -> [String]) -> Suggestion.Candidates {
        if let words = kept.withLock({ $0.firstWords }) { return words }
        let words = Suggestion.Candidates(make())
        kept.withLock { $0.firstWords = words }
        return words
    }

    /// The last words of the commands of several words offered as corrections, made by
    /// `make` the first time.
    func lastWords(_ make: () -> [String]) -> [String] {
        if let words = kept.withLock({ $0.lastWords }) { return words }
        let words = make()
        kept.withLock { $0.lastWords = words }
        return words
    }

    /// The words offered as corrections after `prefix`, made by `make` the first time.
    func subcommands(after prefix: [String], _ make: () -> [String]) -> Suggestion.Candidates {
        if let words = kept.withLock({ $0.subcommands[prefix] }) { return words }
        let words = Suggestion.Candidates(make())
        kept.withLock { $0.subcommands[prefix] = words }
        return words
    }
}
