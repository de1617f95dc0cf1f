import Foundation

/// PostgreSQL array literals for text parameters.
enum PostgresArray {
    /// `{"a","b"}`, each element quoted and escaped.
    static func text(_ values: [String]) -> String {
        let quoted = values.map { value in
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }

    /// `{1,2}`.
    static func integers(_ values: [Int]) -> String {
        "{" + values.map(String.init).joined(separator: ",") + "}"
    }
}
