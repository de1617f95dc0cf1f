import KioskCore

extension Sanitized {
    /// ``Sanitized/text(_:limit:)`` with a fast path for the common case, printable ASCII
    /// within the limit, which needs no Unicode property look-ups and comes back unchanged.
    static func terminal(_ text: String, limit: Int) -> String {
        var utf8 = text.utf8
        if utf8.count <= limit {
            let printable = utf8.withContiguousStorageIfAvailable { bytes in
                bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            }
            if printable == true { return text }
        }
        if utf8.withContiguousStorageIfAvailable({ _ in true }) == nil {
            // A bridged or shared string: make it native and contiguous, then try again.
            var copy = text
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            if utf8.count <= limit, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return copy }
        }
        return Sanitized.text(text, limit: limit)
    }
}
