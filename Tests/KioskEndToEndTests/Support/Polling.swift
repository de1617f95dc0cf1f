import Foundation

/// Waits until `condition` holds, checking it every 20 ms, for at most `limit`: how a test
/// waits for something another process does (a lock taken, a row committed), instead of
/// sleeping for a time that is too short on a busy machine and too long everywhere else.
/// - Throws: ``PollTimeout`` naming `what` when `limit` passes first.
func poll(
    until what: String, within limit: Duration = .seconds(60), _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw PollTimeout(what: what, limit: limit) }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// What a test waited for did not happen in time.
struct PollTimeout: Error, CustomStringConvertible {
    let what: String
    let limit: Duration
    var description: String { "\(what) did not happen within \(limit)" }
}
