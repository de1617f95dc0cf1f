import KioskCore

/// The text lines of service starts and ends, written as bytes from templates instead of
/// worded afresh for every event: a bank in virtual time prints millions of them.
///
/// A template is the console's own line for one kind of event at one desk, task, stage and
/// grade, rendered once with sentinel values for the time, the ticket and the clerk, and
/// cut at them. Every line is then the template's fixed pieces with the values written in
/// between, byte for byte what ``Console/line(for:)`` gives. The first line of each template
/// is checked against the console's; a template whose wording turns out to depend on the
/// values (or cannot be cut cleanly) is never used, and its lines go the slow way.
struct ServiceLineCache {
    private enum Slot {
        case time, ticket, clerk
    }

    private struct Template {
        /// The fixed text before each slot, then the text after the last slot.
        let pieces: [[UInt8]]
        let slots: [Slot]
    }

    private struct Entry {
        let started: Bool
        let task: String
        let stage: String
        let grade: String
        let desk: String
        /// nil: this key's lines are worded by the console every time.
        let template: Template?
    }

    /// Beyond this many keys, new keys go the slow way: a linear search stays short.
    private static let limit = 128
    private static let sentinelTicket = 7_777_777_777_777_771
    private static let sentinelClerk = 6_666_666_666_666_661
    private static let sentinelTime = Duration.milliseconds(5_555_555_555_555)

    private var entries: [Entry] = []

    /// Appends `event`'s text line and a newline to `bytes` when it is a service start or
    /// end.
    /// - Returns: false, having appended nothing, for any other event.
    mutating func append(_ event: KioskEvent, console: Console, to bytes: inout [UInt8]) -> Bool {
        let started: Bool
        let values: (ticket: Int, task: String, clerk: Int, at: Duration, stage: String, grade: String, desk: String)
        switch event {
        case .serviceStarted(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            started = true
            values = (ticket, task, clerk, at, stage, grade, desk)
        case .serviceFinished(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            started = false
            values = (ticket, task, clerk, at, stage, grade, desk)
        default:
            return false
        }
        var found: Entry?
        for entry in entries
        where entry.started == started && entry.desk == values.desk && entry.task == values.task
            && entry.stage == values.stage && entry.grade == values.grade
        {
            found = entry
            break
        }
        if found == nil, entries.count < Self.limit {
            let entry = Self.entry(for: event, started: started, values: values, console: console)
            entries.append(entry)
            found = entry
        }
        guard let template = found?.template else {
            guard let line = console.line(for: event) else { return true }
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            return true
        }
        Self.write(template, ticket: values.ticket, clerk: values.clerk, at: values.at, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return true
    }

    private static func write(_ template: Template, ticket: Int, clerk: Int, at: Duration, to bytes: inout [UInt8]) {
        for (index, slot) in template.slots.enumerated() {
            bytes.append(contentsOf: template.pieces[index])
            switch slot {
            case .time: at.appendClockText(to: &bytes)
            case .ticket: appendDecimal(ticket, to: &bytes)
            case .clerk: appendDecimal(clerk, to: &bytes)
            }
        }
        bytes.append(contentsOf: template.pieces[template.slots.count])
    }

    /// The template for `event`'s key, checked against the console's line for `event`.
    private static func entry(
        for event: KioskEvent, started: Bool,
        values: (ticket: Int, task: String, clerk: Int, at: Duration, stage: String, grade: String, desk: String),
        console: Console
    ) -> Entry {
        let sample: KioskEvent =
            started
            ? .serviceStarted(
                ticket: sentinelTicket, task: values.task, clerk: sentinelClerk, at: sentinelTime, stage: values.stage,
                grade: values.grade, desk: values.desk)
            : .serviceFinished(
                ticket: sentinelTicket, task: values.task, clerk: sentinelClerk, at: sentinelTime, stage: values.stage,
                grade: values.grade, desk: values.desk)
        var template = console.line(for: sample).flatMap(cut)
        if let candidate = template {
            var bytes: [UInt8] = []
            write(candidate, ticket: values.ticket, clerk: values.clerk, at: values.at, to: &bytes)
            if console.line(for: event).map({ Array($0.utf8) }) != bytes { template = nil }
        }
        return Entry(
            started: started, task: values.task, stage: values.stage, grade: values.grade, desk: values.desk,
            template: template)
    }

    /// `line` cut at the sentinels, each of which must occur exactly once.
    private static func cut(_ line: String) -> Template? {
        let text = Array(line.utf8)
        var found: [(offset: Int, length: Int, slot: Slot)] = []
        for (marker, slot) in [
            (sentinelTime.clockText, Slot.time), (String(sentinelTicket), .ticket), (String(sentinelClerk), .clerk),
        ] {
            let offsets = occurrences(of: Array(marker.utf8), in: text)
            guard offsets.count == 1 else { return nil }
            found.append((offsets[0], marker.utf8.count, slot))
        }
        found.sort { $0.offset < $1.offset }
        var pieces: [[UInt8]] = []
        var position = 0
        for mark in found {
            guard mark.offset >= position else { return nil }
            pieces.append(Array(text[position..<mark.offset]))
            position = mark.offset + mark.length
        }
        pieces.append(Array(text[position...]))
        return Template(pieces: pieces, slots: found.map(\.slot))
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var offsets: [Int] = []
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { offsets.append(start) }
        }
        return offsets
    }

    /// `value` in decimal, as `"\(value)"` writes it.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                guard count < buffer.count else { return }
                buffer[buffer.count - 1 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
        }
        guard rest == 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        withUnsafeBytes(of: &digits) { buffer in
            bytes.append(contentsOf: buffer[(buffer.count - count)...])
        }
    }
}
