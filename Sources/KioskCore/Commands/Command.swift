/// What a command hands back to the front end: a module's own typed result, which the
/// presenter renders as text or JSON. Modules never word it themselves.
public protocol CommandOutcome: Sendable {}

/// A command: what it looks like to the parser, and what happens when it is invoked.
public struct Command: Sendable {
    /// What an invocation of the command does.
    public enum Action: Sendable {
        /// Runs in a module and returns its typed outcome.
        case perform(@Sendable (Invocation) async throws -> any CommandOutcome)
        /// `help [command]`: the front end answers from the registry.
        case help
        /// `quit`/`exit`: the front end leaves.
        case quit
    }

    /// What the command looks like to the parser, completion and `help`.
    public let spec: CommandSpec
    /// What an invocation does.
    public let action: Action

    /// A command shaped by `spec` that a module carries out with `run`.
    public init(_ spec: CommandSpec, run: @escaping @Sendable (Invocation) async throws -> any CommandOutcome) {
        self.spec = spec
        self.action = .perform(run)
    }

    /// A command shaped by `spec` that the front end answers itself.
    public init(_ spec: CommandSpec, action: Action) {
        self.spec = spec
        self.action = action
    }
}
