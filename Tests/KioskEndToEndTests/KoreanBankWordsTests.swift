import Testing

/// The bank in Korean: `classic` is 클래식 too, and `help events` names the modes in Korean.
@Suite("The bank's Korean words", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct KoreanBankWordsTests {
    @Test("은행 프리셋 클래식 and --preset 클래식 run the classic preset; the dated ones keep their names")
    func classicInKorean() async throws {
        let prompt = try await KioskBinary.run(
            ["--in-memory", "--lang", "ko", "--preset", "2021-05", "-c", "은행 프리셋 클래식", "-c", "bank preset"])
        #expect(prompt.status == 0, "\(prompt.stderr)")
        #expect(prompt.stdoutLines.first?.hasPrefix("이제 은행은 프리셋 클래식으로 운영합니다") == true, "\(prompt.stdout)")
        #expect(prompt.stdoutLines.last == "은행은 프리셋 클래식으로 운영 중입니다. 다른 프리셋: 2021-01, 2021-05.")
        let flag = try await KioskBinary.run(["--in-memory", "--preset", "클래식", "-c", "bank preset"])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(flag.stdoutLines.first?.contains("classic") == true, "\(flag.stdout)")
        // In Korean it is shown back by its Korean name, however it was given.
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "--preset", "클래식", "-c", "bank preset"])
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(korean.stdoutLines == ["은행은 프리셋 클래식으로 운영 중입니다. 다른 프리셋: 2021-01, 2021-05."], "\(korean.stdout)")
        let unknown = try await KioskBinary.run(["--in-memory", "--preset", "고전", "-c", "bank preset"])
        #expect(unknown.status == 64)
    }

    @Test("an unknown preset at the prompt lists 클래식 in Korean, classic in English")
    func unknownPresetNames() async throws {
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "은행 프리셋 없음"])
        #expect(korean.status == 1)
        #expect(
            korean.stderrLines == ["kiosk: -c: '없음'은 없는 프리셋이에요. 다음 중에서 골라 주세요: 2021-01, 2021-05, 클래식."],
            "\(korean.stderr)")
        let english = try await KioskBinary.run(["--in-memory", "--lang", "en", "-c", "bank preset nope"])
        #expect(english.status == 1)
        #expect(
            english.stderrLines == ["kiosk: -c: Unknown preset 'nope'. Choose one of: 2021-01, 2021-05, classic."],
            "\(english.stderr)")
    }

    @Test("help events in Korean names each mode in Korean, with its English word beside it")
    func eventsHelp() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "help events"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("전부(all): 모든 업무 시작과 완료, 요약(summary): 1초에 한 줄 이하의 요약, 끔(off): 마감 요약만"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("all: 모든"))
    }

    @Test("bank plan's Korean headline says the wait in Korean units")
    func planHeadline() async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "--lang", "ko", "--seed", "3", "-c",
                #"bank plan --rate deposit=200/h --hours 4 --replications 2 --target "80% within 2m""#,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.first?.hasPrefix("인력 계획 (80%가 2분 안에)") == true, "\(run.stdout)")
        #expect(!run.stdout.contains("2m"))
    }
}
