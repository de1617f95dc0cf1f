import KioskCore

extension JuiceMaker {
    /// The shop's commands for the shared registry: `menu`, `order`, `stock`,
    /// `stock set|add|remove`, `stock reset` and `sales [--all]`. Each returns a ``ShopOutcome``.
    public var commands: [Command] {
        let juices = menu.juiceChoices
        let fruits = menu.fruitChoices
        // The shelves' limits are the store's (another kiosk on the same database may have
        // set them since this one started); the store checks each amount against them, so
        // the parser only bounds what any shelf may ever hold.
        let largestShelf = KioskConfig.Fruit.maximumLimit
        let example = menu.fruits.first?.id ?? "fruit"
        // A juice the configured stock makes twice, so that the examples work on a fresh shop.
        let stock = menu.initialStock
        let juiceExample = menu.juices.first { stock.available($0.recipe) >= 2 } ?? menu.juices.first
        var orderExamples = juiceExample.map { ["order \($0.id)", "order \($0.id) 2"] } ?? ["order juice"]
        if let name = juiceExample?.name, !name.contains("\""), !name.contains("\\") {
            orderExamples.append("order \"\(name)\"")
        }

        return [
            Command(CommandSpec(path: ["menu"], examples: ["menu"])) { _ in
                ShopOutcome.menu(try availability())
            },
            Command(
                CommandSpec(
                    path: ["order"],
                    arguments: [
                        .required("juice", .choice(juices)), .optional("count", .integer(Inventory.orderCounts)),
                    ],
                    examples: orderExamples)
            ) { invocation in
                let juice = try invocation.value("juice", as: Juice.self)
                // One juice when no count is given, as `help order` says.
                let count = try invocation.optionalValue("count", as: Int.self) ?? 1
                let commit = try make(juice, count: count)
                return ShopOutcome.order(
                    OrderReceipt(juice: juice, count: count, deltas: commit.deltas, stock: commit.stock))
            },
            Command(
                CommandSpec(path: ["stock"], examples: ["stock", "stock add \(example) 5", "stock reset"])
            ) { _ in
                ShopOutcome.stock(try fruitStore.stock())
            },
            stockEdit(
                "set", change: StockChange.set, amounts: 0...largestShelf,
                examples: ["stock set \(example) 20", "stock set \(example) 0"], fruits: fruits),
            stockEdit(
                "add", change: StockChange.add, amounts: 1...largestShelf,
                examples: ["stock add \(example) 5"], fruits: fruits),
            stockEdit(
                "remove", change: StockChange.remove, amounts: 1...largestShelf,
                examples: ["stock remove \(example) 2"], fruits: fruits),
            Command(CommandSpec(path: ["stock", "reset"], examples: ["stock reset"])) { _ in
                ShopOutcome.reset(try fruitStore.reset().stock)
            },
            Command(CommandSpec(path: ["sales"], flags: [FlagSpec("all")], examples: ["sales", "sales --all"])) {
                invocation in
                ShopOutcome.sales(try sales(all: invocation.has(flag: "all")))
            },
        ]
    }

    /// `stock set|add|remove <fruit> <amount>`: one fruit, one amount, one kind of change.
    private func stockEdit(
        _ word: String, change: @escaping @Sendable (_ fruit: Fruit, _ amount: Int) -> StockChange,
        amounts: ClosedRange<Int>, examples: [String], fruits: ChoiceSet
    ) -> Command {
        Command(
            CommandSpec(
                path: ["stock", word],
                arguments: [.required("fruit", .choice(fruits)), .required("amount", .integer(amounts))],
                examples: examples)
        ) { invocation in
            let fruit = try invocation.value("fruit", as: Fruit.self)
            let amount = try invocation.value("amount", as: Int.self)
            let commit = try fruitStore.commit(change(fruit, amount))
            return ShopOutcome.adjusted(
                StockAdjustment(
                    kind: commit.change.kind, fruit: fruit, old: commit.level(before: fruit),
                    new: commit.stock[fruit], maximum: commit.stock.maximum(of: fruit)))
        }
    }
}
