/// What a command returns: presentation-neutral, rendered by the console
/// as text blocks on a terminal or as one JSON Lines object with `--json`.
public struct CommandResult: Sendable, Equatable {
    /// The command's name in the JSON contract (`"stock"`, `"order"`, `"bank status"`).
    public var command: String
    /// The fields of the JSON result after `"type"` and `"command"`.
    public var fields: [JSONField]
    /// What a person reads.
    public var text: [TextBlock]

    /// A result of `command` with its JSON `fields` and its `text`.
    public init(command: String, fields: [JSONField] = [], text: [TextBlock] = []) {
        self.command = command
        self.fields = fields
        self.text = text
    }

    /// The whole JSON Lines object: `{"type":"result","command":...,<fields>}`.
    public var json: JSONValue {
        .object([JSONField("type", "result"), JSONField("command", .string(command))] + fields)
    }
}
