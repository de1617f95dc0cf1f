import Foundation

/// Reading the quantities `bank plan` takes as text: durations (`700ms`, `45s`, `2m`,
/// `1.5h`) and rates (`60/h`, `2/m`).
enum PlanQuantities {
    /// A duration: a non-negative number followed by `ms`, `s`, `m` or `h`; nil when it is
    /// not one, or longer than a week (no plan asks more).
    static func duration(_ text: String) -> Duration? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600)]
        for unit in units where text.hasSuffix(unit.suffix) {
            guard let number = Double(text.dropLast(unit.suffix.count)), number.isFinite, number >= 0 else {
                return nil
            }
            let seconds = number * unit.seconds
            guard seconds <= 7 * 86_400 else { return nil }
            return .nanoseconds(Int64((seconds * 1e9).rounded()))
        }
        return nil
    }

    /// A rate in customers per hour: a non-negative number, `/`, and `h`, `m` or `s`; nil
    /// when it is not one, or above a million an hour.
    static func perHour(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().split(separator: "/")
        guard parts.count == 2, let number = Double(parts[0]), number.isFinite, number >= 0 else { return nil }
        let factor: Double
        switch parts[1] {
        case "h": factor = 1
        case "m": factor = 60
        case "s": factor = 3_600
        default: return nil
        }
        let rate = number * factor
        return rate <= 1_000_000 ? rate : nil
    }
}
