import Bank
import KioskCore

/// The rows of `bank export`, as CSV or JSON Lines: the same fields either way, times in
/// whole milliseconds of bank time.
///
/// CSV has a header row and, per stage (up to the longest route among the customers),
/// `stage_N`, `desk_N`, `clerk_N`, `start_N_ms`, `end_N_ms`; a shorter route leaves its
/// last cells empty. A JSON line is
/// `{"ticket":2,"task":"loan","grade":"vip","arrival_ms":0,"stages":[{"stage":"documents","desk":"counter","clerk":2,"start_ms":0,"end_ms":300},...]}`.
enum BankExportEncoding {
    static func lines(of records: [BankCustomerRecord], as format: BankExportFormat) -> AnySequence<String> {
        switch format {
        case .jsonl:
            return AnySequence(
                records.lazy.map { record in
                    JSONLine(JSONContract.ExportRow(record), orElse: .object([])).serialized()
                })
        case .csv:
            let stages = max(1, records.reduce(0) { max($0, $1.stages.count) })
            var header = ["ticket", "task", "grade", "arrival_ms"]
            for number in 1...stages {
                header += [
                    "stage_\(number)", "desk_\(number)", "clerk_\(number)", "start_\(number)_ms", "end_\(number)_ms",
                ]
            }
            let headerLine = header.joined(separator: ",")
            // The header, then a row per record, made as they are written.
            return AnySequence(
                sequence(state: -1) { (next: inout Int) -> String? in
                    defer { next += 1 }
                    if next < 0 { return headerLine }
                    guard next < records.count else { return nil }
                    let record = records[next]
                    var cells = [String(record.ticket), csv(record.task), csv(record.grade), ms(record.arrival)]
                    for stage in record.stages {
                        cells += [
                            csv(stage.stage), csv(stage.desk), String(stage.clerk), ms(stage.start), ms(stage.end),
                        ]
                    }
                    cells += Array(repeating: "", count: 5 * max(0, stages - record.stages.count))
                    return cells.joined(separator: ",")
                })
        }
    }

    private static func ms(_ time: Duration) -> String { String(time.wholeMilliseconds) }

    /// A cell, quoted (with quotes doubled) when it holds a comma, a quote or a line break.
    static func csv(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 })
        else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
