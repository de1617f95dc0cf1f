import KioskCore

extension JuiceMaker {
    /// The shop's commands for the shared registry: `menu`, `order`, `stock`,
    /// `stock set|add|remove` (one fruit or several at once), `stock fill`, `stock reset` and
    /// `sales`. Each returns a ``ShopOutcome``.
    ///
    /// Every example names juices and fruits of this menu, so that `help` fits whatever
    /// the configuration serves.
    public var commands: [Command] {
        let juices = menu.juiceChoices
        let fruits = menu.fruitChoices
        // The shelves' limits are the store's (another kiosk on the same database may have
        // set them since this one started); the store checks each amount against them, so
        // the parser only bounds what any shelf may ever hold.
        let largestShelf = KioskConfig.Fruit.maximumLimit
        let fruitExample = menu.fruits.first?.id ?? "fruit"
        let otherFruit = menu.fruits.dropFirst().first?.id
        // A juice the configured stock makes twice, so that the examples work on a fresh shop.
        let stock = menu.initialStock
        let juiceExample = menu.juices.first { stock.available($0.recipe) >= 2 } ?? menu.juices.first
        var orderExamples: [String?] = juiceExample.map { ["order \($0.id)", "order \($0.id) 2"] } ?? ["order juice"]
        if let name = juiceExample?.name, Self.typesPlainly(name) {
            orderExamples.append("order \"\(name)\"")
        }
        // A name of several words, typed without quotes, when the menu has one: an alias
        // before a display name, of a juice the configured stock makes twice, else once.
        let spaced = [(true, 2), (true, 1), (false, 2), (false, 1)].lazy.compactMap { isAlias, least in
            menu.juices.lazy.filter { stock.available($0.recipe) >= least }.compactMap { juice in
                (isAlias ? juice.aliases : [juice.name]).first { $0.contains(" ") && Self.typesPlainly($0) }
                    .map { (juice, $0) }
            }.first
        }.first
        if let (juice, name) = spaced {
            orderExamples.append("order \(name.lowercased())" + (stock.available(juice.recipe) >= 2 ? " 2" : ""))
        }
        let pair = otherFruit.map { " \($0) 5" } ?? ""
        orderExamples.append(Self.severalJuicesExample(menu: menu, stock: stock))
        let juiceKey = ArgumentKey.required("juice", .counted(juices, counts: Inventory.orderCounts))
        let fillFruit = ArgumentKey.optional("fruit", .choice(fruits))

        return [
            Command(CommandSpec(path: ["menu"], topic: .menu, examples: ["menu"])) { _ in
                ShopOutcome.menu(try availability())
            },
            Command(
                CommandSpec(
                    path: ["order"],
                    topic: .order,
                    arguments: [juiceKey.spec],
                    examples: orderExamples.compactMap { $0 })
            ) { invocation in
                // One juice when no count is given, as `help order` says.
                let chosen = try invocation[juiceKey]
                // Most orders name one juice: made without an array of lines.
                if chosen.count == 1, let only = chosen.first {
                    return ShopOutcome.order(try receipt(only.value, count: only.count ?? 1))
                }
                return ShopOutcome.order(try make(chosen.map { OrderLine(juice: $0.value, count: $0.count ?? 1) }))
            },
            Command(
                CommandSpec(
                    path: ["stock"], topic: .stock,
                    examples: ["stock", "stock add \(fruitExample) 5", "stock fill", "stock reset"])
            ) { _ in
                ShopOutcome.stock(try fruitStore.stock())
            },
            stockEdit(
                "set", kind: .set, topic: .stockSet, amounts: 0...largestShelf,
                examples: [
                    "stock set \(fruitExample) 20", "stock set \(fruitExample) 0",
                    "stock set \(fruitExample) 20\(pair)",
                ],
                fruits: fruits),
            stockEdit(
                "add", kind: .add, topic: .stockAdd, amounts: 1...largestShelf,
                examples: ["stock add \(fruitExample) 5", "stock add \(fruitExample) 5\(pair)"], fruits: fruits),
            stockEdit(
                "remove", kind: .remove, topic: .stockRemove, amounts: 1...largestShelf,
                examples: [
                    "stock remove \(fruitExample) 2",
                    "stock remove \(fruitExample) 2\(pair.isEmpty ? "" : " \(otherFruit ?? "") 2")",
                ],
                fruits: fruits),
            Command(
                CommandSpec(
                    path: ["stock", "fill"], topic: .stockFill, arguments: [fillFruit.spec],
                    examples: ["stock fill", "stock fill \(fruitExample)" + (otherFruit.map { " \($0)" } ?? "")],
                    repeats: true)
            ) { invocation in
                let named = try invocation.all(fillFruit)
                let chosen = named.isEmpty ? menu.fruits : named
                // Each shelf's max as the store holds it when the change commits.
                let commit = try fruitStore.commit(.several(.set, chosen.map(FruitEdit.toMaximum)))
                return ShopOutcome.filled(Self.adjustments(of: chosen, in: commit, kind: .set), stock: commit.stock)
            },
            Command(
                CommandSpec(path: ["stock", "reset"], topic: .stockReset, examples: ["stock reset"], destructive: true)
            ) { _ in
                ShopOutcome.reset(try fruitStore.reset().stock)
            },
            Command(
                CommandSpec(
                    path: ["sales"], topic: .sales, arguments: [SalesArguments.day.spec],
                    flags: SalesArguments.flags,
                    examples: [
                        "sales", "sales yesterday", "sales 2026-11-21", "sales --from 2026-11-01 --to 2026-11-30",
                        "sales --all",
                    ])
            ) { invocation in
                let (report, period) = try sales(try SalesArguments.request(in: invocation))
                return ShopOutcome.sales(report, period: period)
            },
        ]
    }

