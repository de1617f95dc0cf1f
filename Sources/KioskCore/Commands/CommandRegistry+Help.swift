extension CommandRegistry {
    /// `help` (every command) or `help <command words>` (one command, or a group such as `bank`).
    /// - Throws: ``ParseError`` when the words name no command.
    public func help(for words: [String]) throws(ParseError) -> CommandResult {
        let path = words.map { $0.lowercased() }
        if path.isEmpty {
            return overview(of: commands, title: "Commands:")
        }
        if let command = command(spelled: path) {
            return detail(of: command.spec)
        }
        let group = commands.filter { $0.spec.path.starts(with: path) }
        if !group.isEmpty {
            return overview(of: group, title: "'\(path.joined(separator: " "))' commands:")
        }
        throw .unknownCommand(
            path.joined(separator: " "),
            suggestion: Suggestion.closest(to: path.joined(separator: " "), among: commands.map(\.spec.name)))
    }

    private func overview(of commands: [Command], title: String) -> CommandResult {
        let rows = commands.map { [$0.spec.usage, $0.spec.summary] }
        return CommandResult(
            command: "help",
            fields: [
                JSONField(
                    "commands",
                    .array(
                        commands.map { command in
                            [
                                "name": .string(command.spec.name),
                                "usage": .string(command.spec.usage),
                                "summary": .string(command.spec.summary),
                            ]
                        }))
            ],
            text: [
                .message(title, .heading),
                .table(Table(columns: [Table.Column("usage"), Table.Column("what it does")], rows: rows)),
                .message("Type 'help <command>' for its arguments and examples.", .muted),
            ])
    }

    private func detail(of spec: CommandSpec) -> CommandResult {
        var text: [TextBlock] = [.message("Usage: \(spec.usage)", .heading), .message(spec.summary)]
        if let discussion = spec.discussion {
            text.append(.message(discussion))
        }
        var argumentRows: [[String]] = []
        for argument in spec.arguments {
            argumentRows.append([argument.isOptional ? "[\(argument.name)]" : "<\(argument.name)>", describe(argument)])
        }
        for flag in spec.flags {
            argumentRows.append(["--\(flag.name)", flag.summary])
        }
        if !argumentRows.isEmpty {
            text.append(
                .table(Table(columns: [Table.Column("argument"), Table.Column("accepts")], rows: argumentRows)))
        }
        let subcommands = commands.filter {
            $0.spec.path.count > spec.path.count && $0.spec.path.starts(with: spec.path)
        }
        if !subcommands.isEmpty {
            text.append(.message("Subcommands:", .heading))
            text.append(
                .table(
                    Table(
                        columns: [Table.Column("usage"), Table.Column("what it does")],
                        rows: subcommands.map { [$0.spec.usage, $0.spec.summary] })))
        }
        if !spec.aliases.isEmpty {
            let aliases = spec.aliases.map { (spec.path.dropLast() + [$0]).joined(separator: " ") }
            text.append(.message("Also: \(aliases.joined(separator: ", "))", .muted))
        }
        if !spec.examples.isEmpty {
            text.append(.message("Examples:", .heading))
            text.append(.message(spec.examples.map { "  " + $0 }.joined(separator: "\n")))
        }
        return CommandResult(
            command: "help",
            fields: [
                JSONField("name", .string(spec.name)),
                JSONField("usage", .string(spec.usage)),
                JSONField("summary", .string(spec.summary)),
                JSONField("examples", .array(spec.examples.map(JSONValue.string))),
            ],
            text: text)
    }

    private func describe(_ argument: ArgumentSpec) -> String {
        let accepts: String
        switch argument.kind {
        case .integer(let range):
            accepts = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .choice(let set):
            accepts = "a \(set.noun): \(set.ids.joined(separator: ", "))"
        case .words:
            accepts = "a command name"
        }
        return [accepts, argument.help].compactMap { $0 }.joined(separator: "; ")
    }
}
