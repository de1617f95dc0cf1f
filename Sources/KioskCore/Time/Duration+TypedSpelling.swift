extension Duration {
    /// The duration as it would be typed (see ``TimeSpelling``): in the largest of `h`, `m`,
    /// `s`, `ms` that measures it exactly (`168h`, `90s`, `700ms`), else in seconds with
    /// their decimals (`0.0005s`).
    public var typedSpelling: String {
        let (seconds, attoseconds) = components
        let nanoseconds = Int128(seconds) * 1_000_000_000 + Int128(attoseconds / 1_000_000_000)
        for (unit, symbol) in [
            (Int128(3_600_000_000_000), "h"), (60_000_000_000, "m"), (1_000_000_000, "s"), (1_000_000, "ms"),
        ]
        where nanoseconds % unit == 0 {
            return "\(nanoseconds / unit)\(symbol)"
        }
        var fraction = String(nanoseconds % 1_000_000_000)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(nanoseconds / 1_000_000_000).\(fraction)s"
    }
}
