import CLibPQ
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libpq connection: statements with text parameters, prepared once per connection,
/// and the notifications a LISTEN receives. Not thread-safe: its owner uses it from one
/// thread at a time (``PostgresDatabase`` from its connection thread, ``StockListener``
/// from its own); it is Sendable only so that it can move to that thread.
final class PostgresConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private let server: String
    private var prepared: Set<String> = []

    /// How long a row lock or a statement may wait before the server cancels it.
    static let waitBound: Duration = .seconds(5)

    /// How long kiosk waits for the answer to one statement before it gives the connection
    /// up (``PostgresTarget/answerBound``): only a frozen server or a network that drops
    /// everything is met by it.
    private let answerBound: Duration

    /// How many times the user interrupted (Ctrl-C, SIGTERM, SIGHUP): a wait for an answer
    /// that sees it change gives its connection up within a poll slice, so that the command
    /// (or the program) can end even while the server says nothing.
    static let interruptions = Atomic<Int>(0)

    /// How often a wait for an answer looks at ``interrupted``.
    private static let pollSlice: Duration = .milliseconds(100)

    /// Set when a wait for an answer gave up: libpq still expects that answer, so the
    /// connection can serve nothing else and counts as broken.
    private var abandoned = false

    /// Connects to `target` and applies kiosk's session settings.
    /// - Throws: ``PostgresError/unreachable(server:reason:)`` when no connection can be made.
    init(_ target: PostgresTarget) throws(PostgresError) {
        server = target.description
        answerBound = target.answerBound
        // Later keywords override earlier ones, and the expanded `dbname` (the URL or
        // conninfo) overrides the defaults before it; PG* variables fill in the rest.
        // Keepalives and a TCP user timeout end a connection whose peer vanished (a host that
        // is gone, a network that drops everything) instead of leaving it open for hours;
        // the user's own conninfo, expanded last, may set them otherwise.
        // kiosk's session settings travel with the start-up packet (no round trip of their
        // own), unless the user's conninfo or PGOPTIONS gives `options`, which they keep.
        let waited = Self.waitBound.components.seconds
        let settings = [
            "lock_timeout=\(waited)s", "statement_timeout=\(waited)s", "idle_in_transaction_session_timeout=60s",
            "default_transaction_isolation=read\\ committed", "client_min_messages=warning",
        ]
        var keywords = [
            "connect_timeout", "fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval",
            "keepalives_count", "tcp_user_timeout",
        ]
        var values = ["5", "kiosk", "1", "10", "5", "3", "15000"]
        if !target.givesServerOptions {
            keywords.append("options")
            values.append(settings.map { "-c " + $0 }.joined(separator: " "))
        }
        keywords.append("dbname")
        values.append(target.conninfo)
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw .unreachable(server: server, reason: "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = target.redact(Self.message(PQerrorMessage(connection)))
            PQfinish(connection)
            throw .unreachable(server: server, reason: reason)
        }
        handle = connection
        // libpq prints the server's notices on standard error unless told otherwise; the
        // presenter alone writes to the terminal.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        guard target.givesServerOptions else { return }
        do {
            try execute(
                """
                SET lock_timeout = '\(waited)s'; SET statement_timeout = '\(waited)s';
                SET idle_in_transaction_session_timeout = '60s';
                SET default_transaction_isolation = 'read committed'; SET client_min_messages = 'warning'
                """)
        } catch {
            // What libpq or the server said about the failed set-up.
            switch error {
            case .unreachable(_, let reason), .connectionLost(_, let reason), .server(_, _, let reason):
                throw .unreachable(server: server, reason: reason)
            // Ctrl-C while the set-up waited is an interruption, not a server out of reach.
            case .interrupted: throw error
            default: throw .unreachable(server: server, reason: error.code)
            }
        }
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether the connection still stands as far as libpq knows.
    var isBroken: Bool { abandoned || PQstatus(handle) != CONNECTION_OK }

    /// Whether a transaction is open (or failed and not yet rolled back) on the connection.
    var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// The socket, for `poll`.
    var socket: Int32 { PQsocket(handle) }

    /// Runs `sql` (one or more statements, no parameters) and returns the last result.
    /// - Throws: ``PostgresError`` when a statement fails, the connection breaks or no
    ///   answer comes within ``answerBound``.
    @discardableResult
    func execute(_ sql: String) throws(PostgresError) -> PostgresResult {
        try check(answer(to: PQsendQuery(handle, sql)))
    }

    /// Runs one statement with text parameters (nil is NULL).
    /// - Throws: ``PostgresError`` when the statement fails, the connection breaks or no
    ///   answer comes within ``answerBound``.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?]) throws(PostgresError) -> PostgresResult {
        let sent = Self.withCParameters(parameters) { values in
            PQsendQueryParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        return try check(answer(to: sent))
    }

    /// Runs the statement `sql`, prepared under `name` the first time this connection runs it.
    /// - Throws: ``PostgresError`` when preparing or running fails, the connection breaks or
    ///   no answer comes within ``answerBound``.
    @discardableResult
    func execute(prepared name: String, _ sql: String, _ parameters: [String?]) throws(PostgresError) -> PostgresResult
    {
        if !prepared.contains(name) {
            try check(answer(to: PQsendPrepare(handle, name, sql, Int32(parameters.count), nil)))
            prepared.insert(name)
        }
        let sent = Self.withCParameters(parameters) { values in
            PQsendQueryPrepared(handle, name, Int32(parameters.count), values, nil, nil, 0)
        }
        return try check(answer(to: sent))
    }

    /// Runs the prepared statements one after the other, each its own transaction, sent
    /// together in one pipeline (one round trip): a statement that fails does not keep the
    /// next from running. A statement without a name is sent unprepared.
    /// - Returns: each statement's result, or the error it failed with.
    /// - Throws: ``PostgresError`` when preparing fails, the connection breaks or no answer
    ///   comes within ``answerBound``.
    func execute(
        pipelined statements: [(name: String, sql: String, parameters: [String?])]
    ) throws(PostgresError) -> [Result<PostgresResult, PostgresError>] {
        for statement in statements where !statement.name.isEmpty && !prepared.contains(statement.name) {
            try check(
                answer(to: PQsendPrepare(handle, statement.name, statement.sql, Int32(statement.parameters.count), nil))
            )
            prepared.insert(statement.name)
        }
        guard PQenterPipelineMode(handle) == 1 else {
            return statements.map { statement in
                Result { () throws(PostgresError) in
                    statement.name.isEmpty
                        ? try execute(statement.sql, statement.parameters)
                        : try execute(prepared: statement.name, statement.sql, statement.parameters)
                }
            }
        }
        for statement in statements {
            let sent = Self.withCParameters(statement.parameters) { values in
                statement.name.isEmpty
                    ? PQsendQueryParams(
                        handle, statement.sql, Int32(statement.parameters.count), nil, values, nil, nil, 0)
                    : PQsendQueryPrepared(
                        handle, statement.name, Int32(statement.parameters.count), values, nil, nil, 0)
            }
            guard sent == 1, PQpipelineSync(handle) == 1 else {
                abandoned = true
                throw .connectionLost(server: server, reason: Self.message(PQerrorMessage(handle)))
            }
        }
        let deadline = ContinuousClock.now + answerBound
        let interruptions = Self.interruptions.load(ordering: .relaxed)
        var outcomes: [Result<PostgresResult, PostgresError>] = []
        for _ in statements {
            // The statement's results up to the end of its answer (as `answer(to:)` keeps
            // them), then the synchronization point that ends its transaction.
            var kept: OpaquePointer?
            var keptFailure = false
            do {
                while let result = try nextPipelined(before: deadline, interruptions: interruptions) {
                    let status = PQresultStatus(result)
                    if keptFailure {
                        PQclear(result)
                    } else {
                        if let kept { PQclear(kept) }
                        kept = result
                        keptFailure = status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK
                    }
                }
            } catch {
                if let kept { PQclear(kept) }
                throw error
            }
            outcomes.append(Result { () throws(PostgresError) in try check(kept) })
            guard let sync = try nextPipelined(before: deadline, interruptions: interruptions) else {
                abandoned = true
                throw .connectionLost(server: server, reason: Self.message(PQerrorMessage(handle)))
            }
            let status = PQresultStatus(sync)
            PQclear(sync)
            guard status == PGRES_PIPELINE_SYNC else {
                abandoned = true
                throw .connectionLost(server: server, reason: Self.message(PQerrorMessage(handle)))
            }
        }
        _ = PQexitPipelineMode(handle)
        return outcomes
    }

    /// The next result of a pipeline (nil at the end of one statement's answer), waited for
    /// as ``answer(to:)`` waits.
    private func nextPipelined(
        before deadline: ContinuousClock.Instant, interruptions: Int
    ) throws(PostgresError) -> OpaquePointer? {
        while PQisBusy(handle) == 1 {
            try waitUntilReadable(before: deadline, interruptions: interruptions)
            guard PQconsumeInput(handle) == 1 else {
                abandoned = true
                throw .connectionLost(server: server, reason: Self.message(PQerrorMessage(handle)))
            }
        }
        let result = PQgetResult(handle)
        if result != nil, PQstatus(handle) != CONNECTION_OK {
            PQclear(result)
            abandoned = true
            throw .connectionLost(server: server, reason: Self.message(PQerrorMessage(handle)))
        }
        return result
    }

    /// The answer to what was just sent, as `PQexec` gives it (the first failure, else the
    /// last result), waited for in `poll` with a deadline rather than in libpq's blocking
    /// read, which waits for ever on a frozen server and ignores signals.
    /// - Parameter sent: what `PQsend…` returned (0 when it could not send).
    /// - Returns: the result; nil when the connection broke (``check(_:)`` says so).
    /// - Throws: ``PostgresError/unanswered(server:waited:)`` at the deadline, or
    ///   ``PostgresError/connectionLost(server:reason:)`` when interrupted.
    private func answer(to sent: Int32) throws(PostgresError) -> OpaquePointer? {
        guard sent == 1 else { return nil }
        let deadline = ContinuousClock.now + answerBound
        let interruptions = Self.interruptions.load(ordering: .relaxed)
        var kept: OpaquePointer?
        var keptFailure = false
        do {
            while true {
                while PQisBusy(handle) == 1 {
                    try waitUntilReadable(before: deadline, interruptions: interruptions)
                    guard PQconsumeInput(handle) == 1 else {
                        if let kept { PQclear(kept) }
                        return nil
                    }
                }
                guard let result = PQgetResult(handle) else { return kept }
                let status = PQresultStatus(result)
                if keptFailure {
                    PQclear(result)
                } else {
                    if let kept { PQclear(kept) }
                    kept = result
                    keptFailure = status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK
                }
            }
        } catch {
            if let kept { PQclear(kept) }
            throw error
        }
    }

    /// Waits until the socket has something to read, a slice at a time so that an interrupt
    /// is seen; gives the connection up at `deadline` or when the count of interruptions is
    /// no longer `interruptions`.
    private func waitUntilReadable(
        before deadline: ContinuousClock.Instant, interruptions: Int
    ) throws(PostgresError) {
        while true {
            if Self.interruptions.load(ordering: .relaxed) != interruptions {
                abandoned = true
                throw .interrupted(server: server)
            }
            let remaining = deadline - .now
            guard remaining > .zero else {
                abandoned = true
                throw .unanswered(server: server, waited: answerBound)
            }
            let slice = min(remaining, Self.pollSlice)
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                slice.components.seconds * 1_000 + slice.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&descriptor, 1, max(milliseconds, 1))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { return }  // PQconsumeInput reports the failure
        }
    }

    /// Reads what the server sent without blocking.
    /// - Throws: ``PostgresError/connectionLost(server:reason:)`` when the connection broke.
    func consumeInput() throws(PostgresError) {
        if PQconsumeInput(handle) == 0 || isBroken {
            throw .connectionLost(server: server, reason: Self.message(PQerrorMessage(handle)))
        }
    }

    /// The next notification received, if any: its channel and payload.
    func nextNotification() -> (channel: String, payload: String)? {
        guard let notification = PQnotifies(handle) else { return nil }
        defer { PQfreemem(notification) }
        return (String(cString: notification.pointee.relname), String(cString: notification.pointee.extra))
    }

    /// The result, or the error it carries: a broken connection is ``PostgresError/connectionLost(server:reason:)``,
    /// a lock or statement timeout ``PostgresError/busy(server:waited:)``.
    @discardableResult
    private func check(_ result: OpaquePointer?) throws(PostgresError) -> PostgresResult {
        guard let result else {
            throw .connectionLost(server: server, reason: Self.message(PQerrorMessage(handle)))
        }
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK {
            return PostgresResult(result)
        }
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = Self.message(PQresultErrorField(result, Int32(UInt8(ascii: "M"))) ?? PQerrorMessage(handle))
        PQclear(result)
        if isBroken || state.hasPrefix("08") || state == "57P01" || state == "57P02" || state == "57P03" {
            throw .connectionLost(server: server, reason: message)
        }
        switch state {
        // lock_not_available (lock_timeout), query_canceled (statement_timeout), deadlock.
        case "55P03", "57014", "40P01": throw .busy(server: server, waited: Self.waitBound)
        default: throw .server(server: server, state: state, message: message)
        }
    }

    /// libpq's message on one line, without its trailing newline.
    static func message(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        let lines = String(cString: text).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let joined = lines.filter { !$0.isEmpty }.joined(separator: " ")
        return joined.isEmpty ? "unknown error" : joined
    }

    /// The reason inside `error`, for wrapping it in another case.
    static func reason(of error: PostgresError) -> UnconfirmedReason {
        switch error {
        case .unreachable(_, let reason), .connectionLost(_, let reason): .reported(reason)
        case .server(_, _, let message): .reported(message)
        case .unanswered(_, let waited): .unanswered(waited: waited)
        case .interrupted: .interrupted
        case .outcomeUnknown(_, let reason): reason
        default: .reported(error.code)
        }
    }

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
    }

    private static func withCParameters<T>(_ parameters: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = parameters.map { $0.flatMap { strdup($0) } }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}

