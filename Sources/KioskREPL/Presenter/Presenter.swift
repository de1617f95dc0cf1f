import Bank
import Foundation
import JuiceMaker
import KioskCore

/// Turns what modules return and publish into what a person reads (through a
/// ``MessageCatalog``) and into the JSON Lines contract (through ``JSONContract``).
///
/// The one place where results, errors and events get words: modules hand over typed
/// values, and only this type decides how they look.
///
/// ```swift
/// let presenter = Presenter(catalog: EnglishCatalog(), config: config)
/// let rendering = presenter.render(outcome, of: invocation)
/// rendering.text   // [.message("Made 2 Banana Juice.", .success), ...]
/// rendering.json   // {"type":"result","command":"order","juice":"banana",...}
/// ```
struct Presenter: Sendable {
    /// How many waiting tickets the `bank status` table shows per desk.
    static let shownTickets = 8

    let catalog: any MessageCatalog
    let names: NameBook
    let help: HelpContext
    let desks: [KioskConfig.Desk]
    /// The bank's desks, offices, tasks and grades.
    let bank: KioskConfig.BankSetup

    /// A presenter speaking `language`, with the config's names in it.
    /// - Parameter config: where display names come from; nil before a config is loaded
    ///   (errors at start-up), when ids stand in for names.
    init(language: Language, config: KioskConfig?) {
        self.init(catalog: language.catalog, config: config, language: language)
    }

    /// - Parameters:
    ///   - catalog: the sentences.
    ///   - config: where display names come from; nil before a config is loaded
    ///     (errors at start-up), when ids stand in for names.
    ///   - language: which of the config's names to show.
    init(catalog: any MessageCatalog, config: KioskConfig?, language: Language = .english) {
        self.catalog = catalog
        self.names = config.map { NameBook(config: $0, language: language) } ?? NameBook()
        self.desks = config?.bank.desks ?? []
        self.bank = config?.bank ?? KioskConfig.BankSetup(customers: 1...1, desks: [])
        self.help = HelpContext(
            customers: config?.bank.customers ?? 1...1, defaultAdmission: Bank.defaultAdmission,
            historyCapacity: HistoryPolicy.capacity)
    }

    /// A command's outcome, as text and as its JSON result line.
    func render(_ outcome: any CommandOutcome, of invocation: Invocation) -> Rendering {
        let command = invocation.name
        switch outcome {
        case let shop as ShopOutcome: return render(shop, command: command, invocation: invocation)
        case let bank as BankOutcome: return render(bank, command: command)
        case let listing as HistoryListing: return render(listing)
        case let topic as HelpOutcome: return render(topic.topic)
        case let watch as WatchOutcome: return render(watch)
        case let events as EventsOutcome: return render(events)
        case let quit as QuitOutcome:
            return Rendering(
                text: quit.cancelled.map { [.message(catalog.cancelled(waiting: $0.waiting, inService: $0.inService), .warning)] }
                    ?? [],
                json: json(command: "quit", JSONContract.QuitBody(cancelled: quit.cancelled.map {
                    catalog.cancelled(waiting: $0.waiting, inService: $0.inService)
                } ?? "")))
        default:
            return Rendering(text: [], json: json(command: command, JSONContract.Empty()))
        }
    }

    /// A result line: `{"type":"result","command":...,<body>}`.
    func json(command: String, _ body: some Encodable) -> JSONValue {
        // The contract's types hold strings, whole numbers, booleans and nulls only, which
        // always encode; an empty object stands in should one ever fail.
        (try? JSONValueEncoder.encode(JSONContract.Result(command: command, body: body)))
            ?? .object([JSONField("type", .string("result")), JSONField("command", .string(command))])
    }

    // MARK: - Shop

