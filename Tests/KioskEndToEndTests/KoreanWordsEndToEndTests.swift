import Foundation
import Testing

/// Korean words kiosk takes in Korean mode (days, command words, units, modes), and Korean
/// lines that name things in Korean rather than by their English ids.
@Suite struct KoreanWordsEndToEndTests {
    private static func korean(_ command: String) async throws -> KioskBinary.Run {
        try await KioskBinary.run(["--in-memory", "--lang", "ko", "--speed", "max", "--seed", "3", "-c", command])
    }

    @Test(
        "Korean days, command words, units and modes are taken",
        arguments: [
            "판매 오늘", "판매 어제", "판매 그제", "은행 프리셋", "은행 추가 2 --over 10분", "은행 추가 2 --over 10초",
            "은행 추가 2 --rate 2/분", "은행 추가 2 --rate 분당2", "bank plan --hours 8시간", "events 전부",
        ])
    func accepted(command: String) async throws {
        let run = try await Self.korean(command)
        #expect(run.status == 0, "\(command): \(run.stderr)")
        #expect(run.stderr.isEmpty, "\(command): \(run.stderr)")
    }

    @Test("판매 내보내기 writes the day's sales")
    func salesExport() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await Self.korean("판매 내보내기 \(path)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a preset named in English is shown by its Korean name, with 으로")
    func presetParticle() async throws {
        let run = try await Self.korean("bank preset classic")
        #expect(run.stdout.contains("이제 은행은 프리셋 클래식으로 운영합니다"), "\(run.stdout)")
        let mode = try await Self.korean("events 끔")
        #expect(mode.stdout == "은행 이벤트: 끔 (마감 요약만).\n", "\(mode.stdout)")
    }

    @Test(
        "a refusal names the kind of value and the choices in Korean",
        arguments: [
            ("events foo", "'foo'는 없는 모드예요."),
            ("bank export a.csv --format xml", "'xml'은 없는 형식이에요. 다음 중에서 골라 주세요: csv, jsonl."),
            ("bank add 2 예금 골드", "'골드'는 없는 등급이에요. 다음 중에서 골라 주세요: 일반."),
            ("stock add 멜론 1", "'멜론'은 없는 과일이에요. 다음 중에서 골라 주세요: 딸기, 바나나, 파인애플, 키위, 망고."),
        ])
    func koreanChoices(command: String, expected: String) async throws {
        let run = try await Self.korean(command)
        #expect(run.status != 0)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }

    @Test("the English refusal still lists ids")
    func englishChoices() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "stock add melon 1"])
        #expect(run.stderr.contains("strawberry, banana, pineapple, kiwi, mango"), "\(run.stderr)")
    }

    @Test("the Korean plan chart's axis says the wait in Korean, as its title does")
    func planChartAxis() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await Self.korean("bank plan --plot \(path)")
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("가장 나쁜 업무가 1분 안에 처리된 비율"))
        #expect(!svg.contains("1m 안에"))
    }
}
