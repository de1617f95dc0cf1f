/// One clerk at a desk, as the bank tracks it between the clerk task's suspensions.
struct Clerk {
    /// What the clerk's task is doing, as far as the rest of the bank can tell.
    enum Activity: Equatable {
        /// The task has not run yet (or the bank was just reset).
        case starting
        /// Parked until a customer is handed over.
        case waiting
        /// A customer was handed over; the task has not resumed yet.
        case woken
        /// Parked on the clock until this bank time.
        case sleeping(until: Duration)
        /// Paused in a long run of instant services; resumes on its own.
        case yielding
    }

    var activity = Activity.starting
    /// The customer in service, if any.
    var serving: Customer?
    /// Bank time the current service started and ends.
    var since = Duration.zero
    var until = Duration.zero
    /// Rung to wake the parked task when a customer is handed over; one per clerk task.
    var bell: Bell?
}
