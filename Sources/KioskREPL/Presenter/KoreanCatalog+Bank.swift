import Bank
import KioskCore

/// The bank, in Korean.
extension KoreanCatalog {
    func admitted(customers: Int, tickets: ClosedRange<Int>, byTask: String, opened: Bool) -> String {
        let who =
            customers == 1
            ? "고객 1명이 \(tickets.lowerBound)번 번호표를 받았습니다"
            : "고객 \(customers)명이 \(tickets.lowerBound)–\(tickets.upperBound)번 번호표를 받았습니다"
        return (opened ? "은행개점: " : "") + "\(who) (\(byTask))."
    }

    func bankOpenHeadline(time: String, served: Int, waiting: Int, inService: Int, toArrive: Int) -> String {
        "은행 영업중 · 업무시간 \(time) · 처리 \(served)명 · 대기중 \(waiting)명 · 업무중 \(inService)명"
            + (toArrive > 0 ? " · 도착 예정 \(toArrive)명" : "")
    }

    var bankNeverOpenedHeadline: String { "은행 마감 · 아직 고객이 없습니다. 'bank open'으로 고객을 받으세요" }

    func bankClosedHeadline(time: String, served: Int) -> String {
        "은행 마감 · 업무시간 \(time) · 처리 \(served)명"
    }

    var statusColumns: (desk: String, clerk: String, serving: String, until: String, served: String, waiting: String) {
        ("창구", "은행원", "업무중", "끝나는 시각", "처리", "대기중")
    }
    var clerkIdle: String { "쉬는 중" }
    func serviceTimesLine(_ desks: [(desk: String?, services: [String])]) -> String {
        "업무별 시간: "
            + desks.map { ($0.desk.map { "\($0): " } ?? "") + $0.services.joined(separator: ", ") }.joined(
                separator: " · ")
    }
    func serviceTimes(task: String, seconds: [String]) -> String { "\(task) \(seconds.joined(separator: " + "))초" }
    var noReport: String { "아직 업무를 마친 고객이 없습니다. 'bank open'으로 고객을 받으세요." }
    var noReportYet: String {
        "아직 업무를 마친 고객이 없습니다. 고객들이 업무를 보는 중입니다. "
            + "'bank wait' \(KoreanParticle.direction.after("명령")) 끝날 때까지 기다리세요."
    }
    var reportColumns:
        (task: String, grade: String, customers: String, mean: String, median: String, p95: String, longest: String)
    { ("업무", "등급", "고객", "평균 대기", "p50", "p95", "최대") }
    var utilisationColumns: (desk: String, clerks: String, busy: String, share: String) {
        ("창구", "은행원", "업무시간", "가동률")
    }
    func clerkHeld(ticket: Int) -> String { "\(ticket)번 고객 대기" }
    var nobodyWaiting: String { "없음" }
    // A no-break space: a wrapped table cell keeps the phrase on one line.
    func andMore(_ count: Int) -> String { "외\u{A0}\(count.grouped)명" }
    var allServed: String { "모든 고객의 업무를 마쳤습니다." }
    var idleNeverOpened: String { "은행이 쉬고 있습니다: 대기중인 고객이 없습니다. 'bank open'으로 고객을 받습니다." }
    var idleNobodyWaiting: String { "은행이 쉬고 있습니다: 대기중인 고객이 없습니다." }

    func stoppedWaiting(waiting: Int, inService: Int) -> String {
        "기다리기를 멈췄습니다. 은행은 계속 업무를 봅니다: 대기중 \(waiting)명, 업무중 \(inService)명."
    }

    var stoppedWaitingByReset: String { "기다리기를 멈췄습니다: 은행이 초기화되었습니다." }
    var summaryColumns: (desk: String, clerks: String, served: String) { ("창구", "은행원", "처리") }
    var routeSummaryColumns: (task: String, route: String, served: String) { ("업무", "경로", "처리") }
    var summaryTotal: String { "합계" }
    func businessTime(_ time: String) -> String { "업무시간 \(time)." }
    var nothingToCancel: String { "대기중이거나 업무중인 고객이 없었습니다." }

    func cancelled(waiting: Int, inService: Int, toArrive: Int) -> String {
        "대기중 \(waiting)명, 업무중 \(inService)명" + (toArrive > 0 ? ", 도착 예정 \(toArrive)명" : "")
            + "의 업무를 취소했습니다."
    }

