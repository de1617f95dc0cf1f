import HeapModule

/// Every service in progress, across all desks, in the order the services end: the one
/// place the bank learns which service ends next.
///
/// Services that end at the same instant end in the order they started, whichever desk
/// they belong to, so a run of equal instants always plays out the same way.
///
/// Times are whole nanoseconds of bank time, as the floor keeps them: a `Duration` is 128
/// bits, and comparing and converting those for every service was a measurable part of a
/// bank in virtual time.
struct ServiceSchedule {
    /// One service in progress: where it is and when it ends (24 bytes).
    struct Entry: Comparable {
        /// The bank time the service ends, in nanoseconds.
        let endNanoseconds: Int64
        /// Which service started earlier; breaks ties between equal ends.
        let order: UInt64
        private let deskIndex: UInt32
        private let clerkIndex: UInt32

        init(end: Int64, order: UInt64, desk: Int, clerk: Int) {
            endNanoseconds = end
            self.order = order
            deskIndex = UInt32(truncatingIfNeeded: desk)
            clerkIndex = UInt32(truncatingIfNeeded: clerk)
        }

        /// The desk (0-based) and clerk (0-based) serving.
        var desk: Int { Int(deskIndex) }
        var clerk: Int { Int(clerkIndex) }

        /// The bank time the service ends.
        var end: Duration { .nanoseconds(endNanoseconds) }

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            lhs.endNanoseconds < rhs.endNanoseconds
                || (lhs.endNanoseconds == rhs.endNanoseconds && lhs.order < rhs.order)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.endNanoseconds == rhs.endNanoseconds && lhs.order == rhs.order
        }
    }

    private var heap = Heap<Entry>()
    /// The order the next service to start gets; 2^64 services are beyond any run.
    private var nextOrder: UInt64 = 0

    /// How many services are in progress.
    var count: Int { heap.count }

    /// The service that ends first, if any.
    var next: Entry? { heap.min }

    /// Adds the service of `clerk` at `desk`, which ends at bank time `end` (nanoseconds);
    /// it started after every service added before it.
    mutating func add(desk: Int, clerk: Int, endNanoseconds end: Int64) {
        heap.insert(Entry(end: end, order: nextOrder, desk: desk, clerk: clerk))
        nextOrder += 1
    }

    /// Adds the service of `clerk` at `desk`, which ends at `end`.
    mutating func add(desk: Int, clerk: Int, end: Duration) {
        add(desk: desk, clerk: clerk, endNanoseconds: end.clampedNanoseconds)
    }

    /// Removes and returns the service that ends first, if it ends by bank time `now`
    /// (nanoseconds).
    mutating func popNext(endingByNanoseconds now: Int64) -> Entry? {
        guard let next = heap.min, next.endNanoseconds <= now else { return nil }
        return heap.popMin()
    }

    /// Removes and returns the service that ends first, if it ends by `now`.
    mutating func popNext(endingBy now: Duration) -> Entry? {
        popNext(endingByNanoseconds: now.clampedNanoseconds)
    }

    /// Forgets every service.
    mutating func removeAll() {
        heap = Heap()
        nextOrder = 0
    }
}
