import KioskCore

extension Presenter {
    func render(_ listing: HistoryListing) -> Rendering {
        let width = String(listing.entries.last?.number ?? 0).count
        let text: [TextBlock] =
            listing.entries.isEmpty
            ? [.message(catalog.historyEmpty, .muted)]
            : [
                .message(
                    listing.entries.map { entry in
                        let number = String(entry.number)
                        return String(repeating: " ", count: width - number.count) + number + "  " + entry.line
                    }.joined(separator: "\n"))
            ]
        return Rendering(
            text: text,
            json: json(
                command: "history",
                JSONContract.HistoryBody(entries: listing.entries.map { .init(number: $0.number, line: $0.line) })))
    }

    func render(_ topic: CommandRegistry.HelpTopic) -> Rendering {
        switch topic {
        case .overview(let specs):
            return overview(specs, title: catalog.helpOverviewTitle)
        case .group(let path, let specs):
            return overview(specs, title: catalog.helpGroupTitle(path.joined(separator: " ")))
        case .command(let spec, let subcommands):
            return detail(spec, subcommands: subcommands)
        }
    }

    private func summary(of spec: CommandSpec) -> String {
        catalog.help(for: spec.name, context: help).summary
    }

    private func overview(_ specs: [CommandSpec], title: String) -> Rendering {
        Rendering(
            text: [
                .message(title, .heading),
                .table(
                    Table(
                        columns: [Table.Column(catalog.helpUsageColumn), Table.Column(catalog.helpSummaryColumn)],
                        rows: specs.map { [$0.usage, summary(of: $0)] })),
                .message(catalog.helpMoreHint, .muted),
            ],
            json: json(
                command: "help",
                JSONContract.HelpOverviewBody(
                    commands: specs.map { .init(name: $0.name, usage: $0.usage, summary: summary(of: $0)) })))
    }

    private func detail(_ spec: CommandSpec, subcommands: [CommandSpec]) -> Rendering {
        let words = catalog.help(for: spec.name, context: help)
        var text: [TextBlock] = [.message(catalog.helpUsage(spec.usage), .heading), .message(words.summary)]
        if let discussion = words.discussion {
            text.append(.message(discussion))
        }
        var argumentRows: [[String]] = []
        for argument in spec.arguments {
            let accepts = [describe(argument.kind), words.arguments[argument.name]].compactMap { $0 }
            argumentRows.append([
                argument.isOptional ? "[\(argument.name)]" : "<\(argument.name)>", accepts.joined(separator: "; "),
            ])
        }
        for flag in spec.flags {
            argumentRows.append(["--\(flag.name)", words.arguments[flag.name] ?? ""])
        }
        if !argumentRows.isEmpty {
            text.append(
                .table(
                    Table(
                        columns: [Table.Column(catalog.helpArgumentColumn), Table.Column(catalog.helpAcceptsColumn)],
                        rows: argumentRows)))
        }
        if !subcommands.isEmpty {
            text.append(.message(catalog.helpSubcommands, .heading))
            text.append(
                .table(
                    Table(
                        columns: [Table.Column(catalog.helpUsageColumn), Table.Column(catalog.helpSummaryColumn)],
                        rows: subcommands.map { [$0.usage, summary(of: $0)] })))
        }
        if !spec.aliases.isEmpty {
            let aliases = spec.aliases.map { (spec.path.dropLast() + [$0]).joined(separator: " ") }
            text.append(.message(catalog.helpAlso(aliases), .muted))
        }
        if !spec.examples.isEmpty {
            text.append(.message(catalog.helpExamples, .heading))
            text.append(.message(spec.examples.map { "  " + $0 }.joined(separator: "\n")))
        }
        let blocks = text
        return Rendering(
            text: blocks,
            json: json(
                command: "help",
                JSONContract.HelpDetailBody(
                    name: spec.name, usage: spec.usage, summary: words.summary, examples: spec.examples)))
    }

    private func describe(_ kind: ArgumentKind) -> String {
        switch kind {
        case .integer(let range): catalog.accepts(integersFrom: range.lowerBound, to: range.upperBound)
        case .choice(let set): catalog.accepts(choice: set.noun, ids: set.ids)
        case .words: catalog.acceptsCommandName
        }
    }
}
