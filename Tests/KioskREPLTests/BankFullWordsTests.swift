import Bank
import Testing

@testable import KioskREPL

/// A full bank's refusal names its numbers as people read them, and never offers to add none.
@Suite("A full bank's words")
struct BankFullWordsTests {
    @Test(
        "the counts are grouped in thousands; with no room left, only waiting is offered",
        arguments: [
            (
                Language.english, BankError.bankFull(present: 4_000_000, adding: 1, capacity: 4_000_000),
                "The bank holds at most 4,000,000 customers at once and has 4,000,000; it cannot take 1 more. Wait for some to be served ('bank wait')."
            ),
            (
                Language.english, BankError.bankFull(present: 3_998_000, adding: 5_000, capacity: 4_000_000),
                "The bank holds at most 4,000,000 customers at once and has 3,998,000; it cannot take 5,000 more. Wait for some to be served ('bank wait'), or add at most 2,000."
            ),
            (
                Language.korean, BankError.bankFull(present: 4_000_000, adding: 1, capacity: 4_000_000),
                "은행에는 한 번에 4,000,000명까지 있을 수 있는데 지금 4,000,000명이 있어서 1명을 더 받을 수 없어요. 'bank wait'로 업무를 마칠 때까지 기다려 주세요."
            ),
        ])
    func bankFull(language: Language, error: BankError, words: String) {
        #expect(Presenter(language: language, config: nil).describe(error) == words)
    }
}
