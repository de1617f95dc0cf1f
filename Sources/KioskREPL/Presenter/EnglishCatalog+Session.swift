/// The front end and the classic console, in English.
extension EnglishCatalog {
    var historyEmpty: String { "The history is empty." }

    func banner(version: String, config: String, data: String) -> String {
        "kiosk \(version) · config: \(config) · \(data) · Type 'help' for commands, Ctrl-D to quit."
    }

    var inMemory: String { "in memory" }
    func dataIn(_ directory: String) -> String { "data in \(directory)" }
    func sharedDatabase(_ server: String) -> String { "database \(server)" }
    func reconnecting(_ server: String, seconds: Int) -> String {
        "note: lost the connection to \(server); connecting again for up to \(seconds) s"
    }
    func reconnected(_ server: String) -> String { "note: connected again to \(server)" }

    func quitWarning(waiting: Int, inService: Int, toArrive: Int) -> String {
        let customers = waiting + inService + toArrive
        return "The bank still has \(customers) \(plural(customers, "customer", "customers")) "
            + "(\(waiting) waiting, \(inService) in service\(toArrive > 0 ? ", \(toArrive) to arrive" : "")). "
            + "Leaving sends them away: 'quit' or Ctrl-D again to leave, 'bank wait' to serve them first."
    }

    func cancelledTickets(_ ranges: [(task: String, tickets: [ClosedRange<Int>])]) -> String {
        "Tickets sent away: "
            + ranges.map { entry in
                entry.task + " "
                    + entry.tickets.map { $0.count == 1 ? "#\($0.lowerBound)" : "#\($0.lowerBound)–#\($0.upperBound)" }
                    .joined(separator: ", ")
            }.joined(separator: "; ") + "."
    }

    func interrupted(cancelled: String?) -> String {
        ["Interrupted.", cancelled].compactMap { $0 }.joined(separator: " ")
    }

    // MARK: - Classic console

    var classicMenu: [String] { ["1 : Open the bank", "2 : Quit"] }
    var classicPrompt: String { "Input : " }
    var classicWrongInput: String { "Wrong input." }

    func classicStarted(ticket: Int, grade: String?, task: String) -> String {
        "Customer #\(ticket)\(grade.map { " (\($0))" } ?? "") \(task) started"
    }

    func classicFinished(ticket: Int, grade: String?, task: String) -> String {
        "Customer #\(ticket)\(grade.map { " (\($0))" } ?? "") \(task) finished"
    }

    func classicClosed(served: Int, seconds: String) -> String {
        "The bank is closed. Today we served \(served) \(plural(served, "customer", "customers")) "
            + "in \(seconds) seconds of business time."
    }
}
