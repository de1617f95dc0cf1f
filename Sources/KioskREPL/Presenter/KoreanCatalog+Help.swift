import JuiceMaker
import KioskCore

/// `help`, in Korean.
extension KoreanCatalog {
    func help(for topic: CommandTopic, context: HelpContext) -> CommandHelp {
        switch topic {
        case .help:
            return CommandHelp(summary: "명령 목록을 보여 주거나, 한 명령의 사용법을 보여 줍니다.")
        case .menu:
            return CommandHelp(
                summary: "모든 쥬스와 레시피, 지금 재고로 만들 수 있는 잔 수를 보여 줍니다.",
                discussion: "'만들 수 있는 잔'은 지금 진열대에 있는 과일로 만들 수 있는 쥬스의 수입니다.")
        case .order:
            let counts = Inventory.orderCounts
            return CommandHelp(
                summary: "쥬스를 만듭니다. 필요한 과일을 모두 쓰거나, 하나도 쓰지 않습니다.",
                arguments: [
                    "juice": "아이디, 이름 또는 별칭 (대소문자 구분 없음). 잔 수(기본 1잔)는 그 앞이나 뒤에 씁니다"
                ],
                discussion: """
                    주문은 과일을 쓰기 전에 모든 잔에 필요한 과일을 확인합니다: 전부 만들거나 하나도 \
                    만들지 않습니다. 과일이 모자라면 모자란 과일마다 필요한 양과 있는 양, 그리고 \
                    해결하는 'stock add' 명령을 알려 줍니다.
                    잔 수는 쥬스 앞이나 뒤에 씁니다('order 2 <juice>', 'order <juice> 2'). 여러 쥬스를 \
                    쉼표나 공백으로 나눠 한 주문으로 만들 수 있고, 전부 만들거나 하나도 만들지 않습니다 \
                    ('order <juice>, <juice> 2').
                    여러 단어로 된 이름은 따옴표 없이 써도 됩니다: 쥬스 이름이 되는 가장 긴 단어들을 \
                    이름으로 읽습니다. 이름에서 멈추려면 따옴표로 묶으세요. \
                    쥬스마다 한 번에 최대 \(counts.upperBound)잔입니다.
                    """)
        case .stock:
            return CommandHelp(
                summary: "진열대에 있는 과일의 재고를 보여 줍니다.",
                discussion: """
                    진열대마다 0부터 최대치까지 담을 수 있습니다. 'stock set', 'stock add', \
                    'stock remove'로 바꾸며, 과일과 양을 이어서 여러 과일을 한 번에 바꿀 수 있습니다 \
                    (전부 바뀌거나 하나도 바뀌지 않습니다). 'stock fill'은 진열대를 가득 채우고, \
                    'stock reset'으로 설정된 재고로 되돌립니다.
                    """)
        case .stockSet:
            return CommandHelp(
                summary: "과일 하나의 재고를 정확히 이만큼으로 맞춥니다.",
                arguments: ["fruit": "아이디 또는 이름", "amount": "0부터 진열대의 최대치까지"])
        case .stockAdd:
            return CommandHelp(
                summary: "과일을 진열대에 더합니다. 최대치까지만 담깁니다.",
                arguments: ["fruit": "아이디 또는 이름", "amount": "진열대에 남은 자리만큼까지"])
        case .stockRemove:
            return CommandHelp(
                summary: "진열대에서 과일을 뺍니다. 0개까지만 뺄 수 있습니다.",
                arguments: ["fruit": "아이디 또는 이름", "amount": "진열대에 있는 만큼까지"])
        case .stockFill:
            return CommandHelp(
                summary: "진열대를 최대치까지 채웁니다: 적은 과일들, 없으면 모든 과일.",
                arguments: ["fruit": "아이디 또는 이름, 없으면 모든 과일"])
        case .stockReset:
            return CommandHelp(summary: "모든 과일을 설정된 처음 재고로 되돌립니다.")
        case .sales:
            return CommandHelp(
                summary: "하루나 여러 날의 쥬스별 주문과 쓴 과일을 보여 줍니다.",
                arguments: [
                    "day": "기본 오늘", "all": "기록된 모든 주문", "from": "세는 첫날", "to": "세는 마지막 날(그날 전부)",
                ],
                discussion: """
                    하루는 kiosk가 있는 곳의 시간대(TZ)로 자정부터 자정까지입니다. 날짜 하나, \
                    기간(--from, --to) 또는 --all 중 하나만 주세요.
                    """)
        case .salesExport:
            return CommandHelp(
                summary: "하루나 여러 날의 주문을 한 줄씩 CSV나 JSON Lines로 씁니다.",
                arguments: [
                    "file": "쓸 파일. 이름이 .csv나 .jsonl로 끝나야 합니다", "day": "기본 오늘", "all": "기록된 모든 주문",
                    "from": "쓰는 첫날", "to": "쓰는 마지막 날(그날 전부)",
                ],
                discussion: """
                    날짜는 'sales'가 보여 주는 날과 같습니다. 한 줄에는 시각(ISO 8601, 현지 시간), \
                    쥬스, 잔 수, 주문을 받은 kiosk(PostgreSQL에서만 이름이 있음), 쓴 과일이 들어갑니다. \
                    파일은 통째로 새로 쓰고, 쓰다 실패하면 원래대로 둡니다. 맨 앞의 ~는 홈 디렉터리입니다.
                    """)
        case .bankOpen:
            let range = context.customers
            return CommandHelp(
                summary: "은행을 엽니다: 고객이 번호표를 받고, 은행원이 뒤에서 업무를 봅니다.",
                arguments: ["customers": "기본: \(range.lowerBound)부터 \(range.upperBound) 사이의 무작위 수"],
                discussion: """
                    고객마다 업무가 무작위로 정해집니다. 명령은 바로 돌아오고, 업무 이벤트는 일어나는 \
                    대로 표시됩니다. --seed를 주면 인원과 업무가 매번 같습니다.
                    """)
        case .bankAdd:
            return CommandHelp(
                summary: "대기줄에 고객을 더합니다. 은행이 쉬고 있으면 엽니다.",
                arguments: [
                    "customers": "기본 \(context.defaultAdmission)명",
                    "task": "기본: 고객마다 무작위 업무",
                    "over": "이 시간에 걸쳐 고르게 도착, 첫 고객은 지금",
                    "rate": "이 평균 빈도의 포아송 도착(--seed로 재현)",
                ],
                discussion: "번호표는 마지막 번호 다음부터 이어지며, 'bank reset'만 1번부터 다시 시작합니다.")
        case .bankStatus:
            return CommandHelp(summary: "창구마다 대기중인 번호표, 은행원마다 업무중인 고객, 업무시간을 보여 줍니다.")
        case .bankWait:
            return CommandHelp(
                summary: "모든 고객의 업무가 끝날 때까지 기다린 뒤 요약을 보여 줍니다.",
                discussion: "Ctrl-C는 기다림을 멈출 뿐, 은행원은 계속 업무를 봅니다.")
        case .bankPlan:
            return CommandHelp(
                summary: "가상 시간으로 하루를 여러 번 시뮬레이션해 서비스 목표를 맞추는 가장 싼 인력 배치를 찾습니다.",
                arguments: [
                    "hours": "하루 영업 시간, 기본 8",
                    "rate": "업무의 도착률: deposit=60/h 또는 2/m, 없으면 시간당 60명을 업무 비중대로",
                    "service": "fixed 또는 exponential, 없으면 설정대로",
                    "target": "\"2분 안에 85%\", \"평균 45초 이내\" 또는 대기 시간만(\"2분\"). 없으면 1분 안에 85%",
                    "clerks": "창구의 범위: deposit=2..6 (대소문자 무관). 없으면 1명부터 설정된 은행원 수보다 20명 많은 수까지",
                    "replications": "배치마다 시뮬레이션하는 날 수, 기본 20",
                    "cost": "그 창구 은행원 한 명의 비용, 정수, 없으면 1",
                    "plot": "SVG 차트도 그 경로에 씁니다",
                ],
                discussion: """
                    고객은 빈 은행에 포아송 흐름으로 오고, 마감 때 기다리던 고객도 끝까지 처리합니다. \
                    모든 업무에서 95% 하한이 목표를 넘는 가장 싼 배치를 추천합니다.
                    """)
        case .bankReset:
            return CommandHelp(summary: "모든 업무와 대기 고객을 취소합니다. 번호표와 타이머가 처음부터 시작합니다.")
        case .bankReport:
            return CommandHelp(
                summary: "업무와 등급별 고객 수, 평균·p50·p95·최대 대기 시간과 창구별 가동률을 보여 줍니다.")
        case .bankExport:
            return CommandHelp(
                summary: "업무를 마친 고객마다 한 줄을 씁니다: 번호표, 업무, 등급, 도착, 단계마다 창구, 직원, 시작과 끝(은행 시간 ms).",
                arguments: [
                    "file": "쓸 파일, .csv나 .jsonl이 형식을 정합니다",
                    "format": "파일 이름과 상관없이",
                ],
                discussion: "파일은 새로 씁니다. 고객은 'bank report'가 세는 이들입니다: 은행이 열리거나 마지막으로 초기화된 뒤부터.")
        case .bankHistory:
            return CommandHelp(
                summary: "최근 은행 영업 기록을 보여 줍니다: 연 시각, 처리한 고객, 업무시간.",
                arguments: ["count": "몇 개의 기록인지, 기본 10"])
        case .history:
            return CommandHelp(
                summary: "프롬프트에 입력한 줄을 오래된 것부터 보여 줍니다.",
                arguments: ["count": "마지막 몇 줄만"],
                discussion: """
                    기록은 $KIOSK_HISTFILE, 없으면 $XDG_STATE_HOME/kiosk/history \
                    (~/.local/state/kiosk/history)에 최대 \(context.historyCapacity)줄까지 남습니다. \
                    공백으로 시작하는 줄은 남기지 않습니다.
                    """)
        case .bankWatch:
            return CommandHelp(
                summary: "은행을 전체 화면으로 보여 줍니다: 대기중, 업무중, 업무시간, 최근 이벤트.",
                discussion: """
                    키: a 고객 10명 추가, A 고객 100명 추가, r 초기화 (먼저 묻습니다), ? 키 목록, \
                    q, Esc, Ctrl-C 프롬프트로 돌아가기 (은행은 계속 업무를 봅니다). \
                    터미널의 대화형 프롬프트에서만 됩니다.
                    """)
        case .bankPreset:
            return CommandHelp(
                summary: "지금 쓰는 은행 프리셋을 보여 주거나, 다른 프리셋으로 은행을 새로 만듭니다.",
                arguments: ["preset": "은행을 새로 만들 프리셋"],
                discussion:
                    "은행이 쉬고 있을 때만 됩니다: 대기중, 업무중, 도착 예정 고객이 없어야 합니다. 새 은행은 --preset NAME으로 시작한 은행과 같습니다. 번호표는 1번부터, 'bank history'에는 새 기록이 생깁니다."
            )
        case .events:
            return CommandHelp(
                summary: "은행이 프롬프트 위에 무엇을 출력할지 보여 주거나 고릅니다.",
                arguments: [
                    "mode": "전부(all): 모든 업무 시작과 완료, 요약(summary): 1초에 한 줄 이하의 요약, 끔(off): 마감 요약만"
                ],
                discussion: """
                    직접 입력한 명령의 결과는 언제나 보입니다. 프롬프트에서 고른 값은 기록 파일 옆의 \
                    설정 파일($XDG_STATE_HOME/kiosk/settings)에 기억됩니다.
                    """)
        case .quit:
            return CommandHelp(
                summary: "kiosk를 끝냅니다 (빈 프롬프트에서 Ctrl-D도 같습니다).",
                discussion: """
                    프롬프트에서는 아직 은행에 있는 고객을 돌려보냅니다. 스크립트에서는 읽기를 멈추고, \
                    스크립트 끝에서처럼 은행이 업무를 마칩니다.
                    """)
        case .clear:
            return CommandHelp(summary: "화면을 지웁니다 (프롬프트에서 Ctrl-L도 같습니다).")
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
    var helpAcceptsSeparator: String { " · " }
    var listsKoreanCommandWords: Bool { true }
    var helpExamples: String { "예시:" }
    func accepts(integersFrom low: Int, to high: Int) -> String { "\(low)부터 \(high)까지의 정수" }
    func accepts(choice noun: String, ids: [String]) -> String { "\(self.noun(noun)): \(ids.joined(separator: ", "))" }
    var acceptsCommandName: String { "명령 이름" }
    var acceptsDay: String { "오늘, 어제 또는 YYYY-MM-DD 형식의 날짜" }
    func accepts(durationsFrom low: String, to high: String) -> String {
        "단위를 붙인 시간(초, 분, 시간 또는 ms, s, m, h: 45초, 10분, 1.5h), \(low)부터 \(high)까지"
    }
    func accepts(ratesFrom low: String, to high: String) -> String {
        "초, 분 또는 시간당 횟수(2/분, 분당2, 60/h), \(low)부터 \(high)까지"
    }

    func helpTopic(_ topic: HelpTopicKind) -> String {
        switch topic {
        case .shop: "쥬스 가게:"
        case .bank: "은행:"
        case .session: "kiosk:"
        }
    }

    var helpNamesHint: String { "'#' 뒤의 단어는 주석입니다. '?'도 help입니다." }
}
