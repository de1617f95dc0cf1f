// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

extension JSONContract {
    struct HelpOverviewBody: Encodable {
        struct Entry: Encodable {
            let name: String
            let usage: String
            let summary: String
        }
        let commands: [Entry]
    }

    struct HelpDetailBody: Encodable {
        let name: String
        let usage: String
        let summary: String
        let examples: [String]
    }

    struct HistoryBody: Encodable {
        struct Entry: Encodable {
            let number: Int
            let line: String
        }
        let entries: [Entry]
    }

    struct QuitBody: Encodable {
        let cancelled: String
        /// The tickets sent away, one entry per run of consecutive tickets of a task.
        let tickets: [TaskTicketRange]
    }

    struct TaskTicketRange: Encodable {
        let task: String
        let first: Int
        let last: Int
    }
}
