import DequeModule
import KioskCore

/// The desks and the one time-ordered queue of service ends across them: where customers
/// queue, are served and leave, in bank time, and the events that tell it.
///
/// It only keeps the books; the ``Bank`` actor decides when time has moved, and wakes
/// clerk tasks through their bells. Services end strictly in ``ServiceSchedule`` order
/// (end time, then start order), so the events never depend on which clerk task wakes first.
struct BankFloor {
    /// What one call of ``endServices(by:budget:)`` did.
    struct Progress {
        /// Services ended.
        var ended = 0
        /// Whether services due by then remain because the budget ran out.
        var isCut = false
    }

    let bus: EventBus<KioskEvent>
    var desks: [Desk]
    var schedule = ServiceSchedule()
    /// Customers in a line, at every desk.
    var waiting = 0
    /// Customers a clerk is serving, at every desk.
    var inService = 0
    /// The latest end of a service so far: where business time stops when the bank idles.
    var lastFinish = Duration.zero

    init(desks: [Desk], bus: EventBus<KioskEvent>) {
        self.desks = desks
        self.bus = bus
    }

    /// Whether nobody is waiting or in service.
    var isEmpty: Bool { waiting == 0 && inService == 0 }

    /// A customer arrives at `desk`: the lowest-numbered free clerk takes them at once, or
    /// they join the back of the line.
    mutating func receive(_ customer: Customer, desk: Int) {
        bus.publish(.customerArrived(ticket: customer.ticket, task: customer.task.id))
        guard let clerk = desks[desk].firstFreeClerk else {
            desks[desk].line.append(customer)
            waiting += 1
            return
        }
        begin(customer, desk: desk, clerk: clerk, at: customer.arrival)
    }

    /// Ends, in schedule order, every service that ends by bank time `now` (at most
    /// `budget`); each clerk who finishes takes the next ticket of its desk's line.
    mutating func endServices(by now: Duration, budget: Int) -> Progress {
        var progress = Progress()
        while progress.ended < budget, let service = schedule.popNext(endingBy: now) {
            end(service)
            progress.ended += 1
        }
        if progress.ended == budget, let next = schedule.next, next.end <= now {
            progress.isCut = true
        }
        return progress
    }

    /// The tickets of everyone waiting or in service, per task in desk order; tasks
    /// nobody holds a ticket for are left out.
    var heldTickets: [TaskTickets] {
        desks.compactMap { desk in
            let held = desk.line.map(\.ticket) + desk.clerks.compactMap { $0.serving?.ticket }
            return held.isEmpty ? nil : TaskTickets(task: desk.task.id, tickets: held)
        }
    }

    /// Drops every customer and starts the clerks afresh.
    /// - Returns: how many were waiting and in service.
    mutating func clear() -> BankCancellation {
        let cancelled = BankCancellation(waiting: waiting, inService: inService)
        for index in desks.indices {
            desks[index].clear()
        }
        schedule.removeAll()
        waiting = 0
        inService = 0
        lastFinish = .zero
        return cancelled
    }

    private mutating func end(_ service: ServiceSchedule.Entry) {
        let (desk, clerk) = (service.desk, service.clerk)
        if let customer = desks[desk].clerks[clerk].serving {
            bus.publish(
                .serviceFinished(ticket: customer.ticket, task: customer.task.id, clerk: clerk + 1, at: service.end))
        }
        desks[desk].clerks[clerk].serving = nil
        desks[desk].inService -= 1
        desks[desk].served += 1
        inService -= 1
        if service.end > lastFinish { lastFinish = service.end }
        if let next = desks[desk].line.popFirst() {
            waiting -= 1
            begin(next, desk: desk, clerk: clerk, at: max(service.end, next.arrival))
        }
    }

    /// Hands `customer` to the free `clerk` of `desk`, waking its task if it is parked;
    /// the service ends one service time after `start`.
    private mutating func begin(_ customer: Customer, desk: Int, clerk: Int, at start: Duration) {
        let end = start + desks[desk].serviceTime
        desks[desk].clerks[clerk].serving = customer
        desks[desk].clerks[clerk].since = start
        desks[desk].clerks[clerk].until = end
        desks[desk].inService += 1
        inService += 1
        schedule.add(desk: desk, clerk: clerk, end: end)
        bus.publish(.serviceStarted(ticket: customer.ticket, task: customer.task.id, clerk: clerk + 1, at: start))
        if desks[desk].clerks[clerk].activity == .waiting {
            desks[desk].clerks[clerk].activity = .woken
            desks[desk].clerks[clerk].bell?.ring()
        }
    }
}
