/// kiosk's English.
struct EnglishCatalog: MessageCatalog {
    /// `one` or `other`, as `count` asks.
    func plural(_ count: Int, _ one: String, _ other: String) -> String {
        count == 1 ? one : other
    }
}
