import KioskCore

/// Why an order was refused: every fruit it was short of, and the commands that fix it.
public struct OrderRefusal: Sendable, Equatable {
    /// The juice's id.
    public let juice: String
    /// The juice's display name.
    public let juiceName: String
    /// How many juices the order asked for.
    public let count: Int
    /// Every short ingredient, with need (for all `count` juices) and have, in menu order.
    public let shortages: [Shortage]
    /// The largest order of this juice that full shelves could fill.
    public let mostEverAvailable: Int
    /// Every juice the order asked for, with its count, in the order named; one line for an
    /// order of one juice. The first line is ``juice`` and ``count``.
    public var lines: [Line] {
        severalLines.isEmpty ? [Line(juice: juice, juiceName: juiceName, count: count)] : severalLines
    }
    /// The lines of an order of several juices; empty for one juice, so that a refused order
    /// of one juice (a script's common refusal) allocates no array.
    private let severalLines: [Line]
    /// Whether the order named more than one juice.
    public var hasSeveralLines: Bool { !severalLines.isEmpty }
    /// Whether full shelves could fill the whole order: whether adding what is missing
    /// would let it through.
    public let fitsShelves: Bool

    /// One juice of a refused order.
    public struct Line: Sendable, Equatable {
        /// The juice's id.
        public let juice: String
        /// The juice's display name.
        public let juiceName: String
        /// How many of it the order asked for.
        public let count: Int

        /// `count` of `juice`, shown as `juiceName`.
        public init(juice: String, juiceName: String, count: Int) {
            self.juice = juice
            self.juiceName = juiceName
            self.count = count
        }
    }

    /// A refusal of `count` juices of `juice` for want of `shortages`.
    public init(juice: String, juiceName: String, count: Int, shortages: [Shortage], mostEverAvailable: Int) {
        self.juice = juice
        self.juiceName = juiceName
        self.count = count
        self.shortages = shortages
        self.mostEverAvailable = mostEverAvailable
        severalLines = []
        fitsShelves = count <= mostEverAvailable
    }

    /// A refusal of an order of several juices, `lines` (at least one), for want of
    /// `shortages`, each need summed over every line. ``mostEverAvailable`` is the order's
    /// first count when full shelves could fill the whole order, and 0 when not.
    public init(lines: [Line], shortages: [Shortage], fitsShelves: Bool) {
        let first = lines.first ?? Line(juice: "", juiceName: "", count: 0)
        juice = first.juice
        juiceName = first.juiceName
        count = first.count
        self.shortages = shortages
        mostEverAvailable = fitsShelves ? first.count : 0
        severalLines = lines.count > 1 ? lines : []
        self.fitsShelves = fitsShelves
    }

    /// The fruit to add so that the order goes through, each short fruit once with what it
    /// lacks (`strawberry 6`), in menu order; empty when full shelves could not fill the order.
    public var missing: [(fruit: String, amount: Int)] {
        guard fitsShelves else { return [] }
        return shortages.map { ($0.fruit, $0.missing) }
    }
}
