/// A Korean particle whose form depends on the word before it: 을/를, 이/가, 은/는, 와/과,
/// 으로/로, and the copula 이에요/예요. The form is chosen from how the word is read aloud, so that a catalog never
/// leaves the choice to the reader (`을(를)`).
///
/// ```swift
/// KoreanParticle.object.after("바나나쥬스")   // "바나나쥬스를"
/// KoreanParticle.subject.after("딸기")       // "딸기가"
/// KoreanParticle.direction.after("12")      // "12로"  (십이)
/// KoreanParticle.topic.after("mango")       // "mango는"
/// ```
enum KoreanParticle: Sendable, CaseIterable {
    /// 을 after a final consonant, 를 after a vowel.
    case object
    /// 이 after a final consonant, 가 after a vowel.
    case subject
    /// 은 after a final consonant, 는 after a vowel.
    case topic
    /// 과 after a final consonant, 와 after a vowel.
    case and
    /// 으로 after a final consonant other than ㄹ, 로 after a vowel or ㄹ.
    case direction
    /// The polite copula: 이에요 after a final consonant, 예요 after a vowel (`등급이에요`,
    /// `과일예요`).
    case copula

    /// `word` followed by the particle's form for it.
    func after(_ word: String) -> String {
        word + form(after: word)
    }

    /// The particle's form for the word it follows.
    func form(after word: String) -> String {
        let ending = Self.ending(of: word)
        switch self {
        case .object: return ending == .vowel ? "를" : "을"
        case .subject: return ending == .vowel ? "가" : "이"
        case .topic: return ending == .vowel ? "는" : "은"
        case .and: return ending == .vowel ? "와" : "과"
        case .direction: return ending == .consonant ? "으로" : "로"
        case .copula: return ending == .vowel ? "예요" : "이에요"
        }
    }

    /// How a word ends when read aloud.
    enum Ending: Equatable {
        case vowel
        /// A final consonant other than ㄹ.
        case consonant
        /// The final consonant ㄹ, which takes 로 rather than 으로.
        case rieul
    }

    /// How `word` ends when read aloud: its last Hangul syllable's final consonant; a number
    /// as Korean reads it (`3` 삼, `10` 십, `2` 이); a Latin word or letter as it is usually
    /// spoken in Korean (`mango` 망고, `kiwi` 키위, `L` 엘, `VIP` 브이아이피). Closing quotes,
    /// brackets and punctuation after the word are skipped; a word with nothing readable is
    /// taken to end in a vowel.
    static func ending(of word: String) -> Ending {
        let trailing: Set<Character> = ["'", "\"", "’", "”", ")", "]", "」", "』", ".", ",", "!", "?", " ", "`"]
        var scalars = Substring(word)
        while let last = scalars.last, trailing.contains(last) { scalars.removeLast() }
        guard let last = scalars.unicodeScalars.last else { return .vowel }
        if (0xAC00...0xD7A3).contains(last.value) {
            let final = (last.value - 0xAC00) % 28
            return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
        }
        if ("0"..."9").contains(last) {
            return numberEnding(String(scalars.reversed().prefix { $0.isNumber }.reversed()))
        }
        if last.properties.isAlphabetic, last.isASCII {
            let letters = String(scalars.reversed().prefix { $0.isASCII && $0.isLetter }.reversed())
            return latinEnding(letters)
        }
        return .vowel
    }

    /// A number read in Sino-Korean: the last digit unless it is 0 (영, 십, 백, 천, 만 all end
    /// in a consonant).
    private static func numberEnding(_ digits: String) -> Ending {
        guard let last = digits.last else { return .vowel }
        switch last {
        case "0", "3", "6": return .consonant  // 영/십/백/천/만, 삼, 육
        case "1", "7", "8": return .rieul  // 일, 칠, 팔
        default: return .vowel  // 이, 사, 오, 구
        }
    }

    /// A Latin word: an acronym written in capitals is spelled letter by letter (`VIP` 피,
    /// `VVIP`, `ID` 디); other words as they are usually spoken (`counter` 카운터, `mango`
    /// 망고, `lemon` 레몬, `apple` 애플, `desk` 데스크, `book` 북, `classic` 클래식).
    private static func latinEnding(_ letters: String) -> Ending {
        guard let last = letters.last else { return .vowel }
        if letters.count == 1 || letters.allSatisfy(\.isUppercase) {
            switch last.lowercased() {
            case "l": return .rieul  // 엘
            case "m", "n": return .consonant  // 엠, 엔
            default: return .vowel
            }
        }
        let word = letters.lowercased()
        if word.hasSuffix("le") { return .rieul }  // apple 애플, table 테이블
        switch word.last {
        case "l": return .rieul  // school 스쿨, deal 딜
        case "m", "n": return .consonant  // ram 램, lemon 레몬
        case "g" where word.hasSuffix("ng"): return .consonant  // king 킹
        case "k" where word.hasSuffix("ck"): return .consonant  // back 백, rock 록
        case "b", "c", "k", "p", "t":
            // After a vowel the consonant closes the syllable (book 북, cup 컵, cat 캣, classic
            // 클래식, web 웹); after another consonant it opens one of its own (desk 데스크,
            // gift 기프트).
            let beforeLast = word.dropLast().last
            return beforeLast.map { "aeiou".contains($0) } == true ? .consonant : .vowel
        default: return .vowel
        }
    }
}

extension KoreanCatalog {
    /// `text` in single quotes followed by `particle` in the form the quoted word takes:
    /// `'바나나쥬스'를`, `'mango'는`.
    func quoted(_ text: String, _ particle: KoreanParticle) -> String {
        particle.after("'\(text)'")
    }
}
