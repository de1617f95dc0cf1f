/// One kind of business the bank does (deposit, loan, ...), served at its own desk.
///
/// Tasks come from the config's `[[bank.desk]]` tables; nothing about them is hard-coded.
struct BankTask: Sendable, Hashable {
    /// The task's id in commands and JSON: `"deposit"`.
    let id: String
    /// The desk's display name: `"Deposit"`.
    let name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
