import Bank
import Clocks
import KioskCore
import Synchronization
import Testing

@testable import KioskREPL

/// The live view of a bank whose desks serve several tasks or stages (the 2021-05 counter and
/// head office): each task's times, customers with task and grade, held clerks, the header's
/// counts, and a line listed as long as the screen can show.
@Suite("BankBoard on a network")
struct BankBoardNetworkTests {
    static let loan = BankTask(id: "loan", name: "Loan")
    static let deposit = BankTask(id: "deposit", name: "Deposit")
    static let vip = BankGrade(id: "vip", name: "VIP")

    static let names = BankBoard.Names(
        task: { ["deposit": "Deposit", "loan": "Loan"][$0] }, grade: { $0.name },
        stage: { task, index in task == "loan" ? ["documents", "review", "execution"][index] : nil })

    /// The counter (clerk 1 checks #4's documents, clerk 2 is held by #5 in review, `waiting`
    /// customers in line) and the head office reviewing #5; `toArrive` announced.
    static func status(waiting: Int = 2, toArrive: Int = 0) -> BankStatus {
        let counter = KioskConfig.BankPlace(id: "counter", name: "Counter", kind: .desk, clerks: 3)
        let office = KioskConfig.BankPlace(id: "head-office", name: "Head Office", kind: .office, clerks: 1)
        let customer = { (ticket: Int, task: BankTask, stage: Int) in
            Customer(ticket: ticket, task: task, arrival: .zero, grade: vip, stage: stage)
        }
        let line = (0..<waiting).map { customer(13 + $0, $0.isMultiple(of: 2) ? loan : deposit, 0) }
        return BankStatus(
            isOpen: true, businessTime: .milliseconds(400), nextTicket: 13 + waiting,
            desks: [
                BankStatus.Desk(
                    place: counter,
                    services: [
                        BankCounts.Service(task: "deposit", stage: "deposit", serviceTime: .milliseconds(700)),
                        BankCounts.Service(task: "loan", stage: "documents", serviceTime: .milliseconds(300)),
                        BankCounts.Service(task: "loan", stage: "execution", serviceTime: .milliseconds(300)),
                    ],
                    clerks: [
                        BankStatus.Clerk(
                            number: 1, serving: customer(4, loan, 0), since: .milliseconds(300),
                            until: .milliseconds(600)),
                        BankStatus.Clerk(
                            number: 2, serving: customer(5, loan, 1), since: .milliseconds(300), until: .zero,
                            isHolding: true),
                        BankStatus.Clerk(number: 3, serving: nil, since: .zero, until: .zero),
                    ],
                    waiting: waiting, nextCustomers: line, served: 7),
                BankStatus.Desk(
                    place: office,
                    services: [BankCounts.Service(task: "loan", stage: "review", serviceTime: .milliseconds(500))],
                    clerks: [
                        BankStatus.Clerk(
                            number: 1, serving: customer(5, loan, 1), since: .milliseconds(300),
                            until: .milliseconds(800))
                    ],
                    waiting: 0, nextCustomers: [], served: 2),
            ],
            servedByTask: [TaskCount(task: "deposit", count: 5), TaskCount(task: "loan", count: 2)],
            toArrive: toArrive)
    }

    static func rows(_ status: BankStatus, width: Int = 100, height: Int = 30) -> [String] {
        let grid = BankBoardLayout(words: EnglishCatalog().watchWords)
            .draw(BankBoard(status: status, names: names), width: width, height: height)
        return BankBoardLayoutTests.rows(grid)
    }

    @Test("each task's times, customers by ticket, task and grade, a held clerk, customers counted once")
    func network() {
        let rows = Self.rows(Self.status(toArrive: 3))
        #expect(rows[0] == " Bank  business 00:00.400  2 waiting · 2 in service · 7 served · 3 to arrive")
        #expect(rows.contains(" Counter desk · 3 clerks · Deposit 0.700 s · Loan 0.300 + 0.300 s · 7 served"))
        #expect(rows.contains(" Head Office · 1 clerk · 0.500 s each · 2 served"))
        #expect(rows.contains { $0.hasPrefix("   clerk 1    #4 Loan VIP") && $0.hasSuffix("0.200 s left") })
        #expect(rows.contains("   clerk 2    #5 Loan VIP       held: review"))
        #expect(rows.contains("   waiting 2  #13 Loan VIP  #14 Deposit VIP"))
    }

    @Test("the header leaves 'to arrive' out while nobody is announced")
    func nobodyAnnounced() {
        #expect(Self.rows(Self.status())[0] == " Bank  business 00:00.400  2 waiting · 2 in service · 7 served")
    }

    @Test(
        "a line listed in full fills every row it is given before it counts the rest",
        arguments: [[80, 24], [200, 50]])
    func fillsTheScreen(size: [Int]) {
        let rows = Self.rows(Self.status(waiting: 5_000), width: size[0], height: size[1])
        let events = rows.firstIndex { $0.contains(" latest events ") } ?? rows.count
        #expect((2..<events).allSatisfy { !rows[$0].isEmpty }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.hasSuffix(" more") })
    }

    @Test(
        "the view asks the bank for as many waiting customers as its screen can show",
        arguments: [[80, 24], [200, 50]])
    func listsWhatTheScreenHolds(size: [Int]) async throws {
        let asked = Mutex<[Int]>([])
        let terminal = FakeWatchTerminal(width: size[0], height: size[1])
        let bank = BankWatch.Bank(
            status: { Self.status() }, run: { _ in "" },
            listing: { limit in
                asked.withLock { $0.append(limit) }
                return Self.status()
            })
        let watch = BankWatch(
            terminal: terminal, bank: bank, bus: EventBus<KioskEvent>(),
            presenter: Presenter(catalog: EnglishCatalog(), config: nil), colors: false, clock: TestClock<Duration>())
        let running = Task { await watch.run() }
        try await terminal.waitForScreen { $0.text.first?.hasPrefix(" Bank") == true }
        terminal.type("q")
        await running.value
        let limit = try #require(asked.withLock { $0.first })
        // A chip takes at least 5 columns with its gap: enough to fill every cell of the screen.
        #expect(limit >= size[0] * size[1] / 5)
        #expect(limit >= BankStatus.listedTickets)
    }
}
