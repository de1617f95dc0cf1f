extension JuiceMaker {
    /// Makes every line of `lines` in one change, all of them or none; the same juice named
    /// twice is one line with both counts (`order banana, banana 2` makes 3).
    /// - Returns: what was made, with the stock after it.
    /// - Throws: ``JuiceError/outOfStock(_:)`` naming every fruit the whole order is short
    ///   of, ``JuiceError/invalidCount(_:)`` for no line or a line's count outside
    ///   ``Inventory/orderCounts``, or a storage error.
    public func make(_ lines: [OrderLine]) throws -> OrderReceipt {
        // Most orders name one juice: nothing to merge.
        let merged = lines.count == 1 ? lines : Self.merged(lines)
        if merged.count == 1, let only = merged.first {
            return try receipt(only.juice, count: only.count)
        }
        return try receipt(fruitStore.commit(.orders(merged, restock: [])))
    }

    /// Makes `count` of `juice`, as ``make(_:)`` makes an order of one line: what the
    /// `order` command runs for most lines, without an array of lines to build.
    /// - Returns: what was made, with the stock after it.
    /// - Throws: what ``make(_:count:)`` throws.
    public func receipt(_ juice: Juice, count: Int) throws -> OrderReceipt {
        let commit = try make(juice, count: count)
        return OrderReceipt(juice: juice, count: count, deltas: commit.deltas, stock: commit.stock)
    }

    /// What would let `refusal`'s order through: adding each fruit it lacks. Nil when full
    /// shelves could not fill the order, or when it names a juice or fruit this menu lacks.
    public func offer(for refusal: OrderRefusal) -> RestockOffer? {
        guard refusal.fitsShelves, !refusal.shortages.isEmpty else { return nil }
        var lines: [OrderLine] = []
        for line in refusal.lines {
            guard let juice = menu.juice(line.juice) else { return nil }
            lines.append(OrderLine(juice: juice, count: line.count))
        }
        var additions: [FruitEdit] = []
        for (id, amount) in refusal.missing {
            guard let fruit = menu.fruit(id), amount > 0 else { return nil }
            additions.append(FruitEdit(fruit: fruit, amount: amount))
        }
        return RestockOffer(lines: lines, additions: additions)
    }

    /// Adds `offer`'s fruit and makes its order, in one change: both, or neither (another
    /// kiosk may have sold or stocked meanwhile). When an addition no longer fits its shelf
    /// because another kiosk stocked it, the order alone is tried: the shelf may hold it now.
    /// - Returns: what was added (nothing, when the order was made without the addition)
    ///   and made, with the stock after it.
    /// - Throws: ``JuiceError/outOfStock(_:)`` when the order is still short, with the
    ///   levels on the shelf, ``JuiceError/aboveMaximum(fruit:kind:amount:have:maximum:)``
    ///   when an addition does not fit and the order alone is not refused for want of fruit
    ///   either, or a storage error.
    public func accept(_ offer: RestockOffer) throws -> OrderReceipt {
        do {
            return try receipt(fruitStore.commit(.orders(offer.lines, restock: offer.additions)))
        } catch JuiceError.aboveMaximum {
            return try receipt(fruitStore.commit(.orders(offer.lines, restock: [])))
        }
    }

    private func receipt(_ commit: StockCommit) throws -> OrderReceipt {
        guard let receipt = OrderReceipt(commit) else { throw JuiceError.menuMismatch }
        return receipt
    }

    /// `lines` with each juice once, its counts added up, in the order first named.
    static func merged(_ lines: [OrderLine]) -> [OrderLine] {
        var merged: [OrderLine] = []
        for line in lines {
            if let index = merged.firstIndex(where: { $0.juice.id == line.juice.id }) {
                let (sum, overflow) = merged[index].count.addingReportingOverflow(line.count)
                merged[index] = OrderLine(juice: line.juice, count: overflow ? .max : sum)
            } else {
                merged.append(line)
            }
        }
        return merged
    }
}

/// What a refused order needs to go through: the fruit to add, and the order to make then.
/// The front end may offer it to the person at the counter (``JuiceMaker/offer(for:)``)
/// and, on their word, make both in one change (``JuiceMaker/accept(_:)``).
public struct RestockOffer: Sendable, Equatable {
    /// The order, one line per juice.
    public let lines: [OrderLine]
    /// Each fruit to add, once, with what the order lacks of it, in menu order; each fits its
    /// shelf once added.
    public let additions: [FruitEdit]
}
