// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

import Bank
import JuiceMaker
import KioskCore

/// The JSON Lines contract: one Codable type per line shape, in one place.
///
/// Field names are stable (added to, never renamed) and never depend on the language; only
/// `message` and display names follow it. Types encode through ``JSONValueEncoder``, which
/// keeps declaration order, so a line reads `{"type":"result","command":"order",...}`.
enum JSONContract {
    /// `{"type":"result","command":NAME,<body>}`.
    struct Result<Body: Encodable>: Encodable {
        let command: String
        let body: Body

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("result", forKey: DynamicKey("type"))
            try container.encode(command, forKey: DynamicKey("command"))
            try body.encode(to: encoder)
        }
    }

    /// `{"type":"event","event":NAME,<body>}`.
    struct Event<Body: Encodable>: Encodable {
        let event: String
        let body: Body

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("event", forKey: DynamicKey("type"))
            try container.encode(event, forKey: DynamicKey("event"))
            try body.encode(to: encoder)
        }
    }

    /// `{"type":"error","code":CODE,<details>,"message":TEXT[,"location":WHERE]}`.
    struct Error<Details: Encodable>: Encodable {
        let code: String
        let details: Details
        let message: String
        let location: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("error", forKey: DynamicKey("type"))
            try container.encode(code, forKey: DynamicKey("code"))
            try details.encode(to: encoder)
            var tail = encoder.container(keyedBy: DynamicKey.self)
            try tail.encode(message, forKey: DynamicKey("message"))
            try tail.encodeIfPresent(location, forKey: DynamicKey("location"))
        }
    }

    /// A body with no fields.
    struct Empty: Encodable {
        func encode(to encoder: any Encoder) throws {
            _ = encoder.container(keyedBy: DynamicKey.self)
        }
    }

    /// An object whose keys are data (fruit ids, task ids), in the order given.
    struct Counts: Encodable {
        let pairs: [(String, Int)]

        init(_ pairs: [(String, Int)]) { self.pairs = pairs }
        init(_ inventory: Inventory) { pairs = inventory.levels.map { ($0.fruit.id, $0.count) } }
        init(_ counts: [TaskCount]) { pairs = counts.map { ($0.task, $0.count) } }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            for (key, value) in pairs {
                try container.encode(value, forKey: DynamicKey(key))
            }
        }
    }

    struct DynamicKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    // MARK: - Shop

    struct MenuBody: Encodable {
        struct Line: Encodable {
            let id: String
            let name: String
            let recipe: Counts
            let available: Int
        }
        let juices: [Line]
    }

    struct OrderBody: Encodable {
        let juice: String
        let count: Int
        let stock: Counts
    }

    struct StockBody: Encodable {
        let stock: Counts
    }

    struct AdjustmentBody: Encodable {
        let fruit: String
        let old: Int
        let new: Int
    }

    /// `stock add kiwi 5 mango 5`, `stock fill`: each fruit changed, and the stock after.
    struct AdjustmentsBody: Encodable {
        let changes: [AdjustmentBody]
        let stock: Counts
    }

    struct SalesBody: Encodable {
        struct Line: Encodable {
            let juice: String
            let count: Int
            let orders: Int
            let fruit: Counts
        }
        let period: String
        let from: String?
        let to: String?
        let total: Int
        let juices: [Line]
        let fruit: Counts
    }

    struct PeriodDetails: Encodable {
        let from: String
        let to: String
    }

    struct ShortageBody: Encodable {
        let fruit: String
        let need: Int
        let have: Int

        init(_ shortage: Shortage) {
            fruit = shortage.fruit
            need = shortage.need
            have = shortage.have
        }
    }

    // MARK: - Bank

    struct TicketRange: Encodable {
        let first: Int
        let last: Int
    }

    struct AdmissionBody: Encodable {
        let customers: Int
        let tickets: TicketRange
        let by_task: Counts
        let opened: Bool
    }

    struct StatusBody: Encodable {
        struct Desk: Encodable {
            /// The place's id; for a classic desk, its task.
            let task: String
            let name: String
            let service_ms: Int
            let served: Int
            let waiting: Int
            let waiting_tickets: [Int]
            let clerks: [Clerk]
            /// The desk's or office's id (the same as `task` for a classic desk).
            let desk: String
            /// `desk` or `office`.
            let kind: String
        }
        struct Clerk: Encodable {
            let clerk: Int
            let ticket: Int?
            let since_ms: Int?
            let until_ms: Int?
            /// The stage in service and the customer's grade; absent when idle.
            var stage: String? = nil
            var grade: String? = nil
            /// True while the clerk is held by its customer during a stage served elsewhere;
            /// absent otherwise.
            var holding: Bool? = nil

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encode(clerk, forKey: DynamicKey("clerk"))
                // An idle clerk's ticket is null; the times appear only while serving.
                try container.encode(ticket, forKey: DynamicKey("ticket"))
                try container.encodeIfPresent(since_ms, forKey: DynamicKey("since_ms"))
                try container.encodeIfPresent(until_ms, forKey: DynamicKey("until_ms"))
                try container.encodeIfPresent(stage, forKey: DynamicKey("stage"))
                try container.encodeIfPresent(grade, forKey: DynamicKey("grade"))
                try container.encodeIfPresent(holding, forKey: DynamicKey("holding"))
            }
        }
        let open: Bool
        let business_ms: Int
        let served: Int
        let waiting: Int
        let in_service: Int
        let next_ticket: Int
        let desks: [Desk]
        /// Customers who finished their task, per task.
        let by_task: Counts
        /// Customers announced to arrive later who have not yet.
        let to_arrive: Int
    }

    struct ReportBody: Encodable {
        struct Waits: Encodable {
            /// The JSON of one task's and grade's waits.
            init(_ waits: WaitSummary) {
                task = waits.task
                grade = waits.grade
                customers = waits.customers
                mean_ms = waits.mean.wholeMilliseconds
                p50_ms = waits.median.wholeMilliseconds
                p95_ms = waits.p95.wholeMilliseconds
                max_ms = waits.longest.wholeMilliseconds
            }

            let task: String
            let grade: String
            let customers: Int
            let mean_ms: Int
            let p50_ms: Int
            let p95_ms: Int
            let max_ms: Int
        }
        struct Utilisation: Encodable {
            let desk: String
            let clerks: Int
            let busy_ms: Int
            /// Busy clerk time over clerks × business time, in thousandths.
            let utilisation_permille: Int
        }
        let waits: [Waits]
        let utilisation: [Utilisation]
        let business_ms: Int
    }

    struct TallyBody: Encodable {
        let outcome: String
        let served: Int
        let by_task: Counts
        let business_ms: Int
        let waits: [ReportBody.Waits]
    }

    struct InterruptedWaitBody: Encodable {
        let outcome = "interrupted"
        let waiting: Int
        let in_service: Int
    }

    struct OutcomeBody: Encodable {
        let outcome: String
    }

    struct ResetBody: Encodable {
        struct Cancelled: Encodable {
            let waiting: Int
            let in_service: Int
        }
        let cancelled: Cancelled
    }

    struct BankHistoryBody: Encodable {
        struct Session: Encodable {
            let id: Int
            let opened: String
            let idle: String?
            let ended: String?
            let served: Int
            let by_task: Counts
            let business_ms: Int

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encode(id, forKey: DynamicKey("id"))
                try container.encode(opened, forKey: DynamicKey("opened"))
                try container.encode(idle, forKey: DynamicKey("idle"))
                try container.encode(ended, forKey: DynamicKey("ended"))
                try container.encode(served, forKey: DynamicKey("served"))
                try container.encode(by_task, forKey: DynamicKey("by_task"))
                try container.encode(business_ms, forKey: DynamicKey("business_ms"))
            }
        }
        let sessions: [Session]
    }

    // MARK: - Front end

    struct HelpOverviewBody: Encodable {
        struct Entry: Encodable {
            let name: String
            let usage: String
            let summary: String
        }
        let commands: [Entry]
    }

    struct HelpDetailBody: Encodable {
        let name: String
        let usage: String
        let summary: String
        let examples: [String]
    }

    struct HistoryBody: Encodable {
        struct Entry: Encodable {
            let number: Int
            let line: String
        }
        let entries: [Entry]
    }

    struct QuitBody: Encodable {
        let cancelled: String
        /// The tickets sent away, one entry per run of consecutive tickets of a task.
        let tickets: [TaskTicketRange]
    }

    struct TaskTicketRange: Encodable {
        let task: String
        let first: Int
        let last: Int
    }

    // MARK: - Events

    struct StockChangedBody: Encodable {
        let fruit: String
        let old: Int
        let new: Int
    }

    struct JuiceServedBody: Encodable {
        let juice: String
        let count: Int
    }

    struct OrderRefusedBody: Encodable {
        let juice: String
        let count: Int
        let shortages: [ShortageBody]
    }

    struct SoldOutBody: Encodable {
        let juice: String
        let shortages: [ShortageBody]
    }

    struct JuiceBody: Encodable {
        let juice: String
    }

    struct ArrivalBody: Encodable {
        let ticket: Int
        let task: String
    }

    struct ServiceBody: Encodable {
        let ticket: Int
        let task: String
        let clerk: Int
        let at_ms: Int
        /// The stage of the task (a one-stage task's stage is named after the task).
        let stage: String
        /// The customer's grade (`regular` in a bank without grades).
        let grade: String
        /// The desk or office serving it.
        let desk: String
    }

    struct IdleBody: Encodable {
        let served: Int
        let by_task: Counts
        let business_ms: Int
        /// The waits of the customers who finished, per task and grade, as `bank report` has them.
        let waits: [ReportBody.Waits]
    }

    struct SkippedBody: Encodable {
        let count: Int
    }

    // MARK: - Error details

    struct OutOfStockDetails: Encodable {
        let juice: String
        let shortages: [ShortageBody]
    }

    struct AboveMaximumDetails: Encodable {
        let fruit: String
        let amount: Int
        let have: Int
        let max: Int
    }

    struct BelowZeroDetails: Encodable {
        let fruit: String
        let amount: Int
        let have: Int
    }

    struct CountRangeDetails: Encodable {
        let count: Int
        let min: Int
        let max: Int
    }

    struct AmountDetails: Encodable {
        let amount: Int
    }

    struct FruitDetails: Encodable {
        let fruit: String
    }

    struct JuiceDetails: Encodable {
        let juice: String
    }

    struct CapacityDetails: Encodable {
        let present: Int
        let adding: Int
        let capacity: Int
    }

    struct WaitingDetails: Encodable {
        let waiting: Int
        let in_service: Int
    }

    struct ArgumentRangeDetails: Encodable {
        let argument: String
        let given: String
        let min: Int
        let max: Int
    }

    /// A length of time or a rate out of its range, bounds as typed: `{"argument":"--over",
    /// "given":"9000h","min":"1ms","max":"168h"}`; without `min`/`max` when it is not one at all.
    struct SpelledValueDetails: Encodable {
        let argument: String
        let given: String
        var min: String?
        var max: String?
    }

    /// `{"<noun>": given, "suggestion": ...}`: an unknown value, command or task.
    struct UnknownDetails: Encodable {
        let key: String
        let given: String
        let suggestion: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode(given, forKey: DynamicKey(key))
            try container.encodeIfPresent(suggestion, forKey: DynamicKey("suggestion"))
        }
    }

    /// One customer of `bank export --format jsonl`.
    struct ExportRow: Encodable {
        struct Stage: Encodable {
            let stage: String
            let desk: String
            let clerk: Int
            let start_ms: Int
            let end_ms: Int
        }
        let ticket: Int
        let task: String
        let grade: String
        let arrival_ms: Int
        let stages: [Stage]

        init(_ record: BankCustomerRecord) {
            ticket = record.ticket
            task = record.task
            grade = record.grade
            arrival_ms = record.arrival.wholeMilliseconds
            stages = record.stages.map {
                Stage(
                    stage: $0.stage, desk: $0.desk, clerk: $0.clerk, start_ms: $0.start.wholeMilliseconds,
                    end_ms: $0.end.wholeMilliseconds)
            }
        }
    }

    /// `bank export`'s result: `{"file":PATH,"format":"csv","customers":30}`.
    struct ExportBody: Encodable {
        let file: String
        let format: String
        let customers: Int
    }

    struct PathDetails: Encodable {
        let path: String
    }

    /// A shared database's failure: the server and database, never the password.
    struct DatabaseDetails: Encodable {
        let database: String
    }

    /// libpq could not be loaded: the file kiosk tried, beside the usual `database`.
    struct ClientLibraryDetails: Encodable {
        let database: String
        let library: String
    }

    /// A stock row kiosk never writes: which fruit, which column, what it holds.
    struct TamperedStockDetails: Encodable {
        let path: String
        let fruit: String
        let column: String
        let value: String
    }

    /// `{"type":"warning","code":CODE,<details>,"message":TEXT}`: said once, kiosk goes on.
    struct Warning<Details: Encodable>: Encodable {
        let code: String
        let details: Details
        let message: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("warning", forKey: DynamicKey("type"))
            try container.encode(code, forKey: DynamicKey("code"))
            try details.encode(to: encoder)
            var tail = encoder.container(keyedBy: DynamicKey.self)
            try tail.encode(message, forKey: DynamicKey("message"))
        }
    }

    /// A shelf max the database held differently from this kiosk's config.
    struct ShelfLimitDetails: Encodable {
        let fruit: String
        let stored: Int
        let configured: Int
    }

    struct ConfigDetails: Encodable {
        let file: String
        let line: Int?
        let key: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode(file, forKey: DynamicKey("file"))
            try container.encodeIfPresent(line, forKey: DynamicKey("line"))
            try container.encodeIfPresent(key, forKey: DynamicKey("key"))
        }
    }
}
