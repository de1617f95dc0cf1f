import JuiceMaker
import KioskCore

/// `sales export <file> [day] [--all] [--from <day>] [--to <day>]`: one row per order line
/// of the days `sales` would report, as CSV or JSON Lines by the file's extension, written
/// whole or not at all (``BankExportFile``).
enum SalesExportCommand {
    private static let file = ArgumentKey.required("file", .path)

    static func command(maker: JuiceMaker) -> Command {
        let fruits = maker.menu.fruits.map(\.id)
        return Command(
            CommandSpec(
                path: ["sales", "export"],
                topic: .salesExport,
                arguments: [file.spec, SalesArguments.day.spec],
                flags: SalesArguments.flags,
                examples: [
                    "sales export today.csv", "sales export yesterday.jsonl yesterday",
                    "sales export november.csv --from 2026-11-01 --to 2026-11-30", "sales export all.jsonl --all",
                ])
        ) { invocation in
            let path = try invocation[file]
            // `sales export yesterday`: the day where the file goes, the file forgotten.
            if DayArgument(path) != nil { throw SalesExportError.dayForFile(day: path) }
            let request = try SalesArguments.request(in: invocation)
            // The format first: a name that chooses none writes nothing and reads nothing.
            guard let format = BankExportFormat(extensionOf: path) else {
                throw SalesExportError.unknownFormat(path: path)
            }
            let (records, period) = try maker.salesRecords(request)
            try BankExportFile.write(SalesExportEncoding.lines(of: records, fruits: fruits, as: format), to: path)
            return SalesExportOutcome(
                path: path, format: format, period: period, orders: records.count,
                juices: records.reduce(0) { $0 + $1.count })
        }
    }
}

/// What `sales export` wrote: where, in which format, the days, and how many order lines
/// (and juices) they held.
struct SalesExportOutcome: CommandOutcome {
    let path: String
    let format: BankExportFormat
    let period: SalesPeriod
    let orders: Int
    let juices: Int
}

/// Why `sales export` wrote nothing. (A file that cannot be written is a
/// ``BankExportError/cannotWrite(path:reason:)``, a symbolic link a ``RefusedFile``, as for
/// `bank export`.)
enum SalesExportError: DetailedError, Equatable {
    /// The file's extension is neither `.csv` nor `.jsonl`.
    case unknownFormat(path: String)
    /// The file's place holds a day (`sales export yesterday`): the file was left out.
    case dayForFile(day: String)

    var code: String {
        switch self {
        case .unknownFormat: "unknown_export_format"
        case .dayForFile: "missing_argument"
        }
    }

    var path: String {
        switch self {
        case .unknownFormat(let path): path
        case .dayForFile(let day): day
        }
    }

    var details: ErrorDetails {
        switch self {
        case .unknownFormat(let path): ["path": .text(path)]
        case .dayForFile(let day): ["argument": .text("file"), "given": .text(day)]
        }
    }
}
