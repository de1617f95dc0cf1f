import Bank
import KioskCore

extension KoreanCatalog {
    func planTarget(share: Double?, within: String) -> String {
        share.map { "\(PlanFormat.percent($0))가 \(Self.spokenDuration(within)) 안에" }
            ?? "평균 대기 \(Self.spokenDuration(within)) 이내"
    }

    func planHeadline(target: String, hours: String, replications: Int, rates: String) -> String {
        "인력 계획 (\(target)): 하루 \(hours)시간, 배치마다 \(replications)번 반복, 도착 \(rates)."
    }

    var planColumns: (staffing: String, cost: String, utilisation: String) { ("은행원", "비용", "최고 가동률") }
    var planRecommendedMark: String { "◀ 추천" }

    func planRecommended(staffing: String, cost: String) -> String {
        "추천: \(staffing) (비용 \(cost)). 95% 하한으로도 목표를 넘는 배치 가운데 비용이 가장 적게 듭니다."
    }

    func planUnreachable(best: String, reaches: String) -> String {
        "범위 안의 어떤 배치도 목표에 닿지 않습니다. 가장 나은 배치는 \(best)이고, 가장 나쁜 업무가 \(reaches)에 그칩니다. "
            + "범위를 넓히거나(--clerks 창구=MIN..MAX) 목표를 낮추세요."
    }

    var planDetailColumns:
        (
            task: String, grade: String, customers: String, mean: String, p50: String, p95: String, within: String,
            theory: String
        )
    { ("업무", "등급", "하루 고객", "평균 대기", "p50", "p95", "목표 안 (95% 신뢰구간)", "이론") }

    func planDetailTitle(staffing: String) -> String { "\(staffing) 배치의 대기:" }
    var planChartTitle: String { "배치별, 가장 나쁜 업무의 목표 안 비율:" }
    var planTheoryDisagrees: String { "≠ 시뮬레이션" }

    func planPlotTitle(mean: Bool) -> String {
        mean ? "배치별 가장 나쁜 업무의 평균 대기" : "배치별 가장 나쁜 업무의 목표 안 비율"
    }

    func planPlotAxes(mean: Bool, within: String, desks: String) -> (x: String, y: String) {
        ("배치별 은행원 수 (\(desks))", mean ? "가장 나쁜 업무의 평균 대기" : "가장 나쁜 업무가 \(Self.spokenDuration(within)) 안에 처리된 비율")
    }

    func planPlotClerks(desk: String, count: Int) -> String { "\(desk) \(count)명" }

    func planPlotClerksKey(example: String, meaning: String) -> String {
        "\(KoreanParticle.topic.after(example)) \(meaning)이라는 뜻"
    }

    var planPlotLegend: (recommended: String, meets: String, misses: String, target: String, interval: String) {
        ("추천", "목표 충족", "목표 미달", "목표", "95% 구간")
    }

    func planProgress(staffing: Int, bar: String, days: Int, of total: Int) -> String {
        "계획 중: 배치 \(staffing) \(bar) \(total)일 중 \(days)일"
    }

    var planNetworkNote: String {
        "이론은 한 단계짜리 창구만 다룹니다. 여러 단계를 거치는 업무와 함께 쓰는 창구·본사에서는 이론과 시뮬레이션이 어긋납니다."
    }

