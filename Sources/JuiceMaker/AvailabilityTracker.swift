import KioskCore

/// Which juices the stock cannot make, so that each committed change announces exactly the
/// juices it sold out (``KioskEvent/juiceSoldOut(juice:shortages:)``, with what one juice
/// lacks) and those it made available again (``KioskEvent/juiceAvailable(juice:)``).
///
/// A value: ``FruitStore`` keeps one behind a Mutex and updates it as the store announces
/// each commit, so it is judged against the stock right after that commit, in commit order.
struct AvailabilityTracker: Sendable {
    /// The juices that use each fruit, in menu order, by the fruit's menu position.
    private let juicesUsing: [[Juice]]
    /// Whether each juice, by menu position, was sold out at the last look: an array rather
    /// than a set of positions, so that every order checks its juice without hashing.
    private var soldOut: [Bool]

    /// Starts from `stock`: juices it cannot make count as sold out without an announcement,
    /// and are announced once they become available.
    init(menu: Menu, stock: Inventory) {
        var juicesUsing = Array(repeating: [Juice](), count: menu.fruits.count)
        for juice in menu.juices {
            for ingredient in juice.recipe.ingredients where juicesUsing.indices.contains(ingredient.position) {
                juicesUsing[ingredient.position].append(juice)
            }
        }
        self.juicesUsing = juicesUsing
        var soldOut = Array(repeating: false, count: menu.juices.count)
        for juice in menu.juices where soldOut.indices.contains(juice.position) {
            soldOut[juice.position] = stock.available(juice.recipe) == 0
        }
        self.soldOut = soldOut
    }

    /// Appends to `events` the announcements `commit` causes: for each changed fruit in menu
    /// order, each juice using it that ran out or came back, judged on the whole change.
    mutating func announce(_ commit: StockCommit, into events: inout [KioskEvent]) {
        for delta in commit.deltas where juicesUsing.indices.contains(delta.position) {
            for juice in juicesUsing[delta.position] where soldOut.indices.contains(juice.position) {
                let shortages = commit.stock.shortages(for: juice.recipe, count: 1)
                if shortages.isEmpty == soldOut[juice.position] {
                    soldOut[juice.position] = !shortages.isEmpty
                    events.append(
                        shortages.isEmpty
                            ? .juiceAvailable(juice: juice.id) : .juiceSoldOut(juice: juice.id, shortages: shortages))
                }
            }
        }
    }
}
