/// A run of a bank's progress (arrivals, service starts and ends) as plain records, published
/// as one ``KioskEvent/bankProgress(_:)`` where every subscriber takes runs (see
/// ``EventBus/publish(run:weight:expanded:)``); ``events`` gives the events one by one.
///
/// A bank in virtual time publishes millions of these events: building, queuing and taking
/// apart an event with four strings cost more than simulating it, where a record is 24 bytes
/// of numbers naming its task, stage, grade and desk by an index into ``names``.
///
/// ```swift
/// var run = BankProgress(names: names)
/// run.append(.started, ticket: 1, name: 0, clerk: 1, at: .zero)
/// run.events   // [.serviceStarted(ticket: 1, task: "deposit", clerk: 1, at: .zero, ...)]
/// ```
public struct BankProgress: Sendable, Equatable {
    /// What a service line names besides its ticket, clerk and time.
    public struct Service: Sendable, Equatable {
        public let task: String
        public let stage: String
        public let grade: String
        public let desk: String

        /// A stage `stage` of `task` for a customer of `grade`, served at `desk` (ids).
        public init(task: String, stage: String, grade: String, desk: String) {
            self.task = task
            self.stage = stage
            self.grade = grade
            self.desk = desk
        }
    }

    /// The services and tasks that records name by index: one table per bank, shared by all
    /// its runs, so that a consumer can prepare something per entry once.
    public final class Names: Sendable {
        /// What started and finished records name.
        public let services: [Service]
        /// The task ids that arrival records name.
        public let tasks: [String]

        /// A table of `services` and `tasks`.
        public init(services: [Service], tasks: [String]) {
            self.services = services
            self.tasks = tasks
        }
    }

    /// One event of the run.
    public struct Record: Sendable, Equatable {
        /// Which event.
        public enum Kind: UInt8, Sendable {
            case arrived, started, finished
        }

        public let ticket: Int
        /// Bank time in whole nanoseconds (the times a bank in virtual time has).
        public let at: Int64
        /// An index into ``Names/services``, or for an arrival into ``Names/tasks``.
        public let name: UInt32
        /// The clerk's number at the desk or office; 0 for an arrival.
        public let clerk: Int16
        public let kind: Kind

        /// The bank time of the event.
        public var time: Duration { .nanoseconds(at) }
    }

    /// The table the records' names index.
    public let names: Names
    /// The events, in publish order.
    public private(set) var records: [Record] = []

    /// An empty run of events naming entries of `names`.
    public init(names: Names) {
        self.names = names
    }

    /// How many events the run holds.
    public var count: Int { records.count }
    public var isEmpty: Bool { records.isEmpty }

    /// Appends an event: `name` indexes ``Names/services`` (or, for `.arrived`, ``Names/tasks``).
    public mutating func append(_ kind: Record.Kind, ticket: Int, name: Int, clerk: Int, at: Duration) {
        append(kind, ticket: ticket, name: name, clerk: clerk, nanoseconds: Self.nanoseconds(at))
    }

    /// Appends an event at bank time `nanoseconds` (see ``append(_:ticket:name:clerk:at:)``).
    public mutating func append(_ kind: Record.Kind, ticket: Int, name: Int, clerk: Int, nanoseconds: Int64) {
        records.append(
            Record(
                ticket: ticket, at: nanoseconds, name: UInt32(truncatingIfNeeded: name), clerk: Int16(clamping: clerk),
                kind: kind))
    }

    /// `duration` in whole nanoseconds, rounded toward zero and clamped to `Int64`'s range.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        if let whole = duration.wholeUnits(ofAttoseconds: 1_000_000_000), whole <= UInt64(Int64.max) {
            return Int64(whole)
        }
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow || sumOverflow { return seconds < 0 ? .min : .max }
        return total
    }

    /// Makes room for `count` records.
    public mutating func reserve(_ count: Int) {
        records.reserveCapacity(count)
    }

    /// The event `record` stands for.
    public func event(_ record: Record) -> KioskEvent {
        switch record.kind {
        case .arrived:
            return .customerArrived(ticket: record.ticket, task: names.tasks[Int(record.name)])
        case .started:
            let service = names.services[Int(record.name)]
            return .serviceStarted(
                ticket: record.ticket, task: service.task, clerk: Int(record.clerk), at: record.time,
                stage: service.stage, grade: service.grade, desk: service.desk)
        case .finished:
            let service = names.services[Int(record.name)]
            return .serviceFinished(
                ticket: record.ticket, task: service.task, clerk: Int(record.clerk), at: record.time,
                stage: service.stage, grade: service.grade, desk: service.desk)
        }
    }

    /// The run's events, one by one, in order.
    public var events: [KioskEvent] { records.map(event) }

    public static func == (lhs: BankProgress, rhs: BankProgress) -> Bool {
        lhs.events == rhs.events
    }
}
