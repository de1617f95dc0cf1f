import Bank
import KioskCore

/// `bank export <file> [--format csv|jsonl]`: one row per customer who finished their task,
/// written by the front end from the records the bank hands back.
enum BankExportCommand {
    private static let file = ArgumentKey.required("file", .path)
    private static let format = OptionKey("format", value: "format", .choice(BankExportFormat.choices))

    static func command(bank: Bank) -> Command {
        Command(
            CommandSpec(
                path: ["bank", "export"],
                topic: .bankExport,
                arguments: [file.spec],
                flags: [format.spec],
                examples: ["bank export customers.csv", "bank export customers.jsonl", "bank export out --format csv"])
        ) { invocation in
            let path = try invocation[file]
            let chosen = try invocation[format]
            guard let format = chosen ?? BankExportFormat(extensionOf: path) else {
                throw BankExportError.unknownFormat(path: path)
            }
            let records = await bank.departedCustomers()
            try BankExportFile.write(BankExportEncoding.lines(of: records, as: format), to: path)
            return BankExportOutcome(path: path, format: format, customers: records.count)
        }
    }
}

/// The file formats `bank export` writes.
enum BankExportFormat: String, Sendable, CaseIterable {
    /// Comma-separated values with a header row (RFC 4180 quoting).
    case csv
    /// JSON Lines: one object per customer.
    case jsonl

    /// The format a file name's extension names (`.csv`, `.jsonl`, in any case), if any.
    init?(extensionOf path: String) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }

    static let choices = Choices<BankExportFormat>(noun: "format")
}

/// What `bank export` wrote: where, in which format, how many customers.
struct BankExportOutcome: CommandOutcome {
    let path: String
    let format: BankExportFormat
    let customers: Int
}

/// Why `bank export` wrote nothing (or not all).
enum BankExportError: DetailedError, Equatable {
    /// No `--format`, and the file's extension is neither `.csv` nor `.jsonl`.
    case unknownFormat(path: String)
    /// The file could not be created or written: the system's reason.
    case cannotWrite(path: String, reason: String)

    var code: String {
        switch self {
        case .unknownFormat: "unknown_export_format"
        case .cannotWrite: "export_failed"
        }
    }

    var path: String {
        switch self {
        case .unknownFormat(let path), .cannotWrite(let path, _): path
        }
    }

    var details: ErrorDetails { ["path": .text(path)] }
}
