import HeapModule
import KioskCore

extension Bank {
    /// The session's counts now (see ``BankCounts``): what every view of the bank reads.
    public func counts() -> BankCounts {
        catchUp()
        return currentCounts()
    }

    /// The counts as the floor holds them, services due by now not ended first.
    func currentCounts() -> BankCounts {
        let now = timer.now
        var byGrade: [GradeCount] = []
        for (task, route) in floor.routes.enumerated() {
            for (grade, info) in floor.grades.enumerated() {
                let count = floor.statistics.waits(task: task, grade: grade).count
                if count > 0 { byGrade.append(GradeCount(task: route.task.id, grade: info.id, count: count)) }
            }
        }
        let places = floor.points.enumerated().map { index, point in
            var busy = point.busyTime
            for clerk in point.clerks where floor.clerks[clerk].duty != .free {
                busy += max(.zero, now - floor.clerks[clerk].since)
            }
            return BankCounts.Place(
                id: point.place.id, clerks: point.clerkCount, served: point.served, busy: busy,
                services: services(at: index))
        }
        return BankCounts(
            servedByTask: servedByTask,
            servedByGrade: byGrade, waiting: floor.waiting, inService: floor.inService,
            toArrive: floor.announced.count, businessTime: now, places: places)
    }

    /// The tasks and stages served at place `index`, in config order.
    private func services(at index: Int) -> [BankCounts.Service] {
        floor.routes.flatMap { route in
            route.stages.filter { $0.place == index }.map {
                BankCounts.Service(task: route.task.id, stage: $0.id, serviceTime: $0.serviceTime)
            }
        }
    }

    /// Customers served per task, in the configured desk order.
    private var servedByTask: [TaskCount] {
        zip(floor.routes, floor.completed).map { TaskCount(task: $0.task.id, count: $1) }
    }

    /// The tally the bank publishes when it goes idle or is stopped, and stores for the
    /// session: the counts' served customers and business time, and the waits.
    func tally() -> BankTally {
        // Built from the floor directly, not from ``currentCounts()``: the idle event waits
        // for its tally, and the counts' places and grades are not part of it.
        BankTally(servedByTask: servedByTask, businessTime: timer.now, waits: waitSummaries())
    }

    /// Waits per task and grade of the customers who left; groups without any left out.
    func waitSummaries() -> [WaitSummary] {
        var waits: [WaitSummary] = []
        for (task, route) in floor.routes.enumerated() {
            for (grade, info) in floor.grades.enumerated() {
                let sample = floor.statistics.waits(task: task, grade: grade)
                guard !sample.isEmpty else { continue }
                waits.append(WaitSummary(task: route.task.id, grade: info.id, waits: sample))
            }
        }
        return waits
    }

    /// Waits per task and grade of the customers who left since the bank started or was
    /// last reset, and how busy each desk and office was (clerks held by a customer count
    /// as busy; a service in progress counts up to now).
    public func report() -> BankReport {
        let counts = counts()
        let seconds = counts.businessTime.seconds
        let utilisation = counts.places.map { place in
            let share = seconds > 0 ? min(1, place.busy.seconds / (seconds * Double(place.clerks))) : 0
            return BankReport.Utilisation(desk: place.id, clerks: place.clerks, busy: place.busy, share: share)
        }
        return BankReport(
            waits: waitSummaries(), utilisation: utilisation, businessTime: counts.businessTime,
            present: counts.waiting + counts.inService + counts.toArrive)
    }

    /// One record per customer who finished their task since the bank opened or was last
    /// reset, in ticket order: their task, grade, arrival, and each stage's desk, clerk,
    /// start and end. What `bank export` writes; as many as the counts' served customers.
    public func departedCustomers() -> [BankCustomerRecord] {
        catchUp()
        return floor.departedCustomers
    }

    /// What every desk and clerk is doing now, with the session's counts.
    /// - Parameter limit: how many waiting customers to list per desk.
    public func status(listing limit: Int = BankStatus.listedTickets) -> BankStatus {
        let counts = counts()
        return BankStatus(
            isOpen: timer.isRunning, businessTime: counts.businessTime, nextTicket: nextTicket,
            desks: zip(floor.points, counts.places).map { point, place in
                BankStatus.Desk(
                    place: point.place, services: place.services,
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
                    nextCustomers: point.line.prefix(max(0, limit)).map { floor.customer($0) },
                    served: place.served)
            },
            servedByTask: counts.servedByTask, toArrive: counts.toArrive, counts: counts)
    }
}
