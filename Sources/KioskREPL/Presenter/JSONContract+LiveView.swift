// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

extension JSONContract {
    /// `events`: `{"type":"result","command":"events","events":"summary","remembered":PATH|null}`.
    struct EventsBody: Encodable {
        let events: String
        let remembered: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode(events, forKey: DynamicKey("events"))
            try container.encode(remembered, forKey: DynamicKey("remembered"))
        }
    }

    /// `bank_summary` (`--events summary`): the bank's totals at most once a second.
    struct SummaryBody: Encodable {
        let waiting: Int
        let in_service: Int
        let served: Int
        let business_ms: Int
    }

    /// `bank watch`, on returning to the prompt: the bank's totals then.
    struct WatchBody: Encodable {
        let open: Bool
        let waiting: Int
        let in_service: Int
        let served: Int
        let business_ms: Int
    }
}
