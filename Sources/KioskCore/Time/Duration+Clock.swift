extension Duration {
    /// How many whole `unit`s (in attoseconds) the duration holds, when it is not negative
    /// and that count fits in 64 bits; nil otherwise.
    ///
    /// Bank and event times always are: one 128-by-64-bit division then, where `components`
    /// takes a 128-bit one (the service loop and the event lines pay it millions of times).
    @inlinable
    public func wholeUnits(ofAttoseconds unit: UInt64) -> UInt64? {
        let attoseconds128 = attoseconds
        let high = attoseconds128 >> 64
        guard high >= 0, UInt64(truncatingIfNeeded: high) < unit else { return nil }
        return unit.dividingFullWidth(
            (high: UInt64(truncatingIfNeeded: high), low: UInt64(truncatingIfNeeded: attoseconds128))
        ).quotient
    }

    /// Whole milliseconds, rounded toward negative infinity; clamped to `Int`'s range.
    public var wholeMilliseconds: Int {
        if let quotient = wholeUnits(ofAttoseconds: 1_000_000_000_000_000), quotient <= UInt64(Int.max) {
            return Int(quotient)
        }
        let (seconds, attoseconds) = components
        let millis = attoseconds / 1_000_000_000_000_000
        let remainder = attoseconds % 1_000_000_000_000_000
        let (secondsPart, overflow) = Int(seconds).multipliedReportingOverflow(by: 1_000)
        let (total, sumOverflow) = secondsPart.addingReportingOverflow(Int(millis) - (remainder < 0 ? 1 : 0))
        // Only durations beyond ±292 million years overflow: clamp rather than trap.
        if overflow || sumOverflow { return seconds < 0 ? .min : .max }
        return total
    }

    /// The duration as `mm:ss.SSS` under an hour, `h:mm:ss.SSS` from an hour on (hours grow
    /// past 23 rather than wrapping).
    public var clockText: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        appendClockText(to: &digits)
        return String(decoding: digits, as: UTF8.self)
    }

    /// Appends ``clockText``'s UTF-8 bytes to `bytes`: bank events print one or two of these
    /// each, millions of times in a large run, so they are written digit by digit.
    public func appendClockText(to bytes: inout [UInt8]) {
        let total = max(0, wholeMilliseconds)
        let hours = total / 3_600_000
        let minutes = (total / 60_000) % 60
        let seconds = (total / 1_000) % 60
        let millis = total % 1_000
        if hours > 0 {
            bytes.append(contentsOf: String(hours).utf8)
            bytes.append(UInt8(ascii: ":"))
        }
        bytes.append(UInt8(ascii: "0") + UInt8(minutes / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(minutes % 10))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: "0") + UInt8(seconds / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(seconds % 10))
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(millis / 100))
        bytes.append(UInt8(ascii: "0") + UInt8(millis / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(millis % 10))
    }
}
