import KioskCore

extension EnglishCatalog {
    var watchWords: WatchWords {
        WatchWords(
            title: "Bank",
            business: { "business \($0)" },
            totals: { waiting, inService, served, toArrive in
                "\(waiting.grouped) waiting · \(inService.grouped) in service · \(served.grouped) served"
                    + (toArrive > 0 ? " · \(toArrive.grouped) to arrive" : "")
            },
            station: { name, office, clerks, serviceTime, served in
                "\(Self.stationName(name, office)) · \(clerks) \(clerks == 1 ? "clerk" : "clerks") · \(serviceTime) s each · \(served.grouped) served"
            },
            stationServices: { name, office, clerks, services, served in
                ([
                    Self.stationName(name, office), "\(clerks) \(clerks == 1 ? "clerk" : "clerks")",
                ] + services.map { "\($0.task) \($0.seconds.joined(separator: " + ")) s" } + [
                    "\(served.grouped) served"
                ])
                .joined(separator: " · ")
            },
            held: { "held: \($0)" },
            clerk: { "clerk \($0)" },
            idle: "idle",
            customer: { ticket, task, grade in
                ["#\(ticket)", task, grade].compactMap { $0 }.joined(separator: " ")
            },
            remaining: { "\($0) s left" },
            waiting: { "waiting \($0.grouped)" },
            nobodyWaiting: "nobody",
            more: { "+ \($0.grouped) more" },
            latestEvents: "latest events",
            keyBar: " a add 10 · A add 100 · r reset · q back to the prompt · ? keys",
            keys: [
                ("a", "add 10 customers"), ("A", "add 100 customers"), ("r", "reset the bank (asks first)"),
                ("q, Esc, Ctrl-C", "back to the prompt; the bank goes on serving"), ("?", "show or hide these keys"),
            ],
            keysTitle: "Keys",
            confirmReset: { waiting, inService in
                " Reset the bank, sending away \(waiting.grouped) waiting and \(inService.grouped) in service? y/n"
            },
            resetKept: " The bank was not reset.",
            tooSmall: "The terminal is too small.")
    }

    func describe(_ error: WatchError) -> String {
        switch error {
        case .notATerminal:
            "'bank watch' draws on a terminal, and standard output is not one. Use 'bank status', or --json for every event."
        case .needsPrompt:
            "'bank watch' runs at the interactive prompt only. Start kiosk on a terminal without -c or --file."
        case .dumbTerminal: dumbTerminalWatch
        }
    }

    func eventsMode(_ mode: EventsMode, changed: Bool, rememberedIn path: String?) -> String {
        let what =
            switch mode {
            case .all: "every bank event"
            case .summary: "a summary line at most once a second"
            case .off: "only the closing summary"
            }
        let head = changed ? "Bank events: \(mode.rawValue) (\(what))." : "Bank events are \(mode.rawValue) (\(what))."
        return path.map { head + " Remembered in \($0)." } ?? head
    }

    func cannotSaveSettings(path: String, reason: String) -> String {
        "Cannot remember the setting in '\(path)': \(reason). It applies to this session only."
    }

    func bankSummary(waiting: Int, inService: Int, served: Int, time: String) -> String {
        "bank: \(waiting.grouped) waiting · \(inService.grouped) in service · \(served.grouped) served · \(time)"
    }
}

extension EnglishCatalog {
    /// A station's name with what it is, unless the name says so already ("Head Office").
    fileprivate static func stationName(_ name: String, _ office: Bool) -> String {
        let kind = office ? "office" : "desk"
        return name.lowercased().hasSuffix(kind) ? name : "\(name) \(kind)"
    }
}

extension WatchWords {
    /// The live view's English words, for benchmarks that draw frames outside a session.
    public static var english: WatchWords { EnglishCatalog().watchWords }
}
