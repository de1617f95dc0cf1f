import Clocks
import KioskCore
import Testing

@testable import Bank

/// `Bank.departedCustomers()`, which `bank export` writes: a record per customer who left,
/// checked against the independent model of the network.
@Suite("Bank records of departed customers")
struct BankRecordsTests {
    @Test("a loan's record holds its three stages, desks, clerks, starts and ends")
    func headOfficeLoan() async throws {
        try await BankFixture.with(setup: BankNetworkTests.headOffice) { fixture in
            try await fixture.bank.add(
                customers: 2, task: BankTask(id: "loan", name: "Loan"), grade: BankGrade(id: "vip", name: "VIP"))
            _ = try await fixture.runUntilIdle()
            let records = await fixture.bank.departedCustomers()
            typealias Stage = BankCustomerRecord.Stage
            #expect(
                records == [
                    BankCustomerRecord(
                        ticket: 1, task: "loan", grade: "vip", arrival: .zero,
                        stages: [
                            Stage(stage: "documents", desk: "counter", clerk: 1, start: .zero, end: .milliseconds(300)),
                            Stage(
                                stage: "review", desk: "head-office", clerk: 1, start: .milliseconds(300),
                                end: .milliseconds(800)),
                            Stage(
                                stage: "execution", desk: "counter", clerk: 1, start: .milliseconds(800),
                                end: .milliseconds(1_100)),
                        ]),
                    BankCustomerRecord(
                        ticket: 2, task: "loan", grade: "vip", arrival: .zero,
                        stages: [
                            Stage(stage: "documents", desk: "counter", clerk: 2, start: .zero, end: .milliseconds(300)),
                            Stage(
                                stage: "review", desk: "head-office", clerk: 1, start: .milliseconds(800),
                                end: .milliseconds(1_300)),
                            Stage(
                                stage: "execution", desk: "counter", clerk: 2, start: .milliseconds(1_300),
                                end: .milliseconds(1_600)),
                        ]),
                ])
            // A reset starts the books over.
            await fixture.bank.reset()
            #expect(await fixture.bank.departedCustomers().isEmpty)
        }
    }

    @Test("every record matches the model's services, for random banks and arrival instants", arguments: 0..<12)
    func matchesTheModel(seed: Int) async throws {
        var random = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
        let setup = try BankNetworkTests.randomSetup(&random)
        var model = NetworkModel(setup: setup)
        var arrivals: [(at: Duration, task: Int, grade: Int)] = []
        // Arrivals in bank time, which stands still while the bank is idle.
        var bankArrivals: [Duration] = []
        var now = Duration.zero
        for _ in 0..<Int.random(in: 1...20, using: &random) {
            now += .milliseconds(100 * Int.random(in: 0...5, using: &random))
            let customer = (
                at: now, task: Int.random(in: 0..<setup.tasks.count, using: &random),
                grade: Int.random(in: 0..<setup.grades.count, using: &random)
            )
            model.arrive(ticket: arrivals.count + 1, task: customer.task, grade: customer.grade, at: customer.at)
            arrivals.append(customer)
            bankArrivals.append(customer.at - model.idleTime)
        }
        model.run()
        // The model's services, gathered per ticket in the order they started.
        var expected: [Int: [BankCustomerRecord.Stage]] = [:]
        var starts: [Int: NetworkModel.Event] = [:]
        for event in model.events {
            switch event.kind {
            case .started: starts[event.ticket] = event
            case .finished:
                guard let start = starts[event.ticket] else { continue }
                expected[event.ticket, default: []].append(
                    BankCustomerRecord.Stage(
                        stage: start.stage, desk: start.desk, clerk: start.clerk, start: start.at, end: event.at))
            case .arrived: break
            }
        }

        try await BankFixture.with(setup: setup, seed: UInt64(seed)) { fixture in
            var clock = Duration.zero
            for customer in arrivals {
                if customer.at > clock {
                    await fixture.advance(by: customer.at - clock)
                    clock = customer.at
                }
                let task = setup.tasks[customer.task]
                let grade = setup.grades[customer.grade]
                try await fixture.bank.add(
                    customers: 1, task: BankTask(id: task.id, name: task.name),
                    grade: BankGrade(id: grade.id, name: grade.name))
            }
            _ = try await fixture.runUntilIdle()
            let records = await fixture.bank.departedCustomers()
            #expect(records.map(\.ticket) == Array(1...arrivals.count))
            for record in records {
                let customer = arrivals[record.ticket - 1]
                #expect(record.task == setup.tasks[customer.task].id)
                #expect(record.grade == setup.grades[customer.grade].id)
                #expect(record.arrival == bankArrivals[record.ticket - 1])
                #expect(record.stages == expected[record.ticket], "#\(record.ticket)")
                #expect(record.stages.map(\.stage) == setup.tasks[customer.task].stages.map(\.id))
            }
        }
    }
}
