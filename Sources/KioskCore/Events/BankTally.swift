/// What a bank has done since it opened (or was last reset).
public struct BankTally: Sendable, Equatable {
    /// Customers served, per task, in the configured desk order.
    public let servedByTask: [TaskCount]
    /// Bank time during which a customer was waiting or in service.
    public let businessTime: Duration

    /// A tally of customers served per task in `businessTime`.
    public init(servedByTask: [TaskCount], businessTime: Duration) {
        self.servedByTask = servedByTask
        self.businessTime = businessTime
    }

    /// Customers served in all.
    public var served: Int { servedByTask.reduce(0) { $0 + $1.count } }
}