/// The rows of one statement, as text; freed with the value.
// @unchecked Sendable: libpq never changes a result once it handed it over, and this class
// only reads it; the handle is freed once, in deinit, when no one holds the value.
final class PostgresResult: @unchecked Sendable {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// How many rows came back.
    var rowCount: Int { Int(PQntuples(handle)) }

    /// The text of `column` in `row`; nil for NULL or a cell that is not there.
    func text(_ row: Int, _ column: Int) -> String? {
        guard row >= 0, row < rowCount, column >= 0, column < Int(PQnfields(handle)) else { return nil }
        if PQgetisnull(handle, Int32(row), Int32(column)) == 1 { return nil }
        return String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
    }

    /// The integer in `column` of `row`; nil for NULL or text that is not an integer.
    func integer(_ row: Int, _ column: Int) -> Int? {
        text(row, column).flatMap { Int($0) }
    }

    /// The number in `column` of `row` (a float8 such as an epoch); nil for NULL or not a number.
    func double(_ row: Int, _ column: Int) -> Double? {
        text(row, column).flatMap { Double($0) }
    }

    /// Whether `column` of `row` is `t` (a boolean true).
    func bool(_ row: Int, _ column: Int) -> Bool {
        text(row, column) == "t"
    }
}

extension PostgresDatabase {
    /// Makes every wait for the server's answer that is under way give its connection up at
    /// once: called when the user interrupts a command or the program, so that neither waits
    /// on a server that does not answer.
    public static func interruptWaits() {
        PostgresConnection.interruptions.add(1, ordering: .relaxed)
    }
}