    func describe(_ error: PlanError) -> String {
        switch error {
        case .badRate(let given):
            "\(quoted(Sanitized.text(given), .topic)) 도착률이 아닙니다. 업무=N/h (또는 /m, /s)로 쓰세요: --rate deposit=60/h."
        case .unknownName(let noun, let given, let known):
            "알 수 없는 \(noun == "task" ? "업무" : "창구") '\(Sanitized.text(given))'. 다음 중에서 고르세요: \(known.joined(separator: ", "))."
        case .noArrivals:
            "모든 도착률이 0이라 아무도 오지 않습니다. 업무에 도착률을 주세요: --rate 업무=60/h."
        case .badTarget(let given, let word):
            // A target of one word not understood is named once ('soon'은 목표가 아닙니다).
            (word.flatMap { $0 == given ? nil : $0 }.map {
                "'\(Sanitized.text(given))'에서 \(quoted(Sanitized.text($0), .object)) 알아듣지 못했습니다. "
            }
                ?? "\(quoted(Sanitized.text(given), .topic)) 목표가 아닙니다. ")
                + "대기 시간 안의 비율(\"2분 안에 85%\"), 평균(\"평균 45초 이내\"), "
                + "또는 대기 시간만(\"2분\", 그 안에 85%) 쓰세요."
        case .impossibleTarget(let percent):
            "\(PlanFormat.number(percent))%는 맞출 수 없는 비율입니다. 0%보다 크고 100% 이하로 주세요."
        case .zeroMeanTarget(let given):
            "\(quoted(Sanitized.text(given), .topic)) 아무도 기다리지 않아야 한다는 뜻인데, 어떤 인원 배치도 그것을 약속할 수 없습니다. 0보다 큰 평균(\"mean within 30s\")이나, 전혀 기다리지 않는 고객의 비율(\"95% within 0s\")을 주세요."
        case .badSetting(let option, let given):
            option == "clerks"
                ? "\(quoted(Sanitized.text(given), .topic)) 은행원 범위가 아닙니다. 창구=MIN..MAX 또는 창구=N (1~1000)으로 쓰세요: --clerks deposit=2..6."
                : "\(quoted(Sanitized.text(given), .topic)) 비용이 아닙니다. 창구=N (0부터 1000000까지의 정수)으로 쓰세요: --cost loan=2."
        case .boundsReversed(let desk, let min, let max):
            "--clerks \(Sanitized.text(desk))=\(min)..\(max)에서 MIN이 MAX보다 큽니다. \(Sanitized.text(desk))=\(max)..\(min)로 쓰세요."
        case .overloaded(let desk, let load, let max):
            "\(Sanitized.text(desk))에는 늘 은행원 \(PlanFormat.number(load))명분의 일이 있는데 최대 \(max)명이라 줄이 하루 종일 늘어납니다. "
                + "범위를 올리세요: --clerks \(Sanitized.text(desk))=MIN..\(Int(load.rounded(.up)) + 1)."
        case .badHours(let given):
            "\(quoted(Sanitized.text(given), .topic)) 시간 수가 아닙니다. 0보다 크고 168 이하로 주세요: --hours 8."
        case .dayTooBusy(let expected, let limit):
            "이 도착률이면 하루 약 \(expected)명이 옵니다. 계획은 하루 최대 \(limit)명까지 시뮬레이션합니다. --rate나 --hours를 낮추세요."
        case .tooFewArrivals(let expected, let hours):
            "이 도착률이면 \(PlanFormat.number(hours))시간 동안 \(PlanFormat.number(expected))명이 와서, 인원 배치를 판단하기에 너무 적습니다. 아무것도 추천하지 않습니다. 하루를 늘리거나(--hours 8) 도착률을 높이세요."
        case .interrupted(let tried):
            "배치 \(tried)개를 시뮬레이션한 뒤 계획을 멈췄습니다. --replications를 줄이거나 --clerks 범위를 좁혀 다시 실행하세요."
        case .badService(let given):
            "알 수 없는 서비스 시간 방식 '\(Sanitized.text(given))'. fixed 또는 exponential 중에서 고르세요."
        case .cannotWritePlot(let path, let reason):
            reason.map { "차트를 '\(Sanitized.text(path, limit: 256))'에 쓸 수 없습니다: \($0). --plot에 다른 경로를 주세요." }
                ?? "이 화면에서는 차트를 그리지 않습니다. --plot을 빼세요."
        case .plotNotSVG(let path):
            "--plot은 SVG 차트만 씁니다: '\(Sanitized.text(path, limit: 256))' 말고 .svg로 끝나는 파일 이름을 주세요."
        }
    }
}

extension KoreanCatalog {
    /// A duration as typed (`1m`, `45s`, `700ms`, `1.5h`) as Korean says it: `1분`, `45초`.
    static func spokenDuration(_ typed: String) -> String {
        for (unit, word) in [("ms", "밀리초"), ("s", "초"), ("m", "분"), ("h", "시간")] where typed.hasSuffix(unit) {
            let number = typed.dropLast(unit.count)
            if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }) { return number + word }
        }
        return typed
    }
}
