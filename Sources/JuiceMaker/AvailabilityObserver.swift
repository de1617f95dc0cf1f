import KioskCore
import Synchronization

/// Watches stock changes on the bus and announces when a juice can no longer be made
/// (``KioskEvent/juiceSoldOut(juice:name:shortages:)``, with what one juice lacks) and when
/// it can be made again (``KioskEvent/juiceAvailable(juice:name:)``).
///
/// It judges each juice against the stock the store holds when the change is delivered, so a
/// change to several fruits is judged once it is complete. Announcements follow the change's
/// own events. Juices that cannot be made when the observer starts are not announced; they
/// are announced when they become available.
///
/// ```swift
/// let observer = try AvailabilityObserver(watching: fruitStore)
/// try maker.make("mango-kiwi", count: 5)   // mango 10 -> 0: Mango Juice and Mango-Kiwi Juice sold out
/// observer.cancel()                        // or let it go
/// ```
public final class AvailabilityObserver: Sendable {
    private let subscription: Subscription

    /// Starts watching `fruitStore`'s bus; keep the observer to keep watching.
    /// - Throws: a storage error when the current stock cannot be read.
    public init(watching fruitStore: FruitStore) throws {
        let tracker = try Tracker(fruitStore: fruitStore)
        subscription = fruitStore.bus.subscribe { event in
            if case .stockChanged(let fruit, _, _) = event {
                tracker.stockChanged(fruit)
            }
        }
    }

    /// Stops watching.
    public func cancel() {
        subscription.cancel()
    }

    /// What the observer last announced (or found at the start), per juice.
    private final class Tracker: Sendable {
        let fruitStore: FruitStore
        /// The juices that use each fruit, by fruit id.
        let juicesUsing: [String: [Juice]]
        /// Juice positions that were sold out at the last look.
        let soldOut: Mutex<Set<Int>>

        init(fruitStore: FruitStore) throws {
            self.fruitStore = fruitStore
            let menu = fruitStore.menu
            var juicesUsing: [String: [Juice]] = [:]
            for juice in menu.juices {
                for ingredient in juice.recipe.ingredients {
                    juicesUsing[ingredient.fruit, default: []].append(juice)
                }
            }
            self.juicesUsing = juicesUsing
            let stock = try fruitStore.stock()
            soldOut = Mutex(Set(menu.juices.filter { stock.available($0.recipe) == 0 }.map(\.position)))
        }

        func stockChanged(_ fruit: String) {
            guard let juices = juicesUsing[fruit] else { return }
            // A stock that cannot be read now is judged at the next change.
            guard let stock = try? fruitStore.lastKnownStock() else { return }
            let announcements = soldOut.withLock { soldOut in
                var announcements: [KioskEvent] = []
                for juice in juices {
                    let shortages = stock.shortages(for: juice.recipe, count: 1)
                    if shortages.isEmpty, soldOut.remove(juice.position) != nil {
                        announcements.append(.juiceAvailable(juice: juice.id, name: juice.name))
                    } else if !shortages.isEmpty, soldOut.insert(juice.position).inserted {
                        announcements.append(.juiceSoldOut(juice: juice.id, name: juice.name, shortages: shortages))
                    }
                }
                return announcements
            }
            fruitStore.bus.publish(contentsOf: announcements)
        }
    }
}
