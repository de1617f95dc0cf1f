/// A point in a clock's own time, measured from the clock's creation: the `Instant` of
/// ``ScaledClock`` and of ``VirtualClock``.
///
/// ```swift
/// let opened = OffsetInstant(offset: .zero)
/// opened.advanced(by: .milliseconds(700)).offset   // 700 ms
/// ```
public struct OffsetInstant: InstantProtocol {
    public typealias Duration = Swift.Duration

    /// The clock's time since it was created.
    public let offset: Duration

    /// The instant `offset` after the clock's creation.
    public init(offset: Duration) {
        self.offset = offset
    }

    public func advanced(by duration: Duration) -> OffsetInstant {
        OffsetInstant(offset: offset + duration)
    }

    public func duration(to other: OffsetInstant) -> Duration {
        other.offset - offset
    }

    public static func < (lhs: OffsetInstant, rhs: OffsetInstant) -> Bool {
        lhs.offset < rhs.offset
    }
}
