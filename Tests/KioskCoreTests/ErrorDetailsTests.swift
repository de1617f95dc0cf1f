import KioskCore
import Testing

@Suite("ErrorDetails")
struct ErrorDetailsTests {
    @Test("a literal keeps its fields in order and leaves out those given as nil")
    func literal() {
        let suggestion: String? = nil
        let details: ErrorDetails = [
            "task": .text("lone"), "suggestion": suggestion.map(ErrorDetail.text), "count": .integer(3),
        ]
        #expect(details.fields.map(\.name) == ["task", "count"])
        #expect(details.fields.map(\.value) == [.text("lone"), .integer(3)])
        #expect(ErrorDetails.none.fields.isEmpty)
    }

    @Test("parse errors that name an argument give it, with what was typed")
    func parseErrors() {
        let error = ParseError.notANumber(name: "count", given: "two", usage: "order <juice> [count]")
        #expect(error.details == ["argument": .text("count"), "given": .text("two")])
    }
}
