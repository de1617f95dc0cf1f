/// The books of every stage served since the bank opened (or was last reset): who was
/// served, where, from when to when. `bank export` turns it into one row per customer.
///
/// Kept flat, a few machine words per stage and per customer who left, so that recording
/// costs the service loop an append and nothing else.
struct BankJournal {
    /// One stage served.
    struct Span {
        let ticket: Int
        let start: Int64
        let end: Int64
        let clerk: Int32
        let stage: UInt8
    }

    /// One customer who finished their last stage.
    struct Departure {
        let ticket: Int
        let arrival: Int64
        let route: UInt16
        let grade: UInt8
    }

    private(set) var spans: [Span] = []
    private(set) var departures: [Departure] = []

    mutating func served(_ visitor: Visitor, clerk: Int, from start: Duration, to end: Duration) {
        spans.append(
            Span(
                ticket: visitor.ticket, start: start.clampedNanoseconds, end: end.clampedNanoseconds,
                clerk: Int32(clamping: clerk), stage: UInt8(clamping: visitor.stage)))
    }

    mutating func left(_ visitor: Visitor) {
        departures.append(
            Departure(
                ticket: visitor.ticket, arrival: visitor.arrivalNanoseconds, route: visitor.route, grade: visitor.grade)
        )
    }
}

/// One customer who finished their task: their ticket, task, grade, arrival, and each stage
/// of their route with where it was served and when (bank time).
public struct BankCustomerRecord: Sendable, Equatable {
    /// One stage of the customer's route.
    public struct Stage: Sendable, Equatable {
        /// The stage's id (a one-stage task's stage is named after the task).
        public let stage: String
        /// The desk or office that served it, and the clerk's number there.
        public let desk: String
        public let clerk: Int
        /// When the clerk started and finished it.
        public let start: Duration
        public let end: Duration
    }

    public let ticket: Int
    /// The task's id.
    public let task: String
    /// The grade's id (`regular` in a bank without grades).
    public let grade: String
    /// When the customer arrived.
    public let arrival: Duration
    /// The stages, in route order.
    public let stages: [Stage]
}
