/// Output written into room on the stack and appended to the output array a room at a
/// time, for the lines every order prints (its text, or its JSON events and result).
/// Appending each piece to the output array checks its uniqueness and capacity every time,
/// about as much work as the copy of a short piece; here a piece is copied into room known
/// to be free, and the output grows once per room. A line longer than the room is written
/// all the same: the room goes out when full and starts again.
///
/// ```swift
/// OutputRoom.write(to: &bytes) { line in
///     line.write(#"{"fruit":"#)
///     line.write(string: "banana")
///     line.write(#","count":"#)
///     line.write(integer: 2)
///     line.write("}\n")
/// }
/// ```
struct OutputRoom: ~Copyable {
    /// Room for an order's lines on any menu of a few dozen fruits.
    static let capacity = 512

    private let room: UnsafeMutableBufferPointer<UInt8>
    private let output: UnsafeMutablePointer<[UInt8]>
    private var count = 0

    private init(room: UnsafeMutableBufferPointer<UInt8>, output: UnsafeMutablePointer<[UInt8]>) {
        self.room = room
        self.output = output
    }

    /// Runs `body` with room for its lines, then appends what it wrote to `bytes`.
    @inline(__always)
    static func write(to bytes: inout [UInt8], _ body: (inout OutputRoom) -> Void) {
        withUnsafeMutablePointer(to: &bytes) { output in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
                var line = OutputRoom(room: room, output: output)
                body(&line)
                line.spill()
            }
        }
    }

    /// Writes `text`, JSON already (keys, punctuation), as it is.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { copy($0) }
    }

    /// Writes `bytes` as they are.
    @inline(__always)
    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        copy(bytes)
    }

    /// Writes `text` as a JSON string, quoted and escaped as ``JSONValue/writeString(_:to:)``
    /// writes it.
    mutating func write(string text: String) {
        // Most text needs no escaping and is copied as it is checked, in one pass.
        let written = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard reserve(utf8.count + 2), let base = room.baseAddress else { return false }
            var at = count
            base[at] = UInt8(ascii: "\"")
            at += 1
            for byte in utf8 {
                if JSONValue.mayNeedEscaping(byte) { return false }
                base[at] = byte
                at += 1
            }
            base[at] = UInt8(ascii: "\"")
            count = at + 1
            return true
        }
        guard written != true else { return }
        var escaped: [UInt8] = []
        JSONValue.writeString(text, to: &escaped)
        escaped.withUnsafeBufferPointer { copy($0) }
    }

    /// Writes the decimal digits of `number`, as ``JSONValue/writeInteger(_:to:)`` does.
    mutating func write(integer number: Int) {
        guard reserve(JSONValue.integerWidth) else {
            JSONValue.writeInteger(number, to: &output.pointee)
            return
        }
        count = JSONValue.writeInteger(number, into: room, at: count)
    }

    /// Writes one byte of JSON punctuation.
    @inline(__always)
    mutating func write(byte: UInt8) {
        guard reserve(1), let base = room.baseAddress else {
            output.pointee.append(byte)
            return
        }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func copy(_ piece: UnsafeBufferPointer<UInt8>) {
        guard reserve(piece.count), let base = room.baseAddress, let source = piece.baseAddress else {
            output.pointee.append(contentsOf: piece)
            return
        }
        (base + count).update(from: source, count: piece.count)
        count += piece.count
    }

    /// Whether `needed` more bytes fit in the room, once what it holds has gone out if they
    /// do not fit after it.
    @inline(__always)
    private mutating func reserve(_ needed: Int) -> Bool {
        if count + needed > room.count { spill() }
        return needed <= room.count
    }

    /// Appends what the room holds to the output and empties it.
    private mutating func spill() {
        guard count > 0 else { return }
        output.pointee.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<count]))
        count = 0
    }
}
