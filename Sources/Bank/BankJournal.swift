/// The books of every customer who left since the bank opened (or was last reset): who was
/// served, where, from when to when. `bank export` turns it into one row per customer.
///
/// Each customer is written once, as they leave, as a few packed 64-bit words: their ticket,
/// task, grade, number of stages and first clerk in one; their arrival; each stage's start
/// and end; the other stages' clerks five to a word. A one-stage customer takes 4 words (32
/// bytes), in chunks that are never copied as the books grow, so a million served
/// customers keep 32 MB here. Stages of a customer still at the bank wait in a table by
/// ticket until they leave; one-stage customers never go there.
struct BankJournal {
    /// One stage served.
    struct Span: Equatable {
        let start: Int64
        let end: Int64
        /// The clerk's number at the desk or office.
        let clerk: Int
    }

    /// One customer who finished their last stage, read back.
    struct Departure {
        let ticket: Int
        let arrival: Int64
        let route: Int
        let grade: Int
        /// The stages, in route order.
        let spans: [Span]
    }

    // The first word's fields, low bits first. The config bounds what they hold: clerk
    // numbers up to 1,000, 16 stages, 16 grades, 64 tasks; tickets restart at each reset,
    // and 2^38 of them would take 8 TB of books.
    private static let clerkBits: UInt64 = 12
    private static let stageBits: UInt64 = 4
    private static let gradeBits: UInt64 = 4
    private static let routeBits: UInt64 = 6
    private static let stageShift = clerkBits
    private static let gradeShift = stageShift + stageBits
    private static let routeShift = gradeShift + gradeBits
    private static let ticketShift = routeShift + routeBits
    private static let clerksPerWord = 5

    private var words = ChunkedWords()
    /// The stages already served of customers on a route of several, by ticket.
    private var inProgress: [Int: [Span]] = [:]
    /// How many customers left.
    private(set) var count = 0

    /// `visitor`'s current stage was served by `clerk` from `start` to `end` (nanoseconds of
    /// bank time); `leaving` when it was their last.
    mutating func served(_ visitor: Visitor, clerk: Int, from start: Int64, to end: Int64, leaving: Bool) {
        let span = Span(start: start, end: end, clerk: clerk)
        guard leaving else {
            inProgress[visitor.ticket, default: []].append(span)
            return
        }
        if visitor.stage == 0 {
            write(visitor, first: span, rest: [])
        } else {
            let earlier = inProgress.removeValue(forKey: visitor.ticket) ?? []
            if let first = earlier.first {
                write(visitor, first: first, rest: earlier.dropFirst() + [span])
            } else {
                write(visitor, first: span, rest: [])
            }
        }
        count += 1
    }

    private mutating func write(_ visitor: Visitor, first: Span, rest: some Collection<Span>) {
        let header =
            UInt64(truncatingIfNeeded: visitor.ticket) << Self.ticketShift
            | UInt64(visitor.route) << Self.routeShift | UInt64(visitor.grade) << Self.gradeShift
            | UInt64(rest.count) << Self.stageShift | Self.clerkField(first.clerk)
        words.append(
            header, UInt64(bitPattern: visitor.arrivalNanoseconds), UInt64(bitPattern: first.start),
            UInt64(bitPattern: first.end))
        guard !rest.isEmpty else { return }
        for span in rest {
            words.append(UInt64(bitPattern: span.start))
            words.append(UInt64(bitPattern: span.end))
        }
        var packed: UInt64 = 0
        for (index, span) in rest.enumerated() {
            let slot = index % Self.clerksPerWord
            packed |= Self.clerkField(span.clerk) << (UInt64(slot) * Self.clerkBits)
            if slot == Self.clerksPerWord - 1 || index == rest.count - 1 {
                words.append(packed)
                packed = 0
            }
        }
    }

