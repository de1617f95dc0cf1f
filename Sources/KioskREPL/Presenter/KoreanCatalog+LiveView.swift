import KioskCore

extension KoreanCatalog {
    var watchWords: WatchWords {
        WatchWords(
            title: "은행",
            business: { "업무시간 \($0)" },
            totals: { waiting, inService, served, toArrive in
                "대기중 \(waiting.grouped)명 · 업무중 \(inService.grouped)명 · 처리 \(served.grouped)명"
                    + (toArrive > 0 ? " · 도착 예정 \(toArrive.grouped)명" : "")
            },
            station: { name, office, clerks, serviceTime, served in
                "\(Self.stationName(name, office)) · 은행원 \(clerks)명 · 고객 한 명당 \(serviceTime)초 · 처리 \(served.grouped)명"
            },
            stationServices: { name, office, clerks, services, served in
                ([Self.stationName(name, office), "은행원 \(clerks)명"]
                    + services.map { "\($0.task) \($0.seconds.joined(separator: " + "))초" } + ["처리 \(served.grouped)명"])
                    .joined(separator: " · ")
            },
            held: { "\($0) 기다리는 중" },
            clerk: { "은행원 \($0)" },
            idle: "쉬는 중",
            customer: { ticket, task, grade in
                ["\(ticket)번", task, grade].compactMap { $0 }.joined(separator: " ")
            },
            remaining: { "\($0)초 남음" },
            waiting: { "대기중 \($0.grouped)명" },
            nobodyWaiting: "없음",
            more: { "+ \($0.grouped)명 더" },
            latestEvents: "최근 이벤트",
            keyBar: " a 고객 10명 추가 · A 고객 100명 추가 · r 초기화 · q 프롬프트로 · ? 키",
            keys: [
                ("a", "고객 10명 추가"), ("A", "고객 100명 추가"), ("r", "초기화 (먼저 묻습니다)"),
                ("q, Esc, Ctrl-C", "프롬프트로 돌아가기 (은행은 계속 업무를 봅니다)"), ("?", "키 목록 보이기/숨기기"),
            ],
            keysTitle: "키",
            confirmReset: { waiting, inService in
                " 대기중 \(waiting.grouped)명, 업무중 \(inService.grouped)명을 돌려보내고 초기화할까요? y/n"
            },
            resetKept: " 초기화하지 않았습니다.",
            tooSmall: "터미널이 너무 작습니다.")
    }

    /// A station's name with what it is, unless the name says so already ("본사").
    fileprivate static func stationName(_ name: String, _ office: Bool) -> String {
        let kind = office ? "본사" : "창구"
        return name.hasSuffix(kind) ? name : "\(name) \(kind)"
    }

    func describe(_ error: WatchError) -> String {
        switch error {
        case .notATerminal:
            "'bank watch'는 터미널에 그리는데, 표준 출력이 터미널이 아닙니다. 'bank status'를 쓰거나, 모든 이벤트는 --json으로 받으세요."
        case .needsPrompt:
            "'bank watch'는 대화형 프롬프트에서만 됩니다. -c나 --file 없이 터미널에서 kiosk를 시작하세요."
        case .dumbTerminal: dumbTerminalWatch
        }
    }

    func eventsMode(_ mode: EventsMode, changed: Bool, rememberedIn path: String?) -> String {
        // The mode by the Korean word `events` takes for it.
        let (word, what) =
            switch mode {
            case .all: ("전부", "모든 은행 이벤트")
            case .summary: ("요약", "1초에 한 줄 이하의 요약")
            case .off: ("끔", "마감 요약만")
            }
        let head = changed ? "은행 이벤트: \(word) (\(what))." : "은행 이벤트는 \(KoreanParticle.copula.after(word)) (\(what))."
        return path.map { head + " 다음에도 이대로 씁니다 (\($0)에 저장)." } ?? head
    }

    func cannotSaveSettings(path: String, reason: String) -> String {
        "설정을 '\(path)'에 저장할 수 없습니다: \(reason). 이번에만 이대로 씁니다."
    }

    func bankSummary(waiting: Int, inService: Int, served: Int, time: String) -> String {
        "은행: 대기중 \(waiting.grouped)명 · 업무중 \(inService.grouped)명 · 처리 \(served.grouped)명 · \(time)"
    }
}
