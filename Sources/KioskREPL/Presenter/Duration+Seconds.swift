import KioskCore

extension Duration {
    /// Whole seconds with two decimals, as the exercises' closing line prints business time:
    /// `6.60`. Rounded to the hundredth, half up.
    var secondsText: String {
        let hundredths = (max(0, wholeMilliseconds) + 5) / 10
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
