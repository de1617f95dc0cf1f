import KioskCore

extension KioskEvent {
    /// A service start at a classic desk: the one stage is named after the task, the
    /// desk after the task, and the customer has the one grade of a bank without grades.
    static func serviceStarted(ticket: Int, task: String, clerk: Int, at: Duration) -> KioskEvent {
        .serviceStarted(ticket: ticket, task: task, clerk: clerk, at: at, stage: task, grade: "regular", desk: task)
    }

    /// A service end at a classic desk (see ``serviceStarted(ticket:task:clerk:at:)``).
    static func serviceFinished(ticket: Int, task: String, clerk: Int, at: Duration) -> KioskEvent {
        .serviceFinished(ticket: ticket, task: task, clerk: clerk, at: at, stage: task, grade: "regular", desk: task)
    }
}
