import KioskCore
import Testing

@testable import KioskREPL

@Suite("LineDigits")
struct LineDigitsTests {
    static let values: [Int] = {
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 65_535, Int.max, Int.max - 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        return values
    }()

    @Test("decimals are written as String(describing:) writes them")
    func decimals() {
        var random = SplitMix64(seed: 5)
        let drawn = (0..<1_000).map { _ in Int(random.next() >> 1) >> Int(random.next() % 63) }
        for value in Self.values + drawn {
            var bytes: [UInt8] = []
            LineDigits.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            #expect(LineDigits.digitCount(UInt64(value)) == String(value).count)
        }
        for value in [-1, -10, Int.min] {
            var bytes: [UInt8] = []
            LineDigits.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test("clock times are Duration.clockText")
    func clockTimes() {
        var random = SplitMix64(seed: 9)
        let drawn = (0..<1_000).map { _ in Int(random.next() % 1_000_000_000_000) }
        let edges = [0, 1, 9, 10, 99, 100, 999, 1_000, 59_999, 60_000, 3_599_999, 3_600_000, 36_000_000, 359_999_999]
        for milliseconds in edges + drawn {
            let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer -> String in
                guard let start = buffer.baseAddress else { return "" }
                let end = LineDigits.putClock(milliseconds: milliseconds, at: start)
                return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            }
            #expect(text == Duration.milliseconds(milliseconds).clockText)
        }
    }
}
