import Testing

@testable import KioskREPL

@Suite struct KoreanParticleTests {
    @Test(
        "each particle takes the form its word's reading asks for",
        arguments: [
            (KoreanParticle.object, "바나나쥬스", "바나나쥬스를"),
            (.object, "딸기쥬스", "딸기쥬스를"),
            (.object, "망고 키위 쥬스", "망고 키위 쥬스를"),
            (.object, "예금", "예금을"),
            (.subject, "딸기", "딸기가"),
            (.subject, "은행원", "은행원이"),
            (.topic, "대출", "대출은"),
            (.topic, "고객", "고객은"),
            (.topic, "창구", "창구는"),
            (.and, "키위", "키위와"),
            (.and, "딸기쥬스 1잔", "딸기쥬스 1잔과"),
            (.direction, "서울", "서울로"),
            (.direction, "본사", "본사로"),
            (.direction, "창구 3", "창구 3으로"),
            (.direction, "창구 2", "창구 2로"),
            (.direction, "7", "7로"),
            (.direction, "부산", "부산으로"),
            (.copula, "과일", "과일이에요"),
            (.copula, "쥬스", "쥬스예요"),
            (.copula, "등급", "등급이에요"),
            (.copula, "업무", "업무예요"),
            (.topic, "-1", "-1은"),
            (.topic, "0", "0은"),
            (.topic, "'VIP'", "'VIP'는"),
            (.subject, "<juice>", "<juice>가"),
            (.object, "/etc/passwd", "/etc/passwd를"),
            (.and, "--in-memory", "--in-memory와"),
            (.and, "--from", "--from과"),
            (.direction, "classic", "classic으로"),
            (.direction, "'classic'", "'classic'으로"),
            (.direction, "2021-01", "2021-01로"),
        ])
    func hangul(particle: KoreanParticle, word: String, expected: String) {
        #expect(particle.after(word) == expected)
    }

    @Test(
        "numbers are read in Sino-Korean: the last digit, and every round number ends in a consonant",
        arguments: [
            ("0", "이"), ("1", "이"), ("2", "가"), ("3", "이"), ("4", "가"), ("5", "가"), ("6", "이"), ("7", "이"),
            ("8", "이"), ("9", "가"), ("10", "이"), ("12", "가"), ("20", "이"), ("100", "이"), ("1000", "이"),
            ("-1", "이"), ("15", "가"), ("#13", "이"),
        ])
    func numbers(number: String, subject: String) {
        #expect(KoreanParticle.subject.form(after: number) == subject)
    }

    @Test(
        "Latin words as they are spoken in Korean; capitals spelled letter by letter",
        arguments: [
            ("mango", "를"), ("kiwi", "를"), ("banana", "를"), ("lemon", "을"), ("apple", "을"), ("book", "을"),
            ("desk", "를"), ("king", "을"), ("VIP", "를"), ("VVIP", "를"), ("HTML", "을"), ("Counter", "를"),
            ("strawberry", "를"), ("m", "을"), ("x", "를"), ("pineapple", "을"), ("classic", "을"), ("music", "을"),
            ("web", "을"), ("back", "을"), ("cat", "을"), ("disc", "를"),
        ])
    func latin(word: String, object: String) {
        #expect(KoreanParticle.object.form(after: word) == object)
    }

    @Test("closing quotes and punctuation after a word are skipped", arguments: ["'바나나'", "\"키위\"", "(대출)", "딸기."])
    func quoted(word: String) {
        let expected = word.contains("대출") ? "을" : "를"
        #expect(KoreanParticle.object.form(after: word) == expected)
    }

    @Test("a word with nothing readable takes the vowel form rather than both")
    func unreadable() {
        #expect(KoreanParticle.object.after("") == "를")
        #expect(KoreanParticle.topic.after("…") == "…는")
    }
}
