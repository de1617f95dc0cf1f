import Foundation
import JuiceMaker

/// The rows of `sales export`, as CSV or JSON Lines: the same fields either way.
///
/// A row is one order line: when it was taken (ISO 8601 in the kiosk's local time zone, to
/// the millisecond), the juice's id, how many were made, the kiosk that took it (PostgreSQL
/// names each kiosk; empty on SQLite and in memory), and the fruit it took. CSV has a header
/// row `time,juice,count,kiosk,fruit_<id>...`, a column per fruit of the menu (then any other
/// fruit a row took, by id), 0 where a row took none of it. A JSON line is
/// `{"time":"2026-11-26T09:30:00.125+09:00","juice":"mango-kiwi","count":1,"kiosk":null,"fruit":{"mango":2,"kiwi":1}}`.
enum SalesExportEncoding {
    /// - Parameter fruits: the menu's fruit ids, in menu order.
    static func lines(of records: [SalesRecord], fruits: [String], as format: BankExportFormat) -> AnySequence<String> {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = .current
        switch format {
        case .jsonl:
            return AnySequence(
                records.lazy.map { record in
                    JSONLine(Row(record, time: formatter.string(from: record.at)), orElse: .object([])).serialized()
                })
        case .csv:
            let menu = Set(fruits)
            let columns = fruits + Set(records.flatMap { $0.fruitUsed.map(\.fruit) }).subtracting(menu).sorted()
            let header = (["time", "juice", "count", "kiosk"] + columns.map { "fruit_" + $0 })
                .map(BankExportEncoding.csv).joined(separator: ",")
            // The header, then a row per record, made as they are written.
            return AnySequence(
                sequence(state: -1) { (next: inout Int) -> String? in
                    defer { next += 1 }
                    if next < 0 { return header }
                    guard next < records.count else { return nil }
                    let record = records[next]
                    var used: [String: Int] = [:]
                    for amount in record.fruitUsed { used[amount.fruit, default: 0] += amount.amount }
                    let cells =
                        [
                            formatter.string(from: record.at), BankExportEncoding.csv(record.juice),
                            String(record.count), BankExportEncoding.csv(record.kiosk ?? ""),
                        ] + columns.map { String(used[$0] ?? 0) }
                    return cells.joined(separator: ",")
                })
        }
    }

    /// A JSON line of the export: the fields in the order documented.
    private struct Row: Encodable {
        let time: String
        let juice: String
        let count: Int
        let kiosk: String?
        let fruit: JSONContract.Counts

        init(_ record: SalesRecord, time: String) {
            self.time = time
            juice = record.juice
            count = record.count
            kiosk = record.kiosk
            fruit = JSONContract.Counts(record.fruitUsed.map { ($0.fruit, $0.amount) })
        }

        private enum CodingKeys: String, CodingKey {
            case time, juice, count, kiosk, fruit
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time, forKey: .time)
            try container.encode(juice, forKey: .juice)
            try container.encode(count, forKey: .count)
            // Always present: null where the ledger names no kiosk.
            try container.encode(kiosk, forKey: .kiosk)
            try container.encode(fruit, forKey: .fruit)
        }
    }
}
