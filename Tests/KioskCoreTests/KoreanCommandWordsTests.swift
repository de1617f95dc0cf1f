import Testing

@testable import KioskCore

/// The commands' Korean words: accepted in every language, completed once a Korean word is
/// begun, suggested for a Korean typo, and never suggested when they would leave.
@Suite struct KoreanCommandWordsTests {
    @Test(
        "a Korean command word names the same command as its English one",
        arguments: [
            ("메뉴", "menu"), ("주문 mango", "order"), ("재고", "stock"), ("재고 추가 mango 1", "stock add"),
            ("재고 설정 mango 1", "stock set"), ("재고 빼기 mango 1", "stock remove"), ("재고 초기화", "stock reset"),
            ("판매", "sales"), ("은행 개점", "bank open"), ("은행개점", "bank open"), ("은행 추가 3", "bank add"),
            ("은행 상태", "bank status"), ("은행 대기", "bank wait"), ("은행 초기화", "bank reset"), ("도움말", "help"),
        ])
    func koreanWords(line: String, command: String) throws {
        let invocation = try #require(try SampleCommands.registry.parse(line))
        #expect(invocation.command.spec.name == command)
    }

    @Test(
        "a count may carry the Korean counter kiosk prints after it; other words stay as typed",
        arguments: [
            ("2잔", "2"), ("5개", "5"), ("3명", "3"), ("12잔", "12"), ("2", nil), ("잔", nil), ("2잔쥬스", nil),
            ("2x잔", nil), ("바나나", nil), ("딸기쥬스", nil),
        ])
    func counters(word: String, count: String?) {
        #expect(CommandRegistry.countWithoutCounter(word) == count)
    }

    @Test("sales export and bank preset have Korean words too")
    func exportAndPreset() {
        #expect(CommandWords.englishPath(["판매", "내보내기", "/tmp/x.csv"]) == ["sales", "export", "/tmp/x.csv"])
        #expect(CommandWords.englishPath(["은행", "프리셋", "classic"]) == ["bank", "preset", "classic"])
        #expect(CommandWords.koreanSpellings(of: ["sales", "export"]) == ["판매 내보내기"])
        #expect(CommandWords.koreanSpellings(of: ["bank", "preset"]) == ["은행 프리셋"])
    }

    @Test(
        "a day is named in Korean too, in every language",
        arguments: [("오늘", DayArgument.daysAgo(0)), ("어제", .daysAgo(1)), ("그제", .daysAgo(2)), ("그저께", .daysAgo(2))])
    func koreanDays(word: String, day: DayArgument) {
        #expect(DayArgument(word) == day)
    }

    @Test("a Korean typo is offered the Korean word; leaving is never offered as a correction")
    func suggestions() throws {
        #expect(throws: ParseError.unknownCommand("메누", suggestion: "메뉴")) {
            try SampleCommands.registry.parse("메누")
        }
        var registry = SampleCommands.registry
        registry.register(Command(CommandSpec(path: ["quit"], topic: .quit, destructive: true), action: .quit))
        #expect(try registry.parse("종료")?.command.spec.name == "quit")
        #expect(throws: ParseError.unknownCommand("종로", suggestion: nil)) { try registry.parse("종로") }
        #expect(throws: ParseError.unknownCommand("종료하기", suggestion: nil)) { try registry.parse("종료하기") }
    }

    @Test("after a Korean first word, its Korean subcommands are offered and suggested")
    func subcommands() {
        #expect(SampleCommands.registry.completions(forLine: "재고 ") == ["빼기", "설정", "초기화", "추가"])
        #expect(throws: ParseError.self) { try SampleCommands.registry.parse("재고 추기 mango 1") }
        do {
            _ = try SampleCommands.registry.parse("재고 추기")
        } catch {
            guard case .unknownSubcommand(let command, _, let suggestion, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(command == "재고")
            #expect(suggestion == "추가")
        }
    }

    @Test("Korean command words complete once a Korean word is begun, and never before")
    func completion() {
        #expect(SampleCommands.registry.completions(forLine: "메").contains("메뉴"))
        #expect(SampleCommands.registry.completions(forLine: "은").contains("은행개점"))
        #expect(!SampleCommands.registry.completions(forLine: "").contains("메뉴"))
        #expect(!SampleCommands.registry.completions(forLine: "m").contains("메뉴"))
    }

    @Test("help reads a group or a command named in Korean")
    func help() throws {
        guard case .group(let path, _) = try SampleCommands.registry.helpTopic(for: ["은행"]) else {
            Issue.record("not a group")
            return
        }
        #expect(path == ["bank"])
        guard case .command(let spec, _) = try SampleCommands.registry.helpTopic(for: ["재고", "추가"]) else {
            Issue.record("not a command")
            return
        }
        #expect(spec.name == "stock add")
    }
}
