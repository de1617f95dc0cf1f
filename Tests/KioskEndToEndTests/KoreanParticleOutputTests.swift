import Testing

/// Korean lines choose each particle from the word before it: no line leaves the choice to
/// the reader as `을(를)` does.
@Suite struct KoreanParticleOutputTests {
    /// Commands whose answers quote a word and follow it with a particle: suggestions for
    /// unknown commands, subcommands, juices, fruits, tasks and options, and refusals.
    static let battery = [
        "ordr banana", "order mang", "order 바나나", "order kiwii", "bank ad 1", "stock ad kiwi 1",
        "stock add kiwii 1", "bank add 1 depositt", "bank add 1 deposit vip", "bank plan --rate depositt=60/h",
        "bank plan --rate deposit=fast", "bank plan --target soon", "bank plan --hours 0", "sales --fromm 2026-01-01",
        "order strawberry 5", "stock set kiwi 1000", "help ordr", "order 바나나쥬수", "stock remove 키위 20",
        "stock set 망고 -1", "재고 뭐", "은행", "bank add 1 적금", "menu 더", "order 바나나 abc",
        "sales --from 2026-02-01 --to 2026-01-01", "events foo", "bank export a.csv --format xml", "bank add 2 예금 골드",
        "stock add 멜론 1", "은행 추가 2 --over 10x",
    ]

    /// Commands that succeed, with the bank's lines in virtual time: menus, stock, sales,
    /// each preset's service lines, status and report, and help.
    static let answers: [[String]] = [
        ["menu", "order 바나나", "stock add 키위 1 망고 1", "stock fill", "sales", "stock", "history"],
        ["help", "help order", "help stock", "help bank", "help bank plan", "help events", "help 재고"],
        ["--preset", "2021-05", "bank open 8", "bank wait", "bank status", "bank report", "bank history"],
        ["--preset", "2021-01", "bank open 8", "bank wait", "bank status", "bank report"],
        ["bank open 8", "bank wait", "bank status", "bank report", "events"],
        ["판매 어제", "은행 프리셋", "bank preset classic", "은행 추가 2 --over 10분", "은행 대기", "events 전부"],
    ]

    /// Every line of `text` that holds Hangul.
    static func koreanLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            line.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        }
    }

    @Test("a battery of refusals in Korean has no particle left to the reader")
    func noBracketedParticles() async throws {
        for command in Self.battery {
            let run = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", command])
            let text = run.stdout + run.stderr
            #expect(!text.isEmpty, "\(command)")
            for bracketed in ["을(를)", "를(을)", "은(는)", "는(은)", "이(가)", "가(이)", "와(과)", "과(와)", "(으)로"] {
                #expect(!text.contains(bracketed), "\(command): \(text)")
            }
        }
    }

    @Test("no Korean line joins sentences with a semicolon or leaves a particle to the reader")
    func noSemicolons() async throws {
        var runs: [String] = []
        for command in Self.battery {
            let run = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", command])
            runs.append(run.stdout + run.stderr)
        }
        for commands in Self.answers {
            let flags = commands.first == "--preset" ? Array(commands.prefix(2)) : []
            let run = try await KioskBinary.run(
                ["--in-memory", "--lang", "ko", "--speed", "max", "--seed", "3"] + flags
                    + commands.dropFirst(flags.count).flatMap { ["-c", $0] })
            #expect(run.status == 0, "\(commands): \(run.stderr)")
            runs.append(run.stdout + run.stderr)
        }
        for text in runs {
            let lines = Self.koreanLines(text)
            #expect(!lines.isEmpty, "\(text)")
            for line in lines {
                #expect(!line.contains(";"), "\(line)")
                for bracketed in ["을(를)", "를(을)", "은(는)", "는(은)", "이(가)", "가(이)", "와(과)", "과(와)", "(으)로"] {
                    #expect(!line.contains(bracketed), "\(line)")
                }
            }
        }
    }

    @Test("a suggestion takes 를 after a vowel and 을 after a consonant")
    func suggestionParticles() async throws {
        let vowel = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "order mang"])
        #expect(vowel.stderr.contains("'mango'를 말씀하셨나요?"), "\(vowel.stderr)")
        let consonant = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "bank add 1 depositt"])
        #expect(consonant.stderr.contains("'deposit'을 말씀하셨나요?"), "\(consonant.stderr)")
        let hangul = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "order 바나나쥬수"])
        #expect(hangul.stderr.contains("'바나나쥬스'를 말씀하셨나요?"), "\(hangul.stderr)")
        let digits = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "stock set 망고 -1"])
        #expect(digits.stderr.contains("-1은 안 돼요."), "\(digits.stderr)")
    }
}
