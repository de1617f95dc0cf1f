import CLibPQ
import Foundation

/// The PostgreSQL server and database kiosk uses, as `--database` or `$KIOSK_DATABASE` gives
/// it: a `postgresql://` URL or a libpq conninfo (`host=… dbname=…`). What it leaves out
/// comes from the usual `PG*` variables (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, …),
/// as libpq reads them.
///
/// ```swift
/// let target = try PostgresTarget("postgresql://kiosk:secret@db.local/shop")
/// target.description   // "postgresql://kiosk@db.local:5432/shop" — never the password
/// ```
public struct PostgresTarget: Sendable, Equatable, CustomStringConvertible {
    /// What the user gave, handed to libpq as it is.
    public let conninfo: String
    /// The server and database, without the password.
    public let description: String

    /// How long kiosk waits for the server's answer to one statement before it gives the
    /// connection up (the server or the network is frozen); the next command connects again.
    /// Longer than the server's own lock and statement timeouts, so that a live server answers
    /// first.
    public var answerBound: Duration = .seconds(10)

    /// How long a command waits for a lost server to come back (or another of the target's
    /// hosts to accept writes) before it fails; at most ``reconnectWindows``'s upper bound.
    public var reconnectWindow: Duration = .seconds(30)

    /// The reconnect windows kiosk accepts: none (fail at once) to ten minutes.
    public static let reconnectWindows: ClosedRange<Duration> = .zero ... .seconds(600)

    /// `text` without the passwords `conninfo` holds: for libpq's messages about this target.
    public func redact(_ text: String) -> String {
        PasswordRedaction(conninfo: conninfo).redact(text)
    }

    /// Loads libpq when this process has not yet (see ``PostgresClientLibrary``), then reads
    /// `conninfo` with it.
    /// - Parameters:
    ///   - conninfo: a `postgresql://` (or `postgres://`) URL, or a conninfo string.
    ///   - clientLibrary: where to load libpq from, when it is not loaded yet.
    /// - Throws: ``PostgresError/clientLibraryUnavailable(library:reason:)`` when libpq cannot
    ///   be loaded; ``PostgresError/unparsable(given:reason:)`` with libpq's reason when it
    ///   cannot parse the text.
    public init(
        _ conninfo: String, clientLibrary: String = PostgresClientLibrary.defaultName
    ) throws(PostgresError) {
        try PostgresClientLibrary.load(clientLibrary)
        self.conninfo = conninfo
        var failure: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &failure) else {
            // libpq quotes a URL it cannot parse whole, password included; the text given
            // names the database, as nothing parsed can.
            let redaction = PasswordRedaction(conninfo: conninfo)
            let reason = redaction.redact(PostgresConnection.message(failure))
            if let failure { PQfreemem(failure) }
            throw .unparsable(given: redaction.redact(conninfo), reason: reason)
        }
        defer { PQconninfoFree(options) }
        var given: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { given[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        let defaults = Self.defaults()
        description = Self.describe(given, defaults: defaults)
        givesServerOptions = !(given["options"] ?? defaults["options"] ?? "").isEmpty
    }

    /// Whether the conninfo (or `PGOPTIONS`) sets the server's `options` itself: kiosk's
    /// session settings then go in statements after connecting rather than in its own.
    let givesServerOptions: Bool

    /// libpq's defaults, with the `PG*` variables applied.
    private static func defaults() -> [String: String] {
        guard let options = PQconndefaults() else { return [:] }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return values
    }

    /// `postgresql://user@host:port/dbname`, a socket directory as `?host=`; no password.
    private static func describe(_ given: [String: String], defaults: [String: String]) -> String {
        func value(_ key: String) -> String? {
            let value = given[key] ?? defaults[key]
            return value?.isEmpty == false ? value : nil
        }
        let user = value("user")
        let port = value("port") ?? "5432"
        let host = value("host") ?? value("hostaddr") ?? "/var/run/postgresql"
        let database = value("dbname") ?? user ?? ""
        let userPart = user.map { $0 + "@" } ?? ""
        if host.hasPrefix("/") || host.hasPrefix("@") {
            return "postgresql://\(userPart)/\(database)?host=\(host)&port=\(port)"
        }
        // Several hosts, as libpq takes them: each with its port (one port serves them all).
        let hosts = host.split(separator: ",", omittingEmptySubsequences: false)
        let ports = port.split(separator: ",", omittingEmptySubsequences: false)
        let servers = hosts.enumerated().map { index, name in
            let given = ports.count == hosts.count ? ports[index] : ports[0]
            // An IPv6 address in brackets, as a URL writes it, so that its port stands apart.
            let shown = name.contains(":") ? "[\(name)]" : String(name)
            return "\(shown):\(given.isEmpty ? "5432" : given)"
        }
        return "postgresql://\(userPart)\(servers.joined(separator: ","))/\(database)"
    }
}
