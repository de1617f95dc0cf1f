import Bank
import Glibc
import Synchronization
import Testing

@testable import KioskREPL

/// `bank plan`'s progress line: nothing for a plan under a second, then at most ten drawings a
/// second, erased at the end; and the terminal thread keeps it below output that comes meanwhile.
@Suite("Plan progress bar")
struct PlanProgressBarTests {
    /// A bar on a clock the test moves, and what it showed.
    final class Harness: Sendable {
        /// The time the bar reads, and the lines it showed.
        private final class Record: Sendable {
            let now = Mutex(ContinuousClock.now)
            let shown = Mutex<[String?]>([])
        }

        private let record = Record()
        let bar: PlanProgressBar

        init(catalog: any MessageCatalog = EnglishCatalog(), columns: Int? = 100) {
            let record = record
            bar = PlanProgressBar(catalog: catalog, now: { record.now.withLock { $0 } })
            bar.attach({ line in record.shown.withLock { $0.append(line) } }, columns: { columns })
        }

        func advance(_ duration: Duration) { record.now.withLock { $0 += duration } }

        var lines: [String?] { record.shown.withLock { $0 } }
    }

    static func progress(staffing: Int = 1, days: Int, of total: Int = 20) -> PlanProgress {
        PlanProgress(staffing: staffing, clerks: [2, 1], days: days, daysPerStaffing: total)
    }

    @Test("a plan that ends within a second shows nothing, not even an erasing")
    func quickPlan() {
        let harness = Harness()
        harness.bar.started()
        for day in 1...20 {
            harness.advance(.milliseconds(40))
            harness.bar.report(Self.progress(days: day))
        }
        harness.bar.finished()
        #expect(harness.lines.isEmpty)
    }

    @Test("after a second it draws the staffing, a bar of its days and the count, then erases it")
    func longPlan() {
        let harness = Harness()
        harness.bar.started()
        harness.advance(.milliseconds(1_000))
        harness.bar.report(Self.progress(staffing: 3, days: 10))
        // Within a tenth of a second of the last drawing: skipped, unless the staffing is done.
        harness.advance(.milliseconds(50))
        harness.bar.report(Self.progress(staffing: 3, days: 11))
        harness.bar.report(Self.progress(staffing: 3, days: 20))
        harness.advance(.milliseconds(100))
        harness.bar.report(Self.progress(staffing: 4, days: 1))
        harness.bar.finished()
        #expect(
            harness.lines == [
                "Planning: staffing 3 ▕██████████░░░░░░░░░░▏ day 10 of 20",
                "Planning: staffing 3 ▕████████████████████▏ day 20 of 20",
                "Planning: staffing 4 ▕█░░░░░░░░░░░░░░░░░░░▏ day 1 of 20",
                nil,
            ])
        // The next plan waits its own second.
        harness.bar.started()
        harness.bar.report(Self.progress(days: 1))
        #expect(harness.lines.count == 4)
    }

    @Test("in Korean, and cut to the terminal's width less one column")
    func koreanAndNarrow() {
        let harness = Harness(catalog: KoreanCatalog(), columns: 30)
        harness.bar.started()
        harness.advance(.seconds(2))
        harness.bar.report(Self.progress(staffing: 2, days: 5))
        let line = harness.lines.first ?? nil
        #expect(line.map { CellWidth.of($0) <= 29 } == true)
        #expect(line?.hasPrefix("계획 중: 배치 2 ▕") == true)
        let wide = Harness(catalog: KoreanCatalog())
        wide.bar.started()
        wide.advance(.seconds(2))
        wide.bar.report(Self.progress(staffing: 2, days: 5))
        #expect(wide.lines == ["계획 중: 배치 2 ▕█████░░░░░░░░░░░░░░░▏ 20일 중 5일"])
    }

    @Test("the terminal thread prints output where the status line was and draws it again below")
    func statusStaysBelowOutput() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.enter("bank plan")
        harness.reader.clearCalls()
        harness.editor.handle([
            .status("Planning: staffing 1"), .output("[00:01.000] #1 deposit finished\n", .standardOutput),
            .status(nil), .output("Staffing plan for 85% within 1m\n", .standardOutput), .prompt,
        ])
        #expect(
            harness.reader.calls == [
                .write("\r\u{1B}[2KPlanning: staffing 1", .standardError),
                .write("\r\u{1B}[2K", .standardError),
                .write("[00:01.000] #1 deposit finished\n", .standardOutput),
                .write("Planning: staffing 1", .standardError),
                .write("\r\u{1B}[2K", .standardError),
                .write("Staffing plan for 85% within 1m\n", .standardOutput),
                .beginLine("kiosk> "),
            ])
    }

    @Test("a status line is never drawn over the prompt, and the prompt takes away one left showing")
    func statusAndPrompt() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.clearCalls()
        harness.editor.handle([.status("Planning: staffing 1")])
        #expect(harness.reader.calls.isEmpty)
        harness.reader.enter("bank plan")
        harness.reader.clearCalls()
        harness.editor.handle([.status("Planning: staffing 1"), .prompt])
        #expect(
            harness.reader.calls == [
                .write("\r\u{1B}[2KPlanning: staffing 1", .standardError), .write("\r\u{1B}[2K", .standardError),
                .beginLine("kiosk> "),
            ])
    }

    @Test("Ctrl-C while a status line shows takes it away before the command's own output")
    func interruptTakesStatusAway() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.enter("bank plan")
        harness.editor.handle([.status("Planning: staffing 1")])
        harness.reader.clearCalls()
        harness.editor.handle(signal: SIGINT)
        harness.editor.handle([.status(nil), .output("Planning stopped after 1 staffings.\n", .standardError)])
        #expect(
            harness.reader.calls == [
                .write("\r\u{1B}[2K", .standardError), .write("\n", .standardOutput),
                .write("Planning stopped after 1 staffings.\n", .standardError),
            ])
        #expect(harness.interrupts == 1)
    }
}
