/// Everything the kiosk announces on its ``EventBus``.
///
/// The names mirror the JSON Lines contract (`stock_changed`, `juice_served`, ...);
/// new cases may be added, existing ones are never renamed.
public enum KioskEvent: Sendable, Equatable {
    /// One fruit's stock changed from `old` to `new`.
    case stockChanged(fruit: String, old: Int, new: Int)
    /// An order was taken.
    case juiceServed(juice: String, count: Int)
    /// An order was refused; nothing was taken.
    case orderRefused(juice: String, count: Int, shortages: [Shortage])
    /// A juice can no longer be made from the current stock.
    case juiceSoldOut(juice: String, name: String, shortages: [Shortage])
    /// A juice that was sold out can be made again.
    case juiceAvailable(juice: String, name: String)

    /// A customer took a ticket and joined a desk's line.
    case customerArrived(ticket: Int, task: String)
    /// A clerk started serving a customer, at bank time `at`.
    case serviceStarted(ticket: Int, task: String, clerk: Int, at: Duration)
    /// A clerk finished serving a customer, at bank time `at`.
    case serviceFinished(ticket: Int, task: String, clerk: Int, at: Duration)
    /// No customer is waiting or in service any more.
    case bankIdle(BankTally)
    /// All service was cancelled and the bank's timer and tickets start over.
    case bankReset
}
