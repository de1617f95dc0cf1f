/// What a mailbox does when its consumer falls behind: every subscription states one, so no
/// queue between the bus and a consumer grows without bound.
///
/// ```swift
/// // A terminal in real time: bank progress is skipped, with a count, while it is busy.
/// let live = bus.subscribe(policy: .dropping(capacity: 4_096, droppable: Presenter.isDroppable))
/// // A bank in virtual time waits for the terminal instead, so nothing is skipped.
/// let paced = bus.subscribe(policy: .waiting(Watermarks(high: 32_768, low: 8_192)))
/// await paced.waitForRoom()   // the publisher's side
/// ```
public struct MailboxPolicy<Event: Sendable>: Sendable {
    /// How many items the mailbox queues before it counts droppable events instead.
    public let capacity: Int
    /// How many items the mailbox queues at most: past it every event is counted instead.
    public let limit: Int
    /// Which events may be counted instead of queued once `capacity` items wait.
    public let droppable: @Sendable (Event) -> Bool
    /// When a publisher that asks ``EventMailbox/waitForRoom()`` waits; nil when it never does.
    public let watermarks: Watermarks?

    /// Drops with a visible count: once `capacity` items wait, an event that `droppable`
    /// calls droppable is not queued but counted (a ``EventMailbox/Item/skipped(_:)`` item
    /// where it was missed); other events are still queued until twice `capacity` items wait,
    /// and past that they are counted too. Publishers never wait.
    /// - Parameters:
    ///   - capacity: at least 1.
    ///   - droppable: which events may be counted first; by default none.
    public static func dropping(
        capacity: Int, droppable: @escaping @Sendable (Event) -> Bool = { _ in false }
    ) -> MailboxPolicy {
        let capacity = max(1, capacity)
        let limit = capacity.multipliedReportingOverflow(by: 2)
        return MailboxPolicy(
            capacity: capacity, limit: limit.overflow ? .max : limit.partialValue, droppable: droppable,
            watermarks: nil)
    }

    /// Waits between watermarks: every event is queued, and a publisher that asks
    /// ``EventMailbox/waitForRoom()`` waits from when `watermarks.high` items are queued
    /// until the consumer has taken them down to `watermarks.low`. The mailbox then holds at
    /// most `high` items plus the run a publisher published after it last asked.
    public static func waiting(_ watermarks: Watermarks) -> MailboxPolicy {
        MailboxPolicy(capacity: .max, limit: .max, droppable: { _ in false }, watermarks: watermarks)
    }
}

/// When a producer waits for a consumer: from when `high` items are queued until no more
/// than `low` are, as swift-nio's back-pressure strategies do.
public struct Watermarks: Sendable, Equatable {
    /// A producer waits once this many items are queued; at least 1.
    public let high: Int
    /// A waiting producer resumes once the queue is down to this many; below `high`.
    public let low: Int

    /// Watermarks at `high` and `low`, brought into range (`1 <= high`, `0 <= low < high`).
    public init(high: Int, low: Int) {
        self.high = max(1, high)
        self.low = min(max(0, low), self.high - 1)
    }
}

/// The producers waiting for room in one consumer's queue, with the state of its
/// watermarks: the one implementation of back-pressure, used by every queue that paces its
/// producers (``EventMailbox``, the terminal's inbox).
///
/// It is not synchronized: its owner keeps it under the lock that guards the queue it
/// measures, asks ``mustWait(queued:)`` and ``park(_:)`` in one critical section, and
/// resumes what ``resumable(queued:)`` and ``releaseAll()`` return after releasing it.
public struct BackPressure: Sendable {
    /// When producers wait.
    public let watermarks: Watermarks
    private var producers: [CheckedContinuation<Void, Never>] = []
    /// Whether the queue reached `high` and has not yet come down to `low`.
    private var isFull = false

    /// No producer waiting, and a queue that has room.
    public init(_ watermarks: Watermarks) {
        self.watermarks = watermarks
    }

    /// How many producers wait.
    public var waitingProducers: Int { producers.count }

    /// Whether a producer must wait, now that `count` items are queued: from when the count
    /// reaches `high` until it comes down to `low`.
    public mutating func mustWait(queued count: Int) -> Bool {
        if count >= watermarks.high {
            isFull = true
        } else if count <= watermarks.low {
            isFull = false
        }
        return isFull
    }

    /// Keeps `producer` until the queue has room; only after ``mustWait(queued:)`` said so.
    public mutating func park(_ producer: CheckedContinuation<Void, Never>) {
        producers.append(producer)
    }

    /// The producers to resume now that the consumer took the queue down to `count`: all of
    /// them once it is at `low` or below, none before.
    public mutating func resumable(queued count: Int) -> [CheckedContinuation<Void, Never>] {
        guard !mustWait(queued: count) else { return [] }
        return releaseAll()
    }

    /// Every waiting producer, to resume because the queue closed.
    public mutating func releaseAll() -> [CheckedContinuation<Void, Never>] {
        defer { producers.removeAll() }
        return producers
    }
}