    /// `order 2 banana, kiwi`: a count first and two juices the configured stock makes
    /// together; nil when the menu has no two such juices.
    private static func severalJuicesExample(menu: Menu, stock: Inventory) -> String? {
        for first in menu.juices {
            for second in menu.juices where second.id != first.id {
                let lines = [OrderLine(juice: first, count: 2), OrderLine(juice: second, count: 1)]
                if (try? stock.applying(.orders(lines, restock: []))) != nil {
                    return "order 2 \(first.id), \(second.id)"
                }
            }
        }
        return nil
    }

    /// Whether `name` can be typed inside double quotes as it is.
    private static func typesPlainly(_ name: String) -> Bool {
        !name.contains("\"") && !name.contains("\\") && !name.contains("#")
    }

    /// `stock set|add|remove <fruit> <amount> [<fruit> <amount> ...]`: one kind of change to
    /// one fruit, or to several in one commit (all or nothing).
    private func stockEdit(
        _ word: String, kind: StockChange.Kind, topic: CommandTopic, amounts: ClosedRange<Int>, examples: [String],
        fruits: Choices<Fruit>
    ) -> Command {
        let fruit = ArgumentKey.required("fruit", .choice(fruits))
        let amount = ArgumentKey.required("amount", .integer(amounts))
        return Command(
            CommandSpec(
                path: ["stock", word], topic: topic, arguments: [fruit.spec, amount.spec], examples: examples,
                repeats: true, destructive: kind == .remove)
        ) { invocation in
            let named = try invocation.all(fruit)
            let amounts = try invocation.all(amount)
            let edits = zip(named, amounts).map { FruitEdit(fruit: $0, amount: $1) }
            if edits.count == 1, let edit = edits.first {
                let change: StockChange =
                    switch kind {
                    case .add: .add(fruit: edit.fruit, amount: edit.amount)
                    case .remove: .remove(fruit: edit.fruit, amount: edit.amount)
                    default: .set(fruit: edit.fruit, amount: edit.amount)
                    }
                let commit = try fruitStore.commit(change)
                return ShopOutcome.adjusted(
                    StockAdjustment(
                        kind: commit.change.kind, fruit: edit.fruit, old: commit.level(before: edit.fruit),
                        new: commit.stock[edit.fruit], maximum: commit.stock.maximum(of: edit.fruit)))
            }
            let commit = try fruitStore.commit(.several(kind, edits))
            return ShopOutcome.adjustedSeveral(Self.adjustments(of: named, in: commit, kind: kind), stock: commit.stock)
        }
    }

    /// One adjustment per fruit of `fruits` (each once, in the order first named).
    private static func adjustments(of fruits: [Fruit], in commit: StockCommit, kind: StockChange.Kind)
        -> [StockAdjustment]
    {
        var seen: Set<String> = []
        return fruits.filter { seen.insert($0.id).inserted }.map { fruit in
            StockAdjustment(
                kind: kind, fruit: fruit, old: commit.level(before: fruit), new: commit.stock[fruit],
                maximum: commit.stock.maximum(of: fruit))
        }
    }
}
