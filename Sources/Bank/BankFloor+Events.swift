import KioskCore

/// How the floor tells what happens: events gathered and published in runs.
extension BankFloor {
    /// Publishes the events not yet published, in order; the bank calls it before it
    /// returns or suspends, and before it publishes an event of its own.
    mutating func flush() {
        arrivalsHeard = nil
        publishOutbox()
        publishRun()
    }

    mutating func publishOutbox() {
        guard !outbox.isEmpty else { return }
        bus.publish(contentsOf: outbox)
        outbox.removeAll(keepingCapacity: true)
    }

    mutating func publishRun() {
        guard !run.isEmpty else { return }
        let published = run
        run = BankProgress(names: progressNames)
        run.reserve(Self.outboxRun)
        bus.publish(run: .bankProgress(published), weight: published.count) { published.events }
    }

    /// Whether some subscriber takes `arrival` (the first since the last flush; subscribers
    /// choose progress by its kind).
    mutating func takesArrivals(_ arrival: @autoclosure () -> KioskEvent) -> Bool {
        if let arrivalsHeard { return arrivalsHeard }
        let heard = bus.accepts(arrival())
        arrivalsHeard = heard
        return heard
    }

    mutating func record(_ kind: BankProgress.Record.Kind, ticket: Int, name: Int, clerk: Int, nanoseconds: Int64) {
        publishOutbox()
        run.append(kind, ticket: ticket, name: name, clerk: clerk, nanoseconds: nanoseconds)
        if run.count >= Self.outboxRun { publishRun() }
    }

    /// Whether anyone receives the floor's events: when nobody is subscribed, the events
    /// are not even built (a subscriber receives what is published after it subscribed).
    var isHeard: Bool { !isSilent && bus.hasSubscribers }

    mutating func emit(_ event: KioskEvent) {
        publishRun()
        outbox.append(event)
        if outbox.count >= Self.outboxRun { flush() }
    }

    /// Publishes the start or end of `visitor`'s current stage at bank time `nanoseconds`.
    mutating func publish(_ visitor: Visitor, clerk: Int, at nanoseconds: Int64, started: Bool) {
        guard isHeard else { return }
        if bus.everySubscriberTakesRuns {
            let name = serviceBase[Int(visitor.route)] + Int(visitor.stage) * grades.count + Int(visitor.grade)
            publishOutbox()
            run.append(
                started ? .started : .finished, ticket: visitor.ticket, name: name, clerk: clerks[clerk].number,
                nanoseconds: nanoseconds)
            if run.count >= Self.outboxRun { publishRun() }
            return
        }
        let route = routes[Int(visitor.route)]
        let stage = route.stages[Int(visitor.stage)]
        let number = clerks[clerk].number
        let desk = points[clerks[clerk].point].place.id
        let grade = grades[Int(visitor.grade)].id
        let time = Duration.nanoseconds(nanoseconds)
        func event(started: Bool) -> KioskEvent {
            started
                ? .serviceStarted(
                    ticket: visitor.ticket, task: route.task.id, clerk: number, at: time, stage: stage.id, grade: grade,
                    desk: desk)
                : .serviceFinished(
                    ticket: visitor.ticket, task: route.task.id, clerk: number, at: time, stage: stage.id, grade: grade,
                    desk: desk)
        }
        // Read before asking: a mailbox subscribing meanwhile makes the kept answer stale.
        let subscriptions = bus.subscriptions
        if servicesHeard?.subscriptions != subscriptions {
            servicesHeard = (subscriptions, bus.accepts(event(started: true), or: event(started: false)))
        }
        guard servicesHeard?.heard == true else { return }
        emit(event(started: started))
    }
}
