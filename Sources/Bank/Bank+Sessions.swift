import KioskCore

extension Bank {
    /// The latest `count` recorded sessions, newest first, as `bank history` shows them: read
    /// after every write the bank asked for before (so a command sees what the one before it
    /// did), with the session open now showing the bank's tally of this moment rather than
    /// the one last stored. A bank without a session log has none.
    /// - Throws: the log's own error (a `StorageError`, say) when it cannot be read.
    public func history(_ count: Int) async throws -> BankHistory {
        guard let sessions else { return BankHistory(sessions: [], recordingFailure: nil) }
        catchUp()
        let generation = self.generation
        let tally = tally()
        let isServing = timer.isRunning
        let recorded: BankSessionRecorder.Recorded
        do throws(BankSessionLogFailure) {
            recorded = try await sessions.recorded(count)
        } catch {
            throw error.error
        }
        var records = recorded.sessions
        // A reset while the log was read started a new session: the tally is not its.
        if self.generation == generation, let open = recorded.open,
            let index = records.firstIndex(where: { $0.id == open && $0.ended == nil })
        {
            records[index] = records[index].live(tally, isServing: isServing)
        }
        return BankHistory(sessions: records, recordingFailure: recorded.failure)
    }

    /// Ends an idle bank's session for good, as a reset does but without announcing one: what
    /// replacing the bank with another (`bank preset NAME`) does to the bank it replaces.
    /// - Throws: ``BankError/notIdle(waiting:inService:toArrive:)`` while anyone is waiting, in
    ///   service or still to arrive; the bank is then left as it was.
    public func retire() throws(BankError) {
        let counts = counts()
        guard !counts.isBusy else {
            throw .notIdle(waiting: counts.waiting, inService: counts.inService, toArrive: counts.toArrive)
        }
        _ = clear()
        sessions?.ended(.reset)
    }

    /// Returns once every session write asked for so far is done: quitting waits for it, so
    /// the session's end is stored before the database closes.
    public nonisolated func sessionsRecorded() async {
        await sessions?.flush()
    }
}
