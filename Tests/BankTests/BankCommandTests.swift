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

    @Test(
        "a customer count outside 1...1000000 is refused before anything happens",
        arguments: ["0", "-3", "1000001"])
    func countOutOfRange(count: String) async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            for command in ["bank add", "bank open"] {
                let error = ParseError.outOfRange(name: "customers", given: count, range: 1...1_000_000)
                #expect(throws: error) { try registry.parse("\(command) \(count)") }
                #expect(error.description == "<customers> must be between 1 and 1000000, not \(count).")
            }
            #expect(fixture.log.events.isEmpty)
        }
    }

    @Test("an unknown task names the closest one")
    func unknownTask() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            do {
                _ = try registry.parse("bank add 3 lone")
                Issue.record("'lone' was accepted")
            } catch let error as ParseError {
                #expect(error.description == "Unknown task 'lone'. Did you mean 'loan'?")
                #expect(error.code == "unknown_task")
            }
            await #expect(throws: BankError.unknownTask("lone", suggestion: "loan", tasks: ["deposit", "loan"])) {
                try await fixture.bank.add(customers: 3, task: "lone")
            }
            #expect(
                BankError.unknownTask("lone", suggestion: "loan", tasks: ["deposit", "loan"]).description
                    == "Unknown task 'lone'. Did you mean 'loan'?")
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
            let result = try #require(try await registry(for: fixture.bank).execute("bank wait"))
            #expect(
                result.json.serialized()
                    == #"{"type":"result","command":"bank wait","outcome":"already_idle","served":0,"by_task":{"deposit":0,"loan":0},"business_ms":0}"#
            )
            #expect(
                result.text.first == .message("The bank is idle: nobody is waiting. 'bank open' lets customers in."))
        }
    }

    @Test("'bank open' reports the tickets; opening an open bank points to 'bank add'")
    func openTwice() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            let result = try #require(try await registry.execute("bank open 3"))
            #expect(result.command == "bank open")
            let json = result.json.serialized()
            #expect(
                json.hasPrefix(
                    #"{"type":"result","command":"bank open","customers":3,"tickets":{"first":1,"last":3},"by_task":{"deposit":"#
                ))
            #expect(json.hasSuffix(#"},"opened":true}"#))
            await #expect(throws: BankError.self) { try await registry.execute("bank open 2") }
            do {
                _ = try await registry.execute("bank open")
            } catch let error as BankError {
                #expect(error.code == "bank_already_open")
                #expect(error.description.contains("Use 'bank add [n]' to add customers"))
            }
        }
    }

    @Test("'bank add' defaults to 10 customers, opens a closed bank, and takes a task alone")
    func addDefaults() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            let first = try #require(try await registry.execute("bank add"))
            #expect(first.fields.first == JSONField("customers", 10))
            #expect(first.fields.last == JSONField("opened", true))
            let second = try #require(try await registry.execute("bank add loan"))
            #expect(
                second.json.serialized()
                    == #"{"type":"result","command":"bank add","customers":10,"tickets":{"first":11,"last":20},"by_task":{"deposit":0,"loan":10},"opened":false}"#
            )
            #expect(second.text == [.message("10 customers took tickets #11–#20 (loan 10).", .success)])
        }
    }

    @Test("'bank status' and 'bank reset' report in JSON")
    func statusAndResetJSON() async throws {
        try await BankFixture.with { fixture in
            let registry = registry(for: fixture.bank)
            try await fixture.bank.add(customers: 2, task: "deposit")
            try await fixture.bank.add(customers: 1, task: "loan")
            await fixture.advance(by: .milliseconds(100))
            let status = try #require(try await registry.execute("bank status"))
            #expect(
                status.json.serialized()
                    == #"{"type":"result","command":"bank status","open":true,"business_ms":100,"served":0,"waiting":0,"in_service":3,"next_ticket":4,"desks":[{"task":"deposit","name":"Deposit","service_ms":700,"served":0,"waiting":0,"waiting_tickets":[],"clerks":[{"clerk":1,"ticket":1,"since_ms":0,"until_ms":700},{"clerk":2,"ticket":2,"since_ms":0,"until_ms":700}]},{"task":"loan","name":"Loan","service_ms":1100,"served":0,"waiting":0,"waiting_tickets":[],"clerks":[{"clerk":1,"ticket":3,"since_ms":0,"until_ms":1100}]}]}"#
            )
            let reset = try #require(try await registry.execute("bank reset"))
            #expect(
                reset.json.serialized()
                    == #"{"type":"result","command":"bank reset","cancelled":{"waiting":0,"in_service":3}}"#)
            #expect(reset.text == [.message("Cancelled 0 waiting and 3 in-service customers.")])
        }
    }
}
