import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

/// kiosk's Korean, with the exercises' own words where they have them: "딸기쥬스 나왔습니다!
/// 맛있게 드세요!", "재료가 모자라요.", "3번 고객 예금업무 시작", "업무가 마감되었습니다. …".
struct KoreanCatalog: MessageCatalog {
    // MARK: - Help

    func help(for name: String, context: HelpContext) -> CommandHelp {
        switch name {
        case "help":
            return CommandHelp(summary: "명령 목록을 보여 주거나, 한 명령의 사용법을 보여 줍니다.")
        case "menu":
            return CommandHelp(
                summary: "모든 쥬스와 레시피, 지금 재고로 만들 수 있는 잔 수를 보여 줍니다.",
                discussion: "'만들 수 있는 잔'은 지금 진열대에 있는 과일로 만들 수 있는 쥬스의 수입니다.")
        case "order":
            let counts = Inventory.orderCounts
            return CommandHelp(
                summary: "쥬스를 만듭니다. 필요한 과일을 모두 쓰거나, 하나도 쓰지 않습니다.",
                arguments: [
                    "juice": "아이디, 이름 또는 별칭",
                    "count": "몇 잔인지; 기본 1",
                ],
                discussion: """
                    주문은 과일을 쓰기 전에 모든 잔에 필요한 과일을 확인합니다: 전부 만들거나 하나도 \
                    만들지 않습니다. 과일이 모자라면 모자란 과일마다 필요한 양과 있는 양, 그리고 \
                    해결하는 'stock add' 명령을 알려 줍니다.
                    여러 단어로 된 이름은 따옴표 없이 써도 됩니다: 쥬스 이름이 되는 가장 긴 단어들을 \
                    이름으로 읽고, 그 뒤의 수를 잔 수로 읽습니다. 이름에서 멈추려면 따옴표로 묶으세요. \
                    한 번에 최대 \(counts.upperBound)잔입니다.
                    """)
        case "stock":
            return CommandHelp(
                summary: "진열대에 있는 과일의 재고를 보여 줍니다.",
                discussion: """
                    진열대마다 0부터 최대치까지 담을 수 있습니다. 'stock set', 'stock add', \
                    'stock remove'로 바꾸며, 과일과 양을 이어서 여러 과일을 한 번에 바꿀 수 있습니다 \
                    (전부 바뀌거나 하나도 바뀌지 않습니다). 'stock fill'은 진열대를 가득 채우고, \
                    'stock reset'으로 설정된 재고로 되돌립니다.
                    """)
        case "stock set":
            return CommandHelp(
                summary: "과일 하나의 재고를 정확히 이만큼으로 맞춥니다.",
                arguments: ["fruit": "아이디 또는 이름", "amount": "0부터 진열대의 최대치까지"])
        case "stock add":
            return CommandHelp(
                summary: "과일을 진열대에 더합니다. 최대치까지만 담깁니다.",
                arguments: ["fruit": "아이디 또는 이름", "amount": "진열대에 남은 자리만큼까지"])
        case "stock remove":
            return CommandHelp(
                summary: "진열대에서 과일을 뺍니다. 0개까지만 뺄 수 있습니다.",
                arguments: ["fruit": "아이디 또는 이름", "amount": "진열대에 있는 만큼까지"])
        case "stock fill":
            return CommandHelp(
                summary: "진열대를 최대치까지 채웁니다: 적은 과일들, 없으면 모든 과일.",
                arguments: ["fruit": "아이디 또는 이름; 기본 모든 과일"])
        case "stock reset":
            return CommandHelp(summary: "모든 과일을 설정된 처음 재고로 되돌립니다.")
        case "sales":
            return CommandHelp(
                summary: "하루나 여러 날의 쥬스별 주문과 쓴 과일을 보여 줍니다.",
                arguments: [
                    "day": "기본 오늘", "all": "기록된 모든 주문", "from": "세는 첫날", "to": "세는 마지막 날(그날 전부)",
                ],
                discussion: """
                    하루는 kiosk가 있는 곳의 시간대(TZ)로 자정부터 자정까지입니다. 날짜 하나, \
                    기간(--from, --to) 또는 --all 중 하나만 주세요.
                    """)
        case "bank open":
            let range = context.customers
            return CommandHelp(
                summary: "은행을 엽니다: 고객이 번호표를 받고, 은행원이 뒤에서 업무를 봅니다.",
                arguments: ["customers": "기본: \(range.lowerBound)부터 \(range.upperBound) 사이의 무작위 수"],
                discussion: """
                    고객마다 업무가 무작위로 정해집니다. 명령은 바로 돌아오고, 업무 이벤트는 일어나는 \
                    대로 표시됩니다. --seed를 주면 인원과 업무가 매번 같습니다.
                    """)
        case "bank add":
            return CommandHelp(
                summary: "대기줄에 고객을 더합니다. 은행이 쉬고 있으면 엽니다.",
                arguments: [
                    "customers": "기본 \(context.defaultAdmission)명",
                    "task": "기본: 고객마다 무작위 업무",
                    "over": "이 시간에 걸쳐 고르게 도착, 첫 고객은 지금",
                    "rate": "이 평균 빈도의 포아송 도착(--seed로 재현)",
                ],
                discussion: "번호표는 마지막 번호 다음부터 이어지며, 'bank reset'만 1번부터 다시 시작합니다.")
        case "bank status":
            return CommandHelp(summary: "창구마다 대기중인 번호표, 은행원마다 업무중인 고객, 업무시간을 보여 줍니다.")
        case "bank wait":
            return CommandHelp(
                summary: "모든 고객의 업무가 끝날 때까지 기다린 뒤 요약을 보여 줍니다.",
                discussion: "Ctrl-C는 기다림을 멈출 뿐, 은행원은 계속 업무를 봅니다.")
        case "bank plan":
            return CommandHelp(
                summary: "가상 시간으로 하루를 여러 번 시뮬레이션해 서비스 목표를 맞추는 가장 싼 인력 배치를 찾습니다.",
                arguments: [
                    "hours": "하루 영업 시간, 기본 8",
                    "rate": "업무의 도착률: deposit=60/h 또는 2/m; 기본 시간당 60명을 업무 비중대로",
                    "service": "fixed 또는 exponential; 기본은 설정대로",
                    "target": "\"85% within 1m\" 또는 \"mean within 45s\"; 기본 85% within 1m",
                    "clerks": "창구의 범위: deposit=2..6; 기본 설정된 은행원 수부터 20명 더",
                    "replications": "배치마다 시뮬레이션하는 날 수, 기본 20",
                    "cost": "그 창구 은행원 한 명의 비용, 정수; 기본 1",
                    "plot": "SVG 차트도 그 경로에 씁니다",
                ],
                discussion: """
                    고객은 빈 은행에 포아송 흐름으로 오고, 마감 때 기다리던 고객도 끝까지 처리합니다. \
                    모든 업무에서 95% 하한이 목표를 넘는 가장 싼 배치를 추천합니다.
                    """)
        case "bank reset":
            return CommandHelp(summary: "모든 업무와 대기 고객을 취소합니다. 번호표와 타이머가 처음부터 시작합니다.")
        case "bank report":
            return CommandHelp(
                summary: "업무와 등급별 고객 수, 평균·p50·p95·최대 대기 시간과 창구별 가동률을 보여 줍니다.")
        case "bank export":
            return CommandHelp(
                summary: "업무를 마친 고객마다 한 줄을 씁니다: 번호표, 업무, 등급, 도착, 단계마다 창구, 직원, 시작과 끝(은행 시간 ms).",
                arguments: [
                    "file": "쓸 파일; .csv나 .jsonl이 형식을 정합니다",
                    "format": "파일 이름과 상관없이",
                ],
                discussion: "파일은 새로 씁니다. 고객은 'bank report'가 세는 이들입니다: 은행이 열리거나 마지막으로 초기화된 뒤부터.")
        case "bank history":
            return CommandHelp(
                summary: "최근 은행 영업 기록을 보여 줍니다: 연 시각, 처리한 고객, 업무시간.",
                arguments: ["count": "몇 개의 기록인지, 기본 10"])
        case "history":
            return CommandHelp(
                summary: "프롬프트에 입력한 줄을 오래된 것부터 보여 줍니다.",
                arguments: ["count": "마지막 몇 줄만"],
                discussion: """
                    기록은 $KIOSK_HISTFILE, 없으면 $XDG_STATE_HOME/kiosk/history \
                    (~/.local/state/kiosk/history)에 최대 \(context.historyCapacity)줄까지 남습니다. \
                    공백으로 시작하는 줄은 남기지 않습니다.
                    """)
        case "bank watch":
            return CommandHelp(
                summary: "은행을 전체 화면으로 보여 줍니다: 대기중, 업무중, 업무시간, 최근 이벤트.",
                discussion: """
                    키: a 고객 10명 추가, A 고객 100명 추가, r 초기화 (먼저 묻습니다), ? 키 목록, \
                    q, Esc, Ctrl-C 프롬프트로 돌아가기 (은행은 계속 업무를 봅니다). \
                    터미널의 대화형 프롬프트에서만 됩니다.
                    """)
        case "events":
            return CommandHelp(
                summary: "은행이 프롬프트 위에 무엇을 출력할지 보여 주거나 고릅니다.",
                arguments: [
                    "mode": "all: 모든 업무 시작과 완료; summary: 1초에 한 줄 이하의 요약; off: 마감 요약만"
                ],
                discussion: """
                    직접 입력한 명령의 결과는 언제나 보입니다. 프롬프트에서 고른 값은 기록 파일 옆의 \
                    설정 파일($XDG_STATE_HOME/kiosk/settings)에 기억됩니다.
                    """)
        case "quit":
            return CommandHelp(
                summary: "kiosk를 끝냅니다 (빈 프롬프트에서 Ctrl-D도 같습니다).",
                discussion: """
                    프롬프트에서는 아직 은행에 있는 고객을 돌려보냅니다. 스크립트에서는 읽기를 멈추고, \
                    스크립트 끝에서처럼 은행이 업무를 마칩니다.
                    """)
        case "clear":
            return CommandHelp(summary: "화면을 지웁니다 (프롬프트에서 Ctrl-L도 같습니다).")
        default:
            return CommandHelp(summary: "")
        }
    }

