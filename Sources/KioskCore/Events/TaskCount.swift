/// A count of customers for one task.
public struct TaskCount: Sendable, Equatable {
    /// The task's id: `deposit`.
    public let task: String
    /// How many customers.
    public let count: Int

    /// `count` customers for `task`.
    public init(task: String, count: Int) {
        self.task = task
        self.count = count
    }
}
