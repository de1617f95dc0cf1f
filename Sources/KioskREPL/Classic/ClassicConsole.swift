import Bank
import Foundation
import KioskCore

/// `kiosk classic`: the Bank Manager exercise's console app, on kiosk's real bank.
///
/// It shows the exercise's menu (`1 : 은행개점`, `2 : 종료`, `입력 : ` without a newline) and
/// reads one choice per line. `1` opens a business day: the bank starts over, a random number
/// of customers from the configured range take tickets #1…, and a line is printed as each
/// service starts and ends, then the closing line with the day's count and business time.
/// `2` or the end of input leaves; anything else prints the exercise's "wrong input" line.
/// Customers are served by the same bank as everywhere else: per desk in ticket order, each
/// exactly once, which several of the exercise's original apps did not manage.
///
/// A task of several stages prints as the 2021-05 exercise does: the stages at the
/// customer's desk (checking the documents, executing the loan) as the task's business
/// (`1번 VIP고객 대출업무 시작`), a stage at an office by its own name (`1번 VIP고객 대출심사 시작`).
struct ClassicConsole {
    let session: Session
    let presenter: Presenter
    let output: any TextSink
    private let stageWords: any ClassicCatalog
    private let stageNames: ClassicStageNames

    /// A console on `session`'s bank, speaking `language` through `presenter`.
    init(session: Session, presenter: Presenter, language: Language, output: any TextSink) {
        self.session = session
        self.presenter = presenter
        self.output = output
        stageWords = language.classicCatalog
        stageNames = ClassicStageNames(bank: session.config.bank, language: language)
    }

    /// Runs menus until `2` or the end of `lines`.
    func run(_ lines: some AsyncSequence<[String], Never>) async {
        showMenu()
        for await batch in lines {
            for line in batch {
                switch line.trimmingCharacters(in: .whitespaces) {
                case "1":
                    await openForTheDay()
                case "2":
                    return
                default:
                    write(presenter.catalog.classicWrongInput + "\n")
                }
                showMenu()
            }
        }
        // Input ended at the prompt: end the line the prompt left open.
        write("\n")
    }

    private func showMenu() {
        let catalog = presenter.catalog
        write(catalog.classicMenu.joined(separator: "\n") + "\n" + catalog.classicPrompt)
    }

    /// One business day: customers from #1, a line per service start and end, the closing line.
    private func openForTheDay() async {
        let bank = session.bank.started()
        let mailbox = session.bus.subscribe(accepts: { event in
            switch event {
            case .serviceStarted, .serviceFinished, .bankIdle: true
            default: false
            }
        })
        defer { mailbox.cancel() }
        await bank.reset()
        do {
            try await bank.open()
        } catch {
            write(presenter.describe(error) + "\n")
            return
        }
        // Waiting for the bank is what moves a virtual clock (`--speed max`) on; at other
        // speeds it returns when the day is over, as the lines do.
        async let printed: Void = printDay(from: mailbox)
        _ = await bank.waitUntilIdle()
        await printed
    }

    /// Prints a line per service start and end until the bank is idle, then the closing line.
    private func printDay(from mailbox: EventMailbox<KioskEvent>) async {
        let catalog = presenter.catalog
        while await mailbox.wait() {
            for event in mailbox.drainEvents() {
                switch event {
                case .serviceStarted(let ticket, let task, _, _, let stage, let grade, _):
                    write(line: serviceLine(ticket: ticket, task: task, stage: stage, grade: grade, finished: false))
                case .serviceFinished(let ticket, let task, _, _, let stage, let grade, _):
                    write(line: serviceLine(ticket: ticket, task: task, stage: stage, grade: grade, finished: true))
                case .bankIdle(let tally):
                    write(line: catalog.classicClosed(served: tally.served, seconds: tally.businessTime.secondsText))
                    return
                default:
                    break
                }
            }
        }
    }

    /// A service's line: a stage at an office by the stage's name, any other as the task's business.
    private func serviceLine(ticket: Int, task: String, stage: String, grade: String, finished: Bool) -> String {
        let grade = classicGrade(grade)
        if let office = stageNames.officeStage(task: task, stage: stage) {
            return finished
                ? stageWords.classicStageFinished(ticket: ticket, grade: grade, stage: office)
                : stageWords.classicStageStarted(ticket: ticket, grade: grade, stage: office)
        }
        let catalog = presenter.catalog
        let name = presenter.names.task(task)
        return finished
            ? catalog.classicFinished(ticket: ticket, grade: grade, task: name)
            : catalog.classicStarted(ticket: ticket, grade: grade, task: name)
    }

    /// A customer's grade as the exercise prints it, in a bank with grades (`--preset 2021-01`).
    private func classicGrade(_ grade: String) -> String? {
        presenter.names.hasGrades ? presenter.names.grade(grade) : nil
    }

    /// Writes `line` and ends it.
    private func write(line: String) {
        write(line + "\n")
    }

    private func write(_ text: String) {
        output.write(text)
        output.flush()
    }
}