    var helpOverviewTitle: String { "명령:" }
    func helpGroupTitle(_ group: String) -> String { "'\(group)' 명령:" }
    var helpUsageColumn: String { "사용법" }
    var helpSummaryColumn: String { "하는 일" }
    var helpMoreHint: String { "'help <명령>'을 입력하면 인자와 예시를 볼 수 있습니다." }
    func helpUsage(_ usage: String) -> String { "사용법: \(usage)" }
    var helpArgumentColumn: String { "인자" }
    var helpAcceptsColumn: String { "받는 값" }
    var helpSubcommands: String { "하위 명령:" }
    func helpAlso(_ aliases: [String]) -> String { "다른 이름: \(aliases.joined(separator: ", "))" }
    var helpExamples: String { "예시:" }
    func accepts(integersFrom low: Int, to high: Int) -> String { "\(low)부터 \(high)까지의 정수" }
    func accepts(choice noun: String, ids: [String]) -> String { "\(self.noun(noun)): \(ids.joined(separator: ", "))" }
    var acceptsCommandName: String { "명령 이름" }
    var acceptsDay: String { "today, yesterday 또는 YYYY-MM-DD 형식의 날짜" }
    func accepts(durationsFrom low: String, to high: String) -> String {
        "단위를 붙인 시간(ms, s, m, h: 700ms, 45s, 10m, 1.5h), \(low)부터 \(high)까지"
    }
    func accepts(ratesFrom low: String, to high: String) -> String {
        "s, min 또는 h당 횟수(2/min, 60/h), \(low)부터 \(high)까지"
    }

