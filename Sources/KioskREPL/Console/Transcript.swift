import Bank
import JuiceMaker
import KioskCore
import Synchronization

/// A session's output in one documented order: events from the bus and the commands' own
/// results and errors.
///
/// Events reach the terminal through one bounded mailbox. A background relay prints them as
/// they come; when a command ends, ``finish(_:of:)`` first prints every event published
/// before it returned, then its result. So:
/// - with `--json`, a command's own events (`stock_changed`, `juice_served`, ...) come before
///   its result line, and bank events published meanwhile keep their place;
/// - in text, the shop's sold-out and available-again notices a command raised come right
///   after its result; the other shop events are part of the result itself.
/// When the terminal cannot keep up, bank progress events (arrivals, service starts and ends)
/// are skipped and a line says how many; nothing else is dropped.
final class Transcript: Sendable {
    /// How many events wait for the terminal before bank progress is skipped.
    static let capacity = 4_096
    /// The same for a bank in virtual time, which waits for the terminal rather than let
    /// events be skipped: room for a run of services, so the output never depends on timing.
    static let virtualTimeCapacity = 65_536
    /// The relay's gathering for a bank in virtual time: none. The bank publishes in runs of
    /// thousands and then waits for the terminal, so there is nothing to gather; a timer's
    /// sleep, however short, made each of those waits last until the timer fired (a
    /// million customers spent most of their wall-clock time so).
    static let virtualTimeGathering = Duration.zero
    /// How long the relay gathers events before it prints them: at most 50 prints a second.
    static let gathering = Duration.milliseconds(20)

    private struct State {
        var isHolding = false
        var held: [KioskEvent] = []
        /// Bank progress went unprinted since the last summary line (`events summary`).
        var progressUnsummed = false
        var serviceLines = ServiceLineCache()
        var orderText = OrderTextCache()
        /// The bytes of one drain, kept between drains: a bank in virtual time drains
        /// megabytes at a time, which a fresh buffer would map and fault in every time.
        var text: [UInt8] = []
        /// The array the mailbox's items are drained into, kept between drains (a `--json`
        /// script drains two events after every order) unless a drain made it large.
        var items: [EventMailbox<KioskEvent>.Item] = []
    }

    /// The most items the drain's array keeps room for between drains.
    static let keptItems = 64

    /// How often `events summary` prints a line at most.
    static let summaryInterval = Duration.seconds(1)

    let console: Console
    private let mailbox: EventMailbox<KioskEvent>
    private let clock: any Clock<Duration>
    // Held while printing, so that the relay's lines and a command's result never interleave.
    private let printing = Mutex(State())
    private let gathering: Duration
    private let holdsNotices: Bool
    private let events: EventsPreference
    private let bankStatus: @Sendable () async -> BankStatus?
    /// Told when bank progress starts going unprinted, so that the summary's timer runs
    /// only then: a session that never summarizes sets no timer.
    private let progressNoticed: AsyncStream<Void>
    private let noticeProgress: AsyncStream<Void>.Continuation

    /// - Parameters:
    ///   - capacity: how many events wait for the terminal before bank progress is skipped;
    ///     in virtual time, twice the backlog at which the bank waits (see ``waitForRoom()``).
    ///   - clock: paces the relay's prints.
    ///   - events: which bank events print (`events all|summary|off`).
    ///   - bankStatus: the bank's totals for the `events summary` line.
    ///   - gathering: how long the relay gathers events before printing them.
    ///   - virtualTime: whether the bank runs in virtual time: then no event is skipped (the
    ///     bank waits for room instead), so the output never depends on timing.
    init(
        console: Console, bus: EventBus<KioskEvent>, capacity: Int = Transcript.capacity,
        clock: any Clock<Duration> = ContinuousClock(), events: EventsPreference = EventsPreference(.all),
        bankStatus: @escaping @Sendable () async -> BankStatus? = { nil }, gathering: Duration = Transcript.gathering,
        virtualTime: Bool = false
    ) {
        self.gathering = gathering
        self.console = console
        self.clock = clock
        self.events = events
        self.bankStatus = bankStatus
        (progressNoticed, noticeProgress) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        let textOnly = console.format == .text
        self.mailbox =
            virtualTime
            // Virtual time: nothing is skipped, or the output would depend on timing. The bank
            // waits for room between runs of services; a large admission may queue its
            // arrivals at once, which text does not print, so it does not take them.
            // It takes a bank's progress in runs, written straight from their records.
            ? bus.subscribe(
                policy: .waiting(Self.virtualTimeWatermarks(capacity: capacity)),
                accepts: { event in
                    if textOnly, case .customerArrived = event { return false }
                    return !textOnly || Self.printsInText(event)
                }, takesRuns: true)
            : bus.subscribe(
                policy: .dropping(capacity: capacity, droppable: Presenter.isDroppable),
                accepts: { event in !textOnly || Self.printsInText(event) })
        self.holdsNotices = console.format == .text
    }

