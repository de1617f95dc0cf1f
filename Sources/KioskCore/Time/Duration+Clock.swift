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
        let rest = "\(Self.pad(minutes, 2)):\(Self.pad(seconds, 2)).\(Self.pad(millis, 3))"
        return hours == 0 ? rest : "\(hours):" + rest
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
