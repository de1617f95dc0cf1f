/// kiosk's Korean, with the exercises' own words where they have them: "딸기쥬스 나왔습니다!
/// 맛있게 드세요!", "재료가 모자라요.", "3번 고객 예금업무 시작", "업무가 마감되었습니다. …".
struct KoreanCatalog: MessageCatalog {
    /// The Korean word for what a choice argument names (`fruit` → 과일).
    func noun(_ noun: String) -> String {
        switch noun {
        case "fruit": "과일"
        case "juice": "쥬스"
        case "task": "업무"
        case "grade": "등급"
        case "command": "명령"
        case "preset": "프리셋"
        case "mode": "모드"
        case "format": "형식"
        case "desk": "창구"
        default: noun
        }
    }
}
