// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

import Bank
import KioskCore

extension JSONContract {
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
            /// The time of one service here, or null when its tasks and stages take different times.
            let service_ms: Int?
            /// Customers served here (not stages).
            let served: Int
            let waiting: Int
            let waiting_tickets: [Int]
            let clerks: [Clerk]
            /// The desk's or office's id (the same as `task` for a classic desk).
            let desk: String
            /// `desk` or `office`.
            let kind: String
            /// Each task and stage served here, with its time.
            let services: [Service]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encode(task, forKey: DynamicKey("task"))
                try container.encode(name, forKey: DynamicKey("name"))
                // Null rather than absent: the field is always there, as it always was.
                try container.encode(service_ms, forKey: DynamicKey("service_ms"))
                try container.encode(served, forKey: DynamicKey("served"))
                try container.encode(waiting, forKey: DynamicKey("waiting"))
                try container.encode(waiting_tickets, forKey: DynamicKey("waiting_tickets"))
                try container.encode(clerks, forKey: DynamicKey("clerks"))
                try container.encode(desk, forKey: DynamicKey("desk"))
                try container.encode(kind, forKey: DynamicKey("kind"))
                try container.encode(services, forKey: DynamicKey("services"))
            }
        }
        /// One task's stage served at a desk or office, and its time.
        struct Service: Encodable {
            let task: String
            let stage: String
            let service_ms: Int
        }
        /// Customers served, of one task and grade.
        struct GradeServed: Encodable {
            let task: String
            let grade: String
            let served: Int
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
        /// Customers who finished their task, per task and grade.
        let by_grade: [GradeServed]
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
        /// Customers at the bank now: waiting, in service or still to arrive.
        let present: Int
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
            let to_arrive: Int
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

    /// `bank preset`: `{"preset":"2021-05","changed":true,"presets":["2021-01","2021-05","classic"]}`;
    /// `preset` is null for the config's own bank.
    struct BankPresetBody: Encodable {
        let preset: String?
        let changed: Bool
        let presets: [String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode(preset, forKey: DynamicKey("preset"))
            try container.encode(changed, forKey: DynamicKey("changed"))
            try container.encode(presets, forKey: DynamicKey("presets"))
        }
    }
}
