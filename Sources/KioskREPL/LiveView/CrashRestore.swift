import Glibc

/// Puts the terminal back if the process crashes while the live view holds it: a handler
/// for the signals a crash raises writes the leave sequence, restores the saved modes,
/// puts back the handler that was there before (Swift's backtracer, or the default action)
/// and raises the signal again for it.
///
/// The handler touches only plain globals set before it is armed, and calls only
/// async-signal-safe functions (write(2), tcsetattr(3), sigaction(2), raise(3)).
enum CrashRestore {
    static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Remembers `modes` as the ones to restore.
    static func save(_ modes: termios) {
        savedModes = modes
        hasSavedModes = true
    }

    /// The modes saved by ``save(_:)``, if any.
    static func saved() -> termios? {
        hasSavedModes ? savedModes : nil
    }

    /// Installs the crash handlers, keeping the ones they replace.
    static func arm() {
        if leaveBytes == nil {
            leaveBytes = UnsafePointer(strdup(TerminalModes.leaveSequence))
            leaveLength = TerminalModes.leaveSequence.utf8.count
            previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
            previousActions?.initialize(repeating: sigaction(), count: Int(NSIG))
        }
        guard !isArmed, let saved = previousActions else { return }
        isArmed = true
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if let bytes = leaveBytes { _ = write(STDOUT_FILENO, bytes, leaveLength) }
                if hasSavedModes { tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
                if let previous = previousActions, number > 0, number < NSIG {
                    sigaction(number, previous + Int(number), nil)
                }
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, saved + Int(signal))
        }
    }

    /// Puts the handlers that were there before ``arm()`` back.
    static func disarm() {
        guard isArmed, let saved = previousActions else { return }
        isArmed = false
        for signal in crashSignals {
            sigaction(signal, saved + Int(signal), nil)
        }
    }
}

// What the crash handler reads. Plain globals with trivial initial values, so the handler
// never runs Swift's lazy initialization; written on the terminal thread before the handler
// is installed, and only read by it.
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var hasSavedModes = false
nonisolated(unsafe) private var leaveBytes: UnsafePointer<CChar>? = nil
nonisolated(unsafe) private var leaveLength = 0
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>? = nil
nonisolated(unsafe) private var isArmed = false
