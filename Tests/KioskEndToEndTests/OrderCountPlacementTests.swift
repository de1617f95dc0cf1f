import Testing

/// `order 2 banana kiwi 3`: a count first, then one after the last juice, is outside the
/// order grammar (between commas every count comes before its juice, or every one after);
/// the refusal says how to write it, in English, Korean and JSON.
@Suite("A count on both sides of an order", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct OrderCountPlacementTests {
    @Test("the refusal shows the order with a comma, and the comma's order is made")
    func refusalShowsTheFix() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "order 2 banana kiwi 3"])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "kiosk: -c: The count '3' comes after its juice, but the first count came before one: between commas, write every count before its juice or every count after it. Separate the juices with a comma: 'order 2 banana, kiwi 3'."
            ])
        let fixed = try await KioskBinary.run(["--in-memory", "-c", "order 2 banana, kiwi 3"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdoutLines.first == "Made 2 Banana Juice and 3 Kiwi Juice.")
    }

    @Test("in Korean and in JSON")
    func koreanAndJSON() async throws {
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "주문 2 바나나 키위 3"])
        #expect(korean.status == 1)
        #expect(korean.stderr.contains("쉼표로 쥬스를 나누세요: 'order 2 바나나, 키위 3'"), "\(korean.stderr)")
        let json = try await KioskBinary.run(["--in-memory", "--json", "-c", "order 2 banana kiwi 3"])
        #expect(
            json.stderr.hasPrefix(#"{"type":"error","code":"extra_argument","given":"3","fix":"2 banana, kiwi 3","#),
            "\(json.stderr)")
    }
}
