import Bank
import KioskCore

/// What one frame of `bank watch` shows, taken from a ``BankStatus``: the business timer,
/// every station (a desk today; an office, once the bank has them) with its clerks and its
/// waiting line, and the latest events.
///
/// The model holds values only; ``BankBoardLayout`` decides where they go on screen.
public struct BankBoard: Sendable, Equatable {
    /// A customer in a line or at a clerk.
    public struct Customer: Sendable, Equatable {
        public var ticket: Int
        /// The task's id, which picks the colour.
        public var task: String
        /// The task's display name.
        public var taskName: String
        /// The customer's grade (VVIP, VIP, ...), once the bank has grades.
        public var grade: String?

        public init(ticket: Int, task: String, taskName: String, grade: String? = nil) {
            self.ticket = ticket
            self.task = task
            self.taskName = taskName
            self.grade = grade
        }
    }

    /// One clerk and whom it serves.
    public struct Clerk: Sendable, Equatable {
        public var number: Int
        public var serving: Customer?
        /// How far the service has come, from 0 to 1.
        public var progress: Double
        /// Bank time left until the service ends.
        public var remaining: Duration
    }

    /// Where customers wait and are served.
    public struct Station: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A desk that customers queue at.
            case desk
            /// An office that clerks send work to (a head office reviewing loans).
            case office
        }

        public var kind: Kind
        /// The task id that colours the station's title.
        public var task: String
        public var name: String
        public var serviceTime: Duration
        public var served: Int
        public var clerks: [Clerk]
        /// How many customers wait in all.
        public var waitingCount: Int
        /// The first of them, in service order.
        public var waiting: [Customer]
    }

    public var isOpen: Bool
    public var businessTime: Duration
    public var stations: [Station]
    /// The latest event lines, oldest first.
    public var events: [String]

    /// The board for `status`, with `events` in the footer.
    public init(status: BankStatus, events: [String] = []) {
        isOpen = status.isOpen
        businessTime = status.businessTime
        self.events = events
        let now = status.businessTime
        stations = status.desks.map { desk in
            let customer = { (ticket: Int) in
                Customer(ticket: ticket, task: desk.task.id, taskName: desk.task.name)
            }
            return Station(
                kind: .desk, task: desk.task.id, name: desk.task.name, serviceTime: desk.serviceTime,
                served: desk.served,
                clerks: desk.clerks.map { clerk in
                    let length = clerk.until - clerk.since
                    let done = now - clerk.since
                    let progress: Double =
                        clerk.serving == nil ? 0 : length <= .zero ? 1 : min(1, max(0, done / length))
                    return Clerk(
                        number: clerk.number,
                        serving: clerk.serving.map {
                            Customer(ticket: $0.ticket, task: $0.task.id, taskName: $0.task.name)
                        },
                        progress: progress, remaining: clerk.serving == nil ? .zero : max(.zero, clerk.until - now))
                },
                waitingCount: desk.waiting, waiting: desk.nextTickets.map(customer))
        }
    }

    public var waiting: Int { stations.reduce(0) { $0 + $1.waitingCount } }
    public var inService: Int { stations.reduce(0) { $0 + $1.clerks.count { $0.serving != nil } } }
    public var served: Int { stations.reduce(0) { $0 + $1.served } }
}
