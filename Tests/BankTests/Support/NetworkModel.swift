import KioskCore

/// The bank as a textbook event-by-event simulation, written apart from the bank: plain
/// arrays and linear scans, no heaps, no actor, no clock. The bank must publish exactly
/// the arrivals, starts and ends this model computes, in the same order.
///
/// The rules it encodes (README "Bank: how customers are served"):
/// - bank time runs only while someone is waiting or in service: it stops at the last
///   service's end and resumes from there when the next customer arrives;
/// - services end in order of end time, equal ends in the order the services started;
/// - at an instant, services ending then end before customers arriving then arrive;
/// - an arriving or moving customer takes the lowest-numbered free clerk of the place, or
///   waits; a freed clerk takes the waiting customer of the best grade, then lowest ticket;
/// - when a stage ends, the customer moves first (kept by their clerk for a `clerk_stays`
///   stage; served at once by their clerk if it works where the next stage is; else into
///   the next line), then the clerk who served the stage, then a clerk the customer no
///   longer holds, take their next customers.
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

    /// Customer `ticket` arrives at clock time `clock` for task `task` (an index) with
    /// grade `grade` (a rank).
    mutating func arrive(ticket: Int, task: Int, grade: Int, at clock: Duration) {
        var time = clock - idleTime
        run(until: time)
        if customers.isEmpty {
            idleTime += time - lastEnd
            time = lastEnd
        }
        customers[ticket] = Customer(ticket: ticket, task: task, grade: grade)
        events.append(Event(kind: .arrived, ticket: ticket, task: setup.tasks[task].id))
        enter(ticket, at: time)
    }

    /// Ends every service that ends by `time` (all of them when nil).
    mutating func run(until time: Duration? = nil) {
        while let next = services.indices.min(by: {
            (services[$0].end, services[$0].order) < (services[$1].end, services[$1].order)
        }), time.map({ services[next].end <= $0 }) ?? true {
            let service = services.remove(at: next)
            end(service)
        }
    }

    private func stage(of customer: Customer) -> KioskConfig.BankStage {
        setup.tasks[customer.task].stages[customer.stage]
    }

    private mutating func enter(_ ticket: Int, at time: Duration) {
        guard let customer = customers[ticket], let place = placeIndex[stage(of: customer).place] else { return }
        if let free = occupant[place].firstIndex(where: { $0 == nil }) {
            start(ticket, place: place, clerk: free, at: time)
        } else {
            lines[place].append(ticket)
        }
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
                enter(ticket, at: time)
            } else if own.place == nextPlace {
                customers[ticket] = customer
                start(ticket, place: own.place, clerk: own.clerk, at: time)
            } else {
                customers[ticket] = customer
                toFree.append(own)
                enter(ticket, at: time)
            }
        }
        for clerk in toFree {
            occupant[clerk.place][clerk.clerk] = nil
            let line = lines[clerk.place]
            guard
                let best = line.indices.min(by: {
                    let a = customers[line[$0]]
                    let b = customers[line[$1]]
                    return (a?.grade ?? 0, line[$0]) < (b?.grade ?? 0, line[$1])
                })
            else { continue }
            let next = lines[clerk.place].remove(at: best)
            start(next, place: clerk.place, clerk: clerk.clerk, at: time)
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
