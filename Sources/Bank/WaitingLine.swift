import DequeModule
import HeapModule

/// One desk's or office's waiting line: best grade first, then lowest ticket.
///
/// Each grade keeps two queues: customers who join in ticket order (the usual case: new
/// arrivals) are appended to a deque in O(1); a customer who joins behind a higher ticket
/// (coming back from another stage) goes to a heap. Taking the next customer compares the
/// fronts of the two.
struct WaitingLine {
    private struct GradeQueue {
        var inOrder: Deque<Visitor> = []
        var others = Heap<Visitor>()

        var count: Int { inOrder.count + others.count }

        mutating func push(_ visitor: Visitor) {
            if let last = inOrder.last, last.ticket > visitor.ticket {
                others.insert(visitor)
            } else {
                inOrder.append(visitor)
            }
        }

        mutating func pop() -> Visitor? {
            switch (inOrder.first, others.min) {
            case (let first?, let other?): other < first ? others.popMin() : inOrder.popFirst()
            case (_?, nil): inOrder.popFirst()
            case (nil, _?): others.popMin()
            case (nil, nil): nil
            }
        }

        /// The customer ``pop()`` would take, left in line.
        var first: Visitor? {
            switch (inOrder.first, others.min) {
            case (let first?, let other?): other < first ? other : first
            case (let first?, nil): first
            case (nil, let other?): other
            case (nil, nil): nil
            }
        }

        /// The first `limit` customers, in service order.
        func prefix(_ limit: Int) -> [Visitor] {
            if others.isEmpty { return Array(inOrder.prefix(limit)) }
            let merged = (Array(inOrder.prefix(limit)) + others.unordered).sorted()
            return Array(merged.prefix(limit))
        }
    }

    private var grades: [GradeQueue]
    /// How many customers wait.
    private(set) var count = 0

    /// An empty line for customers of `grades` grades.
    init(grades: Int) {
        self.grades = Array(repeating: GradeQueue(), count: max(1, grades))
    }

    var isEmpty: Bool { count == 0 }

    mutating func push(_ visitor: Visitor) {
        grades[Int(visitor.grade)].push(visitor)
        count += 1
    }

    /// Removes and returns the best-graded, lowest-ticket customer, if any.
    mutating func pop() -> Visitor? {
        guard count > 0 else { return nil }
        for index in grades.indices where grades[index].count > 0 {
            count -= 1
            return grades[index].pop()
        }
        return nil
    }

    /// The best-graded, lowest-ticket customer, left in line.
    var first: Visitor? {
        guard count > 0 else { return nil }
        for queue in grades where queue.count > 0 {
            return queue.first
        }
        return nil
    }

    /// Makes room for `extra` more customers of grade `grade` in ticket order.
    mutating func reserve(_ extra: Int, grade: Int) {
        grades[grade].inOrder.reserveCapacity(grades[grade].inOrder.count + extra)
    }

    /// The first `limit` customers, in the order they will be served.
    func prefix(_ limit: Int) -> [Visitor] {
        var taken: [Visitor] = []
        for queue in grades where taken.count < limit {
            taken += queue.prefix(limit - taken.count)
        }
        return taken
    }
}
