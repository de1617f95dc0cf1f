import HeapModule

/// Every service in progress, across all desks, in the order the services end: the one
/// place the bank learns which service ends next.
///
/// Services that end at the same instant end in the order they started, whichever desk
/// they belong to, so a run of equal instants always plays out the same way.
struct ServiceSchedule {
    /// One service in progress: where it is and when it ends.
    struct Entry: Comparable {
        /// The bank time the service ends.
        let end: Duration
        /// Which service started earlier; breaks ties between equal ends.
        let order: UInt64
        /// The desk (0-based) and clerk (0-based) serving.
        let desk: Int
        let clerk: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.end, lhs.order) < (rhs.end, rhs.order)
        }
    }

    private var heap = Heap<Entry>()
    /// The order the next service to start gets; 2^64 services are beyond any run.
    private var nextOrder: UInt64 = 0

    /// How many services are in progress.
    var count: Int { heap.count }

    /// The service that ends first, if any.
    var next: Entry? { heap.min }

    /// Adds the service of `clerk` at `desk`, which ends at `end`; it started after every
    /// service added before it.
    mutating func add(desk: Int, clerk: Int, end: Duration) {
        heap.insert(Entry(end: end, order: nextOrder, desk: desk, clerk: clerk))
        nextOrder += 1
    }

    /// Removes and returns the service that ends first, if it ends by `now`.
    mutating func popNext(endingBy now: Duration) -> Entry? {
        guard let next = heap.min, next.end <= now else { return nil }
        return heap.popMin()
    }

    /// Forgets every service.
    mutating func removeAll() {
        heap = Heap()
        nextOrder = 0
    }
}
