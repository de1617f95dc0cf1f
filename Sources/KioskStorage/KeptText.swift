/// A menu id in memory of its own, bound to statements in place (`SQLITE_STATIC`) rather
/// than copied by SQLite at every bind: an order binds its juice and each fruit it takes,
/// and each copy is an allocation, a copy and a free.
///
/// SQLite reads the text each time the statement steps, and a binding stays until the
/// parameter is bound again; so whoever binds it keeps it for as long as the statement
/// (``SQLiteInventoryStore``'s statements keep every one they bind).
final class KeptText {
    /// The text, to check that a binding is for the id it is kept for.
    let text: String
    private let start: UnsafeMutablePointer<CChar>
    /// The length in bytes; nil when too long to bind by length (never for an id), and
    /// then ``PreparedStatement`` binds a copy.
    private let count: Int32?

    init(_ text: String) {
        self.text = text
        let utf8 = Array(text.utf8)
        // One byte at least: an empty text still needs an address (a NULL one binds NULL).
        start = .allocate(capacity: max(1, utf8.count))
        for (index, byte) in utf8.enumerated() { start[index] = CChar(bitPattern: byte) }
        count = Int32(exactly: utf8.count)
    }

    deinit {
        start.deallocate()
    }

    /// The address and length to bind, valid while this value lives.
    var binding: (start: UnsafePointer<CChar>, count: Int32)? {
        count.map { (UnsafePointer(start), $0) }
    }
}
