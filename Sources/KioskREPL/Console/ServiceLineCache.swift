import KioskCore

/// The lines of service starts and ends, text or JSON, and of customers' arrivals in JSON
/// (text shows none), written as bytes from templates instead of worded or encoded afresh
/// for every event: a bank in virtual time prints millions of them.
///
/// A template is the console's own line for one kind of event at one desk, task, stage and
/// grade, rendered once with sentinel values for the time (a clock time in text, whole
/// milliseconds in JSON), the ticket and the clerk, and cut at them. Every line is then the template's fixed pieces with the values written in
/// between, byte for byte what ``Console/line(for:)`` gives. The first line of each template
/// is checked against the console's; a template whose wording turns out to depend on the
/// values (or cannot be cut cleanly) is never used, and its lines go the slow way.
struct ServiceLineCache {
    private enum Slot: UInt8 {
        case time, ticket, clerk
    }

    /// Where one template's pieces lie in ``literals``, and which value goes after each of
    /// the first three: plain values, so that writing a line retains nothing.
    private struct Template {
        /// `bounds[i]..<bounds[i + 1]` in ``literals`` is the piece before slot `i`; the last
        /// range is the text after the last slot.
        var bounds: (Int, Int, Int, Int, Int)
        var slots: (Slot, Slot, Slot)
    }

    private struct Key {
        let started: Bool
        let task: String
        let stage: String
        let grade: String
        let desk: String
    }

    /// Room reserved per record of a run: a line's text and three numbers, most lines
    /// (a longer one makes the array grow as usual).
    private static let longestRunLine = 160
    /// Beyond this many keys, new keys go the slow way: a linear search stays short.
    private static let limit = 128
    private static let sentinelTicket = 7_777_777_777_777_771
    private static let sentinelClerk = 6_666_666_666_666_661
    private static let sentinelTime = Duration.milliseconds(5_555_555_555_555)

    private var keys: [Key] = []
    /// Per key, its template; nil: this key's lines are worded by the console every time.
    private var templates: [Template?] = []
    /// Every template's fixed text, one after another.
    private var literals: [UInt8] = []
    /// Per task, its arrival line cut at the ticket; nil: worded by the console every time.
    private var arrivals: [(task: String, template: (before: [UInt8], after: [UInt8])?)] = []

    /// The names table of the last run, and per entry what its lines go through: for service
    /// `n`, `runKeys[2 * n]` (started) and `runKeys[2 * n + 1]` (finished) index ``keys``;
    /// `runArrivals[t]` indexes ``arrivals`` for task `t`. -1: not looked up yet; -2: worded
    /// by the console every time.
    private var runNames: BankProgress.Names?
    private var runKeys: [Int] = []
    private var runArrivals: [Int] = []

    /// How many templates are in use (for tests: lines of other keys are worded every time).
    var templateCount: Int { templates.count(where: { $0 != nil }) }
    /// How many arrival templates are in use.
    var arrivalTemplateCount: Int { arrivals.count(where: { $0.template != nil }) }

