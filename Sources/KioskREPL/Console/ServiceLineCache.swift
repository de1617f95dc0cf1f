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
    /// record finds its template by its index in the run's names, without comparing a string.
    private mutating func append(run: BankProgress, console: Console, to bytes: inout [UInt8]) {
        if runNames !== run.names {
            runNames = run.names
            runKeys = Array(repeating: -1, count: run.names.services.count * 2)
            runArrivals = Array(repeating: -1, count: run.names.tasks.count)
        }
        let json = console.format == .json
        // Room for the whole run at once, doubling as an array grows, so that no line of it
        // moves what came before.
        let needed = bytes.count + run.count * Self.longestRunLine
        if bytes.capacity < needed { bytes.reserveCapacity(max(needed, 2 * bytes.capacity)) }
        for record in run.records {
            switch record.kind {
            case .arrived:
                guard json else { continue }
                let slot = Int(record.name)
                if runArrivals[slot] >= 0, let template = arrivals[runArrivals[slot]].template {
                    bytes.append(contentsOf: template.before)
                    Self.appendDecimal(record.ticket, to: &bytes)
                    bytes.append(contentsOf: template.after)
                    bytes.append(UInt8(ascii: "\n"))
                    continue
                }
                let event = run.event(record)
                _ = append(event, console: console, to: &bytes)
                if runArrivals[slot] == -1 {
                    let task = run.names.tasks[slot]
                    runArrivals[slot] = arrivals.firstIndex { $0.task == task && $0.template != nil } ?? -2
                }
            case .started, .finished:
                let slot = 2 * Int(record.name) + (record.kind == .finished ? 1 : 0)
                let key = runKeys[slot]
                if key >= 0, let template = templates[key] {
                    // Bank times are never negative; a negative one takes the long way.
                    let milliseconds = record.at >= 0 ? Int(record.at / 1_000_000) : record.time.wholeMilliseconds
                    appendLine(
                        template, json: json, ticket: record.ticket, clerk: Int(record.clerk),
                        milliseconds: milliseconds, to: &bytes)
                    continue
                }
                let event = run.event(record)
                _ = append(event, console: console, to: &bytes)
                if key == -1 {
                    let service = run.names.services[Int(record.name)]
                    let found = index(
                        started: record.kind == .started, task: service.task, stage: service.stage,
                        grade: service.grade, desk: service.desk)
                    runKeys[slot] = found.flatMap { templates[$0] == nil ? nil : $0 } ?? -2
                }
            }
        }
    }

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
        let slots = template.slots
        // The fixed text, three numbers of at most 19 digits (a clock time's hours and 10
        // more characters), and the newline.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackedLiterals + 64) { line in
            guard let start = line.baseAddress else { return }
            let count = literals.withUnsafeBufferPointer { literals -> Int in
                guard let text = literals.baseAddress else { return 0 }
                var end = start
                func piece(_ from: Int, _ to: Int) {
                    end.update(from: text + from, count: to - from)
                    end += to - from
                }
                func value(_ slot: Slot) {
                    switch slot {
                    case .time where json: end = Self.putDecimal(milliseconds, at: end)
                    case .time: end = Self.putClock(milliseconds: milliseconds, at: end)
                    case .ticket: end = Self.putDecimal(ticket, at: end)
                    case .clerk: end = Self.putDecimal(clerk, at: end)
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
                return end - start + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
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
        Self.appendDecimal(ticket, to: &bytes)
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
        Self.appendDecimal(ticket, to: &bytes)
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
                case .time where json: Self.appendDecimal(milliseconds, to: &bytes)
                case .time:
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { clock in
                        guard let start = clock.baseAddress else { return }
                        let end = Self.putClock(milliseconds: max(0, milliseconds), at: start)
                        bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: end - start))
                    }
                case .ticket: Self.appendDecimal(ticket, to: &bytes)
                case .clerk: Self.appendDecimal(clerk, to: &bytes)
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
        let base = literals.count
        let start = literals.endIndex
        literals.append(contentsOf: cut.text)
        let template = Template(
            bounds: (
                base + cut.bounds.0, base + cut.bounds.1, base + cut.bounds.2, base + cut.bounds.3, base + cut.bounds.4
            ),
            slots: cut.slots)
        var bytes: [UInt8] = []
        write(template, json: json, ticket: ticket, clerk: clerk, milliseconds: at.wholeMilliseconds, to: &bytes)
        guard console.line(for: event).map({ Array($0.utf8) }) == bytes else {
            literals.removeSubrange(start...)
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

    /// Writes `value` (not negative) in decimal at `pointer`; returns where it ends.
    private static func putDecimal(_ value: Int, at pointer: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            pointer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return pointer + digits
    }

    /// Writes ``Duration/clockText`` of `milliseconds` (not negative) at `pointer`; returns
    /// where it ends.
    private static func putClock(milliseconds: Int, at pointer: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
        UInt8
    > {
        var end = pointer
        let hours = milliseconds / 3_600_000
        if hours > 0 {
            end = putDecimal(hours, at: end)
            end.pointee = UInt8(ascii: ":")
            end += 1
        }
        let minutes = (milliseconds / 60_000) % 60
        let seconds = (milliseconds / 1_000) % 60
        let millis = milliseconds % 1_000
        let zero = UInt8(ascii: "0")
        end[0] = zero + UInt8(minutes / 10)
        end[1] = zero + UInt8(minutes % 10)
        end[2] = UInt8(ascii: ":")
        end[3] = zero + UInt8(seconds / 10)
        end[4] = zero + UInt8(seconds % 10)
        end[5] = UInt8(ascii: ".")
        end[6] = zero + UInt8(millis / 100)
        end[7] = zero + UInt8(millis / 10 % 10)
        end[8] = zero + UInt8(millis % 10)
        return end + 9
    }

    /// `value` in decimal, as `"\(value)"` writes it.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        // Int.max has 19 digits.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var count = 0
            var rest = value
            repeat {
                buffer[buffer.count - 1 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(buffer.count - count)...]))
        }
    }
}
