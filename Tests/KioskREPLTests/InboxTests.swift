import KioskCore
import Synchronization
import Testing

@testable import KioskREPL

@Suite("Inbox")
struct InboxTests {
    final class WakeCounter: Sendable {
        let count = Atomic(0)
        func wake() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test("hands entries over in the order they were posted")
    func order() {
        let inbox = Inbox(wake: {})
        inbox.post(.output("a\n", .standardOutput))
        inbox.post(.output("b\n", .standardError))
        inbox.post(.prompt)
        #expect(inbox.takeAll() == [.output("a\n", .standardOutput), .output("b\n", .standardError), .prompt])
        #expect(inbox.takeAll().isEmpty)
    }

    @Test("wakes the terminal thread once per batch, not once per entry")
    func wakesOncePerBatch() {
        let counter = WakeCounter()
        let inbox = Inbox(wake: { counter.wake() })
        for number in 0..<100 { inbox.post(.output("\(number)\n", .standardOutput)) }
        #expect(counter.value == 1)
        #expect(inbox.takeAll().count == 100)
        inbox.post(.prompt)
        #expect(counter.value == 2)
    }

    @Test("keeps every entry from many posting threads")
    func concurrentPosts() async {
        let inbox = Inbox(wake: {})
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for number in 0..<250 { inbox.post(.output("\(task).\(number)\n", .standardOutput)) }
                }
            }
        }
        let entries = inbox.takeAll()
        #expect(entries.count == 2_000)
        // Each poster's own entries stay in its order.
        let firstPoster = entries.compactMap { entry -> String? in
            guard case .output(let text, _) = entry, text.hasPrefix("0.") else { return nil }
            return text
        }
        #expect(firstPoster == (0..<250).map { "0.\($0)\n" })
    }

    @Test("a sink posts what the console writes, to its stream")
    func sink() {
        let inbox = Inbox(wake: {})
        InboxSink(inbox: inbox, target: .standardError).write("kiosk: bad\n")
        #expect(inbox.takeAll() == [.output("kiosk: bad\n", .standardError)])
    }

    @Test(
        "waiting for room returns at once below the high mark, and after the terminal takes the entries above it",
        .timeLimit(.minutes(1)))
    func room() async {
        let inbox = Inbox(wake: {})
        await inbox.waitForRoom()
        for number in 0..<Inbox.watermarks.high - 1 { inbox.post(.output("\(number)\n", .standardOutput)) }
        await inbox.waitForRoom()
        #expect(inbox.waitingForRoom == 0, "below the high mark nobody waits")
        inbox.post(.prompt)
        let waiter = Task { await inbox.waitForRoom() }
        while inbox.waitingForRoom == 0 { await Task.yield() }
        #expect(inbox.takeAll().count == Inbox.watermarks.high)
        await waiter.value
        #expect(inbox.waitingForRoom == 0)
        #expect(inbox.takeAll().isEmpty)
    }
}