    /// Appends `event`'s line, in the console's format, and a newline to `bytes` when it is a
    /// service start or end, or, in JSON, an arrival.
    /// - Returns: false, having appended nothing, for any other event.
    mutating func append(_ event: KioskEvent, console: Console, to bytes: inout [UInt8]) -> Bool {
        switch event {
        case .customerArrived(let ticket, let task):
            guard console.format == .json else { return false }
            appendArrival(event, ticket: ticket, task: task, console: console, to: &bytes)
        case .serviceStarted(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            let found = index(started: true, task: task, stage: stage, grade: grade, desk: desk)
            appendLine(
                event, found: found, key: { Key(started: true, task: task, stage: stage, grade: grade, desk: desk) },
                ticket: ticket, clerk: clerk, at: at, console: console, to: &bytes)
        case .serviceFinished(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            let found = index(started: false, task: task, stage: stage, grade: grade, desk: desk)
            appendLine(
                event, found: found, key: { Key(started: false, task: task, stage: stage, grade: grade, desk: desk) },
                ticket: ticket, clerk: clerk, at: at, console: console, to: &bytes)
        case .bankProgress(let run):
            append(run: run, console: console, to: &bytes)
        default:
            return false
        }
        return true
    }

    /// Appends the lines of `run`'s events, as ``append(_:console:to:)`` does one by one: each
    /// record finds its template by its index in the run's names, without comparing a string,
    /// and its line is written in place in `bytes`' spare room (``writeLines``); a record
    /// whose line the console words goes through ``append(_:console:to:)``.
    private mutating func append(run: BankProgress, console: Console, to bytes: inout [UInt8]) {
        if runNames !== run.names {
            runNames = run.names
            runKeys = Array(repeating: -1, count: run.names.services.count * 2)
            runArrivals = Array(repeating: -1, count: run.names.tasks.count)
        }
        let json = console.format == .json
        let records = run.records
        var next = 0
        while next < records.count {
            // Room for the rest of the run at once, doubling as an array grows, so that no
            // line of it moves what came before.
            let room = (records.count - next) * Self.longestRunLine
            if bytes.capacity < bytes.count + room {
                bytes.reserveCapacity(max(bytes.count + room, 2 * bytes.capacity))
            }
            bytes.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    next = writeLines(records, from: next, json: json, into: buffer, written: &initialized)
                }
            }
            guard next < records.count else { return }
            // A line no template writes yet, or with a value it does not take.
            let record = records[next]
            next += 1
            _ = append(run.event(record), console: console, to: &bytes)
            switch record.kind {
            case .arrived:
                let slot = Int(record.name)
                if runArrivals[slot] == -1 {
                    let task = run.names.tasks[slot]
                    runArrivals[slot] = arrivals.firstIndex { $0.task == task && $0.template != nil } ?? -2
                }
            case .started, .finished:
                let slot = 2 * Int(record.name) + (record.kind == .finished ? 1 : 0)
                if runKeys[slot] == -1 {
                    let service = run.names.services[Int(record.name)]
                    let found = index(
                        started: record.kind == .started, task: service.task, stage: service.stage,
                        grade: service.grade, desk: service.desk)
                    runKeys[slot] = found.flatMap { templates[$0] == nil ? nil : $0 } ?? -2
                }
            }
        }
    }

    /// Writes the lines of `records` from `start` at `buffer`'s `written`, moving `written`
    /// on, for as long as templates write them and the buffer has room.
    /// - Returns: the index of the first record not written (`records.count` when all were).
    private func writeLines(
        _ records: [BankProgress.Record], from start: Int, json: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>,
        written: inout Int
    ) -> Int {
        guard let base = buffer.baseAddress else { return start }
        let limit = base + buffer.count
        var cursor = base + written
        defer { written = cursor - base }
        return literals.withUnsafeBufferPointer { literals -> Int in
            guard let text = literals.baseAddress else { return start }
            var index = start
            while index < records.count {
                let record = records[index]
                switch record.kind {
                case .arrived:
                    guard json else { break }
                    let slot = runArrivals[Int(record.name)]
                    guard slot >= 0, let template = arrivals[slot].template,
                        limit - cursor >= template.before.count + template.after.count + Self.valueRoom
                    else { return index }
                    cursor.update(from: template.before, count: template.before.count)
                    cursor = LineDigits.putDecimal(record.ticket, at: cursor + template.before.count)
                    cursor.update(from: template.after, count: template.after.count)
                    cursor += template.after.count
                    cursor.pointee = UInt8(ascii: "\n")
                    cursor += 1
                case .started, .finished:
                    let key = runKeys[2 * Int(record.name) + (record.kind == .finished ? 1 : 0)]
                    // Bank times, tickets and clerks are never negative; a negative one takes
                    // the long way.
                    guard key >= 0, let template = templates[key], record.at >= 0, record.ticket >= 0,
                        record.clerk >= 0, limit - cursor >= template.bounds.4 - template.bounds.0 + Self.valueRoom
                    else { return index }
                    cursor = Self.write(
                        template, text: text, json: json, ticket: record.ticket, clerk: Int(record.clerk),
                        milliseconds: Int(record.at / 1_000_000), at: cursor)
                }
                index += 1
            }
            return index
        }
    }

    /// Room a line needs beyond its template's fixed text: three values (a ticket and a
    /// clerk of at most 19 digits, a clock time of at most 29 characters), the newline, and
    /// the 16 bytes ``copy(_:count:to:)`` may write past a piece.
    private static let valueRoom = 19 + 19 + 29 + 1 + 16

    /// `template`'s line with the values and a newline, written at `cursor` (which has
    /// ``valueRoom`` bytes beyond the template's fixed text); returns where it ends.
    @inline(__always)
    private static func write(
        _ template: Template, text: UnsafePointer<UInt8>, json: Bool, ticket: Int, clerk: Int, milliseconds: Int,
        at cursor: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let bounds = template.bounds
        let slots = template.slots
        var end = cursor
        @inline(__always) func piece(_ from: Int, _ to: Int) {
            copy(text + from, count: to - from, to: end)
            end += to - from
        }
        @inline(__always) func value(_ slot: Slot) {
            switch slot {
            case .time where json: end = LineDigits.putDecimal(milliseconds, at: end)
            case .time: end = LineDigits.putClock(milliseconds: milliseconds, at: end)
            case .ticket: end = LineDigits.putDecimal(ticket, at: end)
            case .clerk: end = LineDigits.putDecimal(clerk, at: end)
            }
        }
        piece(bounds.0, bounds.1)
        value(slots.0)
        piece(bounds.1, bounds.2)
        value(slots.1)
        piece(bounds.2, bounds.3)
        value(slots.2)
        piece(bounds.3, bounds.4)
        end.pointee = UInt8(ascii: "\n")
        return end + 1
    }

