/// The front end's sentences: the banner, the history, leaving with customers at the bank,
/// and the classic console (`kiosk classic`).
protocol SessionMessages: Sendable {
    var historyEmpty: String { get }
    func banner(version: String, config: String, data: String) -> String
    var inMemory: String { get }
    func dataIn(_ directory: String) -> String
    func sharedDatabase(_ server: String) -> String
    /// A command found the PostgreSQL server lost and connects again for up to `seconds`.
    func reconnecting(_ server: String, seconds: Int) -> String
    /// The connection stands again; the command went on.
    func reconnected(_ server: String) -> String
    func interrupted(cancelled: String?) -> String
    /// The first `quit` or Ctrl-D while customers are at the bank.
    func quitWarning(waiting: Int, inService: Int, toArrive: Int) -> String
    /// Which tickets leaving cancelled, one range per task: `deposit #3–#7, loan #4`.
    func cancelledTickets(_ ranges: [(task: String, tickets: [ClosedRange<Int>])]) -> String

    // MARK: Classic console (`kiosk classic`)
    var classicMenu: [String] { get }
    var classicPrompt: String { get }
    var classicWrongInput: String { get }
    func classicStarted(ticket: Int, grade: String?, task: String) -> String
    func classicFinished(ticket: Int, grade: String?, task: String) -> String
    func classicClosed(served: Int, seconds: String) -> String
}
