/// Numbers and clock times written as ASCII straight into a line being put together: the
/// bank's service lines (``ServiceLineCache``) write three per line, millions of lines a run.
///
/// Digits go two at a time from a table, back to front, with unsigned arithmetic (a
/// division by a constant is then a multiplication, with no fix-up for negative values).
enum LineDigits {
    /// "00" to "99", two characters per number: a compile-time constant, so reading it
    /// costs no lazy initialisation.
    private static var pairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940\
        4142434445464748495051525354555657585960616263646566676869707172737475767778798081\
        828384858687888990919293949596979899
        """
    }

    /// How many decimal digits `value` has (1 for 0).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var bound: UInt64 = 10
        // 10^19 is past UInt64's 20th digit's range: stop before multiplying beyond it.
        while value >= bound {
            count += 1
            if count == 20 { break }
            bound &*= 10
        }
        return count
    }

    /// Writes `value` (not negative) in decimal at `pointer`, as `"\(value)"` writes it;
    /// returns where it ends (at most 19 bytes further).
    @inline(__always)
    static func putDecimal(_ value: Int, at pointer: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var rest = UInt64(truncatingIfNeeded: value)
        let end = pointer + digitCount(rest)
        var at = end
        let pairs = Self.pairs.utf8Start
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            at -= 2
            at[0] = pairs[pair]
            at[1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            at[-2] = pairs[pair]
            at[-1] = pairs[pair &+ 1]
        } else {
            at[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        return end
    }

    /// Writes the two digits of `value` (0 to 99) at `pointer`.
    @inline(__always)
    private static func putPair(_ value: UInt64, at pointer: UnsafeMutablePointer<UInt8>) {
        let pair = Int(truncatingIfNeeded: value) &* 2
        let pairs = Self.pairs.utf8Start
        pointer[0] = pairs[pair]
        pointer[1] = pairs[pair &+ 1]
    }

    /// Writes ``Duration/clockText`` of `milliseconds` (not negative), `[H:]MM:SS.mmm`, at
    /// `pointer`; returns where it ends (at most 29 bytes further).
    @inline(__always)
    static func putClock(milliseconds: Int, at pointer: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let total = UInt64(truncatingIfNeeded: milliseconds)
        var end = pointer
        let hours = total / 3_600_000
        if hours > 0 {
            end = putDecimal(Int(truncatingIfNeeded: hours), at: end)
            end.pointee = UInt8(ascii: ":")
            end += 1
        }
        let millis = total % 1_000
        let seconds = total / 1_000
        putPair(seconds / 60 % 60, at: end)
        end[2] = UInt8(ascii: ":")
        putPair(seconds % 60, at: end + 3)
        end[5] = UInt8(ascii: ".")
        end[6] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millis / 100)
        putPair(millis % 100, at: end + 7)
        return end + 9
    }

    /// Appends `value` in decimal, as `"\(value)"` writes it.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        // Int.max has 19 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            guard let start = digits.baseAddress else { return }
            let end = putDecimal(value, at: start)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }
}