    func helpTopic(_ topic: HelpTopicKind) -> String {
        switch topic {
        case .shop: "쥬스 가게:"
        case .bank: "은행:"
        case .session: "kiosk:"
        }
    }

    var helpNamesHint: String { "'#' 뒤의 단어는 주석입니다. '?'도 help입니다." }

    // MARK: - Shop

    func orderMade(count: Int, juice: String) -> String {
        count == 1 ? "\(juice) 나왔습니다! 맛있게 드세요!" : "\(juice) \(count)잔 나왔습니다! 맛있게 드세요!"
    }

    func stockUsed(_ changes: [(fruit: String, old: Int, new: Int)]) -> String {
        "재고: " + changes.map { "\($0.fruit) \($0.old) -> \($0.new)" }.joined(separator: ", ")
    }

    func stockStays(fruit: String, level: Int, maximum: Int) -> String {
        "\(fruit) 재고는 그대로 \(level)개입니다 (최대 \(maximum))."
    }

    func stockMoved(fruit: String, old: Int, new: Int, maximum: Int) -> String {
        "\(fruit): \(old) -> \(new) (최대 \(maximum))."
    }

    var stockResetDone: String { "재고를 설정된 양으로 되돌렸습니다." }
    var menuColumns: (juice: String, name: String, recipe: String, canMake: String) {
        ("쥬스", "이름", "레시피", "만들 수 있는 잔")
    }
    var stockColumns: (fruit: String, name: String, stock: String, maximum: String) {
        ("과일", "이름", "재고", "최대")
    }

    func amounts(_ pairs: [(name: String, amount: Int)]) -> String {
        pairs.map { "\($0.name) \($0.amount)" }.joined(separator: ", ")
    }

    func salesHeading(_ period: SalesPeriod, juices: Int) -> String {
        "판매, \(days(period)): 쥬스 \(juices)잔"
    }

    func noSales(_ period: SalesPeriod) -> String {
        period.span == .all ? "아직 기록된 주문이 없습니다." : "\(days(period)) 주문이 없습니다."
    }