    private static func clerkField(_ clerk: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: clerk) & ((1 << clerkBits) - 1)
    }

    /// Every customer who left, in ticket order.
    var departures: [Departure] {
        var starts: [(ticket: Int, offset: Int)] = []
        starts.reserveCapacity(count)
        var offset = 0
        while offset < words.count {
            let header = words[offset]
            starts.append((Int(header >> Self.ticketShift), offset))
            let extra = Int(header >> Self.stageShift & ((1 << Self.stageBits) - 1))
            offset += 4 + 2 * extra + (extra + Self.clerksPerWord - 1) / Self.clerksPerWord
        }
        // Customers leave in ticket order unless grades, routes or stages overtake.
        if !starts.isSorted(by: { $0.ticket < $1.ticket }) { starts.sort { $0.ticket < $1.ticket } }
        return starts.map { read(at: $0.offset) }
    }

    private func read(at offset: Int) -> Departure {
        let header = words[offset]
        let extra = Int(header >> Self.stageShift & ((1 << Self.stageBits) - 1))
        let clerkMask: UInt64 = (1 << Self.clerkBits) - 1
        var spans = [
            Span(
                start: Int64(bitPattern: words[offset + 2]), end: Int64(bitPattern: words[offset + 3]),
                clerk: Int(header & clerkMask))
        ]
        let clerks = offset + 4 + 2 * extra
        for index in 0..<extra {
            let packed = words[clerks + index / Self.clerksPerWord]
            let clerk = packed >> (UInt64(index % Self.clerksPerWord) * Self.clerkBits) & clerkMask
            spans.append(
                Span(
                    start: Int64(bitPattern: words[offset + 4 + 2 * index]),
                    end: Int64(bitPattern: words[offset + 5 + 2 * index]), clerk: Int(clerk)))
        }
        return Departure(
            ticket: Int(header >> Self.ticketShift), arrival: Int64(bitPattern: words[offset + 1]),
            route: Int(header >> Self.routeShift & ((1 << Self.routeBits) - 1)),
            grade: Int(header >> Self.gradeShift & ((1 << Self.gradeBits) - 1)), spans: spans)
    }
}

extension Array {
    /// Whether the elements are in the order `areInIncreasingOrder` gives.
    fileprivate func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
    }
}

/// 64-bit words appended in chunks of 32 KiB that are never copied or grown: the books of a
/// million customers take their own size, without the spare half of a doubled buffer, and
/// chunks the size of a waiting line's (see ``ChunkedQueue``) reuse the memory its
/// customers leave behind.
///
/// The chunk being written is allocated whole and filled in place, so that the four words of
/// a customer are written with one check that the chunk is unshared rather than four appends.
struct ChunkedWords {
    static let chunkSize = 4_096
    private var full: [ContiguousArray<UInt64>] = []
    /// The chunk being written: empty before the first word, else `chunkSize` words of which
    /// the first `used` are written.
    private var current = ContiguousArray<UInt64>()
    private var used = 0

    var count: Int { full.count * Self.chunkSize + used }

    mutating func append(_ word: UInt64) {
        makeRoom(for: 1)
        current[used] = word
        used += 1
    }

    /// Appends four words: a one-stage customer.
    mutating func append(_ first: UInt64, _ second: UInt64, _ third: UInt64, _ fourth: UInt64) {
        guard Self.chunkSize - used >= 4 else {
            for word in [first, second, third, fourth] { append(word) }
            return
        }
        makeRoom(for: 4)
        let at = used
        current.withUnsafeMutableBufferPointer { words in
            words[at] = first
            words[at + 1] = second
            words[at + 2] = third
            words[at + 3] = fourth
        }
        used += 4
    }

    /// Starts a new chunk unless the current one has room for `words` more.
    private mutating func makeRoom(for words: Int) {
        if current.isEmpty {
            current = ContiguousArray(repeating: 0, count: Self.chunkSize)
        } else if Self.chunkSize - used < words {
            full.append(current)
            current = ContiguousArray(repeating: 0, count: Self.chunkSize)
            used = 0
        }
    }

    subscript(index: Int) -> UInt64 {
        let chunk = index / Self.chunkSize
        return chunk < full.count ? full[chunk][index % Self.chunkSize] : current[index - full.count * Self.chunkSize]
    }
}

/// One customer who finished their task: their ticket, task, grade, arrival, and each stage
/// of their route with where it was served and when (bank time).
public struct BankCustomerRecord: Sendable, Equatable {
    /// One stage of the customer's route.
    public struct Stage: Sendable, Equatable {
        /// The stage's id (a one-stage task's stage is named after the task).
        public let stage: String
        /// The desk or office that served it, and the clerk's number there.
        public let desk: String
        public let clerk: Int
        /// When the clerk started and finished it.
        public let start: Duration
        public let end: Duration
    }

    public let ticket: Int
    /// The task's id.
    public let task: String
    /// The grade's id (`regular` in a bank without grades).
    public let grade: String
    /// When the customer arrived.
    public let arrival: Duration
    /// The stages, in route order.
    public let stages: [Stage]
}
