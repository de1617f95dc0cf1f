import Glibc

/// The REPL's terminal for the live view: requests go through the ``Inbox`` to the terminal
/// thread, which owns the terminal (see ``TerminalTakeover``).
struct InboxWatchTerminal: WatchTerminal {
    let inbox: Inbox

    func takeOver(inputs: @escaping @Sendable (WatchInput) -> Void) {
        inbox.post(.takeOver(WatchLink(deliver: inputs)))
    }

    func size() -> (columns: Int, rows: Int) {
        TerminalSize.current() ?? (80, 24)
    }

    func draw(_ bytes: [UInt8]) {
        inbox.post(.frame(bytes))
    }

    func giveBack() {
        inbox.post(.giveBack)
    }
}

/// The terminal's size from the kernel.
enum TerminalSize {
    /// Columns and rows of the terminal on standard output; nil when it is not one.
    static func current() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
