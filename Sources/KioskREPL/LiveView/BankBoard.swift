import Bank
import KioskCore

/// The bank's customer, as the board's own ``BankBoard/Customer`` shadows the name.
typealias BankCustomer = Customer

/// What one frame of `bank watch` shows, taken from a ``BankStatus``: the business timer and
/// the session's counts, every desk and office with its clerks and its waiting line, and the
/// latest events.
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
        /// The customer's grade (VVIP, VIP, ...), in a bank with grades.
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
        /// While the clerk is held by `serving` as another place serves a stage of theirs:
        /// that stage's name (the head office's `review`); nil otherwise.
        public var heldFor: String? = nil
    }

    /// One task's service times at a station: a time per stage of the task served there.
    public struct ServiceTimes: Sendable, Equatable {
        /// The task's display name.
        public var task: String
        public var times: [Duration]
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
        /// The time of one service, when the station serves one task in one stage.
        public var serviceTime: Duration
        /// Each task served here and its times, when the station serves several tasks or
        /// stages; empty otherwise.
        public var services: [ServiceTimes] = []
        /// Customers served here (not stages).
        public var served: Int
        public var clerks: [Clerk]
        /// How many customers wait in all.
        public var waitingCount: Int
        /// The first of them, in service order.
        public var waiting: [Customer]
    }

    /// How the board names what the bank's ids stand for: the presenter's names, in the
    /// language of the session.
    public struct Names: Sendable {
        /// A task's display name, from its id; nil leaves the name the bank gave.
        public var task: @Sendable (String) -> String?
        /// A desk's or office's display name.
        public var place: @Sendable (KioskConfig.BankPlace) -> String
        /// A grade's display name, or nil in a bank without grades.
        public var grade: @Sendable (BankGrade) -> String?
        /// The display name of stage `index` of `task`.
        public var stage: @Sendable (_ task: String, _ index: Int) -> String?

        /// Names from the config's own display names, grades left out: for a bank without
        /// grades, or a board drawn outside a session.
        public init(
            task: @escaping @Sendable (String) -> String? = { _ in nil },
            place: @escaping @Sendable (KioskConfig.BankPlace) -> String = { $0.name },
            grade: @escaping @Sendable (BankGrade) -> String? = { _ in nil },
            stage: @escaping @Sendable (String, Int) -> String? = { _, _ in nil }
        ) {
            self.task = task
            self.place = place
            self.grade = grade
            self.stage = stage
        }
    }

    public var isOpen: Bool
    public var businessTime: Duration
    public var stations: [Station]
    /// The latest event lines, oldest first.
    public var events: [String]
    /// Customers waiting, in service, served and still to arrive: the session's counts.
    public var waiting: Int
    public var inService: Int
    public var served: Int
    public var toArrive: Int

    /// The board for `status`, with `events` in the footer, named by `names`.
    public init(status: BankStatus, events: [String] = [], names: Names = Names()) {
        isOpen = status.isOpen
        businessTime = status.businessTime
        self.events = events
        waiting = status.waiting
        inService = status.inService
        served = status.served
        toArrive = status.toArrive
        let now = status.businessTime
        func taskName(_ task: BankTask) -> String { names.task(task.id) ?? task.name }
        func customer(_ customer: BankCustomer) -> Customer {
            Customer(
                ticket: customer.ticket, task: customer.task.id, taskName: taskName(customer.task),
                grade: names.grade(customer.grade))
        }
        stations = status.desks.map { desk in
            // A desk serving one task in one stage shows its time; others, each task's times.
            var services: [ServiceTimes] = []
            if desk.services.count > 1 {
                for service in desk.services {
                    if let last = services.indices.last, services[last].task == service.task {
                        services[last].times.append(service.serviceTime)
                    } else {
                        services.append(ServiceTimes(task: service.task, times: [service.serviceTime]))
                    }
                }
                services = services.map { ServiceTimes(task: names.task($0.task) ?? $0.task, times: $0.times) }
            }
            return Station(
                kind: desk.place.kind == .office ? .office : .desk, task: desk.place.id, name: names.place(desk.place),
                serviceTime: desk.serviceTime, services: services, served: desk.served,
                clerks: desk.clerks.map { clerk in
                    let length = clerk.until - clerk.since
                    let done = now - clerk.since
                    let progress: Double =
                        clerk.serving == nil || clerk.isHolding
                        ? 0 : length <= .zero ? 1 : min(1, max(0, done / length))
                    return Clerk(
                        number: clerk.number, serving: clerk.serving.map(customer), progress: progress,
                        remaining: clerk.serving == nil || clerk.isHolding ? .zero : max(.zero, clerk.until - now),
                        heldFor: clerk.isHolding
                            ? clerk.serving.map { names.stage($0.task.id, $0.stage) ?? taskName($0.task) } : nil)
                },
                waitingCount: desk.waiting, waiting: desk.nextCustomers.map(customer))
        }
    }
}
