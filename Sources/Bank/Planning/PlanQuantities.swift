import KioskCore

/// The quantities `bank plan` takes as text, read by ``TimeSpelling`` as `bank add --over` and
/// `--rate` read them, within the bounds a plan admits.
enum PlanQuantities {
    /// A duration (`700ms`, `45s`, `2m`, `1.5h`); nil when it is not one, or longer than a
    /// week (no plan asks more).
    static func duration(_ text: String) -> Duration? {
        guard case .spelled(let duration) = TimeSpelling.duration(text), duration <= .seconds(7 * 86_400) else {
            return nil
        }
        return duration
    }

    /// A rate in customers per hour (`60/h`, `2/m`); nil when it is not one, or above a
    /// million an hour. `0/h` is a rate of 0, which the plan judges by itself.
    static func perHour(_ text: String) -> Double? {
        let parts = text.split(separator: "/", maxSplits: 1)
        if parts.count == 2, Double(parts[0]) == 0, TimeSpelling.rate("1/" + parts[1]) != nil { return 0 }
        guard let rate = TimeSpelling.rate(text) else { return nil }
        let perHour = Double(rate.millionths) / 1_000_000 * 3_600 / Double(rate.unit.rawValue)
        return perHour <= 1_000_000 ? perHour : nil
    }
}
