import DequeModule
import KioskCore

/// One desk: a task, its clerks, its service time, and its FIFO waiting line.
///
/// The per-customer work lives here, on one value, so that a run of services is one
/// mutation of the bank's state rather than one per field.
struct Desk {
    /// What one call of ``endServices(by:budget:bus:)`` did.
    struct Progress {
        /// Services ended.
        var ended = 0
        /// Customers taken from the line by the clerks who finished.
        var taken = 0
        /// The latest service end.
        var latestEnd = Duration.zero
        /// Whether services due by then remain because the budget ran out.
        var isCut = false
    }

    let task: BankTask
    let serviceTime: Duration
    /// Clerk number `n` is `clerks[n - 1]`.
    var clerks: [Clerk]
    /// Customers waiting, lowest ticket first.
    var line: Deque<Customer> = []
    /// Clerks serving someone, in the order their services end. Services start in ticket
    /// order and all take the same time, so they also end in the order they started.
    var busy: Deque<Int> = []
    /// Customers served since the bank opened or was last reset.
    var served = 0

    init(_ config: KioskConfig.Desk) {
        task = BankTask(id: config.task, name: config.name)
        serviceTime = config.serviceTime
        clerks = Array(repeating: Clerk(), count: max(1, config.clerks))
    }

    /// The lowest-numbered clerk without a customer (0-based), if any.
    var firstFreeClerk: Int? {
        guard busy.count < clerks.count else { return nil }
        return clerks.firstIndex { $0.serving == nil }
    }

    /// A customer arrives: the lowest-numbered free clerk takes them at once, or they
    /// join the back of the line.
    /// - Returns: whether a clerk took the customer.
    mutating func receive(_ customer: Customer, bus: EventBus<KioskEvent>) -> Bool {
        bus.publish(.customerArrived(ticket: customer.ticket, task: task.id))
        guard let clerk = firstFreeClerk else {
            line.append(customer)
            return false
        }
        begin(customer, clerk: clerk, at: customer.arrival, bus: bus)
        if clerks[clerk].activity == .waiting {
            clerks[clerk].activity = .woken
        }
        clerks[clerk].bell?.ring()
        return true
    }

    /// Ends, in order, every service that ends by bank time `now` (at most `budget`);
    /// each clerk who finishes takes the next ticket in line.
    mutating func endServices(by now: Duration, budget: Int, bus: EventBus<KioskEvent>) -> Progress {
        var progress = Progress()
        while let clerk = busy.first, clerks[clerk].until <= now {
            guard progress.ended < budget else {
                progress.isCut = true
                break
            }
            busy.removeFirst()
            let end = clerks[clerk].until
            if let customer = clerks[clerk].serving {
                bus.publish(.serviceFinished(ticket: customer.ticket, task: task.id, clerk: clerk + 1, at: end))
            }
            clerks[clerk].serving = nil
            served += 1
            progress.ended += 1
            progress.latestEnd = max(progress.latestEnd, end)
            if let next = line.popFirst() {
                progress.taken += 1
                begin(next, clerk: clerk, at: max(end, next.arrival), bus: bus)
            }
        }
        return progress
    }

    /// Hands `customer` to the free `clerk`; the service ends one service time after `start`.
    private mutating func begin(_ customer: Customer, clerk: Int, at start: Duration, bus: EventBus<KioskEvent>) {
        clerks[clerk].serving = customer
        clerks[clerk].since = start
        clerks[clerk].until = start + serviceTime
        busy.append(clerk)
        bus.publish(.serviceStarted(ticket: customer.ticket, task: task.id, clerk: clerk + 1, at: start))
    }

    /// Drops every customer and starts the clerks afresh.
    mutating func clear() {
        line = []
        busy = []
        served = 0
        clerks = Array(repeating: Clerk(), count: clerks.count)
    }
}
