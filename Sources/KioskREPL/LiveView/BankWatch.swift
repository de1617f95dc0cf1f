import Bank
import KioskCore

/// `bank watch`: a full-screen view of the bank that redraws at most 20 times a second
/// until `q`, Esc or Ctrl-C, while the bank goes on serving.
///
/// It runs on the command's task: it reads the bank's status, builds a ``BankBoard``,
/// draws it with ``BankBoardLayout`` and sends only the changed cells (``FrameWriter``) to
/// a ``WatchTerminal``. Keys add customers (`a`, `A`) or reset the bank (`r`, asked once).
struct BankWatch: Sendable {
    /// The shortest time between two frames: at most 20 frames a second.
    static let frameInterval = Duration.milliseconds(50)
    /// How many event lines the footer keeps.
    static let keptEvents = 64

    /// What the view needs of the bank, without holding the session.
    struct Bank: Sendable {
        /// The bank's status now; nil if it could not be read.
        var status: @Sendable () async -> BankStatus?
        /// Runs a bank command line (`bank add 10`) and returns its one-line result.
        var run: @Sendable (String) async -> String
    }

    let terminal: any WatchTerminal
    let bank: Bank
    let bus: EventBus<KioskEvent>
    let presenter: Presenter
    let colors: Bool
    let clock: any Clock<Duration>

    private var words: WatchWords { presenter.catalog.watchWords }

    /// Shows the view until the user leaves it or the task is cancelled; the terminal is
    /// given back on every way out.
    func run() async {
        let (inputs, continuation) = AsyncStream<WatchInput>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let mailbox = bus.subscribe(capacity: 1_024, droppable: Presenter.isDroppable)
        terminal.takeOver(inputs: { continuation.yield($0) })
        defer {
            mailbox.cancel()
            terminal.giveBack()
        }
        await withTaskCancellationHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { [clock] in
                    while true {
                        do { try await clock.sleep(for: Self.frameInterval) } catch { return }
                        continuation.yield(.tick)
                    }
                }
                await loop(inputs, mailbox: mailbox)
                group.cancelAll()
            }
        } onCancel: {
            continuation.finish()
        }
        continuation.finish()
    }

    private struct State {
        var writer: FrameWriter
        var overlay = BankBoardLayout.Overlay()
        var confirmingReset = false
        var events: [String] = []
        var status: BankStatus?
    }

    private func loop(_ inputs: AsyncStream<WatchInput>, mailbox: EventMailbox<KioskEvent>) async {
        var state = State(writer: FrameWriter(colors: colors))
        let layout = BankBoardLayout(words: words)
        await drawFrame(&state, layout: layout, mailbox: mailbox)
        for await input in inputs {
            switch input {
            case .tick:
                await drawFrame(&state, layout: layout, mailbox: mailbox)
            case .resized:
                state.writer.invalidate()
            case .ended:
                return
            case .keys(let bytes):
                // A key's effect shows with the next frame, at most 50 ms later: frames
                // come from ticks alone, so no burst of keys draws more than 20 a second.
                guard await handle(bytes, &state) else { return }
            }
        }
    }

    /// Acts on typed bytes; returns false when they ask to leave.
    private func handle(_ bytes: [UInt8], _ state: inout State) async -> Bool {
        // An escape sequence (an arrow key, a function key) arrives as one read: ignored.
        // Esc on its own leaves.
        if bytes.first == 0x1B { return bytes.count > 1 }
        for byte in bytes {
            if state.confirmingReset {
                state.confirmingReset = false
                state.overlay.asks = false
                if byte == UInt8(ascii: "y") || byte == UInt8(ascii: "Y") {
                    state.overlay.notice = await bank.run("bank reset")
                } else {
                    state.overlay.notice = words.resetKept
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "q"), 0x03, 0x04:
                return false
            case UInt8(ascii: "a"):
                state.overlay.notice = await bank.run("bank add 10")
            case UInt8(ascii: "A"):
                state.overlay.notice = await bank.run("bank add 100")
            case UInt8(ascii: "r"):
                let status = await bank.status()
                state.confirmingReset = true
                state.overlay.asks = true
                state.overlay.notice = words.confirmReset(status?.waiting ?? 0, status?.inService ?? 0)
            case UInt8(ascii: "?"):
                state.overlay.showsKeys.toggle()
            default:
                break
            }
        }
        return true
    }

    private func drawFrame(_ state: inout State, layout: BankBoardLayout, mailbox: EventMailbox<KioskEvent>) async {
        for item in mailbox.drain() {
            let line: String?
            switch item {
            case .event(let event): line = presenter.text(event: event)?.text
            case .skipped(let count): line = presenter.catalog.skippedBankEvents(count)
            }
            if let line {
                state.events.append(line)
                if state.events.count > Self.keptEvents { state.events.removeFirst() }
            }
        }
        if let status = await bank.status() { state.status = status }
        guard let status = state.status else { return }
        let size = terminal.size()
        let board = presenter.names.translated(BankBoard(status: status, events: Array(state.events)))
        let grid = layout.draw(board, overlay: state.overlay, width: size.columns, height: size.rows)
        let bytes = state.writer.frame(grid)
        if !bytes.isEmpty { terminal.draw(bytes) }
    }
}
