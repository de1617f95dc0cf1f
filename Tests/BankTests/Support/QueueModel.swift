/// The textbook FIFO queue with identical servers: the start time of every customer of
/// one desk, given arrivals in ticket order. The bank must agree with it exactly.
enum QueueModel {
    static func starts(
        arrivals: [(ticket: Int, at: Duration)], clerks: Int, serviceTime: Duration
    ) -> [Int: Duration] {
        var free = Array(repeating: Duration.zero, count: clerks)
        var starts: [Int: Duration] = [:]
        for (ticket, at) in arrivals {
            var earliest = 0
            for index in free.indices where free[index] < free[earliest] { earliest = index }
            let start = max(at, free[earliest])
            starts[ticket] = start
            free[earliest] = start + serviceTime
        }
        return starts
    }
}
