import KioskCore

extension JuiceMaker {
    /// The shop's commands for the shared registry: `menu`, `order`, `stock`,
    /// `stock set|add|remove` and `stock reset`.
    public var commands: [Command] {
        let juices = menu.juiceChoices
        let fruits = menu.fruitChoices
        let largestShelf = max(1, menu.fruits.map(\.maximum).max() ?? 1)
        let counts = Inventory.orderCounts
        let example = menu.fruits.first?.id ?? "fruit"

        return [
            Command(
                CommandSpec(
                    path: ["menu"],
                    summary: "Lists every juice, its recipe, and how many the stock makes now.",
                    examples: ["menu"],
                    discussion: "'can make' counts whole juices from the fruit on the shelves right now.")
            ) { _ in
                try menuResult()
            },
            Command(
                CommandSpec(
                    path: ["order"],
                    summary: "Makes juice, taking every fruit it needs or none at all.",
                    arguments: [
                        .required("juice", .choice(juices), help: "its id, name or alias"),
                        .optional(
                            "count", .integer(counts),
                            help: "how many, \(counts.lowerBound) to \(counts.upperBound); default 1"),
                    ],
                    examples: ["order banana", "order mango-kiwi 2", "order \"Strawberry Juice\""],
                    discussion: """
                        An order checks every fruit for all the juices before taking any: it is made \
                        in full or not at all. When fruit is short, the error names each missing fruit \
                        with what the order needs and what the shelf has, and the 'stock add' that fixes it.
                        """)
            ) { invocation in
                let juice = try juice(invocation.choice("juice"))
                let count = invocation.integer("count") ?? 1
                return orderResult(try make(juice, count: count))
            },
            Command(
                CommandSpec(
                    path: ["stock"],
                    summary: "Shows how much of each fruit is on the shelves.",
                    examples: ["stock", "stock add \(example) 5", "stock reset"],
                    discussion: """
                        Each shelf holds from 0 up to its max. Change it with 'stock set', 'stock add' \
                        and 'stock remove'; 'stock reset' restores the configured stock.
                        """)
            ) { _ in
                stockResult(command: "stock", stock: try fruitStore.stock())
            },
            stockEdit(
                "set", summary: "Puts exactly this many of a fruit on its shelf.",
                amounts: 0...largestShelf, amountHelp: "0 up to the shelf's max",
                examples: ["stock set \(example) 20", "stock set \(example) 0"],
                fruits: fruits, change: StockChange.set),
            stockEdit(
                "add", summary: "Adds fruit to its shelf, up to the shelf's max.",
                amounts: 1...largestShelf, amountHelp: "at most the room left on the shelf",
                examples: ["stock add \(example) 5"], fruits: fruits, change: StockChange.add),
            stockEdit(
                "remove", summary: "Takes fruit off its shelf, down to none.",
                amounts: 1...largestShelf, amountHelp: "at most what the shelf has",
                examples: ["stock remove \(example) 2"], fruits: fruits, change: StockChange.remove),
            Command(
                CommandSpec(
                    path: ["stock", "reset"],
                    summary: "Puts every fruit back to its configured initial stock.",
                    examples: ["stock reset"])
            ) { _ in
                let commit = try fruitStore.reset()
                var result = stockResult(command: "stock reset", stock: commit.stock)
                result.text.insert(.message("Stock reset to the configured amounts.", .success), at: 0)
                return result
            },
        ]
    }

    /// `stock set|add|remove <fruit> <amount>`: one fruit, one amount, one kind of change.
    private func stockEdit(
        _ word: String, summary: String, amounts: ClosedRange<Int>, amountHelp: String,
        examples: [String], fruits: ChoiceSet,
        change: @escaping @Sendable (_ fruit: Fruit, _ amount: Int) -> StockChange
    ) -> Command {
        let name = "stock \(word)"
        return Command(
            CommandSpec(
                path: ["stock", word],
                summary: summary,
                arguments: [
                    .required("fruit", .choice(fruits), help: "its id or name"),
                    .required("amount", .integer(amounts), help: amountHelp),
                ],
                examples: examples)
        ) { invocation in
            let fruit = try fruit(invocation.choice("fruit"))
            let commit = try fruitStore.commit(change(fruit, invocation.integer("amount") ?? 0))
            return adjustmentResult(command: name, fruit: fruit, commit: commit)
        }
    }

    private func juice(_ id: String?) throws(JuiceError) -> Juice {
        guard let id, let juice = menu.juice(id) else { throw .unknownJuice(id ?? "") }
        return juice
    }

    private func fruit(_ id: String?) throws(JuiceError) -> Fruit {
        guard let id, let fruit = menu.fruit(id) else { throw .unknownFruit(id ?? "") }
        return fruit
    }
}
