import Testing

@testable import Bank

@Suite("Bell")
struct BellTests {
    @Test("a ring before the wait is kept, and used once")
    func ringBeforeWait() async {
        let bell = Bell()
        bell.ring()
        bell.ring()
        #expect(await bell.wait())
        let second = Task { await bell.wait() }
        bell.ring()
        #expect(await second.value)
    }

    @Test("cancelling the waiting task wakes it with false, for good")
    func cancellation() async {
        let bell = Bell()
        let waiter = Task { await bell.wait() }
        waiter.cancel()
        #expect(await waiter.value == false)
        bell.ring()
        #expect(await Task { await bell.wait() }.value == false)
    }
}
