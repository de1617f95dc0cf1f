/// The front end and the classic console, in Korean.
extension KoreanCatalog {
    var historyEmpty: String { "입력 기록이 없습니다." }

    func banner(version: String, config: String, data: String) -> String {
        "kiosk \(version) · 설정: \(config) · \(data) · 'help'로 명령을 보고, Ctrl-D로 끝냅니다."
    }

    var inMemory: String { "메모리에만 저장" }
    func dataIn(_ directory: String) -> String { "데이터: \(directory)" }
    func sharedDatabase(_ server: String) -> String { "데이터베이스: \(server)" }
    func reconnecting(_ server: String, seconds: Int) -> String {
        "알림: 데이터베이스 \(server) 연결이 끊겼습니다. 최대 \(seconds)초 동안 다시 연결합니다."
    }
    func reconnected(_ server: String) -> String { "알림: 데이터베이스 \(server)에 다시 연결했습니다." }

    func quitWarning(waiting: Int, inService: Int, toArrive: Int) -> String {
        "은행에 아직 고객 \(waiting + inService + toArrive)명이 있습니다 (대기 \(waiting)명, 업무중 \(inService)명"
            + (toArrive > 0 ? ", 도착 예정 \(toArrive)명" : "") + "). "
            + "나가면 돌려보냅니다: 나가려면 'quit'이나 Ctrl-D를 한 번 더, 먼저 업무를 마치려면 'bank wait'."
    }

    func cancelledTickets(_ ranges: [(task: String, tickets: [ClosedRange<Int>])]) -> String {
        "돌려보낸 번호표: "
            + ranges.map { entry in
                entry.task + " "
                    + entry.tickets.map { $0.count == 1 ? "\($0.lowerBound)번" : "\($0.lowerBound)–\($0.upperBound)번" }
                    .joined(separator: ", ")
            }.joined(separator: ", ") + "."
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
}
