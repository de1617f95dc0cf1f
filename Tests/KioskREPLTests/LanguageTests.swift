import Bank
import JuiceMaker
import KioskCore
import Testing

@testable import KioskREPL

@Suite("Languages")
struct LanguageTests {
    struct Choice: Sendable, CustomTestStringConvertible {
        let flag: Language?
        let environment: [String: String]
        let expected: Language
        var testDescription: String {
            "\(flag?.rawValue ?? "-") \(environment.sorted { $0.key < $1.key }) → \(expected)"
        }
    }

    static let choices: [Choice] = [
        Choice(flag: nil, environment: [:], expected: .english),
        Choice(flag: .korean, environment: ["KIOSK_LANG": "en", "LANG": "en_US.UTF-8"], expected: .korean),
        Choice(flag: .english, environment: ["KIOSK_LANG": "ko"], expected: .english),
        Choice(flag: nil, environment: ["KIOSK_LANG": "ko", "LANG": "en_US.UTF-8"], expected: .korean),
        Choice(flag: nil, environment: ["KIOSK_LANG": "fr", "LANG": "ko_KR.UTF-8"], expected: .korean),
        Choice(flag: nil, environment: ["LANG": "ko_KR.UTF-8"], expected: .korean),
        Choice(flag: nil, environment: ["LC_MESSAGES": "ko_KR.eucKR", "LANG": "en_US.UTF-8"], expected: .korean),
        Choice(flag: nil, environment: ["LC_ALL": "C", "LC_MESSAGES": "ko_KR.UTF-8"], expected: .english),
        Choice(flag: nil, environment: ["LC_ALL": "", "LANG": "ko_KR"], expected: .korean),
        Choice(flag: nil, environment: ["LANG": "C.UTF-8"], expected: .english),
    ]

    @Test("--lang, then KIOSK_LANG, then LC_ALL, LC_MESSAGES and LANG choose the language", arguments: choices)
    func resolution(_ choice: Choice) {
        #expect(Language.resolve(explicit: choice.flag, environment: choice.environment) == choice.expected)
    }

    @Test(
        "language codes read as users type them",
        arguments: [
            ("ko", Language.korean), ("KO", .korean), ("ko_KR.UTF-8", .korean), ("en", .english), ("en-US", .english),
        ])
    func codes(_ code: String, _ language: Language) {
        #expect(Language(code: code) == language)
    }

    @Test("unknown codes are nil", arguments: ["", "fr", "korean", "k"])
    func unknownCodes(_ code: String) {
        #expect(Language(code: code) == nil)
    }

    @Test("every command has help in every language", arguments: Language.allCases)
    func helpInEveryLanguage(_ language: Language) async throws {
        let shop = try await ShopSession()
        let context = HelpContext(customers: 10...30, defaultAdmission: 10, historyCapacity: 1_000)
        for command in shop.session.registry.commands {
            let help = language.catalog.help(for: command.spec.topic, context: context)
            #expect(!help.summary.isEmpty, "\(language): no summary for '\(command.spec.name)'")
            for argument in help.arguments.keys {
                let known =
                    command.spec.arguments.contains { $0.name == argument }
                    || command.spec.flags.contains { $0.name == argument }
                #expect(known, "\(language): help for '\(command.spec.name)' names an unknown argument '\(argument)'")
            }
        }
    }

    @Test("every help topic is the topic of exactly one command of a session")
    func topicsMatchCommands() async throws {
        let shop = try await ShopSession()
        let topics = shop.session.registry.commands.map(\.spec.topic)
        #expect(topics.count == Set(topics).count, "two commands share a topic: \(topics)")
        #expect(Set(topics) == Set(CommandTopic.allCases))
    }

    @Test("every language documents the same arguments of every command")
    func sameArguments() async throws {
        let shop = try await ShopSession()
        let context = HelpContext(customers: 10...30, defaultAdmission: 10, historyCapacity: 1_000)
        for command in shop.session.registry.commands {
            let documented = Language.allCases.map {
                Set($0.catalog.help(for: command.spec.topic, context: context).arguments.keys)
            }
            #expect(Set(documented).count == 1, "'\(command.spec.name)': \(documented)")
        }
    }

    @Test("the exercises' own sentences")
    func exerciseWords() {
        let korean = KoreanCatalog()
        #expect(korean.orderMade(count: 1, juice: "딸기쥬스") == "딸기쥬스 나왔습니다! 맛있게 드세요!")
        #expect(korean.classicStarted(ticket: 3, grade: nil, task: "예금") == "3번 고객 예금업무 시작")
        #expect(korean.classicFinished(ticket: 3, grade: nil, task: "예금") == "3번 고객 예금업무 완료")
        #expect(korean.classicStarted(ticket: 7, grade: "VIP", task: "대출") == "7번 VIP고객 대출업무 시작")
        #expect(
            korean.classicClosed(served: 12, seconds: "9.10")
                == "업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 12명이며, 총 업무시간은 9.10초입니다.")
        #expect(korean.classicMenu == ["1 : 은행개점", "2 : 종료"])
        #expect(korean.classicPrompt == "입력 : ")
        #expect(korean.classicWrongInput == "잘못된 입력입니다.")
        let refusal = OrderRefusal(
            juice: "strawberry", juiceName: "딸기쥬스", count: 1,
            shortages: [Shortage(fruit: "strawberry", need: 16, have: 10)], mostEverAvailable: 6)
        #expect(korean.describe(JuiceError.outOfStock(refusal)).hasPrefix("재료가 모자라요. "))
        #expect(
            korean.describe(JuiceError.outOfStock(refusal)).hasSuffix(
                "해결: 'stock add strawberry 6'은 이 주문에 딱 필요한 만큼만 더해요(주문 뒤 진열대는 비어요). 'stock fill strawberry'는 진열대를 가득 채워요."
            ))
    }

    @Test(
        "business seconds print with two decimals, rounded",
        arguments: [
            (Duration.zero, "0.00"), (.milliseconds(6_600), "6.60"), (.milliseconds(14_305), "14.31"),
            (.milliseconds(999), "1.00"), (.milliseconds(61_004), "61.00"),
        ])
    func seconds(_ time: Duration, _ text: String) {
        #expect(time.secondsText == text)
    }

    @Test("names show in the session's language; JSON ids and codes do not change")
    func namesFollowTheLanguage() async throws {
        let shop = try await ShopSession()
        let english = Presenter(language: .english, config: shop.session.config)
        let korean = Presenter(language: .korean, config: shop.session.config)
        #expect(english.names.juice("mango-kiwi") == "Mango-Kiwi Juice")
        #expect(korean.names.juice("mango-kiwi") == "망고키위쥬스")
        #expect(korean.names.fruit("strawberry") == "딸기")
        #expect(korean.names.task("loan") == "대출")
        #expect(english.names.task("loan") == "loan")
        let error = JuiceError.unknownFruit("durian")
        let englishJSON = english.json(error: error, location: nil)
        let koreanJSON = korean.json(error: error, location: nil)
        #expect(englishJSON.serialized().hasPrefix(#"{"type":"error","code":"unknown_fruit""#))
        #expect(koreanJSON.serialized().hasPrefix(#"{"type":"error","code":"unknown_fruit""#))
        #expect(koreanJSON.serialized().contains("없는 과일이에요"))
    }
}
