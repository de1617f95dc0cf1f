/// What a command hands back to the front end: a module's own typed result, which the
/// presenter renders as text or JSON. Modules never word it themselves.
public protocol CommandOutcome: Sendable {}

/// A command: what it looks like to the parser, and what happens when it is invoked.
public struct Command: Sendable {
    /// What an invocation of the command does.
    public enum Action: Sendable {
        /// Runs in a module and returns its typed outcome.
        case perform(Run)
        /// `help [command]`: the front end answers from the registry.
        case help
        /// `quit`/`exit`: the front end leaves.
        case quit
    }

    /// What a module's command does: it runs where its caller runs (the command thread, for
    /// a script), without a hop onto the generic executor first.
    public typealias Run = nonisolated(nonsending) @Sendable (Invocation) async throws -> any CommandOutcome

    /// What a module's command does when it never waits (an order, `stock`): the front end
    /// may call it without an async call, whose frame and executor checks cost a script of
    /// orders a good part of each order's own work.
    public typealias RunAtOnce = @Sendable (Invocation) throws -> any CommandOutcome

    /// The spec and the action behind one reference: every invocation carries its command,
    /// and copying one reference costs less than retaining each of the spec's arrays.
    private final class Parts: Sendable {
        let spec: CommandSpec
        let action: Action
        let runAtOnce: RunAtOnce?

        init(spec: CommandSpec, action: Action, runAtOnce: RunAtOnce? = nil) {
            self.spec = spec
            self.action = action
            self.runAtOnce = runAtOnce
        }
    }

    private let parts: Parts

    /// What the command looks like to the parser, completion and `help`.
    public var spec: CommandSpec { parts.spec }
    /// What an invocation does.
    public var action: Action { parts.action }
    /// What the command does, callable without `await`, when it never waits; nil when it may
    /// (then ``action`` is the only way to run it).
    public var runAtOnce: RunAtOnce? { parts.runAtOnce }

    /// A command shaped by `spec` that a module carries out with `run`.
    public init(_ spec: CommandSpec, run: @escaping Run) {
        parts = Parts(spec: spec, action: .perform(run))
    }

    /// A command shaped by `spec` that a module carries out with `run`, which never waits:
    /// ``action`` runs it too, for front ends that await every command.
    public init(_ spec: CommandSpec, run: @escaping RunAtOnce) {
        parts = Parts(spec: spec, action: .perform({ invocation in try run(invocation) }), runAtOnce: run)
    }

    /// A command shaped by `spec` that the front end answers itself.
    public init(_ spec: CommandSpec, action: Action) {
        parts = Parts(spec: spec, action: action)
    }
}