    /// Copies `count` bytes 16 at a time, which may read and write up to 15 bytes past
    /// them: ``literals`` ends in ``padding`` bytes, and the destination has ``valueRoom``.
    /// Pieces of a line are a few bytes each, for which a call to `memmove` costs more than
    /// the copy.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        var offset = 0
        while offset < count {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self), toByteOffset: offset + 8,
                as: UInt64.self)
            offset += 16
        }
    }

    /// Zero bytes that always end ``literals``, so that ``copy(_:count:to:)`` reads within it.
    private static let padding = 16
    /// The key's place in ``keys``, compared field by field so that looking up builds nothing.
    private func index(started: Bool, task: String, stage: String, grade: String, desk: String) -> Int? {
        for index in keys.indices
        where keys[index].started == started && keys[index].desk == desk && keys[index].task == task
            && keys[index].stage == stage && keys[index].grade == grade
        {
            return index
        }
        return nil
    }

    private mutating func appendLine(
        _ event: KioskEvent, found: Int?, key: () -> Key, ticket: Int, clerk: Int, at: Duration, console: Console,
        to bytes: inout [UInt8]
    ) {
        var found = found
        if found == nil, keys.count < Self.limit {
            let key = key()
            keys.append(key)
            templates.append(template(for: event, key: key, ticket: ticket, clerk: clerk, at: at, console: console))
            found = keys.count - 1
        }
        guard let found, let template = templates[found] else {
            guard let line = console.line(for: event) else { return }
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            return
        }
        appendLine(
            template, json: console.format == .json, ticket: ticket, clerk: clerk, milliseconds: at.wholeMilliseconds,
            to: &bytes)
    }

    /// The longest fixed text of a template whose lines are put together on the stack.
    private static let stackedLiterals = 160

    /// `template`'s line with the values and a newline, put together on the stack and
    /// appended at once (a long template, or a negative value, goes through ``write``).
    private func appendLine(
        _ template: Template, json: Bool, ticket: Int, clerk: Int, milliseconds: Int, to bytes: inout [UInt8]
    ) {
        let bounds = template.bounds
        guard bounds.4 - bounds.0 <= Self.stackedLiterals, ticket >= 0, clerk >= 0, milliseconds >= 0 else {
            write(template, json: json, ticket: ticket, clerk: clerk, milliseconds: milliseconds, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackedLiterals + Self.valueRoom) { line in
            guard let start = line.baseAddress else { return }
            let end = literals.withUnsafeBufferPointer { literals -> UnsafeMutablePointer<UInt8> in
                guard let text = literals.baseAddress else { return start }
                return Self.write(
                    template, text: text, json: json, ticket: ticket, clerk: clerk, milliseconds: milliseconds,
                    at: start)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    private mutating func appendArrival(
        _ event: KioskEvent, ticket: Int, task: String, console: Console, to bytes: inout [UInt8]
    ) {
        var found = arrivals.firstIndex { $0.task == task }
        if found == nil, arrivals.count < Self.limit {
            arrivals.append((task, arrivalTemplate(for: event, task: task, ticket: ticket, console: console)))
            found = arrivals.count - 1
        }
        guard let found, let template = arrivals[found].template else {
            guard let line = console.line(for: event) else { return }
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
            return
        }
        bytes.append(contentsOf: template.before)
        LineDigits.appendDecimal(ticket, to: &bytes)
        bytes.append(contentsOf: template.after)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The arrival line of `task`, rendered with the sentinel ticket, cut at it and checked
    /// against the console's line for `event`.
    private func arrivalTemplate(
        for event: KioskEvent, task: String, ticket: Int, console: Console
    ) -> (before: [UInt8], after: [UInt8])? {
        guard let line = console.line(for: .customerArrived(ticket: Self.sentinelTicket, task: task)) else {
            return nil
        }
        let text = Array(line.utf8)
        let marker = Array(String(Self.sentinelTicket).utf8)
        let offsets = Self.occurrences(of: marker, in: text)
        guard offsets.count == 1 else { return nil }
        let template = (before: Array(text[..<offsets[0]]), after: Array(text[(offsets[0] + marker.count)...]))
        var bytes = template.before
        LineDigits.appendDecimal(ticket, to: &bytes)
        bytes += template.after
        guard console.line(for: event).map({ Array($0.utf8) }) == bytes else { return nil }
        return template
    }

    private func write(
        _ template: Template, json: Bool, ticket: Int, clerk: Int, milliseconds: Int, to bytes: inout [UInt8]
    ) {
        let bounds = template.bounds
        let slots = template.slots
        literals.withUnsafeBufferPointer { literals in
            func piece(_ start: Int, _ end: Int) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: literals[start..<end]))
            }
            func value(_ slot: Slot) {
                switch slot {
                case .time where json: LineDigits.appendDecimal(milliseconds, to: &bytes)
                case .time:
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { clock in
                        guard let start = clock.baseAddress else { return }
                        let end = LineDigits.putClock(milliseconds: max(0, milliseconds), at: start)
                        bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
                    }
                case .ticket: LineDigits.appendDecimal(ticket, to: &bytes)
                case .clerk: LineDigits.appendDecimal(clerk, to: &bytes)
                }
            }
            piece(bounds.0, bounds.1)
            value(slots.0)
            piece(bounds.1, bounds.2)
            value(slots.1)
            piece(bounds.2, bounds.3)
            value(slots.2)
            piece(bounds.3, bounds.4)
        }
    }

    /// The template for `key`, rendered with sentinels and checked against the console's
    /// line for `event`; its pieces are added to ``literals``.
    private mutating func template(
        for event: KioskEvent, key: Key, ticket: Int, clerk: Int, at: Duration, console: Console
    ) -> Template? {
        let sample: KioskEvent =
            key.started
            ? .serviceStarted(
                ticket: Self.sentinelTicket, task: key.task, clerk: Self.sentinelClerk, at: Self.sentinelTime,
                stage: key.stage, grade: key.grade, desk: key.desk)
            : .serviceFinished(
                ticket: Self.sentinelTicket, task: key.task, clerk: Self.sentinelClerk, at: Self.sentinelTime,
                stage: key.stage, grade: key.grade, desk: key.desk)
        let json = console.format == .json
        let time = json ? String(Self.sentinelTime.wholeMilliseconds) : Self.sentinelTime.clockText
        guard let line = console.line(for: sample), let cut = Self.cut(line, time: time) else { return nil }
        // The padding stays at the end, after every template's text.
        literals.removeLast(min(literals.count, Self.padding))
        let base = literals.count
        literals.append(contentsOf: cut.text)
        literals.append(contentsOf: repeatElement(0, count: Self.padding))
        let template = Template(
            bounds: (
                base + cut.bounds.0, base + cut.bounds.1, base + cut.bounds.2, base + cut.bounds.3, base + cut.bounds.4
            ),
            slots: cut.slots)
        var bytes: [UInt8] = []
        write(template, json: json, ticket: ticket, clerk: clerk, milliseconds: at.wholeMilliseconds, to: &bytes)
        guard console.line(for: event).map({ Array($0.utf8) }) == bytes else {
            literals.removeSubrange(base...)
            literals.append(contentsOf: repeatElement(0, count: Self.padding))
            return nil
        }
        return template
    }

    /// `line` cut at the sentinels (`time`, the time's as the line writes it), each of which
    /// must occur exactly once: its fixed text, where each piece of it ends, and the slots in
    /// order.
    private static func cut(_ line: String, time: String) -> (
        text: [UInt8], bounds: (Int, Int, Int, Int, Int), slots: (Slot, Slot, Slot)
    )? {
        let text = Array(line.utf8)
        var found: [(offset: Int, length: Int, slot: Slot)] = []
        for (marker, slot) in [
            (time, Slot.time), (String(sentinelTicket), .ticket), (String(sentinelClerk), .clerk),
        ] {
            let offsets = occurrences(of: Array(marker.utf8), in: text)
            guard offsets.count == 1 else { return nil }
            found.append((offsets[0], marker.utf8.count, slot))
        }
        found.sort { $0.offset < $1.offset }
        var literal: [UInt8] = []
        var ends: [Int] = []
        var position = 0
        for mark in found {
            guard mark.offset >= position else { return nil }
            literal += text[position..<mark.offset]
            ends.append(literal.count)
            position = mark.offset + mark.length
        }
        literal += text[position...]
        return (literal, (0, ends[0], ends[1], ends[2], literal.count), (found[0].slot, found[1].slot, found[2].slot))
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var offsets: [Int] = []
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { offsets.append(start) }
        }
        return offsets
    }
}
