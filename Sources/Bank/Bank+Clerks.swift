import KioskCore

extension Bank {
    /// How many services a clerk ends in one go before it lets other work on the bank
    /// (a status, a reset) run; long runs only happen with instant (zero-time) services.
    static let instantServicesPerTurn = 1_024

    /// Runs the clerks until the calling task is cancelled.
    ///
    /// Every clerk of every desk is a child task of one task group. A reset cancels that
    /// group at once (ending every service in progress) and starts a fresh one. Call it
    /// once, from a task that lives as long as the bank; a second concurrent call returns
    /// at once.
    public func run() async {
        guard restartBell == nil else { return }
        let restart = Bell()
        restartBell = restart
        defer { restartBell = nil }
        while !Task.isCancelled {
            let generation = self.generation
            await withDiscardingTaskGroup { group in
                for clerk in floor.clerks.indices {
                    group.addTask {
                        await self.runClerk(clerk, generation: generation)
                    }
                }
                group.addTask {
                    await self.runDoor(generation: generation)
                }
                while self.generation == generation, !Task.isCancelled {
                    _ = await restart.wait()
                }
                group.cancelAll()
            }
        }
    }

    /// One clerk's life: sleep until the current service ends (an absolute deadline, so a
    /// late wake-up never delays the next service), end every service due by then at any
    /// desk or office (in the schedule's order), and go on with the next customer; park
    /// when there is nobody to serve, or while held by a customer served elsewhere.
    private func runClerk(_ clerk: Int, generation: Int) async {
        guard self.generation == generation else { return }
        let bell = Bell()
        floor.clerks[clerk].bell = bell
        while self.generation == generation, !Task.isCancelled {
            if finishServices(endingBy: timer.now, budget: Self.instantServicesPerTurn) {
                floor.clerks[clerk].activity = .yielding
                await Task.yield()
                continue
            }
            if floor.clerks[clerk].duty == .serving {
                let end = floor.clerks[clerk].until
                park(clerk, .sleeping(until: end))
                let clock = timer.clock
                do {
                    try await clock.sleep(untilElapsed: timer.clockTime(at: end))
                } catch {
                    return
                }
            } else {
                park(clerk, .waiting)
                guard await bell.wait() else { return }
            }
        }
    }

    /// The door's life: sleep until the next announced customer's arrival (the clerks may
    /// all be idle then), let in everyone due by then, in the floor's time order; park while
    /// nobody is announced.
    private func runDoor(generation: Int) async {
        guard self.generation == generation else { return }
        let bell = Bell()
        door = Clerk(point: -1, number: 0)
        door.bell = bell
        while self.generation == generation, !Task.isCancelled {
            if finishServices(endingBy: timer.now, budget: Self.instantServicesPerTurn) {
                door.activity = .yielding
                await Task.yield()
                continue
            }
            if timer.isRunning, let next = floor.nextArrival {
                parkDoor(.sleeping(until: next))
                let clock = timer.clock
                do {
                    try await clock.sleep(untilElapsed: timer.clockTime(at: next))
                } catch {
                    return
                }
            } else {
                parkDoor(.waiting)
                guard await bell.wait() else { return }
            }
        }
    }

    private func parkDoor(_ activity: Clerk.Activity) {
        door.activity = activity
        if !settleWaiters.isEmpty, isSettled {
            ringAll(&settleWaiters)
        }
    }

    private func park(_ clerk: Int, _ activity: Clerk.Activity) {
        floor.clerks[clerk].activity = activity
        if !settleWaiters.isEmpty, isSettled {
            ringAll(&settleWaiters)
        }
    }

    // MARK: - Settling (for tests on a manual clock)

    /// Whether every clerk is parked: waiting for a customer, or sleeping until a
    /// deadline the clock has not reached. Then nothing happens until customers arrive
    /// or the clock moves.
    var isSettled: Bool {
        let now = timer.now
        for clerk in floor.clerks + [door] {
            switch clerk.activity {
            case .waiting: continue
            case .sleeping(let until) where until > now: continue
            default: return false
            }
        }
        return true
    }

    /// Suspends until ``isSettled``; needs ``run()`` running. With a manual clock this
    /// makes "every clerk has reacted to what just happened" a thing a test can wait for.
    func settled() async {
        while !isSettled {
            let bell = Bell()
            settleWaiters.append(bell)
            guard await bell.wait() else { return }
        }
    }
}
