extension Duration {
    /// Whole milliseconds, rounded toward negative infinity; clamped to `Int`'s range.
    public var wholeMilliseconds: Int {
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
        let total = max(0, wholeMilliseconds)
        let hours = total / 3_600_000
        let minutes = (total / 60_000) % 60
        let seconds = (total / 1_000) % 60
        let millis = total % 1_000
        // Written digit by digit into a small buffer: bank events print one or two of these
        // each, a million times in a large run.
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        if hours > 0 {
            digits.append(contentsOf: String(hours).utf8)
            digits.append(UInt8(ascii: ":"))
        }
        digits.append(UInt8(ascii: "0") + UInt8(minutes / 10))
        digits.append(UInt8(ascii: "0") + UInt8(minutes % 10))
        digits.append(UInt8(ascii: ":"))
        digits.append(UInt8(ascii: "0") + UInt8(seconds / 10))
        digits.append(UInt8(ascii: "0") + UInt8(seconds % 10))
        digits.append(UInt8(ascii: "."))
        digits.append(UInt8(ascii: "0") + UInt8(millis / 100))
        digits.append(UInt8(ascii: "0") + UInt8(millis / 10 % 10))
        digits.append(UInt8(ascii: "0") + UInt8(millis % 10))
        return String(decoding: digits, as: UTF8.self)
    }
}
