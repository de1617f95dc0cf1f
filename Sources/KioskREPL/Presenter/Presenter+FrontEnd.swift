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

    /// The other words for a command (`exit`), and in Korean its Korean words (`종료`).
    private func otherSpellings(of spec: CommandSpec) -> [String] {
        spec.aliases.map { (spec.path.dropLast() + [$0]).joined(separator: " ") }
            + (catalog.listsKoreanCommandWords ? CommandWords.koreanSpellings(of: spec.path) : [])
    }

    private func summary(of spec: CommandSpec) -> String {
        catalog.help(for: spec.topic, context: help).summary
    }

    /// The commands, a table per topic (juice bar, bank, the kiosk itself), in registry order
    /// within each.
    /// The usage a list of commands shows: a command of many options (`bank plan`) shows them
    /// as `[options]`, so that the list fits 80 columns; `help <command>` names every one.
    private static func listedUsage(_ spec: CommandSpec) -> String {
        guard spec.flags.count > 4, spec.arguments.isEmpty else { return spec.usage }
        return spec.name + " [options]"
    }

    private func overview(_ specs: [CommandSpec], title: String) -> Rendering {
        // One table, so that every group's summaries line up; a group's title is a row of its own.
        var rows: [[String]] = []
        for topic in HelpTopicKind.allCases {
            let members = specs.filter { $0.topic.group == topic }
            guard !members.isEmpty else { continue }
            rows.append([catalog.helpTopic(topic), ""])
            rows += members.map { spec in
                // Other words for the command (`exit`, `?`) are listed beside it.
                let aliases = otherSpellings(of: spec)
                return ["  " + ([Self.listedUsage(spec)] + aliases).joined(separator: ", "), summary(of: spec)]
            }
        }
        let table = Table(
            columns: [Table.Column(catalog.helpUsageColumn), Table.Column(catalog.helpSummaryColumn)], rows: rows,
            showsHeader: false)
        return Rendering(
            text: [
                .message(title, .heading), .table(table),
                .message(catalog.helpMoreHint, .muted), .message(catalog.helpNamesHint, .muted),
            ],
            json: json(
                command: "help",
                JSONContract.HelpOverviewBody(
                    commands: specs.map { .init(name: $0.name, usage: $0.usage, summary: summary(of: $0)) })))
    }

    private func detail(_ spec: CommandSpec, subcommands: [CommandSpec]) -> Rendering {
        let words = catalog.help(for: spec.topic, context: help)
        var text: [TextBlock] = [.message(catalog.helpUsage(spec.usage), .heading), .message(words.summary)]
        if let discussion = words.discussion {
            text.append(.message(discussion))
        }
        var argumentRows: [[String]] = []
        for argument in spec.arguments where !argument.isHidden {
            let accepts = [describe(argument.kind), words.arguments[argument.name]].compactMap { $0 }
            argumentRows.append([
                argument.isOptional ? "[\(argument.name)]" : "<\(argument.name)>",
                accepts.joined(separator: catalog.helpAcceptsSeparator),
            ])
        }
        for flag in spec.flags {
            // An option of free text (`--rate deposit=60/h`) is described by its command's help alone.
            let kind = flag.value.flatMap { value -> String? in
                if case .words = value.kind { return nil }
                return describe(value.kind)
            }
            let accepts = [kind, words.arguments[flag.name]].compactMap { $0 }
            argumentRows.append([
                flag.value.map { "--\(flag.name) <\($0.name)>" } ?? "--\(flag.name)",
                accepts.joined(separator: catalog.helpAcceptsSeparator),
            ])
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
                        rows: subcommands.map { [Self.listedUsage($0), summary(of: $0)] })))
        }
        if case let aliases = otherSpellings(of: spec), !aliases.isEmpty {
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

    private func describe(_ kind: ArgumentKind) -> String? {
        switch kind {
        case .integer(let range): catalog.accepts(integersFrom: range.lowerBound, to: range.upperBound)
        case .choice(let set), .counted(let set, _):
            // Every word the argument takes: each id with its names and aliases.
            catalog.accepts(
                choice: set.noun,
                ids: set.choices.map { choice in
                    // Each spelling once (a name may be given in several languages alike).
                    var seen: Set<String> = [choice.id.lowercased()]
                    return catalog.choiceWithSpellings(
                        choice.id,
                        choice.spellings.filter { seen.insert($0.lowercased()).inserted }.map {
                            Sanitized.text($0, limit: 64)
                        })
                })
        case .words: catalog.acceptsCommandName
        case .text, .path: catalog.acceptsPath
        case .day: catalog.acceptsDay
        case .duration(let range):
            catalog.accepts(durationsFrom: range.lowerBound.typedSpelling, to: range.upperBound.typedSpelling)
        case .rate(let range): catalog.accepts(ratesFrom: range.lowerBound.spelling, to: range.upperBound.spelling)
        // `bank plan`'s options are described by its command's help alone, as free text is.
        case .plan: nil
        }
    }
}
