import Testing

@testable import KioskPostgres

@Suite struct PostgresArrayTests {
    @Test("a text array quotes each element and escapes its backslashes and double quotes")
    func textEscapes() {
        #expect(PostgresArray.text([]) == "{}")
        #expect(PostgresArray.text(["banana"]) == #"{"banana"}"#)
        #expect(PostgresArray.text(["a\"b", #"c\d"#, "딸기", ""]) == #"{"a\"b","c\\d","딸기",""}"#)
    }

    @Test("an integer array lists the numbers")
    func integers() {
        #expect(PostgresArray.integers([]) == "{}")
        #expect(PostgresArray.integers([3, -1]) == "{3,-1}")
    }
}