    private func render(_ outcome: ShopOutcome, command: String, invocation: Invocation) -> Rendering {
        switch outcome {
        case .menu(let lines):
            let columns = catalog.menuColumns
            return Rendering(
                text: [
                    .table(
                        Table(
                            columns: [
                                Table.Column(columns.juice), Table.Column(columns.name),
                                Table.Column(columns.recipe), Table.Column(columns.canMake, alignment: .right),
                            ],
                            rows: lines.map { line in
                                [
                                    line.juice.id, names.juice(line.juice.id),
                                    catalog.amounts(line.juice.recipe.ingredients.map { ($0.fruit, $0.amount) }),
                                    String(line.available),
                                ]
                            }))
                ],
                json: json(
                    command: command,
                    JSONContract.MenuBody(
                        juices: lines.map { line in
                            JSONContract.MenuBody.Line(
                                id: line.juice.id, name: names.juice(line.juice.id),
                                recipe: JSONContract.Counts(line.juice.recipe.ingredients.map { ($0.fruit, $0.amount) }),
                                available: line.available)
                        })))
        case .order(let receipt):
            return Rendering(
                text: [
                    .message(catalog.orderMade(count: receipt.count, juice: names.juice(receipt.juice.id)), .success),
                    .message(catalog.stockUsed(receipt.deltas.map { ($0.fruit, $0.old, $0.new) }), .muted),
                ],
                json: json(
                    command: command,
                    JSONContract.OrderBody(
                        juice: receipt.juice.id, count: receipt.count, stock: JSONContract.Counts(receipt.stock))))
        case .stock(let stock):
            return Rendering(
                text: [stockTable(stock)],
                json: json(command: command, JSONContract.StockBody(stock: JSONContract.Counts(stock))))
        case .reset(let stock):
            return Rendering(
                text: [.message(catalog.stockResetDone, .success), stockTable(stock)],
                json: json(command: command, JSONContract.StockBody(stock: JSONContract.Counts(stock))))
        case .adjusted(let adjustment):
            let sentence =
                adjustment.old == adjustment.new
                ? catalog.stockStays(fruit: names.fruit(adjustment.fruit.id), level: adjustment.new, maximum: adjustment.maximum)
                : catalog.stockMoved(
                    fruit: names.fruit(adjustment.fruit.id), old: adjustment.old, new: adjustment.new,
                    maximum: adjustment.maximum)
            return Rendering(
                text: [.message(sentence, .success)],
                json: json(
                    command: command,
                    JSONContract.AdjustmentBody(fruit: adjustment.fruit.id, old: adjustment.old, new: adjustment.new)))
        case .sales(let report):
            return renderSales(report, period: invocation.has(flag: "all") ? .all : .today, command: command)
        }
    }

    private func stockTable(_ stock: Inventory) -> TextBlock {
        let columns = catalog.stockColumns
        return .table(
            Table(
                columns: [
                    Table.Column(columns.fruit), Table.Column(columns.name),
                    Table.Column(columns.stock, alignment: .right), Table.Column(columns.maximum, alignment: .right),
                ],
                rows: stock.levels.map { fruit, count in
                    [fruit.id, names.fruit(fruit.id), String(count), String(fruit.maximum)]
                }))
    }

    private func renderSales(_ report: SalesReport, period: SalesPeriod, command: String) -> Rendering {
        let body = JSONContract.SalesBody(
            period: period == .all ? "all" : "today", from: nil, to: nil, total: report.total,
            juices: report.lines.map { line in
                JSONContract.SalesBody.Line(
                    juice: line.juice, count: line.count, orders: line.orders,
                    fruit: JSONContract.Counts(line.fruitUsed.map { ($0.fruit, $0.amount) }))
            },
            fruit: JSONContract.Counts(report.fruitUsed.map { ($0.fruit, $0.amount) }))
        guard !report.lines.isEmpty else {
            return Rendering(text: [.message(catalog.noSales(period), .muted)], json: json(command: command, body))
        }
        let columns = catalog.salesColumns
        let rows = report.lines.map { line in
            [
                names.juice(line.juice), String(line.count), String(line.orders),
                catalog.amounts(line.fruitUsed.map { ($0.fruit, $0.amount) }),
            ]
        }
        return Rendering(
            text: [
                .message(catalog.salesHeading(period, juices: report.total), .heading),
                .table(
                    Table(
                        columns: [
                            Table.Column(columns.juice), Table.Column(columns.made, alignment: .right),
                            Table.Column(columns.orders, alignment: .right), Table.Column(columns.fruitUsed),
                        ], rows: rows)),
                .message(
                    catalog.fruitUsedInAll(catalog.amounts(report.fruitUsed.map { ($0.fruit, $0.amount) })), .muted),
            ],
            json: json(command: command, body))
    }
}
