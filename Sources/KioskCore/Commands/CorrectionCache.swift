import Synchronization

/// The corrections a registry offers (``CommandRegistry/unknownCommandError(_:)`` and the
/// unknown subcommand errors), worked out the first time a line needs them and kept for as
/// long as the registry's commands: every mistyped line of a script asks for the same words,
/// which take far longer to gather (the Korean spellings of every command) than to compare.
///
/// A registry makes a new cache whenever a command is registered, so a copy made before
/// keeps the cache of its own commands.
final class CorrectionCache: Sendable {
    /// Which words.
    enum Kind: Hashable {
        /// The first words of commands.
        case firstWords
        /// The last words of the commands of several words.
        case lastWords
        /// The words after `prefix`. Only groups of commands are asked about, so this
        /// holds at most one entry for each way of naming a group (`stock`, `재고`).
        case subcommands(after: [String])
    }

    private let kept = Mutex<[Kind: Suggestion.Candidates]>([:])

    /// The words of `kind` offered as corrections, made by `make` the first time.
    func words(_ kind: Kind, _ make: () -> [String]) -> Suggestion.Candidates {
        if let words = kept.withLock({ $0[kind] }) { return words }
        let words = Suggestion.Candidates(make())
        kept.withLock { $0[kind] = words }
        return words
    }
}