    /// Starts a command: sold-out notices wait for its result.
    func begin() {
        printing.withLock { $0.isHolding = true }
    }

    /// Prints the events published so far, then the command's result, then its notices.
    func finish(_ outcome: any CommandOutcome, of invocation: Invocation) {
        printing.withLock { state in
            if !writeOrder(outcome, of: invocation, &state) {
                printEvents(&state)
                console.show(console.presenter.render(outcome, of: invocation))
            }
            releaseHeld(&state)
        }
    }

    /// Writes the events published so far and the result of an order of one juice (what a
    /// script of orders prints line after line) straight into the output's buffer, as
    /// ``printEvents(_:)`` and ``Console/show(_:)`` would write them.
    /// - Returns: false for any other outcome, and for text that may wrap or page (on a
    ///   terminal); the result is not written then, and the events may have been.
    private func writeOrder(_ outcome: any CommandOutcome, of invocation: Invocation, _ state: inout State) -> Bool {
        guard case .order(let receipt)? = outcome as? ShopOutcome, receipt.isOneJuiceAlone else { return false }
        let format = console.format
        if format == .text {
            guard console.pager == nil, console.width() == nil else { return false }
        }
        return console.output.append { bytes in
            appendEvents(&state, to: &bytes)
            switch format {
            case .json:
                Presenter.appendOrderLine(command: invocation.name, receipt: receipt, to: &bytes)
                return true
            case .text:
                return state.orderText.append(
                    receipt,
                    render: { console.render(console.presenter.render(ShopOutcome.order($0), of: invocation).text) },
                    to: &bytes)
            }
        }
    }

    /// Prints the events published so far, then the error, then the notices held meanwhile.
    /// - Parameter endsRun: whether the script stops at the error.
    func finish(error: any Error, location: String?, endsRun: Bool = false) {
        printing.withLock { state in
            printEvents(&state)
            // Keeps the error after the output of the lines before it on a terminal.
            console.output.flush()
            console.show(error: error, location: location, endsRun: endsRun)
            releaseHeld(&state)
        }
    }

    /// Ends a command that printed nothing (a blank line, `quit`).
    func finish() {
        printing.withLock { state in
            printEvents(&state)
            releaseHeld(&state)
        }
    }

    /// Prints the events published so far, on the caller's thread, without flushing the
    /// output: a script's bank in virtual time calls it between runs of services (its
    /// pacer), so each run's lines are written by the thread that simulated them, in large
    /// chunks, with no hand-over to the relay's thread and back. The relay still prints
    /// whatever else is published; the lock keeps the two in publish order.
    func printPublished() {
        printing.withLock { printEvents(&$0) }
    }

    /// Prints every event published so far.
    func flush() {
        printing.withLock { printEvents(&$0) }
        console.output.flush()
    }

