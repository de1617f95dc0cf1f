import KioskCore

/// The bank as a textbook event-by-event simulation, written apart from the bank: plain
/// arrays and linear scans, no heaps, no actor, no clock. The bank must publish exactly
/// the arrivals, starts and ends this model computes, in the same order.
///
/// The rules it encodes (README "Bank: how customers are served"):
/// - bank time runs only while someone is waiting or in service: it stops at the last
///   service's end and resumes from there when the next customer arrives;
/// - services end in order of end time, equal ends in the order the services started;
/// - at an instant, every service ending then ends, then every customer arriving then
///   (a batch) joins a line, then free clerks take customers;
/// - when a stage ends, the customer moves on (kept by their clerk for a `clerk_stays`
///   stage; served at once by their clerk if it works where the next stage is; else into
///   the next line), and a clerk no longer needed comes free;
/// - free clerks take customers one at a time: of every line with a free clerk, the
///   customer of the best grade, then the lowest ticket, goes to the lowest-numbered free
///   clerk of their place.
struct NetworkModel {
    struct Event: Equatable, CustomStringConvertible {
        enum Kind: String { case arrived, started, finished }
        let kind: Kind
        let ticket: Int
        let task: String
        var stage = ""
        var grade = ""
        var desk = ""
        var clerk = 0
        var at = Duration.zero

        var description: String {
            kind == .arrived
                ? "#\(ticket) arrived (\(task))"
                : "\(at) #\(ticket) \(kind.rawValue) \(task)/\(stage) [\(grade)] at \(desk) clerk \(clerk)"
        }
    }

    private struct Customer {
        let ticket: Int
        let task: Int
        let grade: Int
        var stage = 0
        /// (place, clerk index) of the clerk the customer holds, if any.
        var held: (place: Int, clerk: Int)?
    }

    private struct Service {
        let end: Duration
        let order: Int
        let place: Int
        let clerk: Int
    }

    let setup: KioskConfig.BankSetup
    private let placeIndex: [String: Int]
    /// occupant[place][clerk]: the ticket a clerk serves or is held by.
    private var occupant: [[Int?]]
    private var lines: [[Int]]
    private var customers: [Int: Customer] = [:]
    private var services: [Service] = []
    private var order = 0
    private(set) var events: [Event] = []

    init(setup: KioskConfig.BankSetup) {
        self.setup = setup
        placeIndex = Dictionary(uniqueKeysWithValues: setup.places.enumerated().map { ($1.id, $0) })
        occupant = setup.places.map { Array(repeating: nil, count: $0.clerks) }
        lines = setup.places.map { _ in [] }
    }

    /// Clock time the bank spent idle, which is not bank time.
    /// Clock time during which nobody was at the bank: business time stands still then.
    private(set) var idleTime = Duration.zero
    /// The bank time of the latest service end.
    private var lastEnd = Duration.zero

    /// Customer `ticket` arrives alone at clock time `clock` for task `task` (an index)
    /// with grade `grade` (a rank).
    mutating func arrive(ticket: Int, task: Int, grade: Int, at clock: Duration) {
        arrive([(ticket, task, grade)], at: clock)
    }

    /// A batch of customers arrives at clock time `clock`, all in line before a clerk takes one.
    mutating func arrive(_ batch: [(ticket: Int, task: Int, grade: Int)], at clock: Duration) {
        var time = clock - idleTime
        run(until: time)
        if customers.isEmpty {
            idleTime += time - lastEnd
            time = lastEnd
        }
        for customer in batch {
            customers[customer.ticket] = Customer(ticket: customer.ticket, task: customer.task, grade: customer.grade)
            events.append(Event(kind: .arrived, ticket: customer.ticket, task: setup.tasks[customer.task].id))
            enter(customer.ticket)
        }
        takeCustomers(at: time)
    }

    /// Plays out every instant up to `time` (all of them when nil): the services ending
    /// then end, then free clerks take customers.
    mutating func run(until time: Duration? = nil) {
        while let instant = services.map(\.end).min(), time.map({ instant <= $0 }) ?? true {
            while let next = services.indices.filter({ services[$0].end == instant }).min(by: {
                services[$0].order < services[$1].order
            }) {
                let service = services.remove(at: next)
                end(service)
            }
            takeCustomers(at: instant)
        }
    }

