import DequeModule
import KioskCore

/// One desk: a task, its clerks, its service time, and its FIFO waiting line.
struct Desk {
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

    /// Drops every customer and starts the clerks afresh.
    mutating func clear() {
        line = []
        busy = []
        served = 0
        clerks = Array(repeating: Clerk(), count: clerks.count)
    }
}
