/// Lets other tasks run until `condition` holds: how a test waits for a task it started to
/// reach a point it can observe (a waiter registered), without sleeping.
/// - Throws: ``YieldTimeout`` naming `what` when `limit` of real time passes first, a bound
///   on a test that would otherwise spin for ever.
func yieldUntil(
    _ what: String, within limit: Duration = .seconds(10), _ condition: () async -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while await !condition() {
        guard ContinuousClock.now < deadline else { throw YieldTimeout(what: what, limit: limit) }
        await Task.yield()
    }
}

/// What a test yielded for never happened.
struct YieldTimeout: Error, CustomStringConvertible {
    let what: String
    let limit: Duration
    var description: String { "\(what) did not happen within \(limit)" }
}
