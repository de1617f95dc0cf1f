import Clocks
import KioskCore
import Testing

@testable import Bank

@Suite("Bank commands")
struct BankCommandTests {
    private func registry(for bank: Bank) -> CommandRegistry {
        var registry = CommandRegistry()
        registry.register(contentsOf: bank.commands())
        return registry
    }

    @Test("the bank registers open, add, status, wait, report, reset, plan and history")
    func commandNames() async throws {
        try await BankFixture.with { fixture in
            #expect(
                fixture.bank.commands().map(\.spec.name) == [
                    "bank open", "bank add", "bank status", "bank wait", "bank report", "bank reset", "bank plan",
                    "bank history",
                ])
        }
    }

    @Test(
        "a customer count outside 1...1000000 is refused before anything happens",
        arguments: ["0", "-3", "1000001"])
    func countOutOfRange(count: String) async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            for command in ["bank add", "bank open"] {
                let error = ParseError.outOfRange(name: "customers", given: count, range: 1...1_000_000)
                #expect(throws: error) { try registry.parse("\(command) \(count)") }
                #expect(error.code == "out_of_range")
            }
            #expect(fixture.log.events.isEmpty)
        }
    }

    @Test("an unknown task names the closest one")
    func unknownTask() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            #expect(
                throws: ParseError.unknownValue(
                    noun: "task", given: "lone", suggestion: "loan", choices: ["deposit", "loan"])
            ) {
                try registry.parse("bank add 3 lone")
            }
            #expect(
                ParseError.unknownValue(noun: "task", given: "lone", suggestion: "loan", choices: []).code
                    == "unknown_task")
            let error = BankError.unknownTask("lone", suggestion: "loan", tasks: ["deposit", "loan"])
            await #expect(throws: error) {
                try await fixture.bank.add(customers: 3, task: BankTask(id: "lone", name: "Lone"))
            }
            #expect(error.code == "unknown_task")
            #expect(fixture.log.events.isEmpty)
        }
    }

    @Test("the task argument carries the bank's own task, by id or by desk name")
    func typedTaskChoice() async throws {
        let desks = [KioskConfig.Desk(task: "fx", name: "Foreign exchange", clerks: 1, serviceTime: .seconds(1))]
        try await BankFixture.with(desks) { fixture in
            let registry = registry(for: fixture.bank)
            let fx = BankTask(id: "fx", name: "Foreign exchange")
            let task = ArgumentKey.optional("task", .choice(fixture.bank.taskChoices))
            let customers = ArgumentKey.optional("customers", .integer(Bank.admissionRange))
            for line in ["bank add 3 fx", "bank add 3 FX", "bank add 3 'foreign exchange'"] {
                let invocation = try #require(try registry.parse(line))
                #expect(try invocation[task] == fx, "\(line)")
                #expect(try invocation[customers] == 3)
            }
            let invocation = try #require(try registry.parse("bank add"))
            #expect(try invocation[task] == nil)
            guard case .admission(let admission) = try await registry.run("bank add 2 fx") else {
                Issue.record("'bank add' did not admit")
                return
            }
            #expect(admission.byTask == [TaskCount(task: "fx", count: 2)])
        }
    }

    @Test("the bank itself refuses counts outside 1...1000000", arguments: [0, -3, 1_000_001])
    func apiCountOutOfRange(count: Int) async throws {
        try await BankFixture.with { fixture in
            await #expect(throws: BankError.customerCountOutOfRange(count)) {
                try await fixture.bank.add(customers: count)
            }
            await #expect(throws: BankError.customerCountOutOfRange(count)) {
                try await fixture.bank.open(customers: count)
            }
            #expect(await fixture.bank.isOpen == false)
        }
    }

    @Test("'bank wait' on a closed bank is not an error: it says the bank is idle")
    func waitWhenClosed() async throws {
        try await BankFixture.with { fixture in
            let outcome = try await registry(for: fixture.bank).run("bank wait")
            guard case .wait(let wait) = outcome else {
                Issue.record("expected a wait outcome, got \(String(describing: outcome))")
                return
            }
            #expect(
                wait
                    == .alreadyIdle(
                        BankTally(
                            servedByTask: [TaskCount(task: "deposit", count: 0), TaskCount(task: "loan", count: 0)],
                            businessTime: .zero)))
        }
    }

    @Test("'bank open' reports the tickets; opening an open bank points to 'bank add'")
    func openTwice() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            guard case .admission(let admission) = try await registry.run("bank open 3") else {
                Issue.record("'bank open' did not admit")
                return
            }
            #expect(admission.customers == 3)
            #expect(admission.tickets == 1...3)
            #expect(admission.byTask.map(\.task) == ["deposit", "loan"])
            #expect(admission.byTask.reduce(0) { $0 + $1.count } == 3)
            #expect(admission.opened)
            await #expect(throws: BankError.self) { try await registry.run("bank open 2") }
            do {
                _ = try await registry.run("bank open")
                Issue.record("an open bank opened again")
            } catch let error as BankError {
                #expect(error.code == "bank_already_open")
                // Deposit has 2 clerks and loan 1: whoever finds no free clerk waits.
                let deposit = admission.byTask[0].count
                let loan = admission.byTask[1].count
                let inService = min(deposit, 2) + min(loan, 1)
                #expect(error == .alreadyOpen(waiting: 3 - inService, inService: inService))
            }
        }
    }

    @Test("'bank add' defaults to 10 customers, opens a closed bank, and takes a task alone")
    func addDefaults() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            guard case .admission(let first) = try await registry.run("bank add") else {
                Issue.record("'bank add' did not admit")
                return
            }
            #expect(first.customers == 10)
            #expect(first.opened)
            guard case .admission(let second) = try await registry.run("bank add loan") else {
                Issue.record("'bank add loan' did not admit")
                return
            }
            #expect(
                second
                    == BankAdmission(
                        tickets: 11...20,
                        byTask: [TaskCount(task: "deposit", count: 0), TaskCount(task: "loan", count: 10)],
                        opened: false))
        }
    }

    @Test("'bank status' and 'bank reset' return their typed outcomes")
    func statusAndReset() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            try await fixture.bank.add(customers: 2, task: .deposit)
            try await fixture.bank.add(customers: 1, task: .loan)
            await fixture.advance(by: .milliseconds(100))
            guard case .status(let status) = try await registry.run("bank status") else {
                Issue.record("'bank status' gave no status")
                return
            }
            let customer = { (ticket: Int, task: BankTask) in Customer(ticket: ticket, task: task, arrival: .zero) }
            // The desks as a classic status lists them; the counts (with busy time) apart.
            #expect((status.isOpen, status.businessTime, status.nextTicket) == (true, .milliseconds(100), 4))
            #expect(
                status.desks
                    == BankStatus(
                        isOpen: true, businessTime: .milliseconds(100), nextTicket: 4,
                        desks: [
                            BankStatus.Desk(
                                task: .deposit, serviceTime: .milliseconds(700),
                                clerks: [
                                    BankStatus.Clerk(
                                        number: 1, serving: customer(1, .deposit), since: .zero,
                                        until: .milliseconds(700)),
                                    BankStatus.Clerk(
                                        number: 2, serving: customer(2, .deposit), since: .zero,
                                        until: .milliseconds(700)),
                                ],
                                waiting: 0, nextTickets: [], served: 0),
                            BankStatus.Desk(
                                task: .loan, serviceTime: .milliseconds(1_100),
                                clerks: [
                                    BankStatus.Clerk(
                                        number: 1, serving: customer(3, .loan), since: .zero,
                                        until: .milliseconds(1_100))
                                ],
                                waiting: 0, nextTickets: [], served: 0),
                        ]
                    ).desks)
            #expect((status.served, status.waiting, status.inService) == (0, 0, 3))
            #expect(status.counts.places.map(\.busy) == [.milliseconds(200), .milliseconds(100)])
            guard case .reset(let cancelled) = try await registry.run("bank reset") else {
                Issue.record("'bank reset' gave no cancellation")
                return
            }
            #expect(cancelled == BankCancellation(waiting: 0, inService: 3))
            #expect(!cancelled.isEmpty)
        }
    }

    @Test("'bank status' lists up to 100 waiting tickets per desk, in service order")
    func statusListsAHundredTickets() async throws {
        try await BankFixture.with { fixture in
            try await fixture.bank.add(customers: 150, task: .loan)
            guard case .status(let status) = try await registry(for: fixture.bank).run("bank status") else {
                Issue.record("'bank status' gave no status")
                return
            }
            let loan = try #require(status.desks.last)
            #expect(loan.waiting == 149)
            #expect(loan.nextTickets == Array(2...101))
        }
    }
}

extension CommandRegistry {
    /// Parses `line` and runs its command.
    /// - Returns: the bank's outcome; nil for a blank line, or a command that is not the bank's.
    func run(_ line: String) async throws -> BankOutcome? {
        guard let invocation = try parse(line), case .perform(let run) = invocation.command.action else { return nil }
        return try await run(invocation) as? BankOutcome
    }
}
