import JuiceMaker
import KioskCore

extension Presenter {
    /// An order of several juices, or one made after adding fruit: what was added, every
    /// juice made, and the stock it moved; in JSON the single-juice fields of the first juice
    /// with `juices` and `added` beside them.
    func severalMade(_ receipt: OrderReceipt, command: String) -> Rendering {
        var text: [TextBlock] = []
        if !receipt.restocked.isEmpty {
            text.append(
                .message(
                    catalog.fruitAdded(receipt.restocked.map { ($0.fruit, names.fruit($0.fruit), $0.old, $0.new) }),
                    .success))
        }
        text.append(.message(catalog.ordersMade(receipt.lines.map { ($0.count, names.juice($0.juice.id)) }), .success))
        text.append(
            .message(catalog.stockUsed(receipt.used.map { (names.fruitWord($0.fruit), $0.old, $0.new) }), .muted))
        let blocks = text
        return Rendering(
            text: blocks,
            json: json(
                command: command,
                JSONContract.OrderBody(
                    juice: receipt.juice.id, count: receipt.count,
                    juices: receipt.lines.map { .init(juice: $0.juice.id, count: $0.count) },
                    added: receipt.restocked.isEmpty
                        ? nil : receipt.restocked.map { .init(fruit: $0.fruit, old: $0.old, new: $0.new) },
                    stock: JSONContract.Counts(receipt.stock))))
    }

    /// The question the prompt asks after a refusal that `offer` would let through:
    /// `Add 6 strawberry and make it? [y/N] `.
    func restockQuestion(_ offer: RestockOffer) -> String {
        catalog.restockQuestion(
            offer.additions.map { ($0.fruit.id, names.fruit($0.fruit.id), $0.amount) }, juices: offer.lines.count)
    }
}
