import Foundation
import KioskCore
import Synchronization

/// A ``BankSessionLog`` that keeps its sessions in memory: the bank's default, and a fake
/// for tests.
///
/// ```swift
/// let log = InMemoryBankSessionLog(now: { Date(timeIntervalSince1970: 0) })
/// let session = log.open()      // 1
/// log.close(session, reason: .reset)
/// log.latest(1).first?.ended    // .reset
/// ```
public final class InMemoryBankSessionLog: BankSessionLog {
    /// Oldest first; session `n` is `sessions[n - 1]`.
    private let sessions = Mutex<[BankSessionRecord]>([])
    private let now: @Sendable () -> Date

    /// - Parameter now: the wall clock for the `opened` and `idle` stamps.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Stores a new open session stamped now; never throws.
    public func open() -> Int {
        let stamp = now()
        return sessions.withLock { sessions in
            sessions.append(
                BankSessionRecord(
                    id: sessions.count + 1, opened: stamp, idle: nil, ended: nil, servedByTask: [], businessTime: .zero)
            )
            return sessions.count
        }
    }

    /// Stores `tally` in `session`, stamped idle now when `idle`; an unknown session is ignored.
    public func update(_ session: Int, with tally: BankTally, idle: Bool) {
        let stamp = idle ? now() : nil
        edit(session) { record in
            BankSessionRecord(
                id: record.id, opened: record.opened, idle: stamp ?? record.idle, ended: record.ended,
                servedByTask: tally.servedByTask, businessTime: tally.businessTime)
        }
    }

    /// Ends `session` with `reason`, unless it has ended already.
    public func close(_ session: Int, reason: BankSessionEnd) {
        edit(session) { record in
            BankSessionRecord(
                id: record.id, opened: record.opened, idle: record.idle, ended: record.ended ?? reason,
                servedByTask: record.servedByTask, businessTime: record.businessTime)
        }
    }

    /// The latest `count` sessions, newest first; never throws.
    public func latest(_ count: Int) -> [BankSessionRecord] {
        sessions.withLock { Array($0.suffix(max(0, count)).reversed()) }
    }

    private func edit(_ session: Int, _ change: (BankSessionRecord) -> BankSessionRecord) {
        sessions.withLock { sessions in
            guard sessions.indices.contains(session - 1) else { return }
            sessions[session - 1] = change(sessions[session - 1])
        }
    }
}
