/// Customers dropped by `bank reset` or when the bank shuts down.
public struct BankCancellation: Sendable, Equatable {
    /// Customers who were still in line.
    public let waiting: Int
    /// Customers a clerk was serving.
    public let inService: Int

    init(waiting: Int, inService: Int) {
        self.waiting = waiting
        self.inService = inService
    }

    /// Whether nobody was dropped.
    public var isEmpty: Bool { waiting == 0 && inService == 0 }

    /// "Cancelled 12 waiting and 3 in-service customers."
    public var sentence: String {
        "Cancelled \(waiting) waiting and \(inService) in-service \(inService == 1 ? "customer" : "customers")."
    }
}