    /// Free clerks take waiting customers, one at a time, best grade then lowest ticket
    /// across all places with a free clerk.
    private mutating func takeCustomers(at time: Duration) {
        while true {
            var best: (place: Int, index: Int, key: (Int, Int))?
            for place in lines.indices where occupant[place].contains(where: { $0 == nil }) {
                for (index, ticket) in lines[place].enumerated() {
                    let key = (customers[ticket]?.grade ?? 0, ticket)
                    if best.map({ key < $0.key }) ?? true { best = (place, index, key) }
                }
            }
            guard let best, let clerk = occupant[best.place].firstIndex(where: { $0 == nil }) else { return }
            let ticket = lines[best.place].remove(at: best.index)
            start(ticket, place: best.place, clerk: clerk, at: time)
        }
    }

    private func stage(of customer: Customer) -> KioskConfig.BankStage {
        setup.tasks[customer.task].stages[customer.stage]
    }

    private mutating func enter(_ ticket: Int) {
        guard let customer = customers[ticket], let place = placeIndex[stage(of: customer).place] else { return }
        lines[place].append(ticket)
    }

    private mutating func start(_ ticket: Int, place: Int, clerk: Int, at time: Duration) {
        guard let customer = customers[ticket] else { return }
        occupant[place][clerk] = ticket
        let end = time + stage(of: customer).serviceTime
        services.append(Service(end: end, order: order, place: place, clerk: clerk))
        order += 1
        events.append(record(.started, customer, place: place, clerk: clerk, at: time))
    }

    private mutating func end(_ service: Service) {
        guard let ticket = occupant[service.place][service.clerk], var customer = customers[ticket] else { return }
        let time = service.end
        lastEnd = max(lastEnd, time)
        events.append(record(.finished, customer, place: service.place, clerk: service.clerk, at: time))
        let ended = stage(of: customer)
        let served: (place: Int, clerk: Int) = (service.place, service.clerk)
        let own: (place: Int, clerk: Int) = ended.clerkStays ? (customer.held ?? served) : served
        var toFree: [(place: Int, clerk: Int)] = ended.clerkStays ? [(service.place, service.clerk)] : []
        customer.stage += 1
        customer.held = nil
        if customer.stage == setup.tasks[customer.task].stages.count {
            customers[ticket] = nil
            toFree.append(own)
        } else {
            let next = stage(of: customer)
            let nextPlace = placeIndex[next.place] ?? -1
            if next.clerkStays {
                customer.held = own
                customers[ticket] = customer
                enter(ticket)
            } else if own.place == nextPlace {
                customers[ticket] = customer
                start(ticket, place: own.place, clerk: own.clerk, at: time)
            } else {
                customers[ticket] = customer
                toFree.append(own)
                enter(ticket)
            }
        }
        for clerk in toFree {
            occupant[clerk.place][clerk.clerk] = nil
        }
    }

    private func record(_ kind: Event.Kind, _ customer: Customer, place: Int, clerk: Int, at time: Duration) -> Event {
        let task = setup.tasks[customer.task]
        return Event(
            kind: kind, ticket: customer.ticket, task: task.id, stage: task.stages[customer.stage].id,
            grade: setup.grades[customer.grade].id, desk: setup.places[place].id, clerk: clerk + 1, at: time)
    }
}

extension Sequence<KioskEvent> {
    /// Arrivals, starts and ends, as the model writes them.
    var modelEvents: [NetworkModel.Event] {
        compactMap { event in
            switch event {
            case .customerArrived(let ticket, let task):
                NetworkModel.Event(kind: .arrived, ticket: ticket, task: task)
            case .serviceStarted(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
                NetworkModel.Event(
                    kind: .started, ticket: ticket, task: task, stage: stage, grade: grade, desk: desk, clerk: clerk,
                    at: at)
            case .serviceFinished(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
                NetworkModel.Event(
                    kind: .finished, ticket: ticket, task: task, stage: stage, grade: grade, desk: desk, clerk: clerk,
                    at: at)
            default:
                nil
            }
        }
    }
}
