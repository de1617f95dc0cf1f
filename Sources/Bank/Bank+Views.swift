import HeapModule
import KioskCore

extension Bank {
    /// Waits per task and grade of the customers who left since the bank started or was
    /// last reset, and how busy each desk and office was (clerks held by a customer count
    /// as busy; a service in progress counts up to now).
    public func report() -> BankReport {
        catchUp()
        let now = timer.now
        let waits = waitSummaries()
        let seconds = Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18
        let utilisation = floor.points.map { point in
            var busy = point.busyTime
            for index in point.clerks where floor.clerks[index].duty != .free {
                busy += max(.zero, now - floor.clerks[index].since)
            }
            let busySeconds = Double(busy.components.seconds) + Double(busy.components.attoseconds) / 1e18
            let share = seconds > 0 ? min(1, busySeconds / (seconds * Double(point.clerkCount))) : 0
            return BankReport.Utilisation(desk: point.place.id, clerks: point.clerkCount, busy: busy, share: share)
        }
        return BankReport(waits: waits, utilisation: utilisation, businessTime: now)
    }

    /// One record per customer who finished their task since the bank opened or was last
    /// reset, in ticket order: their task, grade, arrival, and each stage's desk, clerk,
    /// start and end. What `bank export` writes.
    public func departedCustomers() -> [BankCustomerRecord] {
        catchUp()
        return floor.departedCustomers
    }

    /// What every desk and clerk is doing now.
    /// - Parameter limit: how many waiting tickets to list per desk.
    func status(listing limit: Int = BankStatus.listedTickets) -> BankStatus {
        catchUp()
        let now = timer.now
        return BankStatus(
            isOpen: timer.isRunning, businessTime: now, nextTicket: nextTicket,
            desks: floor.points.map { point in
                BankStatus.Desk(
                    place: point.place, serviceTime: point.serviceTime,
                    clerks: point.clerks.map { index in
                        let clerk = floor.clerks[index]
                        let busy = clerk.duty != .free
                        return BankStatus.Clerk(
                            number: clerk.number, serving: busy ? floor.customer(clerk.visitor) : nil,
                            since: busy ? clerk.since : .zero,
                            until: clerk.duty == .serving ? clerk.until : .zero,
                            isHolding: clerk.duty == .holding)
                    },
                    waiting: point.line.count,
                    nextTickets: point.line.prefix(max(0, limit)).map(\.ticket),
                    served: point.served)
            },
            servedByTask: zip(floor.routes, floor.completed).map { TaskCount(task: $0.task.id, count: $1) },
            toArrive: floor.announced.count)
    }
}
