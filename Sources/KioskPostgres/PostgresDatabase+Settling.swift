import Foundation
import Synchronization

/// A change `kiosk_change` committed without waiting for the disk, kept until a barrier
/// covers it: what to send again, under the same id, if the server lost it.
struct UnsettledChange: Sendable {
    /// The parameters of ``PostgresSchema/changeCall``, its id first.
    let parameters: [String?]
    /// What the server answered it moved (``PostgresDatabase/moves(in:)``): a change sent
    /// again must move the same, or what was printed of it would be untrue.
    let moves: String
}

extension PostgresDatabase {
    /// Makes every change committed so far durable: one barrier (see
    /// ``PostgresSchema/commitBarrier``) behind them on the command connection, whose commit
    /// waits for the disk and the synchronous standby as the server's settings say. Called
    /// before output that reports those changes is written, so that a script's batch of
    /// orders waits for the disk once rather than once per order.
    ///
    /// A connection lost meanwhile is made again within the reconnect window, and the
    /// changes the server lost with it are sent again, in order, under their ids (found
    /// ones are not made twice).
    /// - Throws: ``PostgresError/outcomeUnknown(server:reason:)`` when the changes could not
    ///   be confirmed durable (or one sent again moved other levels than it first did): their
    ///   results must not be reported.
    public func settle() throws {
        do {
            // The server was given up for the whole window already: not waited for twice.
            if outcomeReported, !unsettled.withLock({ $0.isEmpty }) {
                throw PostgresError.outcomeUnknown(server: target.description, reason: .connectionLost)
            }
            if let failure = unsettledFailure.withLock({ $0 }) { throw failure }
            guard !unsettled.withLock({ $0.isEmpty }) else { return }
            try withConnection(retrying: true) { connection in
                let covered = unsettled.withLock { $0.count }
                try connection.execute(prepared: "barrier", PostgresSchema.commitBarrier, [kioskID])
                unsettled.withLock { $0.removeFirst(min(covered, $0.count)) }
            }
            if let failure = unsettledFailure.withLock({ $0 }) { throw failure }
        } catch let error as PostgresError {
            unsettledFailure.withLock { $0 = nil }
            if case .outcomeUnknown = error { throw error }
            throw PostgresError.outcomeUnknown(server: target.description, reason: PostgresConnection.reason(of: error))
        }
    }

    /// Records `parameters`, a change the server answered under `result` but whose commit
    /// no barrier has covered yet.
    func keepUnsettled(_ parameters: [String?], answer result: PostgresResult) {
        let change = UnsettledChange(parameters: parameters, moves: Self.moves(in: result))
        unsettled.withLock { $0.append(change) }
    }

    /// Sends the unsettled changes again on `connection`, a new one after a loss, in order and
    /// under their ids, then a barrier: the server answers a change it still holds as
    /// replayed, and makes one it lost; one that then moves other levels than it first did
    /// (another kiosk sold meanwhile) leaves ``settle()`` to report the outcome unknown.
    /// - Throws: ``PostgresError`` when the connection fails meanwhile (the changes stay kept).
    func resolveUnsettled(on connection: PostgresConnection) throws(PostgresError) {
        let changes = unsettled.withLock { $0 }
        guard !changes.isEmpty else { return }
        var differs = false
        for change in changes {
            let result = try connection.execute(prepared: "change", PostgresSchema.changeCall, change.parameters)
            if Self.moves(in: result) != change.moves { differs = true }
        }
        try connection.execute(prepared: "barrier", PostgresSchema.commitBarrier, [kioskID])
        unsettled.withLock { $0.removeFirst(min(changes.count, $0.count)) }
        if differs, defersDurability {
            unsettledFailure.withLock {
                $0 = .outcomeUnknown(
                    server: target.description,
                    reason: .resentDifferently)
            }
        }
    }

    /// The failure of a change sent but never answered within the bound: the server may
    /// still commit it when it answers again, so its outcome is unknown, never failed.
    func outcomeUnknown(unanswered waited: Duration) -> PostgresError {
        .outcomeUnknown(server: target.description, reason: .unanswered(waited: waited))
    }

    /// The levels an answer of `kiosk_change` says the change moved, as text to compare:
    /// `fruit old new` per fruit, in fruit order.
    static func moves(in result: PostgresResult) -> String {
        var moves: [String] = []
        for row in 0..<result.rowCount {
            guard let fruit = result.text(row, 0), let old = result.text(row, 5), let new = result.text(row, 6),
                old != new
            else { continue }
            moves.append("\(fruit) \(old) \(new)")
        }
        return moves.sorted().joined(separator: "\n")
    }
}
