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
        "order strawberry 5", "stock set kiwi 1000", "help ordr",
    ]

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

    @Test("a suggestion takes 를 after a vowel and 을 after a consonant")
    func suggestionParticles() async throws {
        let vowel = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "order mang"])
        #expect(vowel.stderr.contains("'mango'를 말씀하셨나요?"), "\(vowel.stderr)")
        let consonant = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "bank add 1 depositt"])
        #expect(consonant.stderr.contains("'deposit'을 말씀하셨나요?"), "\(consonant.stderr)")
        let hangul = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "order 바나나"])
        #expect(hangul.stderr.contains("'바나나쥬스'를 말씀하셨나요?"), "\(hangul.stderr)")
    }
}
