import Foundation
import Testing

/// `bank preset [NAME]`: names the preset in force, builds the bank again from another exactly
/// as `--preset NAME` at start does while the bank is idle, and refuses while anyone is there.
@Suite(
    "Bank preset end to end", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankPresetEndToEndTests {
    static let presets = ["2021-01", "2021-05", "classic"]

    @Test("'bank preset' names the preset in force and the others, in text and JSON")
    func names() async throws {
        let json = try await KioskBinary.run(["--in-memory", "--json", "--preset", "2021-01", "-c", "bank preset"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.stdoutLines == [
                #"{"type":"result","command":"bank preset","preset":"2021-01","changed":false,"presets":["2021-01","2021-05","classic"]}"#
            ])
        let own = try await KioskBinary.run(["--in-memory", "--json", "-c", "bank preset"])
        #expect(own.stdoutLines.first?.contains(#""preset":null"#) == true, "\(own.stdout)")
        let text = try await KioskBinary.run(["--in-memory", "--preset", "2021-05", "-c", "bank preset"])
        #expect(text.stdoutLines == ["The bank runs preset 2021-05. Other presets: 2021-01, classic."])
        let korean = try await KioskBinary.run([
            "--in-memory", "--lang", "ko", "--preset", "2021-05", "-c", "bank preset",
        ])
        #expect(korean.stdoutLines == ["은행은 프리셋 2021-05로 운영 중입니다. 다른 프리셋: 2021-01, 클래식."])
        #expect(!korean.stdout.contains(";"))
    }

    @Test("a config of a menu alone runs with --preset, which gives the bank; without it [bank] is missing")
    func menuAloneWithPreset() async throws {
        let sandbox = try Sandbox()
        let config = try GrapeMenu.write(in: sandbox, withBank: false)
        let run = try await KioskBinary.run(
            ["--in-memory", "--config", config, "--preset", "2021-05", "-c", "order grape", "-c", "bank preset"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.first == "Made 1 Grape Juice.")
        #expect(run.stdout.contains("2021-05"), "\(run.stdout)")
        let without = try await KioskBinary.run(["--in-memory", "--config", config, "-c", "menu"])
        #expect(without.status == 78)
        #expect(without.stderr.hasSuffix("grape.toml: bank: missing table [bank]\n"), "\(without.stderr)")
    }

    @Test("'bank preset NAME' builds the bank that '--preset NAME' starts with", arguments: presets)
    func sameAsAtStart(preset: String) async throws {
        let common = ["--in-memory", "--speed", "max", "--seed", "9", "--json"]
        let run = ["-c", "bank open 30", "-c", "bank wait", "-c", "bank status", "-c", "bank report"]
        let atStart = try await KioskBinary.run(common + ["--preset", preset] + run)
        let switched = try await KioskBinary.run(
            common + ["--preset", preset == "classic" ? "2021-05" : "classic", "-c", "bank preset \(preset)"] + run)
        #expect(atStart.status == 0, "\(atStart.stderr)")
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(
            switched.stdoutLines.first
                == #"{"type":"result","command":"bank preset","preset":"\#(preset)","changed":true,"presets":["2021-01","2021-05","classic"]}"#
        )
        #expect(Array(switched.stdoutLines.dropFirst()) == atStart.stdoutLines)
    }

    @Test("the text says which desks the new bank has; Korean too, without semicolons")
    func changedText() async throws {
        let english = try await KioskBinary.run(["--in-memory", "-c", "bank preset 2021-05", "-c", "bank preset"])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(
            english.stdoutLines == [
                "The bank now runs preset 2021-05: Counter (3 clerks), Head Office (1 clerk). Tickets start at #1.",
                "The bank runs preset 2021-05. Other presets: 2021-01, classic.",
            ])
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "bank preset 2021-01"])
        #expect(korean.stdoutLines == ["이제 은행은 프리셋 2021-01로 운영합니다: 창구 (은행원 3명). 번호표는 1번부터 시작합니다."])
    }

    @Test("refused while customers wait, are served or are still to arrive; the bank goes on as it was")
    func refusedWhileBusy() async throws {
        let cases: [(commands: [String], waiting: Int, inService: Int, toArrive: Int)] = [
            (["bank add 5 deposit"], 3, 2, 0),
            (["bank add 3 deposit --over 10m"], 0, 1, 2),
        ]
        for entry in cases {
            let run = try await KioskBinary.run(
                ["--in-memory", "--speed", "max", "--json"] + entry.commands.flatMap { ["-c", $0] } + [
                    "-c", "bank preset 2021-05", "-c", "bank preset", "-c", "bank wait",
                ])
            #expect(run.status == 1)
            let error = try #require(run.stderrLines.first { $0.contains(#""code":"bank_not_idle""#) }, "\(run.stderr)")
            #expect(error.contains(#""waiting":\#(entry.waiting)"#), "\(error)")
            #expect(error.contains(#""in_service":\#(entry.inService)"#), "\(error)")
            #expect(error.contains(#""to_arrive":\#(entry.toArrive)"#), "\(error)")
            #expect(run.stdout.contains(#""command":"bank preset","preset":null,"changed":false"#), "\(run.stdout)")
            #expect(run.stdout.contains(#""command":"bank wait","outcome":"idle""#), "\(run.stdout)")
        }
        let text = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "-c", "bank add 5 deposit", "-c", "bank preset classic"])
        #expect(text.status == 1)
        #expect(
            text.stderrLines.contains {
                $0.contains(
                    "The bank's preset can change only while the bank is idle, and it has 3 waiting, 2 in service and 0 to arrive."
                )
            }, "\(text.stderr)")
        let korean = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "--lang", "ko", "-c", "bank add 5 deposit", "-c", "bank preset classic"])
        #expect(korean.stderr.contains("'bank wait' 명령으로 모두 처리하거나 'bank reset' 명령으로 돌려보내 주세요."), "\(korean.stderr)")
        #expect(!korean.stderr.contains(";"))
    }

    @Test("sessions go on being recorded: the old one ends as a reset, the new one counts its own")
    func history() async throws {
        let sandbox = try Sandbox()
        let run = try await KioskBinary.run(
            [
                "--speed", "max", "--seed", "3", "--json", "--events", "off", "-c", "bank open 5", "-c", "bank wait",
                "-c", "bank preset 2021-05", "-c", "bank open 12", "-c", "bank wait", "-c", "bank history 2",
            ], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdoutLines.first { $0.contains(#""command":"bank history""#) })
        let history = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let sessions = try #require(history["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["served"] as? Int } == [12, 5])
        #expect(sessions.map { $0["ended"] as? String } == [nil, "reset"])
        #expect((sessions.first?["by_task"] as? [String: Int])?.keys.sorted() == ["deposit", "loan"])
    }

    @Test("an unknown preset is refused by name, with the closest one")
    func unknown() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "bank preset 2021-5"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("2021-5"), "\(run.stderr)")
        #expect(run.stderr.contains("2021-05"), "\(run.stderr)")
    }
}
