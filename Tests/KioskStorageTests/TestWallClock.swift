import Foundation
import Synchronization

/// A wall clock the test sets by hand, for the ledger's time stamps.
final class TestWallClock: Sendable {
    private let date: Mutex<Date>

    init(_ date: Date) {
        self.date = Mutex(date)
    }

    /// The current time, as the store's `now` closure.
    var now: @Sendable () -> Date { { [self] in date.withLock { $0 } } }

    func set(_ newDate: Date) {
        date.withLock { $0 = newDate }
    }
}
