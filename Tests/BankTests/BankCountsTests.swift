import Clocks
import KioskCore
import Testing

@testable import Bank

/// The bank's one read model: customers served (not stages), per task and grade and per
/// place; who waits, is served and is still to arrive; and every view reading the same counts.
@Suite("Bank counts")
struct BankCountsTests {
    static let banks: [String] = BankPresets.names + ["built-in"]

    static func setup(_ name: String) throws -> KioskConfig.BankSetup {
        if name == "built-in" { return KioskConfig.builtIn.bank }
        return try #require(try BankPresets.setup(named: name))
    }

    @Test("a place counts each customer once, when their last stage there ends", arguments: banks)
    func placesCountCustomers(bank name: String) async throws {
        let setup = try Self.setup(name)
        try await BankFixture.with(setup: setup, seed: 11) { fixture in
            try await fixture.bank.add(customers: 30)
            let tally = try await fixture.runUntilIdle()
            let counts = await fixture.bank.counts()
            #expect(counts.served == 30)
            #expect(tally.served == 30)
            #expect(counts.servedByTask == tally.servedByTask)
            // Per place: one count for each customer whose route ends its visits there.
            for place in counts.places {
                let expected = tally.servedByTask.reduce(0) { sum, count in
                    let route = setup.tasks.first { $0.id == count.task }
                    return sum + (route?.stages.contains { $0.place == place.id } == true ? count.count : 0)
                }
                #expect(place.served == expected, "\(place.id)")
            }
            // Per task and grade, adding up to the whole.
            #expect(counts.servedByGrade.reduce(0) { $0 + $1.count } == 30)
            for task in counts.servedByTask {
                #expect(
                    counts.servedByGrade.filter { $0.task == task.task }.reduce(0) { $0 + $1.count } == task.count)
            }
            #expect((counts.waiting, counts.inService, counts.toArrive) == (0, 0, 0))
            #expect(!counts.isBusy)
        }
    }

    @Test("each place lists the time of every task and stage it serves")
    func servicesPerPlace() async throws {
        let setup = try Self.setup("2021-05")
        try await BankFixture.with(setup: setup) { fixture in
            let counts = await fixture.bank.counts()
            let counter = try #require(counts.places.first { $0.id == "counter" })
            #expect(
                counter.services == [
                    BankCounts.Service(task: "deposit", stage: "deposit", serviceTime: .milliseconds(700)),
                    BankCounts.Service(task: "loan", stage: "documents", serviceTime: .milliseconds(300)),
                    BankCounts.Service(task: "loan", stage: "execution", serviceTime: .milliseconds(300)),
                ])
            #expect(counter.serviceTime == nil)
            let office = try #require(counts.places.first { $0.id == "head-office" })
            #expect(
                office.services == [BankCounts.Service(task: "loan", stage: "review", serviceTime: .milliseconds(500))])
            #expect(office.serviceTime == .milliseconds(500))
            let status = await fixture.bank.status()
            #expect(status.desks.map(\.serviceTime) == [.zero, .milliseconds(500)])
            #expect(status.desks.map(\.services) == counts.places.map(\.services))
        }
    }

    @Test("a clerk held during the review serves nobody: the customer is waiting at the office, once")
    func heldClerkIsNotInService() async throws {
        let setup = try Self.setup("2021-05")
        try await BankFixture.with(setup: setup) { fixture in
            // Two loans: both have their documents checked at 0; at 300 ms both ask for a
            // review, the office takes one and the other waits; both clerks are held.
            try await fixture.bank.add(customers: 2, task: .loan, grade: BankGrade(id: "vip", name: "VIP"))
            await fixture.advance(by: .milliseconds(400))
            let status = await fixture.bank.status()
            let counter = try #require(status.desks.first)
            #expect(counter.clerks.filter(\.isHolding).count == 2)
            #expect(status.inService == 1)
            #expect(status.waiting == 1)
            #expect(status.counts.inService == 1)
            #expect(status.counts.waiting == 1)
            #expect(status.served == 0)
            let office = try #require(status.desks.last)
            #expect(office.nextCustomers.map(\.ticket) == [2])
            #expect(office.nextCustomers.first?.grade.id == "vip")
            #expect(office.nextCustomers.first?.task.id == "loan")
        }
    }

    @Test("status, report, tally and history's live row read the same counts", arguments: banks)
    func viewsAgree(bank name: String) async throws {
        let setup = try Self.setup(name)
        let log = InMemoryBankSessionLog()
        try await BankFixture.with(setup: setup, seed: 3, sessions: log) { fixture in
            try await fixture.bank.add(customers: 20)
            await fixture.advance(by: .milliseconds(1_550))
            let counts = await fixture.bank.counts()
            let status = await fixture.bank.status()
            let report = await fixture.bank.report()
            let history = try await fixture.bank.history(1)
            #expect(status.counts == counts)
            #expect(status.desks.map(\.served) == counts.places.map(\.served))
            #expect(report.utilisation.map(\.busy) == counts.places.map(\.busy))
            #expect(report.businessTime == counts.businessTime)
            #expect(report.waits.reduce(0) { $0 + $1.customers } == counts.served)
            #expect(history.sessions.first?.served == counts.served)
            #expect(history.sessions.first?.businessTime == counts.businessTime)
            let occupancy = await fixture.bank.occupancy()
            #expect(occupancy.waiting == counts.waiting)
            #expect(occupancy.inService == counts.inService)
            #expect(await fixture.bank.departedCustomers().count == counts.served)
            #expect(counts.waiting + counts.inService + counts.served <= 20)
        }
    }

    @Test("customers still to arrive keep business time running and are counted apart")
    func toArrive() async throws {
        try await BankFixture.with { fixture in
            try await fixture.bank.add(customers: 3, task: .deposit, arrivals: .spread(over: .seconds(30)))
            await fixture.advance(by: .seconds(5))
            let counts = await fixture.bank.counts()
            #expect((counts.waiting, counts.inService, counts.toArrive, counts.served) == (0, 0, 2, 1))
            #expect(counts.isBusy)
            #expect(counts.businessTime == .seconds(5))
            let status = await fixture.bank.status()
            #expect(status.isOpen)
            #expect(status.toArrive == 2)
        }
    }

    @Test("a reset counts the customers still to arrive apart from those waiting and in service")
    func resetCountsToArrive() async throws {
        try await BankFixture.with { fixture in
            try await fixture.bank.add(customers: 4, task: .deposit, arrivals: .spread(over: .seconds(40)))
            try await fixture.bank.add(customers: 2, task: .deposit)
            let counts = await fixture.bank.counts()
            #expect(await fixture.bank.report().present == counts.waiting + counts.inService + counts.toArrive)
            let cancelled = await fixture.bank.reset()
            #expect(cancelled == BankCancellation(waiting: counts.waiting, inService: counts.inService, toArrive: 3))
            #expect(counts.toArrive == 3)
            #expect(await fixture.bank.report().present == 0)
        }
    }
}
