import Foundation
import HeapModule
import KioskCore

/// The desks and offices, their clerks and lines, and the one time-ordered queue of
/// service ends across them: where customers queue, are served, move from stage to stage
/// and leave, in bank time, and the events that tell it.
///
/// It only keeps the books; the ``Bank`` actor decides when time has moved, and wakes
/// clerk tasks through their bells. Services end strictly in ``ServiceSchedule`` order
/// (end time, then start order), so the events never depend on which clerk task wakes first.
///
/// At each instant `t`, in this order:
/// 1. every service ending at `t` ends (in schedule order), and its customer moves on: if
///    the next stage has `clerk_stays`, the customer's clerk stays held and the customer
///    joins the next place's line; else if their clerk works at the next stage's place,
///    that clerk serves it at once; else they join the next place's line, or leave after
///    the last stage; a clerk no longer needed comes free;
/// 2. then every customer arriving at `t` joins the line of their first stage (a batch
///    admitted at once, or announced arrivals that coincide);
/// 3. then free clerks take customers (``dispatch(at:)``): the best grade, then the lowest
///    ticket, across every place that has a free clerk, each taken by the lowest-numbered
///    free clerk of its place.
struct BankFloor {
    /// What one call of ``endServices(by:budget:)`` did.
    struct Progress {
        /// Services ended.
        var ended = 0
        /// Whether services due by then remain because the budget ran out.
        var isCut = false
    }

    let bus: EventBus<KioskEvent>
    let routes: [Route]
    let grades: [BankGrade]
    var points: [ServicePoint]
    var clerks: [Clerk]
    var schedule = ServiceSchedule()
    /// Customers announced to arrive later (`bank add --over`, `--rate`), earliest first.
    var announced = Heap<Announced>()
    /// Customers in a line, at every place.
    var waiting = 0
    /// Customers a clerk is serving.
    var inService = 0
    /// Customers who finished their last stage, per route.
    var completed: [Int]
    /// The latest end of a service so far, in nanoseconds: where business time stops when
    /// the bank idles. The floor keeps bank time in whole nanoseconds (the unit of every
    /// service time and record), converting to `Duration` only where it answers.
    var lastFinishNanoseconds: Int64 = 0
    /// Draws exponential service times.
    var random: SplitMix64
    /// Whether a clerk came free or a customer joined a line since the last
    /// ``dispatch(at:)``: only then can a free clerk have someone to take.
    private var needsDispatch = false
    /// Events not yet published: the floor publishes them in runs (see ``flush()``), which
    /// costs the bus one lock and one wake-up per run instead of per event.
    var outbox: [KioskEvent] = []
    /// The longest run published at once, so a large admission never buffers all its arrivals.
    static let outboxRun = 4_096
    /// Waits per task and grade of the customers who left.
    var statistics: BankStatistics
    /// Every customer who left, with the stages they were served.
    var journal = BankJournal()
    /// Whether the floor keeps its events to itself: a planning replication runs the same
    /// floor thousands of times, and nobody listens to it.
    var isSilent = false
    /// What the records of a run name by index: every stage of every route for every grade
    /// (route `r`'s stage `s` for grade `g` at `serviceBase[r] + s * grades.count + g`), and
    /// the tasks.
    let progressNames: BankProgress.Names
    let serviceBase: [Int]
    /// Progress not yet published, as records, where every subscriber takes runs (see
    /// ``EventBus/publish(run:weight:expanded:)``); events published one by one wait in
    /// ``outbox`` instead. At most one of the two holds anything, so the order holds.
    var run: BankProgress
    /// Whether anyone takes arrivals, asked with the first arrival since the last flush: a
    /// text transcript takes none, and a crowd of a million would otherwise queue them all.
    var arrivalsHeard: Bool?
    /// Whether some mailbox takes service events, and the bus's ``EventBus/subscriptions`` when
    /// it was asked: the answer holds until a mailbox subscribes (what a mailbox accepts never
    /// changes), so a bank nobody watches builds no event per service.
    var servicesHeard: (subscriptions: Int, heard: Bool)?