    var noBankSessions: String { "아직 기록된 은행 영업이 없습니다. 'bank open'으로 시작하세요." }
    var historyColumns:
        (number: String, opened: String, state: String, served: String, byTask: String, business: String)
    {
        ("#", "개점", "상태", "처리", "업무별", "업무시간")
    }

    func sessionState(ended: String?, idle: Bool) -> String {
        switch ended {
        case nil: idle ? "쉬는 중" : "영업중"
        case "reset": "초기화"
        case "quit": "종료"
        default: ended ?? ""
        }
    }

    func recordingFailed(_ reason: String) -> String { "은행 영업을 기록하지 못했습니다: \(reason)" }

    func exported(customers: Int, path: String, format: String) -> String {
        "고객 \(customers)명을 \(path)에 내보냈습니다(\(format == "csv" ? "CSV" : "JSON Lines"))."
    }

    func describe(_ error: BankExportError, path: String) -> String {
        switch error {
        case .unknownFormat:
            "'\(path)'의 이름으로는 형식을 알 수 없습니다. 이름을 .csv나 .jsonl로 끝내거나 --format csv 또는 --format jsonl을 붙이세요."
        case .cannotWrite(_, let reason):
            "'\(path)'에 쓸 수 없습니다: \(reason). 쓸 수 있는 디렉터리의 파일을 고르세요."
        }
    }

    var acceptsPath: String { "파일 경로" }

    /// "[00:00.700] 3번 VVIP고객 예금업무 시작 · 창구 은행원 1", as the exercise writes the
    /// grade before 고객; a stage by its own name ("3번 VIP고객 대출심사 시작 · 본사 은행원 1").
    func serviceStarted(
        time: String, ticket: Int, grade: String?, task: String, stage: String?, desk: String, clerk: Int
    ) -> String {
        "[\(time)] \(ticket)번 \(grade ?? "")고객 \(business(task: task, stage: stage)) 시작 · \(desk) 은행원 \(clerk)"
    }

    func serviceSubject(task: String, grade: String?, stage: String?) -> String {
        [grade, stage ?? task].compactMap { $0 }.joined(separator: " ")
    }

    func serviceFinished(
        time: String, ticket: Int, grade: String?, task: String, stage: String?, desk: String, clerk: Int
    ) -> String {
        "[\(time)] \(ticket)번 \(grade ?? "")고객 \(business(task: task, stage: stage)) 완료 · \(desk) 은행원 \(clerk)"
    }

    /// A task as the exercise names its business (`예금업무`), or a stage by its name (`대출심사`).
    private func business(task: String, stage: String?) -> String {
        stage ?? "\(task)업무"
    }

    func closingWaits(group: String, customers: Int, mean: String, p50: String, p95: String, longest: String) -> String
    {
        "  \(group) 대기 \(customers)명: 평균 \(mean) · p50 \(p50) · p95 \(p95) · 최대 \(longest)"
    }

    func bankClosed(served: Int, byTask: String, time: String, seconds: String) -> String {
        classicClosed(served: served, seconds: seconds) + " (\(byTask))"
    }

    var bankWasReset: String { "은행 초기화: 업무를 취소했고, 번호표와 타이머가 처음부터 시작합니다." }

    func presetInForce(_ preset: String?, others: [String]) -> String {
        let list = others.map(Self.presetName).joined(separator: ", ")
        guard let preset else {
            return "은행은 설정 파일의 은행이며 프리셋을 쓰지 않습니다. 프리셋: \(list). '은행 프리셋 이름'으로 하나를 씁니다."
        }
        return "은행은 프리셋 \(KoreanParticle.direction.after(Self.presetName(preset))) 운영 중입니다. 다른 프리셋: \(list)."
    }

    func presetChanged(to name: String, places: [(name: String, clerks: Int)]) -> String {
        let desks = places.map { "\($0.name) (은행원 \($0.clerks)명)" }.joined(separator: ", ")
        return
            "이제 은행은 프리셋 \(KoreanParticle.direction.after(Self.presetName(name))) 운영합니다: \(desks). 번호표는 1번부터 시작합니다."
    }

    /// A preset's Korean name where it has one (`classic`: `클래식`), which commands accept too.
    static func presetName(_ preset: String) -> String { BankPresets.koreanNames[preset] ?? preset }

    func skippedBankEvents(_ count: Int) -> String {
        "… 은행 이벤트 \(count)개를 표시하지 못했습니다: 터미널이 따라가지 못했습니다."
    }
}
