/// Every sentence kiosk shows, keyed by what it says and the values it needs: one protocol
/// per area (help, shop, bank, plan, session, errors, live view, command line), and one
/// conforming type per language (``EnglishCatalog``, ``KoreanCatalog``) whose files follow
/// the same areas. The presenter composes results from these and never words anything
/// itself, so a second language is one more set of files, and a key missing in it does not
/// compile.
///
/// Names (`juice`, `fruit`, `desk`) arrive already sanitized and in display form.
protocol MessageCatalog: HelpMessages, ShopMessages, BankMessages, PlanMessages, SessionMessages, ErrorMessages,
    LiveViewMessages, CommandLineMessages, SafetyCatalog
{}

/// What every language writes the same way: lists of spellings.
extension MessageCatalog {
    /// One value of a choice with its other spellings: `mango-kiwi (Mango-Kiwi Juice, mangki, "mango kiwi")`.
    func choiceWithSpellings(_ id: String, _ spellings: [String]) -> String {
        let shown = spellings.map { $0.contains(" ") ? "\"\($0)\"" : $0 }
        return shown.isEmpty ? id : "\(id) (\(shown.joined(separator: ", ")))"
    }
}
