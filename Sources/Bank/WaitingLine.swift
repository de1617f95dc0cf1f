import DequeModule
import HeapModule

/// One desk's or office's waiting line: best grade first, then lowest ticket.
///
/// Each grade keeps two queues: customers who join in ticket order (the usual case: new
/// arrivals) are appended to a deque in O(1); a customer who joins behind a higher ticket
/// (coming back from another stage) goes to a heap. Taking the next customer compares the
/// fronts of the two. The deque is kept in chunks that are freed as the line moves on, so a
/// crowd admitted at once gives its memory back as it is served.
struct WaitingLine {
    private struct GradeQueue {
        var inOrder = ChunkedQueue<Visitor>()
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
            if others.isEmpty { return inOrder.prefix(limit) }
            let merged = (inOrder.prefix(limit) + others.unordered).sorted()
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
        // By index: a `for queue in grades` loop copies each grade's queue, retaining its
        // storage, once per customer a clerk takes.
        for index in grades.indices where grades[index].count > 0 {
            return grades[index].first
        }
        return nil
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

/// A first-in, first-out queue kept in chunks of ``chunkSize`` elements: each chunk but the
/// last is freed once its last element is taken, and none is ever copied to grow.
struct ChunkedQueue<Element> {
    /// 32 KiB of 32-byte visitors: the size of ``ChunkedWords``' chunks, so that the books
    /// of served customers reuse what a draining line frees.
    static var chunkSize: Int { 1_024 }

    private var chunks = Deque<ContiguousArray<Element>>()
    /// Where the first element lies in the first chunk.
    private var head = 0
    private(set) var count = 0

    var first: Element? { count > 0 ? chunks[0][head] : nil }
    var last: Element? { count > 0 ? chunks[chunks.count - 1].last : nil }

    mutating func append(_ element: Element) {
        if chunks.isEmpty {
            // A line that stays short never takes a whole chunk.
            chunks.append([])
        } else if chunks[chunks.count - 1].count == Self.chunkSize {
            var chunk = ContiguousArray<Element>()
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = chunks[0][head]
        head += 1
        count -= 1
        if head == chunks[0].count {
            head = 0
            if chunks.count > 1 {
                chunks.removeFirst()
            } else {
                // The line is empty: its one chunk stays for the next customers.
                chunks[0].removeAll(keepingCapacity: true)
            }
        }
        return element
    }

    /// The first `limit` elements, in order.
    func prefix(_ limit: Int) -> [Element] {
        var taken: [Element] = []
        var start = head
        for chunk in chunks where taken.count < limit {
            taken += chunk[start..<min(chunk.count, start + limit - taken.count)]
            start = 0
        }
        return taken
    }
}
