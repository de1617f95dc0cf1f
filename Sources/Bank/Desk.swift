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
    /// How many clerks are serving someone.
    var inService = 0
    /// Customers served since the bank opened or was last reset.
    var served = 0

    /// A desk as the config describes it, which ``ConfigParser`` has validated
    /// (at least one clerk, a service time that is not negative).
    init(_ config: KioskConfig.Desk) {
        task = BankTask(id: config.task, name: config.name)
        serviceTime = config.serviceTime
        clerks = Array(repeating: Clerk(), count: config.clerks)
    }

    /// The lowest-numbered clerk without a customer (0-based), if any.
    var firstFreeClerk: Int? {
        guard inService < clerks.count else { return nil }
        return clerks.firstIndex { $0.serving == nil }
    }

    /// Drops every customer and starts the clerks afresh.
    mutating func clear() {
        line = []
        inService = 0
        served = 0
        clerks = Array(repeating: Clerk(), count: clerks.count)
    }
}
