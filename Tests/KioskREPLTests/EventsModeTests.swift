import Bank
import Foundation
import KioskCore
import Testing

@testable import KioskREPL

@Suite("events all|summary|off: what the bank prints between results")
struct EventsModeTests {
    struct Printed {
        let bus = EventBus<KioskEvent>()
        let output = CapturedText()
        let transcript: Transcript

        init(_ mode: EventsMode, format: Console.Format = .text, preference: EventsPreference? = nil) {
            let console = Console(
                format: format, colors: false, output: output, errors: CapturedText(),
                presenter: Presenter(catalog: EnglishCatalog(), config: nil))
            transcript = Transcript(
                console: console, bus: bus, events: preference ?? EventsPreference(mode),
                bankStatus: {
                    BankStatuses.status(waitingDeposits: 12, serving: [1, 2], served: 41, now: .milliseconds(31_200))
                })
        }

        func serve(_ ticket: Int) {
            bus.publish(.customerArrived(ticket: ticket, task: "deposit"))
            bus.publish(.serviceStarted(ticket: ticket, task: "deposit", clerk: 1, at: .zero))
            bus.publish(.serviceFinished(ticket: ticket, task: "deposit", clerk: 1, at: .milliseconds(700)))
        }

        var lines: [String] { output.text.split(separator: "\n").map(String.init) }
    }

    static let idle = KioskEvent.bankIdle(
        BankTally(servedByTask: [TaskCount(task: "deposit", count: 2)], businessTime: .milliseconds(1_400)))

    @Test("all prints every service start and end")
    func all() {
        let printed = Printed(.all)
        printed.serve(1)
        printed.transcript.flush()
        #expect(printed.lines.count == 2)
        #expect(printed.lines[0].contains("#1 deposit started"))
    }

    @Test("off prints nothing but the closing summary")
    func off() async {
        let printed = Printed(.off)
        printed.serve(1)
        printed.serve(2)
        printed.bus.publish(Self.idle)
        printed.transcript.flush()
        await printed.transcript.summarizeIfDue()
        #expect(printed.lines == ["Bank closed: served 2 customers (deposit 2) in 00:01.400 of business time."])
    }

    @Test("summary prints one line of totals for a burst of progress, then nothing until more comes")
    func summary() async {
        let printed = Printed(.summary)
        printed.serve(1)
        printed.serve(2)
        printed.transcript.flush()
        #expect(printed.lines.isEmpty)
        await printed.transcript.summarizeIfDue()
        #expect(printed.lines == ["bank: 12 waiting · 2 in service · 41 served · 00:31.200"])
        await printed.transcript.summarizeIfDue()
        #expect(printed.lines.count == 1)
        printed.serve(3)
        printed.transcript.flush()
        await printed.transcript.summarizeIfDue()
        #expect(printed.lines.count == 2)
    }

    @Test("summary: after the closing summary, no line of totals follows")
    func summaryAfterIdle() async {
        let printed = Printed(.summary)
        printed.serve(1)
        printed.bus.publish(Self.idle)
        printed.transcript.flush()
        await printed.transcript.summarizeIfDue()
        #expect(printed.lines.count == 1)
        #expect(printed.lines[0].hasPrefix("Bank closed"))
    }

    @Test("JSON: the summary is a bank_summary event; off keeps bank_idle")
    func json() async {
        let printed = Printed(.summary, format: .json)
        printed.serve(1)
        printed.transcript.flush()
        await printed.transcript.summarizeIfDue()
        printed.bus.publish(Self.idle)
        printed.transcript.flush()
        #expect(
            printed.lines == [
                #"{"type":"event","event":"bank_summary","waiting":12,"in_service":2,"served":41,"business_ms":31200}"#,
                #"{"type":"event","event":"bank_idle","served":2,"by_task":{"deposit":2},"business_ms":1400,"waits":[]}"#,
            ])
    }

    @Test("while the live view is up, bank progress is muted whatever the mode")
    func muted() {
        let preference = EventsPreference(.all)
        let printed = Printed(.all, preference: preference)
        preference.mute(true)
        printed.serve(1)
        printed.transcript.flush()
        #expect(printed.lines.isEmpty)
        preference.mute(false)
        printed.serve(2)
        printed.transcript.flush()
        #expect(printed.lines.count == 2)
    }

    @Test("the events command shows the mode, changes it and remembers it privately")
    func command() async throws {
        let directory = try TemporaryDirectory()
        let settings = SettingsFile(path: directory.path + "/state/settings")
        try settings.set("colour", to: "never")
        let preference = EventsPreference(.all, settings: settings)
        var registry = CommandRegistry()
        registry.register(EventsCommand.command(preference))
        let presenter = Presenter(catalog: EnglishCatalog(), config: nil)

        func run(_ line: String) async throws -> Rendering {
            let invocation = try #require(try registry.parse(line))
            guard case .perform(let action) = invocation.command.action else {
                Issue.record("events is not a performing command")
                return Rendering(text: [], json: .null)
            }
            return presenter.render(try await action(invocation), of: invocation)
        }

        #expect(try await run("events").text == [.message("Bank events are all (every bank event).")])
        let changed = try await run("events summary")
        #expect(
            changed.text == [
                .message(
                    "Bank events: summary (a summary line at most once a second). Remembered in \(settings.path).")
            ])
        #expect(
            changed.json.serialized()
                == #"{"type":"result","command":"events","events":"summary","remembered":"\#(settings.path)"}"#)
        #expect(preference.mode == .summary)
        #expect(settings.eventsMode == .summary)
        #expect(settings.value(of: "colour") == "never")
        #expect(try directory.mode(of: "state/settings") == 0o600)
        #expect(throws: ParseError.self) { try registry.parse("events loud") }
    }

    @Test("at the prompt: --events wins, then the remembered mode (text only), then all")
    func precedence() throws {
        let directory = try TemporaryDirectory()
        let settings = SettingsFile(path: directory.path + "/settings")
        try settings.set("events", to: "off")
        var options = SessionOptions()
        #expect(LiveCommands.interactive(options: options, settings: settings).events.mode == .off)
        #expect(LiveCommands.interactive(options: options, settings: nil).events.mode == .all)
        options.json = true
        #expect(LiveCommands.interactive(options: options, settings: settings).events.mode == .all)
        options.events = .summary
        #expect(LiveCommands.interactive(options: options, settings: settings).events.mode == .summary)
        #expect(LiveCommands.script(options: SessionOptions()).events.mode == .all)
        #expect(LiveCommands.script(options: SessionOptions()).events.settings == nil)
    }

    @Test("a settings file with an unknown mode is ignored, not an error")
    func unknownMode() throws {
        let directory = try TemporaryDirectory()
        let settings = SettingsFile(path: directory.path + "/settings")
        try settings.set("events", to: "loud")
        #expect(settings.eventsMode == nil)
        // In kiosk's state directory, wherever KIOSK_HISTFILE puts the history.
        let environment = ["HOME": "/home/ana", "KIOSK_HISTFILE": "/home/ana/.kiosk_history"]
        #expect(SettingsFile.location(environment: environment)?.path == "/home/ana/.local/state/kiosk/settings")
        #expect(
            SettingsFile.location(environment: ["XDG_STATE_HOME": "/x/state"])?.path == "/x/state/kiosk/settings")
    }
}
