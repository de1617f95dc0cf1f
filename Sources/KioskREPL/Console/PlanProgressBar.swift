import Bank
import Synchronization

/// `bank plan`'s progress on a terminal: one status line on standard error, redrawn in
/// place, that appears once a plan has run for ``delay`` and is erased when it ends, so that
/// a quick plan shows nothing and a long one is not mistaken for a hang.
///
/// It shows only once ``attach(_:columns:)`` gave it somewhere to show: the interactive
/// prompt does so when standard error is a terminal and `--json` is off (its terminal thread
/// keeps the line below any event printed meanwhile); scripts and `-c` never do.
///
/// ```swift
/// let bar = PlanProgressBar(catalog: EnglishCatalog())
/// bar.attach({ line in inbox.post(.status(line)) }, columns: { 80 })
/// bar.started()
/// bar.report(PlanProgress(staffing: 2, clerks: [2, 1], days: 10, daysPerStaffing: 20))
/// bar.finished()                        // shows nil: the line goes, if it was drawn
/// ```
final class PlanProgressBar: PlanProgressReporter {
    /// How long a plan runs before the bar appears.
    static let delay = Duration.seconds(1)
    /// The least time between two drawings: at most ten a second.
    static let interval = Duration.milliseconds(100)
    /// The cells of the bar.
    static let cells = 20

    private struct State {
        var show: (@Sendable (String?) -> Void)?
        var columns: @Sendable () -> Int? = { nil }
        var start: ContinuousClock.Instant?
        var lastDrawn: ContinuousClock.Instant?
        var isShown = false
    }

    private let catalog: any MessageCatalog
    private let now: @Sendable () -> ContinuousClock.Instant
    // Reports come from the plan's task and the end from the command's; the lock keeps a
    // drawing and the erasing from crossing.
    private let state = Mutex(State())

    /// - Parameters:
    ///   - now: the time, injected so that tests need not wait a second.
    init(catalog: any MessageCatalog, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.catalog = catalog
        self.now = now
    }

    /// Shows progress through `show` from now on (a line, or nil to take it away), cut to
    /// `columns` (the terminal's width).
    func attach(_ show: @escaping @Sendable (String?) -> Void, columns: @escaping @Sendable () -> Int?) {
        state.withLock {
            $0.show = show
            $0.columns = columns
        }
    }

    func started() {
        let start = now()
        state.withLock {
            $0.start = start
            $0.lastDrawn = nil
            $0.isShown = false
        }
    }

    func report(_ progress: PlanProgress) {
        let instant = now()
        state.withLock { state in
            guard let show = state.show, let start = state.start, instant - start >= Self.delay else { return }
            if let last = state.lastDrawn, instant - last < Self.interval, progress.days < progress.daysPerStaffing {
                return
            }
            state.lastDrawn = instant
            state.isShown = true
            show(line(progress, columns: state.columns()))
        }
    }

    func finished() {
        state.withLock { state in
            defer {
                state.start = nil
                state.isShown = false
            }
            guard state.isShown, let show = state.show else { return }
            show(nil)
        }
    }

    /// The progress line: which staffing, a bar of its days, and the count; no wider than
    /// `columns` less one, so that the terminal never wraps it.
    func line(_ progress: PlanProgress, columns: Int?) -> String {
        let total = max(1, progress.daysPerStaffing)
        let filled = min(Self.cells, Self.cells * max(0, progress.days) / total)
        let bar =
            "▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: Self.cells - filled) + "▏"
        let text = catalog.planProgress(
            staffing: progress.staffing, bar: bar, days: min(progress.days, total), of: total)
        guard let columns, columns > 1 else { return text }
        var cut = ""
        var width = 0
        for character in text {
            let cells = CellWidth.of(String(character))
            guard width + cells <= columns - 1 else { break }
            cut.append(character)
            width += cells
        }
        return cut
    }
}
