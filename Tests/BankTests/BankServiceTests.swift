import Clocks
import KioskCore
import Testing

@testable import Bank

@Suite("Bank service")
struct BankServiceTests {
    struct Crowd: CustomTestStringConvertible, Sendable {
        let desks: [KioskConfig.Desk]
        let customers: [String: Int]
        let expected: Duration

        var testDescription: String {
            desks.map { "\($0.task) \(customers[$0.task] ?? 0)/\($0.clerks) clerks" }.joined(separator: ", ")
        }
    }

    @Test(
        "with everyone there at time 0, business time is the busiest desk's rounds times its service time",
        arguments: [
            Crowd(desks: .classic, customers: ["deposit": 16, "loan": 14], expected: .milliseconds(15_400)),
            Crowd(desks: .classic, customers: ["deposit": 17, "loan": 2], expected: .milliseconds(6_300)),
            Crowd(desks: .classic, customers: ["deposit": 1], expected: .milliseconds(700)),
            Crowd(
                desks: .desks(("a", 3, 500), ("b", 2, 300), ("c", 4, 250)),
                customers: ["a": 10, "b": 7, "c": 9], expected: .milliseconds(2_000)),
            Crowd(
                desks: .desks(("a", 1, 1_000), ("b", 4, 250)),
                customers: ["a": 1, "b": 9], expected: .milliseconds(1_000)),
            Crowd(desks: .desks(("a", 5, 333)), customers: ["a": 101], expected: .milliseconds(21 * 333)),
        ])
    func businessTimeOfACrowd(_ crowd: Crowd) async throws {
        try await BankFixture.with(crowd.desks) { fixture in
            for desk in crowd.desks {
                if let count = crowd.customers[desk.task] {
                    try await fixture.bank.add(customers: count, task: desk.bankTask)
                }
            }
            let tally = try await fixture.runUntilIdle()
            #expect(tally.businessTime == crowd.expected)
            for desk in crowd.desks {
                let rounds = ((crowd.customers[desk.task] ?? 0) + desk.clerks - 1) / desk.clerks
                #expect(tally.businessTime >= desk.serviceTime * rounds)
            }
            #expect(
                tally.servedByTask == crowd.desks.map { TaskCount(task: $0.task, count: crowd.customers[$0.task] ?? 0) }
            )
        }
    }

    @Test("within each desk, service starts in ticket order, at the times of a FIFO queue")
    func firstInFirstOut() async throws {
        try await BankFixture.with(.classic, seed: 7) { fixture in
            try await fixture.bank.open(customers: 40)
            _ = try await fixture.runUntilIdle()
            let events = fixture.log.events
            let services = events.services
            for desk in [KioskConfig.Desk].classic {
                let arrived = events.arrivals.filter { $0.task == desk.task }.map(\.ticket)
                let started = services.filter { $0.task == desk.task }
                #expect(!arrived.isEmpty)
                #expect(started.map(\.ticket) == arrived)
                #expect(started.map(\.start) == started.map(\.start).sorted())
                let model = QueueModel.starts(
                    arrivals: arrived.map { ($0, .zero) }, clerks: desk.clerks, serviceTime: desk.serviceTime)
                for service in started {
                    #expect(service.start == model[service.ticket], "ticket \(service.ticket)")
                }
            }
        }
    }

    @Test("a desk never has more customers in service than clerks, and uses them all")
    func clerkBound() async throws {
        let desks: [KioskConfig.Desk] = .desks(("deposit", 3, 700), ("loan", 1, 1_100), ("fx", 2, 400))
        try await BankFixture.with(desks, seed: 3) { fixture in
            try await fixture.bank.open(customers: 60)
            await fixture.advance(by: .milliseconds(1_050))
            try await fixture.bank.add(customers: 25)
            _ = try await fixture.runUntilIdle()
            let most = try #require(fixture.log.events.mostInService, "a clerk started two customers at once")
            #expect(most == ["deposit": 3, "loan": 1, "fx": 2])
        }
    }

    @Test("every customer is served exactly once, for exactly the desk's service time")
    func servedExactlyOnce() async throws {
        try await BankFixture.with(.classic, seed: 11) { fixture in
            let admission = try await fixture.bank.open(customers: 30)
            let tally = try await fixture.runUntilIdle()
            let services = fixture.log.events.services
            #expect(services.map(\.ticket).sorted() == Array(admission.tickets))
            for service in services {
                let desk = try #require([KioskConfig.Desk].classic.first { $0.task == service.task })
                #expect(service.end == service.start + desk.serviceTime, "ticket \(service.ticket)")
            }
            #expect(tally.served == 30)
            #expect(fixture.log.events.count { $0 == .bankIdle(tally) } == 1)
        }
    }

    @Test("10,000 customers with zero service time are each served exactly once")
    func tenThousandInstantCustomers() async throws {
        let desks: [KioskConfig.Desk] = .desks(("deposit", 2, 0), ("loan", 1, 0))
        try await BankFixture.with(desks, seed: 5) { fixture in
            let admission = try await fixture.bank.add(customers: 10_000)
            guard case .idle(let tally) = await fixture.bank.waitUntilIdle() else {
                Issue.record("the bank did not become idle")
                return
            }
            #expect(tally.served == 10_000)
            #expect(tally.servedByTask == admission.byTask)
            #expect(tally.businessTime == .zero)
            let events = fixture.log.events
            let services = events.services
            #expect(services.count == 10_000)
            #expect(Set(services.map(\.ticket)) == Set(1...10_000))
            #expect(services.allSatisfy { $0.end == .zero })
            #expect(events.count { if case .serviceFinished = $0 { true } else { false } } == 10_000)
            #expect(events.mostInService?["deposit"] ?? 0 <= 2)
            #expect(events.mostInService?["loan"] ?? 0 <= 1)
        }
    }

    @Test("customers added while the bank runs take the next tickets and are served as a FIFO queue would")
    func addWhileRunning() async throws {
        try await BankFixture.with(.classic) { fixture in
            try await fixture.bank.add(customers: 3, task: .deposit)
            try await fixture.bank.add(customers: 2, task: .loan)
            await fixture.advance(by: .milliseconds(1_000))
            let status = await fixture.bank.status()
            #expect(status.businessTime == .milliseconds(1_000))
            #expect(status.served == 2)
            #expect(status.inService == 2)

            let admission = try await fixture.bank.add(customers: 2, task: .deposit)
            try await fixture.bank.add(customers: 2, task: .loan)
            #expect(admission.tickets == 6...7)
            #expect(admission.opened == false)
            let tally = try await fixture.runUntilIdle()

            let arrivals: [String: [(ticket: Int, at: Duration)]] = [
                "deposit": [(1, .zero), (2, .zero), (3, .zero), (6, .seconds(1)), (7, .seconds(1))],
                "loan": [(4, .zero), (5, .zero), (8, .seconds(1)), (9, .seconds(1))],
            ]
            let services = fixture.log.events.services
            #expect(services.count == 9)
            for desk in [KioskConfig.Desk].classic {
                let model = QueueModel.starts(
                    arrivals: arrivals[desk.task] ?? [], clerks: desk.clerks, serviceTime: desk.serviceTime)
                for service in services where service.task == desk.task {
                    #expect(service.start == model[service.ticket], "ticket \(service.ticket)")
                }
            }
            // The loan desk is the bottleneck: four loans back to back.
            #expect(tally.businessTime == .milliseconds(4_400))
        }
    }

    @Test("business time stops while the bank is idle and resumes when customers come")
    func businessTimePausesWhenIdle() async throws {
        try await BankFixture.with(.classic) { fixture in
            try await fixture.bank.add(customers: 1, task: .deposit)
            #expect(try await fixture.runUntilIdle().businessTime == .milliseconds(700))
            await fixture.clock.advance(by: .seconds(3_600))
            #expect(await fixture.bank.status().businessTime == .milliseconds(700))

            let admission = try await fixture.bank.add(customers: 1, task: .loan)
            #expect(admission.opened)
            #expect(admission.tickets == 2...2)
            let tally = try await fixture.runUntilIdle()
            #expect(tally.businessTime == .milliseconds(1_800))
            #expect(
                fixture.log.events.services.last
                    == ServiceRecord(
                        ticket: 2, task: "loan", clerk: 1, start: .milliseconds(700), end: .milliseconds(1_800)))
        }
    }

    @Test("reset cancels service in progress at once: no event of an old customer follows it")
    func resetWhileServing() async throws {
        try await BankFixture.with(.classic) { fixture in
            try await fixture.bank.add(customers: 5, task: .deposit)
            try await fixture.bank.add(customers: 3, task: .loan)
            await fixture.advance(by: .milliseconds(1_000))

            let cancelled = await fixture.bank.reset()
            #expect(cancelled == BankCancellation(waiting: 3, inService: 3))
            let mark = fixture.log.count
            #expect(fixture.log.events.last == .bankReset)

            // The old services would have ended long before this.
            await fixture.advance(by: .seconds(60))
            #expect(fixture.log.count == mark)
            let status = await fixture.bank.status()
            #expect(
                status
                    == BankStatus(
                        isOpen: false, businessTime: .zero, nextTicket: 1,
                        desks: [KioskConfig.Desk].classic.map { desk in
                            BankStatus.Desk(
                                task: BankTask(id: desk.task, name: desk.name), serviceTime: desk.serviceTime,
                                clerks: (1...desk.clerks).map {
                                    BankStatus.Clerk(number: $0, serving: nil, since: .zero, until: .zero)
                                },
                                waiting: 0, nextTickets: [], served: 0)
                        }))

            let admission = try await fixture.bank.add(customers: 2, task: .loan)
            #expect(admission.tickets == 1...2)
            let tally = try await fixture.runUntilIdle()
            #expect(
                tally
                    == BankTally(
                        servedByTask: [TaskCount(task: "deposit", count: 0), TaskCount(task: "loan", count: 2)],
                        businessTime: .milliseconds(2_200),
                        // #1 is served at once, #2 waits for it.
                        waits: [WaitSummary(task: "loan", grade: "regular", waits: [0, 1_100_000_000])]))
            let afterReset = Array(fixture.log.events.dropFirst(mark))
            #expect(
                afterReset == [
                    .customerArrived(ticket: 1, task: "loan"),
                    .customerArrived(ticket: 2, task: "loan"),
                    .serviceStarted(ticket: 1, task: "loan", clerk: 1, at: .zero),
                    .serviceFinished(ticket: 1, task: "loan", clerk: 1, at: .milliseconds(1_100)),
                    .serviceStarted(ticket: 2, task: "loan", clerk: 1, at: .milliseconds(1_100)),
                    .serviceFinished(ticket: 2, task: "loan", clerk: 1, at: .milliseconds(2_200)),
                    .bankIdle(tally),
                ])
        }
    }

    @Test("status shows each desk's line, whom each clerk serves, and the business time")
    func statusSnapshot() async throws {
        try await BankFixture.with(.classic) { fixture in
            try await fixture.bank.add(customers: 5, task: .deposit)
            try await fixture.bank.add(customers: 2, task: .loan)
            await fixture.advance(by: .milliseconds(800))
            let status = await fixture.bank.status(listing: 2)
            #expect(status.isOpen)
            #expect(status.businessTime == .milliseconds(800))
            #expect(status.nextTicket == 8)
            #expect(status.served == 2)
            let deposit = try #require(status.desks.first)
            #expect(deposit.clerks.map { $0.serving?.ticket } == [3, 4])
            #expect(deposit.clerks.map(\.since) == [.milliseconds(700), .milliseconds(700)])
            #expect(deposit.clerks.map(\.until) == [.milliseconds(1_400), .milliseconds(1_400)])
            #expect(deposit.waiting == 1)
            #expect(deposit.nextTickets == [5])
            let loan = try #require(status.desks.last)
            #expect(loan.clerks.map { $0.serving?.ticket } == [6])
            #expect(loan.waiting == 1)
            #expect(loan.nextTickets == [7])
        }
    }

    @Test("the same seed admits the same customers")
    func seededRunsRepeat() async throws {
        var admissions: [BankAdmission] = []
        for _ in 0..<2 {
            try await BankFixture.with(.classic, customers: 10...30, seed: 2_024) { fixture in
                admissions.append(try await fixture.bank.open())
            }
        }
        #expect(admissions.count == 2)
        #expect(admissions.first == admissions.last)
        #expect((10...30).contains(admissions.first?.customers ?? 0))
    }
}
