/// Where rendered text goes. Writes of whole lines are atomic with respect to each other.
protocol TextSink: Sendable {
    /// Writes `text`, which ends with a newline.
    func write(_ text: String)
    /// Pushes buffered output to the terminal or pipe.
    func flush()
}