    /// "오늘 (2026-11-24)", "2026-11-23", "2026-11-01부터 2026-11-30까지".
    private func days(_ period: SalesPeriod) -> String {
        switch (period.span, period.first, period.last) {
        case (.all, _, _), (_, nil, nil): return "전체"
        case (.today, let first?, _): return "오늘 (\(first))"
        case (_, let first?, let last?) where first == last: return "\(first)"
        case (_, let first?, let last?): return "\(first)부터 \(last)까지"
        case (_, let first?, nil): return "\(first)부터"
        case (_, nil, let last?): return "\(last)까지"
        }
    }

    var salesColumns: (juice: String, made: String, orders: String, fruitUsed: String) {
        ("쥬스", "잔", "주문", "쓴 과일")
    }

    func fruitUsedInAll(_ amounts: String) -> String { "쓴 과일 합계: \(amounts)" }

    func soldOut(juice: String, lacking: [(fruit: String, have: Int, need: Int)]) -> String {
        let reasons = lacking.map { "\($0.fruit) \($0.have)개 남음, \($0.need)개 필요" }
        return "\(juice) 품절: \(reasons.joined(separator: ", "))."
    }

    func availableAgain(juice: String) -> String { "\(juice) 다시 주문할 수 있습니다." }

    func menuAliases(_ juices: [(id: String, aliases: [String])]) -> String {
        "다른 이름: "
            + juices.map { juice in
                juice.aliases.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ", ") + " (\(juice.id))"
            }.joined(separator: "; ") + "."
    }

    func stockFilled(_ fruits: Int) -> String { "진열대 \(fruits)개를 최대치까지 채웠습니다." }

    var stockEditedTogether: String { "재고를 한 번에 바꿨습니다:" }

    // MARK: - Bank

    func admitted(customers: Int, tickets: ClosedRange<Int>, byTask: String, opened: Bool) -> String {
        let who =
            customers == 1
            ? "고객 1명이 \(tickets.lowerBound)번 번호표를 받았습니다"
            : "고객 \(customers)명이 \(tickets.lowerBound)–\(tickets.upperBound)번 번호표를 받았습니다"
        return (opened ? "은행개점: " : "") + "\(who) (\(byTask))."
    }

    func bankOpenHeadline(time: String, served: Int, waiting: Int, inService: Int) -> String {
        "은행 영업중 · 업무시간 \(time) · 처리 \(served)명 · 대기중 \(waiting)명 · 업무중 \(inService)명"
    }

    var bankNeverOpenedHeadline: String { "은행 마감 · 아직 고객이 없습니다; 'bank open'으로 고객을 받습니다" }

    func bankClosedHeadline(time: String, served: Int) -> String {
        "은행 마감 · 업무시간 \(time) · 처리 \(served)명"
    }

    var statusColumns: (desk: String, clerk: String, serving: String, until: String, served: String, waiting: String) {
        ("창구", "은행원", "업무중", "끝나는 시각", "처리", "대기중")
    }
    var clerkIdle: String { "쉬는 중" }
    var noReport: String { "아직 업무를 마친 고객이 없습니다. 'bank open'으로 고객을 받으세요." }
    var reportColumns:
        (task: String, grade: String, customers: String, mean: String, median: String, p95: String, longest: String)
    { ("업무", "등급", "고객", "평균 대기", "p50", "p95", "최대") }
    var utilisationColumns: (desk: String, clerks: String, busy: String, share: String) {
        ("창구", "은행원", "업무시간", "가동률")
    }
    func clerkHeld(ticket: Int) -> String { "\(ticket)번 고객 대기" }
    var nobodyWaiting: String { "없음" }
    func andMore(_ count: Int) -> String { "외 \(count)명" }
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

    func cancelled(waiting: Int, inService: Int) -> String {
        "대기중 \(waiting)명, 업무중 \(inService)명의 업무를 취소했습니다."
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

    func serviceStarted(time: String, ticket: Int, task: String, desk: String, clerk: Int) -> String {
        "[\(time)] \(ticket)번 고객 \(task)업무 시작 · \(desk) 은행원 \(clerk)"
    }

    func serviceSubject(task: String, grade: String?, stage: String?) -> String {
        [grade, stage.map { "\(task)(\($0))" } ?? task].compactMap { $0 }.joined(separator: " ")
    }

    func serviceFinished(time: String, ticket: Int, task: String, desk: String, clerk: Int) -> String {
        "[\(time)] \(ticket)번 고객 \(task)업무 완료 · \(desk) 은행원 \(clerk)"
    }

    func closingWaits(group: String, customers: Int, mean: String, p50: String, p95: String, longest: String) -> String
    {
        "  \(group) 대기 \(customers)명: 평균 \(mean) · p50 \(p50) · p95 \(p95) · 최대 \(longest)"
    }

    func bankClosed(served: Int, byTask: String, time: String, seconds: String) -> String {
        classicClosed(served: served, seconds: seconds) + " (\(byTask))"
    }

    var bankWasReset: String { "은행 초기화: 업무를 취소했고, 번호표와 타이머가 처음부터 시작합니다." }

    func skippedBankEvents(_ count: Int) -> String {
        "… 은행 이벤트 \(count)개를 표시하지 못했습니다: 터미널이 따라가지 못했습니다."
    }

    // MARK: - Front end

    var historyEmpty: String { "입력 기록이 없습니다." }

    func banner(version: String, config: String, data: String) -> String {
        "kiosk \(version) · 설정: \(config) · \(data) · 'help'로 명령을 보고, Ctrl-D로 끝냅니다."
    }

    var inMemory: String { "메모리에만 저장" }
    func dataIn(_ directory: String) -> String { "데이터: \(directory)" }
    func sharedDatabase(_ server: String) -> String { "데이터베이스: \(server)" }

    func quitWarning(waiting: Int, inService: Int) -> String {
        "은행에 아직 고객 \(waiting + inService)명이 있습니다 (대기 \(waiting)명, 업무중 \(inService)명). "
            + "나가면 돌려보냅니다: 나가려면 'quit'이나 Ctrl-D를 한 번 더, 먼저 업무를 마치려면 'bank wait'."
    }

    func cancelledTickets(_ ranges: [(task: String, tickets: [ClosedRange<Int>])]) -> String {
        "돌려보낸 번호표: "
            + ranges.map { entry in
                entry.task + " "
                    + entry.tickets.map { $0.count == 1 ? "\($0.lowerBound)번" : "\($0.lowerBound)–\($0.upperBound)번" }
                    .joined(separator: ", ")
            }.joined(separator: "; ") + "."
    }

    func interrupted(cancelled: String?) -> String {
        ["중단되었습니다.", cancelled].compactMap { $0 }.joined(separator: " ")
    }

    // MARK: - Classic console

    var classicMenu: [String] { ["1 : 은행개점", "2 : 종료"] }
    var classicPrompt: String { "입력 : " }
    var classicWrongInput: String { "잘못된 입력입니다." }

    func classicStarted(ticket: Int, grade: String?, task: String) -> String {
        "\(ticket)번 \(grade ?? "")고객 \(task)업무 시작"
    }

    func classicFinished(ticket: Int, grade: String?, task: String) -> String {
        "\(ticket)번 \(grade ?? "")고객 \(task)업무 완료"
    }

    func classicClosed(served: Int, seconds: String) -> String {
        "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 \(served)명이며, 총 업무시간은 \(seconds)초입니다."
    }

    // MARK: - Errors

    func describe(_ error: JuiceError) -> String {
        switch error {
        case .outOfStock(let refusal):
            return describe(refusal)
        case .aboveMaximum(let fruit, .set, let amount, _, let maximum):
            return "\(fruit)를 \(amount)개로 맞출 수 없습니다: 진열대는 최대 \(maximum)개를 담습니다. \(maximum)개 이하로 맞추세요."
        case .aboveMaximum(let fruit, _, let amount, let have, let maximum):
            let room = maximum - have
            let next = room > 0 ? "\(room)개까지 더할 수 있습니다." : "진열대가 가득 찼습니다."
            return "\(fruit) \(amount)개를 더할 수 없습니다: 진열대는 최대 \(maximum)개를 담고 지금 \(have)개가 있습니다. \(next)"
        case .belowZero(let fruit, let amount, let have):
            if have == 0 {
                return "\(fruit) \(amount)개를 뺄 수 없습니다: 진열대가 비어 있습니다."
            }
            return "\(fruit) \(amount)개를 뺄 수 없습니다: 진열대에 \(have)개가 있습니다. \(have)개까지 뺄 수 있습니다."
        case .invalidCount(let count):
            let range = Inventory.orderCounts
            return "주문은 \(range.lowerBound)잔부터 \(range.upperBound)잔까지입니다. \(count)잔은 안 됩니다."
        case .invalidAmount(let amount):
            return "재고 수량은 0 이상이어야 합니다. \(amount)는 안 됩니다."
        case .unknownFruit(let fruit):
            return "모르는 과일 '\(Sanitized.text(fruit))'입니다. 'stock'으로 과일 목록을 보세요."
        case .unknownJuice(let juice):
            return "모르는 쥬스 '\(Sanitized.text(juice))'입니다. 'menu'로 쥬스 목록을 보세요."
        case .menuMismatch:
            return "되돌릴 재고가 다른 메뉴의 것입니다. 'stock reset'으로 설정된 재고로 되돌리세요."
        case .invalidMenu(let problem):
            return "메뉴를 쓸 수 없습니다: \(problem). 설정 파일을 고치세요."
        case .invalidEdit(let kind):
            return "'\(kind.rawValue)'로는 여러 과일을 한 번에 바꿀 수 없습니다. 'stock set', 'stock add', 'stock remove'를 쓰세요."
        case .invalidPeriod(let first, let last):
            return "기간이 \(first)에 시작하는데 그 전인 \(last)에 끝납니다. --from과 --to를 바꾸세요."
        }
    }

    /// "재료가 모자라요. 딸기쥬스 1잔: strawberry 16개 필요, 10개 있음. 해결: stock add strawberry 6"
    private func describe(_ refusal: OrderRefusal) -> String {
        let lacks = refusal.shortages.map { "\($0.fruit) \($0.need)개 필요, \($0.have)개 있음" }
        let head =
            "재료가 모자라요. \(Sanitized.text(refusal.juiceName, limit: 64)) \(refusal.count)잔: \(lacks.joined(separator: "; "))."
        guard refusal.count <= refusal.mostEverAvailable else {
            if refusal.mostEverAvailable == 0 {
                return "\(head) 한 잔에 가득 찬 진열대보다 많은 과일이 필요해서 만들 수 없습니다."
            }
            return "\(head) 진열대를 가득 채워도 최대 \(refusal.mostEverAvailable)잔입니다. 그만큼까지만 주문하세요."
        }
        return "\(head) 해결: \(refusal.fixes.joined(separator: ", 그다음 "))"
    }

    func describe(_ error: BankError) -> String {
        switch error {
        case .alreadyOpen(let waiting, let inService):
            return "은행이 이미 영업중입니다 (대기중 \(waiting)명, 업무중 \(inService)명). "
                + "고객을 더하려면 'bank add [n]', 처음부터 하려면 'bank reset'을 쓰세요."
        case .customerCountOutOfRange(let count):
            let range = Bank.admissionRange
            return "<customers>는 \(range.lowerBound)부터 \(range.upperBound) 사이여야 합니다. \(count)는 안 됩니다."
        case .unknownTask(let given, let suggestion, let tasks):
            let hint = suggestion.map { "'\($0)'을(를) 말씀하셨나요?" } ?? "다음 중 하나를 고르세요: \(tasks.joined(separator: ", "))."
            return "모르는 업무 '\(Sanitized.text(given))'입니다. \(hint)"
        case .noDesks:
            return "은행에 창구가 없습니다. 설정에 [[bank.desk]] 표를 더하세요."
        case .bankFull(let present, let adding, let capacity):
            return "은행에는 한 번에 최대 \(capacity)명이 있을 수 있고 지금 \(present)명이 있어 \(adding)명을 더 받을 수 없습니다. "
                + "'bank wait'로 업무를 마치거나 최대 \(max(0, capacity - present))명만 더하세요."
        case .unknownGrade(let given, let grades):
            return "모르는 등급 '\(Sanitized.text(given))'입니다. 다음 중 하나를 고르세요: \(grades.joined(separator: ", "))."
        }
    }

    func describe(_ error: StorageError) -> String {
        switch error {
        case .directoryUnwritable(let path, let reason):
            "데이터 디렉터리 \(path)를 쓸 수 없습니다: \(reason). --data-dir로 다른 곳을 고르거나 --in-memory로 실행하세요."
        case .notADirectory(let path):
            "데이터 디렉터리 \(path)를 쓸 수 없습니다: 디렉터리가 아니라 파일입니다. --data-dir로 다른 곳을 고르거나 --in-memory로 실행하세요."
        case .noHome(let path):
            "데이터 디렉터리 \(path)를 쓸 수 없습니다: HOME이 설정되지 않았습니다. --data-dir로 고르거나 --in-memory로 실행하세요."
        case .notADatabase(let path):
            "\(path)는 kiosk 데이터베이스가 아닙니다 (SQLite가 아닙니다). 옮기거나 다른 --data-dir를 고르세요; kiosk는 덮어쓰지 않습니다."
        case .newerSchema(let path, let unknown):
            "\(path)는 더 새로운 kiosk가 썼습니다 (스키마 \(unknown.sorted().joined(separator: ", "))). kiosk를 업그레이드하거나 다른 --data-dir를 고르세요."
        case .diskFull(let path):
            "\(path)가 있는 디스크가 가득 찼습니다. 공간을 비우세요; 바뀐 것은 없습니다."
        case .busy(let path, let waited):
            "\(path)가 다른 프로세스에 \(waited.wholeMilliseconds / 1_000)초 동안 잠겨 있었습니다. 다시 해 보세요; 바뀐 것은 없습니다."
        case .lockHeld(let path, let waited, let holder):
            "\(path)가 \(holder.isKiosk ? "다른 kiosk" : Sanitized.text(holder.program)) (pid \(holder.pid))에 \(waited.wholeMilliseconds / 1_000)초 동안 잠겨 있었습니다. 그것이 끝나면 다시 해 보세요; 바뀐 것은 없습니다."
        case .sqlite(let path, let message):
            "\(path) 데이터베이스 오류: \(message)"
        case .foreignDatabase(let path):
            "\(path)는 다른 프로그램의 SQLite 데이터베이스입니다 (kiosk 표가 없습니다). kiosk는 건드리지 않았습니다; 옮기거나 다른 --data-dir를 고르세요."
        case .notARegularFile(let path, let kind):
            "\(path)는 데이터베이스 파일이 아니라 \(kind)입니다. 옮기거나 다른 --data-dir를 고르세요."
        case .tamperedStock(let path, let fruit, let column, let value, let maximum):
            "\(path)의 \(Sanitized.text(fruit)) 재고 행의 \(column) 값 \(Sanitized.text(value))는 kiosk가 쓰지 않는 값입니다: "
                + (column == "max"
                    ? "선반 최대치는 1 이상의 정수입니다"
                    : "재고는 0부터 선반 최대치\(maximum.map { "(\($0))" } ?? "")까지의 정수입니다")
                + ". 행을 고치거나 백업을 되살리세요; 바뀐 것은 없습니다."
        }
    }

    func describe(_ error: PostgresError) -> String {
        switch error {
        case .unreachable(let server, let reason):
            "데이터베이스 \(server)에 연결할 수 없습니다: \(reason)"
        case .connectionLost(let server, let reason):
            "\(server) 연결이 끊겼습니다 (\(reason)); 바뀐 것은 없습니다. 다음 명령이 다시 연결합니다."
        case .newerSchema(let server, let version, let known):
            "\(server)는 더 새로운 kiosk가 썼습니다 (스키마 \(version); 이 kiosk는 \(known)까지 압니다). kiosk를 업그레이드하거나 다른 --database를 고르세요."
        case .notKioskDatabase(let server):
            "\(server)에는 kiosk의 것이 아닌 테이블이 있습니다. --database로 빈 데이터베이스를 고르세요; kiosk는 여기에 쓰지 않습니다."
        case .busy(let server, let waited):
            "\(server)가 재고를 \(waited.wholeMilliseconds / 1_000)초 동안 잠가 두었습니다 (다른 kiosk의 트랜잭션). 다시 해 보세요; 바뀐 것은 없습니다."
        case .server(let server, let state, let message):
            "\(server) 데이터베이스 오류: \(message)" + (state.isEmpty ? "" : " (SQLSTATE \(state))")
        case .clientLibraryUnavailable(let library, let reason):
            "PostgreSQL 클라이언트 라이브러리 \(library)를 불러올 수 없습니다 (\(reason)). libpq를 설치하거나 (Debian과 Ubuntu에서는 libpq5) KIOSK_LIBPQ에 그 파일을 지정하세요."
        }
    }

    /// An argument as errors name it: `<count>`, or an option as typed (`--over`).
    private func label(_ name: String) -> String { name.hasPrefix("--") ? name : "<\(name)>" }

    func describe(_ error: ParseError) -> String {
        switch error {
        case .unterminatedQuote(let quote, let column):
            return "\(column)번째 칸에서 시작한 \(quote) 따옴표가 닫히지 않았습니다. \(quote)로 닫으세요."
        case .danglingEscape(let column):
            return "\(column)번째 칸의 역슬래시가 아무것도 이스케이프하지 않습니다. 지우거나 역슬래시는 \\\\로 쓰세요."
        case .unknownCommand(let given, let suggestion):
            let hint = suggestion.map { "'\($0)'을(를) 말씀하셨나요?" } ?? "'help'로 명령 목록을 보세요."
            return "모르는 명령 '\(Sanitized.text(given))'입니다. \(hint)"
        case .missingSubcommand(let command, let subcommands):
            return "'\(command)' 다음에는 \(subcommands.joined(separator: ", ")) 중 하나가 필요합니다. 'help \(command)'를 보세요."
        case .unknownSubcommand(let command, let given, let suggestion, let subcommands):
            let hint =
                suggestion.map { "'\(command) \($0)'을(를) 말씀하셨나요?" }
                ?? "다음 중 하나를 쓰세요: \(subcommands.joined(separator: ", "))."
            return "'\(command)'의 모르는 하위 명령 '\(Sanitized.text(given))'입니다. \(hint)"
        case .missingArgument(let name, let usage):
            return "\(label(name))가 빠졌습니다. 사용법: \(usage)"
        case .extraArgument(let given, let usage):
            return "뜻밖의 인자 '\(Sanitized.text(given))'입니다. 사용법: \(usage)"
        case .notANumber(let name, let given, let usage):
            return "\(label(name))는 정수여야 합니다. '\(Sanitized.text(given))'는 안 됩니다. 사용법: \(usage)"
        case .outOfRange(let name, let given, let range):
            return
                "\(label(name))는 \(range.lowerBound)부터 \(range.upperBound) 사이여야 합니다. \(Sanitized.text(given))는 안 됩니다."
        case .unknownValue(let noun, let given, let suggestion, let choices):
            let hint =
                suggestion.map { "'\($0)'을(를) 말씀하셨나요?" }
                ?? "다음 중 하나를 고르세요: \(choices.joined(separator: ", "))."
            return "모르는 \(self.noun(noun)) '\(Sanitized.text(given))'입니다. \(hint)"
        case .unknownFlag(let given, let usage):
            return "모르는 옵션 '\(Sanitized.text(given))'입니다. 사용법: \(usage)"
        case .missingOptionValue(let option, let name, let usage):
            return "\(option) 뒤에 \(label(name))가 필요합니다. 사용법: \(usage)"
        case .notADay(let name, let given, let usage):
            return "\(label(name))는 today, yesterday 또는 YYYY-MM-DD 형식의 날짜여야 합니다. "
                + "'\(Sanitized.text(given))'는 안 됩니다. 사용법: \(usage)"
        case .notADuration(let name, let given, let usage):
            return "\(label(name))는 단위를 붙인 시간(ms, s, m 또는 h: 700ms, 45s, 10m, 1.5h)이어야 합니다. "
                + "'\(Sanitized.text(given))'는 안 됩니다. 사용법: \(usage)"
        case .durationOutOfRange(let name, let given, let range):
            return "\(label(name))는 \(range.lowerBound.typedSpelling)부터 \(range.upperBound.typedSpelling) 사이여야 합니다. "
                + "\(Sanitized.text(given))는 안 됩니다."
        case .notARate(let name, let given, let usage):
            return "\(label(name))는 0보다 큰 s, min 또는 h당 횟수(2/min, 60/h, 0.5/s)여야 합니다. "
                + "'\(Sanitized.text(given))'는 안 됩니다. 사용법: \(usage)"
        case .rateOutOfRange(let name, let given, let range):
            return
                "\(label(name))는 \(range.lowerBound)부터 \(range.upperBound) 사이여야 합니다. \(Sanitized.text(given))는 안 됩니다."
        case .conflictingArguments(let first, let second, let usage):
            return "\(first)와 \(second) 중 하나만 주세요. 사용법: \(usage)"
        case .badPlanArgument(let problem):
            return describe(PlanError(problem))
        }
    }

    func describe(_ error: InvocationError) -> String {
        switch error {
        case .missingValue(let command, let argument):
            "내부 오류: '\(command)'가 <\(argument)> 없이 실행되었습니다. 알려 주세요."
        case .wrongType(let command, let argument, let expected):
            "내부 오류: '\(command)'는 <\(argument)>가 \(expected)이기를 기대했습니다. 알려 주세요."
        }
    }

    func cannotSaveHistory(path: String, reason: String) -> String {
        "입력 기록을 '\(path)'에 저장할 수 없습니다: \(reason). KIOSK_HISTFILE을 쓸 수 있는 파일로 정하세요."
    }

    func cannotReadScript(path: String, failure: ReadableFile.Failure) -> String {
        switch failure {
        case .missing: "스크립트 '\(path)'를 읽을 수 없습니다: 파일이 없거나 권한이 없습니다."
        case .directory: "스크립트 '\(path)'를 읽을 수 없습니다: 디렉터리입니다. 파일이나 파이프, 표준 입력은 '-'를 주세요."
        case .notAFileOrPipe(let kind):
            "스크립트 '\(path)'를 읽을 수 없습니다: 파일이나 파이프가 아니라 \(describe(kind))입니다. 파일이나 파이프, 표준 입력은 '-'를 주세요."
        case .unreadable(let reason): "스크립트 '\(path)'를 읽을 수 없습니다: \(reason)."
        }
    }

    func cannotWriteOutput(reason: String) -> String {
        "표준 출력에 쓸 수 없습니다: \(reason). 멈췄습니다; 나머지 출력은 잃었습니다."
    }

    func shelfLimitChanged(fruit: String, stored: Int, configured: Int) -> String {
        "경고: 데이터베이스에 \(fruit) 선반 최대치가 \(stored)였고 이 설정은 \(configured)입니다; 이 데이터베이스의 모든 kiosk가 이제부터 \(configured)를 씁니다."
    }

    func unexpected(_ error: String) -> String { "예상하지 못한 오류: \(error)" }

    /// The Korean word for what a choice argument names (`fruit` → 과일).
    private func noun(_ noun: String) -> String {
        switch noun {
        case "fruit": "과일"
        case "juice": "쥬스"
        case "task": "업무"
        case "grade": "등급"
        case "command": "명령"
        default: noun
        }
    }
}
