import JuiceMaker

/// The text of a one-juice order's result (`Made 2 Banana Juice.` and its stock line),
/// written as bytes from a template instead of worded afresh for every order: a script of
/// orders prints one per line.
///
/// A template is the console's own text for one juice and count, rendered once with sentinel
/// levels for the fruits the juice takes and cut at them; an order's text is then the
/// template's fixed pieces with its levels written in between, byte for byte what
/// ``Console/render(_:)`` gives for the presenter's rendering. The first order of each
/// template is checked against the console's text; a template whose wording turns out to
/// depend on the levels (or cannot be cut cleanly) is never used, and its orders go the slow
/// way. Only for output that never wraps: a sentinel is longer than a real level.
struct OrderTextCache {
    /// A class: an order reads its template where it is kept, without copying its arrays.
    private final class Template {
        let juice: String
        let count: Int
        /// The fruit of each delta, in order.
        let fruits: [String]
        /// The text before each level (a delta's old, then its new, for each delta), then
        /// the text after the last, one after another in one array: no array of its own per
        /// piece to retain and release for every order.
        let text: [UInt8]
        /// Where each piece of ``text`` ends.
        let ends: [Int]

        /// Appends the text with `deltas`' levels in their places to `bytes`.
        func write(_ deltas: [StockDelta], to bytes: inout [UInt8]) {
            text.withUnsafeBufferPointer { text in
                OutputRoom.write(to: &bytes) { room in
                    var start = 0
                    var piece = 0
                    for delta in deltas {
                        room.write(bytes: UnsafeBufferPointer(rebasing: text[start..<ends[piece]]))
                        room.write(integer: delta.old)
                        room.write(bytes: UnsafeBufferPointer(rebasing: text[ends[piece]..<ends[piece + 1]]))
                        room.write(integer: delta.new)
                        start = ends[piece + 1]
                        piece += 2
                    }
                    room.write(bytes: UnsafeBufferPointer(rebasing: text[start..<ends[piece]]))
                }
            }
        }
        /// Whether an order has been written from it and found equal to the console's text.
        var checked = false

        init(juice: String, count: Int, fruits: [String], text: [UInt8], ends: [Int]) {
            self.juice = juice
            self.count = count
            self.fruits = fruits
            self.text = text
            self.ends = ends
        }
    }

    /// Beyond this many juices and counts, new ones go the slow way: a linear search stays short.
    private static let limit = 64
    /// The first sentinel level; each delta takes the next two. No real shelf holds as many.
    private static let sentinel = 9_081_726_354_000_001

    private var templates: [Template] = []
    /// The juices and counts worded by the console every time.
    private var refused: [(juice: String, count: Int)] = []

    /// How many templates are in use (for tests).
    var templateCount: Int { templates.count }

    /// Appends the text of `receipt`, an order of one juice, to `bytes`.
    /// - Parameter render: the console's text for a receipt, the slow way.
    /// - Returns: false, having appended nothing, when the order goes the slow way (several
    ///   juices, fruit added first, or a template that cannot be used).
    mutating func append(_ receipt: OrderReceipt, render: (OrderReceipt) -> String, to bytes: inout [UInt8]) -> Bool {
        guard receipt.isOneJuiceAlone else { return false }
        let juice = receipt.juiceID
        let count = receipt.count
        let index: Int
        if let found = templates.firstIndex(where: { $0.count == count && $0.juice == juice }) {
            index = found
        } else {
            guard !refused.contains(where: { $0.count == count && $0.juice == juice }) else { return false }
            guard templates.count + refused.count < Self.limit else { return false }
            guard let template = Self.template(for: receipt, render: render) else {
                refused.append((juice, count))
                return false
            }
            templates.append(template)
            index = templates.count - 1
        }
        let template = templates[index]
        let deltas = receipt.deltas
        guard deltas.count == template.fruits.count else { return false }
        for (delta, fruit) in zip(deltas, template.fruits) where delta.fruit != fruit { return false }
        guard template.checked else {
            // The first order of a template is written the slow way and compared.
            let text = Array(render(receipt).utf8)
            var written: [UInt8] = []
            template.write(deltas, to: &written)
            if written == text {
                template.checked = true
            } else {
                templates.remove(at: index)
                refused.append((juice, count))
            }
            bytes.append(contentsOf: text)
            return true
        }
        template.write(deltas, to: &bytes)
        return true
    }

    /// The template of `receipt`'s juice and count: its text with sentinel levels, cut at
    /// each of them; nil when a sentinel is missing, repeated or out of order.
    private static func template(for receipt: OrderReceipt, render: (OrderReceipt) -> String) -> Template? {
        var deltas: [StockDelta] = []
        for (position, delta) in receipt.deltas.enumerated() {
            deltas.append(
                StockDelta(
                    fruit: delta.fruit, old: sentinel + 2 * position, new: sentinel + 2 * position + 1,
                    position: delta.position))
        }
        let text = Array(
            render(OrderReceipt(juice: receipt.juice, count: receipt.count, deltas: deltas, stock: receipt.stock)).utf8)
        var pieces: [UInt8] = []
        var ends: [Int] = []
        var start = 0
        for delta in deltas {
            for level in [delta.old, delta.new] {
                let digits = Array(String(level).utf8)
                let found = occurrences(of: digits, in: text)
                guard found.count == 1, let at = found.first, at >= start else { return nil }
                pieces.append(contentsOf: text[start..<at])
                ends.append(pieces.count)
                start = at + digits.count
            }
        }
        pieces.append(contentsOf: text[start...])
        ends.append(pieces.count)
        return Template(
            juice: receipt.juice.id, count: receipt.count, fruits: deltas.map(\.fruit), text: pieces, ends: ends)
    }

    /// Where `needle` starts in `text`, every time.
    private static func occurrences(of needle: [UInt8], in text: [UInt8]) -> [Int] {
        guard !needle.isEmpty, text.count >= needle.count else { return [] }
        return (0...(text.count - needle.count)).filter { text[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
