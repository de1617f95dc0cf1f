import KioskCore

extension JuiceMaker {
    /// `menu`: every juice with its recipe and how many the stock makes now.
    func menuResult() throws -> CommandResult {
        let rows = try availability()
        return CommandResult(
            command: "menu",
            fields: [
                JSONField(
                    "juices",
                    .array(
                        rows.map { juice, available in
                            [
                                "id": .string(juice.id),
                                "name": .string(juice.name),
                                "recipe": .object(
                                    juice.recipe.ingredients.map { JSONField($0.fruit, .int($0.amount)) }),
                                "available": .int(available),
                            ]
                        }))
            ],
            text: [
                .table(
                    Table(
                        columns: [
                            Table.Column("juice"), Table.Column("name"), Table.Column("recipe"),
                            Table.Column("can make", alignment: .right),
                        ],
                        rows: rows.map { juice, available in
                            [
                                juice.id, juice.name,
                                juice.recipe.ingredients.map { "\($0.fruit) \($0.amount)" }.joined(separator: ", "),
                                String(available),
                            ]
                        }))
            ])
    }

    /// `order`: what was made and what it took.
    func orderResult(_ commit: StockCommit) -> CommandResult {
        guard case .order(let juice, let count) = commit.change else {
            return stockResult(command: "order", stock: commit.stock)
        }
        let used = commit.deltas.map { "\($0.fruit) \($0.old) -> \($0.new)" }.joined(separator: ", ")
        return CommandResult(
            command: "order",
            fields: [
                JSONField("juice", .string(juice.id)), JSONField("count", .int(count)),
                JSONField("stock", stockJSON(commit.stock)),
            ],
            text: [.message("Made \(count) \(juice.name).", .success), .message("Stock: \(used)", .muted)])
    }

    /// `stock` and `stock reset`: every fruit's level and shelf size.
    func stockResult(command: String, stock: Inventory) -> CommandResult {
        CommandResult(
            command: command,
            fields: [JSONField("stock", stockJSON(stock))],
            text: [
                .table(
                    Table(
                        columns: [
                            Table.Column("fruit"), Table.Column("name"), Table.Column("stock", alignment: .right),
                            Table.Column("max", alignment: .right),
                        ],
                        rows: stock.levels.map { fruit, count in
                            [fruit.id, fruit.name, String(count), String(fruit.maximum)]
                        }))
            ])
    }

    /// `stock set|add|remove`: one fruit's level before and after.
    func adjustmentResult(command: String, fruit: Fruit, commit: StockCommit) -> CommandResult {
        let new = commit.stock[fruit]
        let old = commit.deltas.first { $0.fruit == fruit.id }?.old ?? new
        let sentence =
            old == new
            ? "\(fruit.name) stays at \(new) (max \(fruit.maximum))."
            : "\(fruit.name): \(old) -> \(new) (max \(fruit.maximum))."
        return CommandResult(
            command: command,
            fields: [JSONField("fruit", .string(fruit.id)), JSONField("old", .int(old)), JSONField("new", .int(new))],
            text: [.message(sentence, .success)])
    }

    /// `{"banana":8,"kiwi":10,...}`, fruits in menu order.
    private func stockJSON(_ stock: Inventory) -> JSONValue {
        .object(stock.levels.map { JSONField($0.fruit.id, .int($0.count)) })
    }
}
