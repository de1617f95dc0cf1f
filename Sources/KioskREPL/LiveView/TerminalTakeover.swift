import Glibc
import Synchronization

/// The live view's hold on the terminal, on the terminal thread: while a view is up, keys
/// go to it instead of readline, frames are written as they come, output for the prompt
/// waits, and every way out (the view ending, a signal, the session closing, a crash) puts
/// the terminal back as it was.
final class TerminalTakeover {
    /// The link to the view that holds the terminal, if one does.
    private var link: WatchLink?
    /// Output for the prompt that arrived while the view was up, shown when it ends.
    private var held: [Inbox.Entry] = []
    /// How many entries wait at most; older ones are dropped (the view mutes bank progress,
    /// so only the few other lines arrive meanwhile).
    static let heldLimit = 1_024

    private let enter: () -> Void
    private let leave: () -> Void
    private let write: ([UInt8]) -> Void

    /// - Parameters: what the takeover does to the terminal; the real terminal's modes and
    ///   standard output unless a test says otherwise.
    init(
        enter: @escaping () -> Void = TerminalModes.enter, leave: @escaping () -> Void = TerminalModes.leave,
        write: @escaping ([UInt8]) -> Void = TerminalModes.write
    ) {
        self.enter = enter
        self.leave = leave
        self.write = write
    }

    /// Whether a view holds the terminal.
    var isActive: Bool { link != nil }

    /// Takes the entries the view is concerned with out of `entries` and returns the rest,
    /// in order, for the line editor; output that arrives while a view is up waits for it to end.
    func filter(_ entries: [Inbox.Entry]) -> [Inbox.Entry] {
        guard isActive || entries.contains(where: Self.isViewEntry) else { return entries }
        var passed: [Inbox.Entry] = []
        for entry in entries {
            switch entry {
            case .takeOver(let link):
                begin(link)
            case .frame(let bytes):
                if isActive { write(bytes) }
            case .giveBack:
                end()
                passed += held
                held.removeAll()
            case .output, .page:
                if isActive {
                    held.append(entry)
                    if held.count > Self.heldLimit { held.removeFirst(held.count - Self.heldLimit) }
                } else {
                    passed.append(entry)
                }
            case .status:
                // A status line means nothing once the view has gone: not kept for later.
                if !isActive { passed.append(entry) }
            case .prompt, .ask, .resume, .close:
                if isActive {
                    end()
                    passed += held
                    held.removeAll()
                }
                passed.append(entry)
            }
        }
        return passed
    }

    /// Acts on a signal while a view is up; returns whether the line editor should see it too.
    func handle(signal: Int32) -> Bool {
        guard let link else { return true }
        switch signal {
        case SIGWINCH:
            link.deliver(.resized)
            return true
        case SIGINT:
            // Keys do not raise SIGINT while the view is up; one sent from outside leaves
            // the view, as Ctrl-C typed does.
            link.deliver(.keys([0x03]))
            return false
        case SIGTSTP:
            leave()
            SignalRelay.stopProcess()
            enter()
            link.deliver(.resized)
            return false
        default:
            // SIGTERM, SIGHUP: the terminal is put back first, then the session ends.
            end()
            link.deliver(.ended)
            return true
        }
    }

    /// Standard input is readable: the bytes go to the view as they are.
    func readKeys() {
        guard let link else { return }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count == 1, bytes[0] == 0x1A {
            // Ctrl-Z: keys raise no signals while the view is up, so it suspends here.
            _ = handle(signal: SIGTSTP)
        } else if count > 0 {
            link.deliver(.keys(Array(bytes[0..<count])))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            end()
            link.deliver(.ended)
        }
    }

    /// Standard input hung up.
    func inputEnded() {
        guard let link else { return }
        end()
        link.deliver(.ended)
    }

    private func begin(_ link: WatchLink) {
        if self.link != nil { end() }
        self.link = link
        // Readline has given the terminal back (no line is being read while a command
        // runs), so the modes saved here are the ones to restore.
        enter()
    }

    private func end() {
        guard link != nil else { return }
        link = nil
        leave()
    }

    private static func isViewEntry(_ entry: Inbox.Entry) -> Bool {
        switch entry {
        case .takeOver, .frame, .giveBack: true
        case .output, .status, .page, .prompt, .ask, .resume, .close: false
        }
    }
}

/// One live view's end of the terminal: where the terminal thread sends keys and resizes.
final class WatchLink: Sendable, Equatable {
    let deliver: @Sendable (WatchInput) -> Void

    init(deliver: @escaping @Sendable (WatchInput) -> Void) {
        self.deliver = deliver
    }

    static func == (lhs: WatchLink, rhs: WatchLink) -> Bool { lhs === rhs }
}

/// The terminal settings a full-screen view needs, and putting them back.
enum TerminalModes {
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Ends a frame that may have been cut off, resets colours, shows the cursor and leaves
    /// the alternate screen.
    static let leaveSequence = "\u{1B}[?2026l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Saves the terminal's modes, makes keys arrive one by one without echo or signals,
    /// switches to the alternate screen and hides the cursor; a crash from here on still
    /// puts the terminal back.
    static func enter() {
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            CrashRestore.save(modes)
            var raw = modes
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        write(Array(enterSequence.utf8))
        CrashRestore.arm()
    }

    /// Puts back what ``enter()`` changed.
    static func leave() {
        CrashRestore.disarm()
        write(Array(leaveSequence.utf8))
        if var modes = CrashRestore.saved() {
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
    }

    /// Writes all of `bytes` to standard output.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(STDOUT_FILENO, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
