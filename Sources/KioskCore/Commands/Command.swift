/// A command and what runs it.
public struct Command: Sendable {
    /// What the command looks like to the parser and `help`.
    public let spec: CommandSpec
    /// Runs a parsed invocation of the command.
    public let run: @Sendable (Invocation) async throws -> CommandResult

    /// A command shaped by `spec` that `run` carries out.
    public init(_ spec: CommandSpec, run: @escaping @Sendable (Invocation) async throws -> CommandResult) {
        self.spec = spec
        self.run = run
    }
}
