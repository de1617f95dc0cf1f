import Foundation
import KioskCore
import Synchronization

/// A ``BankSessionLog`` that keeps its sessions in memory: for `--in-memory` and tests.
///
/// ```swift
/// let log = InMemoryBankSessionLog(now: { Date(timeIntervalSince1970: 0) })
/// log.record(.customerArrived(ticket: 1, task: "deposit"))
/// try log.latest(1).first?.id   // 1
/// ```
public final class InMemoryBankSessionLog: BankSessionLog {
    private struct State {
        /// Oldest first; session `n` is `sessions[n - 1]`.
        var sessions: [BankSessionRecord] = []
        /// The index of the open session in `sessions`.
        var open: Int?
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Date

    /// - Parameter now: the wall clock for the `opened` and `idle` stamps.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Opens a session at an arrival or idle when none is open; stores each idle's tally;
    /// ends the open session at a reset.
    public func record(_ event: KioskEvent) {
        switch event {
        case .customerArrived:
            state.withLock { _ = openIfNeeded(&$0) }
        case .bankIdle(let tally):
            let stamp = now()
            state.withLock { state in
                let index = openIfNeeded(&state, at: stamp)
                let session = state.sessions[index]
                state.sessions[index] = BankSessionRecord(
                    id: session.id, opened: session.opened, idle: stamp, ended: session.ended,
                    servedByTask: tally.servedByTask, businessTime: tally.businessTime)
            }
        case .bankStopped(let tally):
            state.withLock { state in
                guard let index = state.open else { return }
                let session = state.sessions[index]
                state.sessions[index] = BankSessionRecord(
                    id: session.id, opened: session.opened, idle: session.idle, ended: session.ended,
                    servedByTask: tally.servedByTask, businessTime: tally.businessTime)
            }
        case .bankReset:
            close(reason: .reset)
        default:
            break
        }
    }

    /// Ends the open session, if any, with `reason`.
    public func close(reason: BankSessionEnd) {
        state.withLock { state in
            guard let index = state.open else { return }
            state.open = nil
            let session = state.sessions[index]
            state.sessions[index] = BankSessionRecord(
                id: session.id, opened: session.opened, idle: session.idle, ended: reason.rawValue,
                servedByTask: session.servedByTask, businessTime: session.businessTime)
        }
    }

    /// The latest `count` sessions, newest first; never throws.
    public func latest(_ count: Int) -> [BankSessionRecord] {
        state.withLock { Array($0.sessions.suffix(max(0, count)).reversed()) }
    }

    /// Always nil: memory does not fail to write.
    public var lastError: (any KioskError)? { nil }

    /// The open session's index, opening one (stamped `stamp`, or now) when none is open.
    private func openIfNeeded(_ state: inout State, at stamp: Date? = nil) -> Int {
        if let open = state.open { return open }
        state.sessions.append(
            BankSessionRecord(
                id: state.sessions.count + 1, opened: stamp ?? now(), idle: nil, ended: nil, servedByTask: [],
                businessTime: .zero))
        let index = state.sessions.count - 1
        state.open = index
        return index
    }
}
