import Bank
import Clocks
import KioskCore
import Synchronization
import Testing

@testable import KioskREPL

@Suite("BankWatch: the live view on a fake terminal", .timeLimit(.minutes(1)))
struct BankWatchTests {
    /// A bank whose status the test sets, and which records the commands keys run.
    final class ScriptedBank: Sendable {
        private let state = Mutex<(status: BankStatus, lines: [String])>((BankStatuses.status(), []))

        func set(_ status: BankStatus) { state.withLock { $0.status = status } }
        var lines: [String] { state.withLock { $0.lines } }

        var port: BankWatch.Bank {
            BankWatch.Bank(
                status: { [self] in state.withLock { $0.status } },
                run: { [self] line in
                    state.withLock { $0.lines.append(line) }
                    return " ran \(line)"
                })
        }
    }

    struct Harness {
        let terminal = FakeWatchTerminal()
        let bank = ScriptedBank()
        let bus = EventBus<KioskEvent>()
        let clock = TestClock<Duration>()

        var watch: BankWatch {
            BankWatch(
                terminal: terminal, bank: bank.port, bus: bus,
                presenter: Presenter(catalog: EnglishCatalog(), config: nil), colors: true, clock: clock)
        }

        func row(containing text: String) -> Bool {
            terminal.screen.text.contains { $0.contains(text) }
        }
    }

    @Test("frames follow a customer from the line to a clerk to the served count")
    func customerMoves() async throws {
        let harness = Harness()
        harness.bank.set(BankStatuses.status(waitingDeposits: 2, first: 1))
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.contains("   waiting 2  #1 Deposit  #2 Deposit") }

        harness.bank.set(BankStatuses.status(waitingDeposits: 1, first: 2, serving: [1]))
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { screen in
            screen.text.contains { $0.hasPrefix("   clerk 1    #1 Deposit") }
                && screen.text.contains("   waiting 1  #2 Deposit")
        }

        harness.bank.set(BankStatuses.status(waitingDeposits: 0, first: 3, serving: [2], served: 1))
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { screen in
            screen.text.contains(" Deposit desk · 2 clerks · 0.700 s each · 1 served")
                && screen.text.contains { $0.hasPrefix("   clerk 1    #2 Deposit") }
        }
        harness.terminal.type("q")
        await running.value
        #expect(harness.terminal.tookOver == 1)
        #expect(harness.terminal.gaveBack == 1)
    }

    @Test("keys draw nothing themselves: the next tick shows their effect, one frame per tick at most")
    func keysWaitForTick() async throws {
        let harness = Harness()
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.last?.contains("a add 10") == true }
        let frames = harness.terminal.frames
        harness.terminal.type("?a?a?")
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { $0.text.last == " ran bank add 10" }
        #expect(harness.terminal.frames == frames + 1)
        #expect(harness.terminal.screen.text.contains { $0.contains("add 100 customers") })
        harness.terminal.type("q")
        await running.value
    }

    @Test("no more than one frame per tick, and a frame without changes writes nothing")
    func frameRate() async throws {
        let harness = Harness()
        harness.bank.set(BankStatuses.status(waitingDeposits: 2))
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.contains { $0.contains("#10 Deposit") } }
        let frames = harness.terminal.frames
        // The same status: ticks draw nothing new.
        for _ in 0..<3 { harness.terminal.send(.tick) }
        harness.bank.set(BankStatuses.status(waitingDeposits: 3))
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { $0.text.contains { $0.contains("#12 Deposit") } }
        #expect(harness.terminal.frames == frames + 1)
        harness.terminal.send(.keys([0x1B]))
        await running.value
        #expect(harness.terminal.gaveBack == 1)
    }

    @Test("a adds 10 customers, A adds 100; the result shows in place of the key bar")
    func addKeys() async throws {
        let harness = Harness()
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.last?.contains("a add 10") == true }
        harness.terminal.type("a")
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { $0.text.last == " ran bank add 10" }
        harness.terminal.type("A")
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { $0.text.last == " ran bank add 100" }
        harness.terminal.send(.keys([0x03]))
        await running.value
        #expect(harness.bank.lines == ["bank add 10", "bank add 100"])
    }

    @Test("r asks once: y resets, anything else keeps the bank")
    func resetAsks() async throws {
        let harness = Harness()
        harness.bank.set(BankStatuses.status(waitingDeposits: 4, serving: [1]))
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.last?.contains("a add 10") == true }
        harness.terminal.type("r")
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen {
            $0.text.last == " Reset the bank, sending away 4 waiting and 1 in service? y/n"
        }
        harness.terminal.type("n")
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { $0.text.last == " The bank was not reset." }
        #expect(harness.bank.lines.isEmpty)
        harness.terminal.type("ry")
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { $0.text.last == " ran bank reset" }
        harness.terminal.type("q")
        await running.value
        #expect(harness.bank.lines == ["bank reset"])
    }

    @Test("a resize draws the next frame in full at the new size")
    func resize() async throws {
        let harness = Harness()
        harness.bank.set(BankStatuses.status(waitingDeposits: 1))
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.contains { $0.contains("#10 Deposit") } }
        let before = harness.terminal.bytesWritten
        harness.terminal.send(.resized)
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { _ in harness.terminal.bytesWritten > before + 500 }
        #expect(harness.terminal.screen.text[0].hasPrefix(" Bank  business"))
        harness.terminal.type("q")
        await running.value
    }

    @Test("the footer shows the latest events as the prompt words them")
    func footer() async throws {
        let harness = Harness()
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.last?.contains("a add 10") == true }
        harness.bus.publish(.serviceStarted(ticket: 7, task: "loan", clerk: 1, at: .milliseconds(1_100)))
        harness.terminal.send(.tick)
        try await harness.terminal.waitForScreen { $0.text.contains(" [00:01.100] #7 loan started at loan clerk 1") }
        harness.terminal.type("q")
        await running.value
    }

    @Test("cancelling the command (SIGTERM, SIGHUP) gives the terminal back")
    func cancelled() async throws {
        let harness = Harness()
        let running = Task { await harness.watch.run() }
        try await harness.terminal.waitForScreen { $0.text.last?.contains("a add 10") == true }
        running.cancel()
        await running.value
        #expect(harness.terminal.gaveBack == 1)
    }
}
