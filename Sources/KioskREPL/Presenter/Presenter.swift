import Bank
import Foundation
import JuiceMaker
import KioskCore
import Synchronization

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

    /// The sentences.
    var catalog: any MessageCatalog { parts.catalog }
    /// The language of the sentences and of the config's names.
    var language: Language { parts.language }
    /// The config's display names.
    var names: NameBook { parts.setup.withLock { $0.names } }
    var help: HelpContext { parts.setup.withLock { $0.help } }
    /// The bank's desks, offices, tasks and grades.
    var bank: KioskConfig.BankSetup { parts.setup.withLock { $0.bank } }

    /// What the presenter holds, behind one reference: every result keeps a presenter until
    /// it prints, and copying one reference costs far less than copying each name table.
    private final class Parts: Sendable {
        let catalog: any MessageCatalog
        let language: Language
        /// The names and bank of the config in force: replaced together when the bank is
        /// built again (`bank preset`), and every copy of the presenter sees the new ones.
        let setup: Mutex<Setup>

        init(catalog: any MessageCatalog, language: Language, setup: Setup) {
            self.catalog = catalog
            self.language = language
            self.setup = Mutex(setup)
        }
    }

    /// The parts of the presenter that come from the config.
    private struct Setup {
        let names: NameBook
        let help: HelpContext
        let bank: KioskConfig.BankSetup

        init(config: KioskConfig?, language: Language) {
            names = config.map { NameBook(config: $0, language: language) } ?? NameBook()
            help = HelpContext(
                customers: config?.bank.customers ?? 1...1, defaultAdmission: Bank.defaultAdmission,
                historyCapacity: HistoryPolicy.capacity)
            bank = config?.bank ?? KioskConfig.BankSetup(customers: 1...1, desks: [])
        }
    }

    private let parts: Parts

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
        parts = Parts(catalog: catalog, language: language, setup: Setup(config: config, language: language))
    }

    /// Takes the names and bank of `config` from now on, in this presenter and every copy of
    /// it: the bank was built again (`bank preset`).
    func adopt(_ config: KioskConfig) {
        let setup = Setup(config: config, language: parts.language)
        parts.setup.withLock { $0 = setup }
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
        case let preset as BankPresetOutcome: return render(preset, command: command)
        case let events as EventsOutcome: return render(events)
        case let export as BankExportOutcome:
            return Rendering(
                text: [
                    .message(
                        catalog.exported(
                            customers: export.customers, path: Sanitized.text(export.path, limit: 256),
                            format: export.format.rawValue), .success)
                ],
                json: json(
                    command: command,
                    JSONContract.ExportBody(
                        file: export.path, format: export.format.rawValue, customers: export.customers)))
        case let export as SalesExportOutcome:
            let period = export.period
            return Rendering(
                text: [
                    .message(
                        catalog.salesExported(
                            orders: export.orders, juices: export.juices, period: period,
                            path: Sanitized.text(export.path, limit: 256), csv: export.format == .csv), .success)
                ],
                json: json(
                    command: command,
                    JSONContract.SalesExportBody(
                        file: export.path, format: export.format.rawValue, period: period.span.rawValue,
                        from: period.first?.description, to: period.last?.description, orders: export.orders,
                        total: export.juices)))
        case let quit as QuitOutcome:
            return Rendering(
                text: quit.cancelled.map { [.message(cancellationText($0), .warning)] } ?? [],
                json: json(
                    command: "quit",
                    JSONContract.QuitBody(
                        cancelled: quit.cancelled.map(cancellationText) ?? "",
                        tickets: quit.cancelled.map(ticketRanges) ?? [])))
        case is ClearScreenOutcome:
            // Cursor home, then erase the screen: what clear(1) sends to a VT100-like terminal.
            return Rendering(text: [], json: json(command: command, JSONContract.Empty()), control: "\u{1B}[H\u{1B}[2J")
        default:
            return Rendering(text: [], json: json(command: command, JSONContract.Empty()))
        }
    }

    /// What leaving sent away: how many, then their tickets, a range per task.
    func cancellationText(_ departure: BankDeparture) -> String {
        let counts = catalog.cancelled(
            waiting: departure.cancelled.waiting, inService: departure.cancelled.inService,
            toArrive: departure.cancelled.toArrive)
        guard !departure.tickets.isEmpty else { return counts }
        return counts + " "
            + catalog.cancelledTickets(departure.tickets.map { (names.task($0.task), $0.ranges) })
    }

    /// The tickets sent away, a range per task, for JSON.
    func ticketRanges(_ departure: BankDeparture) -> [JSONContract.TaskTicketRange] {
        departure.tickets.flatMap { entry in
            entry.ranges.map {
                JSONContract.TaskTicketRange(task: entry.task, first: $0.lowerBound, last: $0.upperBound)
            }
        }
    }

    /// An order's result line, as ``JSONContract/OrderBody`` encodes it, written straight
    /// into its bytes: every order of a `--json` script prints one.
    static func orderLine(command: String, receipt: OrderReceipt) -> JSONLine {
        var object = JSONFieldWriter()
        object.field("type", "result")
        object.field("command", command)
        object.field("juice", receipt.juice.id)
        object.field("count", receipt.count)
        object.field("stock", counts: receipt.stock.levels.lazy.map { ($0.fruit.id, $0.count) })
        return object.line()
    }

    /// Appends ``orderLine(command:receipt:)`` and a newline to `bytes`, the same fields
    /// written in place.
    static func appendOrderLine(command: String, receipt: OrderReceipt, to bytes: inout [UInt8]) {
        OutputRoom.write(to: &bytes) { line in
            line.write(#"{"type":"result","command":"#)
            line.write(string: command)
            line.write(#","juice":"#)
            line.write(string: receipt.juiceID)
            line.write(#","count":"#)
            line.write(integer: receipt.count)
            line.write(#","stock":{"#)
            let stock = receipt.stock
            for (position, fruit) in stock.fruits.enumerated() {
                if position > 0 { line.write(byte: UInt8(ascii: ",")) }
                line.write(string: fruit.id)
                line.write(byte: UInt8(ascii: ":"))
                line.write(integer: stock.stock(at: position))
            }
            line.write("}}\n")
        }
    }

    /// A result line: `{"type":"result","command":...,<body>}`.
    func json(command: String, _ body: some Encodable) -> JSONLine {
        // An object with only the type and the command stands in should the body ever fail
        // to encode.
        JSONLine(
            JSONContract.Result(command: command, body: body),
            orElse: .object([JSONField("type", .string("result")), JSONField("command", .string(command))]))
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
                                    catalog.amounts(
                                        line.juice.recipe.ingredients.map { (names.fruitWord($0.fruit), $0.amount) }),
                                    String(line.available),
                                ]
                            }))
                ] + menuAliases(lines),
                json: json(
                    command: command,
                    JSONContract.MenuBody(
                        juices: lines.map { line in
                            JSONContract.MenuBody.Line(
                                id: line.juice.id, name: names.juice(line.juice.id),
                                recipe: JSONContract.Counts(
                                    line.juice.recipe.ingredients.map { ($0.fruit, $0.amount) }),
                                available: line.available)
                        })))
        case .order(let receipt) where receipt.isOneJuiceAlone:
            return Rendering(
                text: [
                    .message(catalog.orderMade(count: receipt.count, juice: names.juice(receipt.juice.id)), .success),
                    .message(
                        catalog.stockUsed(receipt.deltas.map { (names.fruitWord($0.fruit), $0.old, $0.new) }), .muted),
                ],
                json: Self.orderLine(command: command, receipt: receipt))
        case .order(let receipt):
            return severalMade(receipt, command: command)
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
                ? catalog.stockStays(
                    fruit: names.fruit(adjustment.fruit.id), level: adjustment.new, maximum: adjustment.maximum)
                : catalog.stockMoved(
                    fruit: names.fruit(adjustment.fruit.id), old: adjustment.old, new: adjustment.new,
                    maximum: adjustment.maximum)
            return Rendering(
                text: [.message(sentence, .success)],
                json: json(
                    command: command,
                    JSONContract.AdjustmentBody(fruit: adjustment.fruit.id, old: adjustment.old, new: adjustment.new)))
        case .adjustedSeveral(let adjustments, let stock):
            return adjustedSeveral(adjustments, stock: stock, headline: catalog.stockEditedTogether, command: command)
        case .filled(let adjustments, let stock):
            return adjustedSeveral(
                adjustments, stock: stock, headline: catalog.stockFilled(adjustments.count), command: command)
        case .sales(let report, let period):
            return renderSales(report, period: period, command: command)
        }
    }

    /// Under the menu, the aliases of the juices that have any.
    private func menuAliases(_ lines: [MenuLine]) -> [TextBlock] {
        let aliased = lines.filter { !$0.juice.aliases.isEmpty }.map { ($0.juice.id, $0.juice.aliases) }
        return aliased.isEmpty ? [] : [.message(catalog.menuAliases(aliased), .muted)]
    }

    /// Several fruits changed in one commit: a headline, then a line per fruit.
    private func adjustedSeveral(
        _ adjustments: [StockAdjustment], stock: Inventory, headline: String, command: String
    ) -> Rendering {
        let lines = adjustments.map { adjustment in
            "  "
                + (adjustment.old == adjustment.new
                    ? catalog.stockStays(
                        fruit: names.fruit(adjustment.fruit.id), level: adjustment.new, maximum: adjustment.maximum)
                    : catalog.stockMoved(
                        fruit: names.fruit(adjustment.fruit.id), old: adjustment.old, new: adjustment.new,
                        maximum: adjustment.maximum))
        }
        return Rendering(
            text: [.message(headline, .success), .message(lines.joined(separator: "\n"))],
            json: json(
                command: command,
                JSONContract.AdjustmentsBody(
                    changes: adjustments.map { .init(fruit: $0.fruit.id, old: $0.old, new: $0.new) },
                    stock: JSONContract.Counts(stock))))
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
            period: period.span.rawValue, from: period.first?.description, to: period.last?.description,
            total: report.total,
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
                catalog.amounts(line.fruitUsed.map { (names.fruitWord($0.fruit), $0.amount) }),
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
                    catalog.fruitUsedInAll(
                        catalog.amounts(report.fruitUsed.map { (names.fruitWord($0.fruit), $0.amount) })), .muted),
            ],
            json: json(command: command, body))
    }
}
