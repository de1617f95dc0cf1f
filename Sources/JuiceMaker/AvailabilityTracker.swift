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
    /// Menu positions of the juices that were sold out at the last look.
    private var soldOut: Set<Int>

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
        soldOut = Set(menu.juices.filter { stock.available($0.recipe) == 0 }.map(\.position))
    }

    /// Appends to `events` the announcements `commit` causes: for each changed fruit in menu
    /// order, each juice using it that ran out or came back, judged on the whole change.
    mutating func announce(_ commit: StockCommit, into events: inout [KioskEvent]) {
        for delta in commit.deltas where juicesUsing.indices.contains(delta.position) {
            for juice in juicesUsing[delta.position] {
                let shortages = commit.stock.shortages(for: juice.recipe, count: 1)
                if shortages.isEmpty, soldOut.remove(juice.position) != nil {
                    events.append(.juiceAvailable(juice: juice.id))
                } else if !shortages.isEmpty, soldOut.insert(juice.position).inserted {
                    events.append(.juiceSoldOut(juice: juice.id, shortages: shortages))
                }
            }
        }
    }
}
