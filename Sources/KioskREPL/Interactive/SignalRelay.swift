import Foundation
import Synchronization

/// Turns signals into bytes on a pipe, so a thread can wait for them with poll(2) next to
/// its other inputs. The handler does nothing but write(2), which is async-signal-safe.
enum SignalRelay {
    private static let pipe = Mutex<(read: Int32, write: Int32)?>(nil)

    /// Catches `signals` from now on; each one caught becomes one byte, its number, on
    /// the pipe whose read end is returned (non-blocking, the same for every call).
    static func install(_ signals: [Int32]) -> Int32 {
        let descriptors = pipe.withLock { pipe in
            if let pipe { return pipe }
            let ends = WakePipe.makePipe()
            pipe = ends
            return ends
        }
        // Set before any handler that reads it is installed.
        relayDescriptor = descriptors.write
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(relayDescriptor, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        return descriptors.read
    }

    /// Lets `signals` reach the calling thread. Threads made from the cooperative pool
    /// start with every signal blocked, and a parent may hand them down blocked too; the
    /// threads that wait for signals call this so the handlers run at all.
    static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Stops the process as SIGTSTP does by default, and returns once it is continued.
    static func stopProcess() {
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stop.sa_mask)
        var previous = sigaction()
        sigaction(SIGTSTP, &stop, &previous)
        unblock([SIGTSTP])
        // raise(3) delivers to this very thread before it returns, so the process is
        // stopped here and goes on from here.
        raise(SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }

    /// Reads the signal numbers waiting on the pipe, oldest first.
    static func drain(_ descriptor: Int32) -> [Int32] {
        var signals: [Int32] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(descriptor, &bytes, bytes.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            signals += bytes[0..<count].map { Int32($0) }
        }
        return signals
    }

    /// Calls `handler`, on a dispatch queue, for every signal caught from now on.
    /// A second SIGINT, SIGTERM or SIGHUP before the program is done ends it at once.
    ///
    /// The pipe is watched by dispatch's event thread, which runs anyway, rather than by a
    /// thread of its own (a thread started and torn down with every run of a script). The
    /// handlers run on whichever thread lets the signals through: the main thread, which
    /// waits in dispatch with none blocked, and any thread that called ``unblock(_:)``.
    static func watch(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        let descriptor = install(signals)
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
        let endings = Mutex(0)
        source.setEventHandler {
            // The source lives as long as the process: its handler holds it.
            withExtendedLifetime(source) {}
            for signal in drain(descriptor) where signal != SIGWINCH {
                let ending = endings.withLock { count in
                    count += 1
                    return count
                }
                if ending > 1 { _exit(128 + signal) }
                handler(signal)
            }
        }
        source.resume()
    }
}

// The pipe's write end, for the signal handler, which may touch nothing but plain data.
// A trivially initialized global needs no lazy initialization, so the handler never runs
// Swift's once-initializer; it is written before handlers are installed.
nonisolated(unsafe) private var relayDescriptor: Int32 = -1