    /// Prints events as they arrive until the task is cancelled or ``close()`` is called.
    /// - Parameter room: suspends while the terminal is still busy with earlier output, so
    ///   events wait in the bounded mailbox rather than in an unbounded buffer further on.
    func relay(room: @escaping @Sendable () async -> Void = {}) async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.summarize(room: room) }
            while await mailbox.wait() {
                // Events arrive in bursts (an order publishes several, a bank of thousands of
                // customers thousands a second): gathering them for a moment costs a reader
                // nothing and saves a wake-up, a lock and a write per event.
                if gathering > .zero { try? await clock.sleep(for: gathering) }
                await room()
                printing.withLock { printEvents(&$0) }
                // Events are written as they happen, to a pipe too (`kiosk -c ... | head`).
                console.output.flush()
            }
            group.cancelAll()
        }
    }

    /// With `events summary`, prints the bank's totals once a second while bank progress
    /// goes unprinted, the first a second after it started to; returns when cancelled.
    private func summarize(room: @Sendable () async -> Void) async {
        for await _ in progressNoticed {
            repeat {
                do { try await clock.sleep(for: Self.summaryInterval) } catch { return }
                await summarizeIfDue(room: room)
            } while printing.withLock({ $0.progressUnsummed })
        }
    }

    /// Prints the summary line if bank progress went unprinted since the last one and the
    /// mode is `summary`.
    func summarizeIfDue(room: @Sendable () async -> Void = {}) async {
        let due = printing.withLock { $0.progressUnsummed }
        guard due, events.effective == .summary, let status = await bankStatus() else { return }
        await room()
        printing.withLock { state in
            // The closing summary printed meanwhile says it all.
            guard state.progressUnsummed else { return }
            state.progressUnsummed = false
            console.output.write(console.line(summary: status) + "\n")
        }
    }

    /// When a bank in virtual time waits for the terminal: once half of `capacity` events
    /// wait, so that a run of services (a few thousand events) published after the bank
    /// last asked never reaches `capacity`, until the relay has printed down to an eighth.
    static func virtualTimeWatermarks(capacity: Int) -> Watermarks {
        Watermarks(high: capacity / 2, low: capacity / 8)
    }

    /// Suspends while the terminal is behind, by the mailbox's watermarks: the pace of a bank
    /// in virtual time, which could otherwise publish far faster than a terminal reads.
    /// Returns at once in real time, where progress is skipped instead.
    func waitForRoom() async {
        await mailbox.waitForRoom()
    }

    /// Stops the relay; events published afterwards are not printed.
    func close() {
        mailbox.cancel()
    }

    private func printEvents(_ state: inout State) {
        // One buffer of bytes for the whole drain, written at once: a bank in virtual time
        // drains thousands of service lines at a time.
        var text: [UInt8] = []
        swap(&text, &state.text)
        defer {
            text.removeAll(keepingCapacity: true)
            swap(&text, &state.text)
        }
        appendEvents(&state, to: &text)
        if !text.isEmpty { console.output.write(bytes: text) }
    }

    /// Appends the lines of every event published so far to `text`.
    private func appendEvents(_ state: inout State, to text: inout [UInt8]) {
        var items: [EventMailbox<KioskEvent>.Item] = []
        swap(&items, &state.items)
        defer {
            // A bank's drain of thousands is not kept: its array would stay that large.
            if items.capacity <= Self.keptItems { swap(&items, &state.items) }
        }
        let mode = events.effective
        mailbox.drain(into: &items)
        // Most results follow no event (a text transcript takes none of an order's).
        // Draining made room: a bank in virtual time goes on while these print.
        guard !items.isEmpty else { return }
        // Taken out back to front rather than copied (see EventMailbox.drainEvents()).
        items.reverse()
        while let item = items.popLast() {
            switch consume item {
            case .event(let event):
                if mode != .all, Presenter.isDroppable(event) {
                    if !state.progressUnsummed { noticeProgress.yield() }
                    state.progressUnsummed = true
                    continue
                }
                if case .bankIdle = event { state.progressUnsummed = false }
                if case .bankReset = event { state.progressUnsummed = false }
                if holdsNotices, state.isHolding, Self.isNotice(event) {
                    state.held.append(event)
                } else if state.serviceLines.append(event, console: console, to: &text) {
                    continue
                } else if console.format == .json, Presenter.appendOrderEventLine(event, to: &text) {
                    continue
                } else if let line = console.line(for: event) {
                    text.append(contentsOf: line.utf8)
                    text.append(UInt8(ascii: "\n"))
                }
            case .skipped(let count):
                guard mode == .all else { continue }
                text.append(contentsOf: console.line(skipped: count).utf8)
                text.append(UInt8(ascii: "\n"))
            }
        }
    }

    private func releaseHeld(_ state: inout State) {
        state.isHolding = false
        guard !state.held.isEmpty else { return }
        let held = state.held
        state.held.removeAll()
        let text = held.compactMap { console.line(for: $0).map { $0 + "\n" } }.joined()
        if !text.isEmpty { console.output.write(text) }
    }

    /// Whether text shows anything for `event`. The shop's own events (a stock change, a
    /// juice served, an order refused) have no line of their own in text, whose result says
    /// it all (``Presenter/text(event:)`` gives nil for them): a text transcript does not
    /// take them, so an order costs its mailbox nothing and wakes no relay.
    static func printsInText(_ event: KioskEvent) -> Bool {
        switch event {
        case .stockChanged, .juiceServed, .orderRefused: false
        default: true
        }
    }

    private static func isNotice(_ event: KioskEvent) -> Bool {
        switch event {
        case .juiceSoldOut, .juiceAvailable: true
        default: false
        }
    }
}