    init(setup: KioskConfig.BankSetup, bus: EventBus<KioskEvent>, seed: UInt64) {
        self.bus = bus
        grades = setup.grades.map { BankGrade(id: $0.id, name: $0.name) }
        var points: [ServicePoint] = []
        var clerks: [Clerk] = []
        for (index, place) in setup.places.enumerated() {
            let classic = setup.tasks.first {
                $0.id == place.id && $0.stages.count == 1 && $0.stages[0].place == place.id
            }
            points.append(
                ServicePoint(
                    place: place, serviceTime: classic?.stages[0].serviceTime ?? .zero, firstClerk: clerks.count,
                    clerkCount: place.clerks, line: WaitingLine(grades: setup.grades.count)))
            for number in 1...max(1, place.clerks) {
                clerks.append(Clerk(point: index, number: number))
            }
        }
        self.points = points
        self.clerks = clerks
        let placeIndex = Dictionary(
            setup.places.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        routes = setup.tasks.map { task in
            Route(
                task: BankTask(id: task.id, name: task.name), share: task.share,
                stages: task.stages.map { stage in
                    Route.Stage(
                        id: stage.id, place: placeIndex[stage.place] ?? 0, serviceTime: stage.serviceTime,
                        clerkStays: stage.clerkStays, isExponential: stage.timing == .exponential)
                })
        }
        var services: [BankProgress.Service] = []
        var bases: [Int] = []
        for route in routes {
            bases.append(services.count)
            for stage in route.stages {
                for grade in grades {
                    services.append(
                        BankProgress.Service(
                            task: route.task.id, stage: stage.id, grade: grade.id, desk: points[stage.place].place.id))
                }
            }
        }
        serviceBase = bases
        progressNames = BankProgress.Names(services: services, tasks: routes.map(\.task.id))
        run = BankProgress(names: progressNames)
        completed = Array(repeating: 0, count: setup.tasks.count)
        random = SplitMix64(seed: seed)
        statistics = BankStatistics(tasks: setup.tasks.count, grades: grades.count)
    }

    /// Whether nobody is waiting, in service, or announced.
    var isEmpty: Bool { waiting == 0 && inService == 0 && announced.isEmpty }

    /// The latest end of a service so far.
    var lastFinish: Duration { .nanoseconds(lastFinishNanoseconds) }

    /// The bank time of the next announced arrival, if any.
    var nextArrival: Duration? { announced.min?.visitor.arrival }

    /// ``nextArrival`` in nanoseconds.
    private var nextArrivalNanoseconds: Int64? { announced.min?.visitor.arrivalNanoseconds }

    /// Announces `visitor`, who arrives at `visitor.arrival` (later than now).
    mutating func announce(_ visitor: Visitor) {
        announced.insert(Announced(visitor: visitor))
    }

    /// A customer arrives: they join the line of their task's first stage; a clerk takes
    /// them at the next ``dispatch(at:)``, once everyone arriving at the instant is in line.
    mutating func receive(_ visitor: Visitor) {
        if isHeard {
            let task = routes[Int(visitor.route)].task.id
            if !bus.everySubscriberTakesRuns {
                emit(.customerArrived(ticket: visitor.ticket, task: task))
            } else if takesArrivals(.customerArrived(ticket: visitor.ticket, task: task)) {
                record(
                    .arrived, ticket: visitor.ticket, name: Int(visitor.route), clerk: 0,
                    nanoseconds: visitor.arrivalNanoseconds)
            }
        }
        var visitor = visitor
        visitor.waitBalance = -visitor.arrivalNanoseconds
        enter(visitor)
    }

    /// `visitors` arrive, in order, as ``receive(_:)`` receives each.
    mutating func receive(contentsOf visitors: [Visitor]) {
        for visitor in visitors { receive(visitor) }
    }

    /// Plays out every instant up to bank time `now`: at each, the services ending then end
    /// (in schedule order), then the announced customers arriving then arrive, then free
    /// clerks take the next customers. At most `budget` services and arrivals, counted
    /// between instants: an instant is never cut in two.
    mutating func endServices(by now: Duration, budget: Int) -> Progress {
        let now = now.clampedNanoseconds
        var progress = Progress()
        while progress.ended < budget, let instant = nextInstant, instant <= now {
            while let service = schedule.popNext(endingByNanoseconds: instant) {
                end(service)
                progress.ended += 1
            }
            while let arrival = nextArrivalNanoseconds, arrival <= instant, let announced = announced.popMin() {
                lastFinishNanoseconds = max(lastFinishNanoseconds, arrival)
                receive(announced.visitor)
                progress.ended += 1
            }
            dispatch(atNanoseconds: instant)
        }
        if progress.ended >= budget, let instant = nextInstant, instant <= now {
            progress.isCut = true
        }
        return progress
    }

    /// The next instant a service ends or an announced customer arrives, if any.
    private var nextInstant: Int64? {
        switch (schedule.next?.endNanoseconds, nextArrivalNanoseconds) {
        case (let end?, let arrival?): min(end, arrival)
        case (let end?, nil): end
        case (nil, let arrival?): arrival
        case (nil, nil): nil
        }
    }

    /// Free clerks take the customers waiting for them, at bank time `time`: the best grade,
    /// then the lowest ticket, across every place with a free clerk; the lowest-numbered
    /// free clerk of the customer's place takes them.
    mutating func dispatch(at time: Duration) {
        dispatch(atNanoseconds: time.clampedNanoseconds)
    }

    /// ``dispatch(at:)`` at bank time `time` in nanoseconds.
    private mutating func dispatch(atNanoseconds time: Int64) {
        guard needsDispatch else { return }
        needsDispatch = false
        while true {
            // The place whose first customer goes first: only its grade and ticket are kept.
            var point = -1
            var grade: UInt8 = 0
            var ticket = 0
            for index in points.indices where points[index].busy < points[index].clerkCount {
                guard let first = points[index].line.first else { continue }
                if point >= 0, (grade, ticket) <= (first.grade, first.ticket) { continue }
                (point, grade, ticket) = (index, first.grade, first.ticket)
            }
            guard point >= 0 else { return }
            var clerk = -1
            for index in points[point].clerks where clerks[index].duty == .free {
                clerk = index
                break
            }
            guard clerk >= 0, let visitor = points[point].line.pop() else { return }
            waiting -= 1
            begin(visitor, clerk: clerk, at: time)
        }
    }

    /// The tickets of everyone at the bank (in a line, at a clerk, or announced to arrive),
    /// per task in route order; tasks nobody holds a ticket for are left out.
    var heldTickets: [TaskTickets] {
        var byRoute = Array(repeating: [Int](), count: routes.count)
        var seen: Set<Int> = []
        func note(_ visitor: Visitor) {
            // A customer holding one clerk while served by another is counted once.
            guard Int(visitor.route) < routes.count, seen.insert(visitor.ticket).inserted else { return }
            byRoute[Int(visitor.route)].append(visitor.ticket)
        }
        for point in points {
            for visitor in point.line.prefix(point.line.count) { note(visitor) }
        }
        for clerk in clerks where clerk.duty != .free { note(clerk.visitor) }
        for entry in announced.unordered { note(entry.visitor) }
        return zip(routes, byRoute).compactMap { route, tickets in
            tickets.isEmpty ? nil : TaskTickets(task: route.task.id, tickets: tickets)
        }
    }

    /// Drops every customer (announced ones too) and starts the clerks afresh.
    /// - Returns: how many were waiting, in service and still to arrive.
    mutating func clear() -> BankCancellation {
        flush()
        let cancelled = BankCancellation(waiting: waiting, inService: inService, toArrive: announced.count)
        for index in points.indices {
            points[index].clear(grades: grades.count)
        }
        clerks = clerks.map { Clerk(point: $0.point, number: $0.number) }
        schedule.removeAll()
        announced = Heap()
        waiting = 0
        inService = 0
        needsDispatch = false
        lastFinishNanoseconds = 0
        completed = Array(repeating: 0, count: routes.count)
        statistics = BankStatistics(tasks: routes.count, grades: grades.count)
        journal = BankJournal()
        return cancelled
    }

    /// The customers who left since the bank opened or was last reset, in ticket order,
    /// each with the stages they were served.
    var departedCustomers: [BankCustomerRecord] {
        journal.departures.map { departure in
            let route = routes[departure.route]
            let stages = departure.spans.enumerated().map { index, span in
                let stage = route.stages[min(index, route.stages.count - 1)]
                return BankCustomerRecord.Stage(
                    stage: stage.id, desk: points[stage.place].place.id, clerk: span.clerk,
                    start: .nanoseconds(span.start), end: .nanoseconds(span.end))
            }
            return BankCustomerRecord(
                ticket: departure.ticket, task: route.task.id, grade: grades[departure.grade].id,
                arrival: .nanoseconds(departure.arrival), stages: stages)
        }
    }

    /// The customer a clerk serves or is held by, as the public type.
    func customer(_ visitor: Visitor) -> Customer {
        Customer(
            ticket: visitor.ticket, task: routes[Int(visitor.route)].task, arrival: visitor.arrival,
            grade: grades[Int(visitor.grade)], stage: Int(visitor.stage))
    }

    // MARK: - Moving customers

    /// `visitor` joins the line of the place of its current stage, until the next
    /// ``dispatch(at:)`` hands them to a clerk.
    private mutating func enter(_ visitor: Visitor) {
        let point = routes[Int(visitor.route)].stages[Int(visitor.stage)].place
        points[point].line.push(visitor)
        waiting += 1
        needsDispatch = true
    }

    private mutating func end(_ service: ServiceSchedule.Entry) {
        let clerk = points[service.desk].firstClerk + service.clerk
        let visitor = clerks[clerk].visitor
        // Fields read in place rather than copying the route: a copy retains its strings
        // and stages on every service end.
        let route = Int(visitor.route)
        let stageCount = routes[route].stages.count
        let clerkStays = routes[route].stages[Int(visitor.stage)].clerkStays
        let time = service.endNanoseconds
        // The serving clerk's `since` is this stage's start (see begin(_:clerk:at:)). A silent
        // floor (a planning replication) keeps no books nobody will export.
        if !isSilent {
            journal.served(
                visitor, clerk: clerks[clerk].number, from: clerks[clerk].sinceNanoseconds, to: time,
                leaving: Int(visitor.stage) + 1 == stageCount)
        }
        publish(visitor, clerk: clerk, at: time, started: false)
        inService -= 1
        if routes[route].stages[Int(visitor.stage)].isLastAtPlace { points[service.desk].served += 1 }
        if time > lastFinishNanoseconds { lastFinishNanoseconds = time }

        // The customer's clerk after this stage: the one who served it, unless it was
        // served while another clerk stayed with the customer.
        let own = clerkStays && visitor.heldClerk >= 0 ? Int(visitor.heldClerk) : clerk
        // Released in this order: the serving clerk when it was not the customer's own, then
        // the customer's own clerk when the customer leaves it.
        let releasesServer = own != clerk
        var releasesOwn = false
        var next = visitor
        next.stage += 1
        next.waitBalance &-= time
        if Int(next.stage) == stageCount {
            completed[route] += 1
            statistics.record(visitor)
            releasesOwn = true
        } else {
            let nextPlace = routes[route].stages[Int(next.stage)].place
            if routes[route].stages[Int(next.stage)].clerkStays {
                next.heldClerk = Int32(own)
                let point = clerks[own].point
                points[point].busyNanoseconds += time - clerks[own].sinceNanoseconds
                clerks[own].duty = .holding
                clerks[own].visitor = next
                clerks[own].sinceNanoseconds = time
                enter(next)
            } else if clerks[own].point == nextPlace {
                next.heldClerk = -1
                begin(next, clerk: own, at: time)
            } else {
                next.heldClerk = -1
                releasesOwn = true
                enter(next)
            }
        }
        if releasesServer { release(clerk, at: time) }
        if releasesOwn { release(own, at: time) }
    }

    /// `clerk` is no longer needed by its customer: it comes free, and takes the next
    /// customer at the instant's ``dispatch(at:)``.
    private mutating func release(_ clerk: Int, at time: Int64) {
        let point = clerks[clerk].point
        points[point].busyNanoseconds += time - clerks[clerk].sinceNanoseconds
        clerks[clerk].duty = .free
        points[point].busy -= 1
        needsDispatch = true
    }

    /// Hands `visitor` to `clerk` (free, or the customer's own) for its current stage,
    /// waking the clerk's task if it is parked.
    private mutating func begin(_ visitor: Visitor, clerk: Int, at start: Int64) {
        let point = clerks[clerk].point
        if clerks[clerk].duty == .free {
            points[point].busy += 1
        } else {
            // The customer's own clerk goes on; its busy time counts from when it took them.
            points[point].busyNanoseconds += start - clerks[clerk].sinceNanoseconds
        }
        clerks[clerk].sinceNanoseconds = start
        // Bank time is far below Int64's 292 years: services end at most a day after they
        // start, and arrivals come within a week.
        let end = start &+ serviceNanoseconds(route: Int(visitor.route), stage: Int(visitor.stage))
        var visitor = visitor
        visitor.waitBalance &+= start
        clerks[clerk].duty = .serving
        clerks[clerk].visitor = visitor
        clerks[clerk].untilNanoseconds = end
        inService += 1
        schedule.add(desk: point, clerk: clerk - points[point].firstClerk, endNanoseconds: end)
        publish(visitor, clerk: clerk, at: start, started: true)
        if case .waiting = clerks[clerk].activity {
            clerks[clerk].activity = .woken
            clerks[clerk].bell?.ring()
        }
    }

    private mutating func serviceNanoseconds(route: Int, stage: Int) -> Int64 {
        let mean = routes[route].stages[stage].serviceNanoseconds
        guard routes[route].stages[stage].isExponential, mean > 0 else { return mean }
        return Self.exponential(meanNanoseconds: mean, bits: random.next())
    }

    /// A draw from the exponential distribution with `mean`, to the nanosecond, made from 64
    /// random `bits` by inverse transform: -mean × ln(U) for U in (0, 1]. Capped at 50 means
    /// (a chance of e^-50), so that a draw stays within the configured bounds' arithmetic.
    static func exponential(mean: Duration, bits: UInt64) -> Duration {
        let (seconds, attoseconds) = mean.components
        return .nanoseconds(exponential(seconds: seconds, attoseconds: attoseconds, bits: bits))
    }

    /// ``exponential(mean:bits:)`` of a mean in whole nanoseconds (not negative), in
    /// nanoseconds: the same draw to the bit, from the mean's seconds and attoseconds.
    static func exponential(meanNanoseconds mean: Int64, bits: UInt64) -> Int64 {
        exponential(seconds: mean / 1_000_000_000, attoseconds: mean % 1_000_000_000 * 1_000_000_000, bits: bits)
    }

    private static func exponential(seconds: Int64, attoseconds: Int64, bits: UInt64) -> Int64 {
        let uniform = (Double(bits >> 11) + 1) / 9_007_199_254_740_992
        let factor = min(-log(uniform), 50)
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return Int64((nanoseconds * factor).rounded())
    }
}
