import Foundation
import KioskPostgres
import Testing

@testable import KioskREPL

/// A lost or silent PostgreSQL server: at the prompt the next command connects again, but a
/// script (and a start) stops at it, so there the words say so and how to see what was made.
@Suite("Lost server words")
struct LostServerWordsTests {
    static let server = "postgresql://kiosk@db.example:5432/shop"
    static let lost = PostgresError.connectionLost(server: server, reason: "server closed the connection")
    static let silent = PostgresError.unanswered(server: server, waited: .seconds(10))

    @Test(
        "at the prompt the next command connects again",
        arguments: [
            (
                Language.english, lost,
                "Lost the connection to \(server) (server closed the connection); nothing was changed. The next command connects again."
            ),
            (
                Language.english, silent,
                "\(server) sent no answer for 10 s (the server or the network is not responding), so kiosk gave the connection up; the next command connects again."
            ),
            (
                Language.korean, lost,
                "\(server) 연결이 끊겼습니다 (server closed the connection). 바뀐 것은 없고, 다음 명령이 다시 연결합니다."
            ),
            (
                Language.korean, silent,
                "\(server)에서 10초 동안 답이 없어 (서버나 네트워크가 응답하지 않습니다) 연결을 끊었습니다. 다음 명령이 다시 연결합니다."
            ),
        ])
    func atThePrompt(language: Language, error: PostgresError, words: String) {
        #expect(Presenter(language: language, config: nil).describe(error) == words)
    }

    @Test(
        "where kiosk stops, it says so and names 'stock' and 'sales'",
        arguments: [
            (
                Language.english, lost,
                "Lost the connection to \(server) (server closed the connection); nothing was changed, and kiosk stops here. When the server is back, 'stock' and 'sales' show what the database holds."
            ),
            (
                Language.english, silent,
                "\(server) sent no answer for 10 s (the server or the network is not responding), so kiosk gave the connection up and stops here. When the server answers again, 'stock' and 'sales' show what the database holds."
            ),
            (
                Language.korean, lost,
                "\(server) 연결이 끊겼습니다 (server closed the connection). 바뀐 것은 없고, kiosk는 여기서 멈춥니다. 서버가 돌아오면 stock과 sales가 데이터베이스에 있는 것을 보여 줍니다."
            ),
            (
                Language.korean, silent,
                "\(server)에서 10초 동안 답이 없어 (서버나 네트워크가 응답하지 않습니다) 연결을 끊었고, kiosk는 여기서 멈춥니다. 서버가 다시 답하면 stock과 sales가 데이터베이스에 있는 것을 보여 줍니다."
            ),
        ])
    func whereKioskStops(language: Language, error: PostgresError, words: String) {
        #expect(Presenter(language: language, config: nil).describe(error, endsRun: true) == words)
    }

    @Test("other errors read the same wherever they come", arguments: [Language.english, .korean])
    func othersUnchanged(language: Language) {
        let presenter = Presenter(language: language, config: nil)
        let errors: [PostgresError] = [
            .unreachable(server: Self.server, reason: "refused"),
            .outcomeUnknown(server: Self.server, reason: .reported("no answer")),
            .busy(server: Self.server, waited: .seconds(5)),
        ]
        for error in errors {
            #expect(presenter.describe(error, endsRun: true) == presenter.describe(error))
        }
    }

    @Test("a script's line keeps its location and its code; only the message changes", arguments: [true, false])
    func scriptLine(json: Bool) throws {
        let errors = CapturedText()
        let console = Console(
            format: json ? .json : .text, colors: false, output: CapturedText(), errors: errors,
            presenter: Presenter(language: .english, config: nil))
        console.show(error: Self.lost, location: "orders.txt: line 3", endsRun: true)
        if json {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(errors.text.utf8)) as? [String: Any])
            #expect(object["code"] as? String == "storage_connection_lost")
            #expect(object["database"] as? String == Self.server)
            #expect(object["location"] as? String == "orders.txt: line 3")
            #expect((object["message"] as? String)?.contains("kiosk stops here") == true)
        } else {
            #expect(errors.text.hasPrefix("kiosk: orders.txt: line 3: Lost the connection to "))
            #expect(errors.text.contains("kiosk stops here"))
            #expect(!errors.text.contains("next command"))
        }
    }
}
