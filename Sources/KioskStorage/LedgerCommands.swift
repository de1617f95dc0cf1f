import Foundation
import KioskCore

/// `sales` and `bank history`: what the ledger holds.
public enum LedgerCommands {
    /// The commands, reading from `database` and naming things as `config` does.
    public static func make(
        database: KioskDatabase, sessions: BankSessionLog, config: KioskConfig,
        now: @escaping @Sendable () -> Date = Date.init
    ) -> [Command] {
        let juiceNames = Dictionary(config.juices.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let fruitOrder = config.fruits.map(\.id)
        return [
            Command(
                CommandSpec(
                    path: ["sales"],
                    summary: "Shows today's orders per juice and the fruit they used.",
                    flags: [FlagSpec("all", summary: "every order ever recorded, not just today's")],
                    examples: ["sales", "sales --all"],
                    discussion:
                        "Today starts at local midnight. Orders are recorded in the database with the stock they took.")
            ) { invocation in
                let all = invocation.has(flag: "all")
                let start = all ? nil : Calendar.current.startOfDay(for: now())
                let report = try database.salesReport(since: start, fruitOrder: fruitOrder)
                return salesResult(report, all: all, juiceNames: juiceNames)
            },
            Command(
                CommandSpec(
                    path: ["bank", "history"],
                    summary: "Lists the latest bank sessions: when they opened, whom they served, business time.",
                    arguments: [.optional("count", .integer(1...1_000), help: "how many sessions, default 10")],
                    examples: ["bank history", "bank history 3"])
            ) { invocation in
                let entries = try sessions.latest(invocation.integer("count") ?? 10)
                return historyResult(entries, lastError: sessions.lastError)
            },
        ]
    }

    static func salesResult(_ report: SalesReport, all: Bool, juiceNames: [String: String]) -> CommandResult {
        let period = all ? "all time" : "today"
        let json: [JSONField] = [
            JSONField("period", .string(all ? "all" : "today")),
            JSONField("total", .int(report.total)),
            JSONField(
                "juices",
                .array(
                    report.lines.map { line in
                        [
                            "juice": .string(line.juice), "count": .int(line.count), "orders": .int(line.orders),
                            "fruit": fruitJSON(line.fruitUsed),
                        ]
                    })),
            JSONField("fruit", fruitJSON(report.fruitUsed)),
        ]
        guard !report.lines.isEmpty else {
            return CommandResult(
                command: "sales", fields: json, text: [.message("No orders \(all ? "recorded yet" : "today").", .muted)]
            )
        }
        let rows = report.lines.map { line in
            [
                juiceNames[line.juice] ?? line.juice, String(line.count), String(line.orders),
                line.fruitUsed.map { "\($0.fruit) \($0.amount)" }.joined(separator: ", "),
            ]
        }
        let used = report.fruitUsed.map { "\($0.fruit) \($0.amount)" }.joined(separator: ", ")
        return CommandResult(
            command: "sales", fields: json,
            text: [
                .message("Sales, \(period): \(report.total) juices", .heading),
                .table(
                    Table(
                        columns: [
                            Table.Column("juice"), Table.Column("made", alignment: .right),
                            Table.Column("orders", alignment: .right), Table.Column("fruit used"),
                        ], rows: rows)),
                .message("Fruit used in all: \(used)", .muted),
            ])
    }

    static func historyResult(_ entries: [BankSessionLog.Entry], lastError: StorageError?) -> CommandResult {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = .current
        let json: [JSONField] = [
            JSONField(
                "sessions",
                .array(
                    entries.map { entry in
                        [
                            "id": .int(entry.id), "opened": .string(formatter.string(from: entry.opened)),
                            "idle": entry.idle.map { .string(formatter.string(from: $0)) } ?? .null,
                            "ended": entry.ended.map(JSONValue.string) ?? .null,
                            "served": .int(entry.served),
                            "by_task": .object(entry.servedByTask.map { JSONField($0.task, .int($0.count)) }),
                            "business_ms": .int(entry.businessTime.wholeMilliseconds),
                        ]
                    }))
        ]
        var text: [TextBlock] = []
        if entries.isEmpty {
            text.append(.message("No bank sessions recorded yet. Start one with 'bank open'.", .muted))
        } else {
            let display = DateFormatter()
            display.dateFormat = "yyyy-MM-dd HH:mm:ss"
            let rows = entries.map { entry in
                [
                    String(entry.id), display.string(from: entry.opened),
                    entry.ended ?? (entry.idle == nil ? "serving" : "idle"),
                    String(entry.served),
                    entry.servedByTask.map { "\($0.task) \($0.count)" }.joined(separator: ", "),
                    entry.businessTime.clockText,
                ]
            }
            text.append(
                .table(
                    Table(
                        columns: [
                            Table.Column("#", alignment: .right), Table.Column("opened"), Table.Column("state"),
                            Table.Column("served", alignment: .right), Table.Column("by task"),
                            Table.Column("business"),
                        ], rows: rows)))
        }
        if let lastError {
            text.append(.message("Recording the bank session failed: \(lastError)", .warning))
        }
        return CommandResult(command: "bank history", fields: json, text: text)
    }

    private static func fruitJSON(_ amounts: [SalesReport.FruitAmount]) -> JSONValue {
        .object(amounts.map { JSONField($0.fruit, .int($0.amount)) })
    }
}
