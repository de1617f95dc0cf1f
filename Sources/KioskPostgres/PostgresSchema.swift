/// kiosk's tables on PostgreSQL and their versions. The version lives in the database
/// (`kiosk_meta`), so kiosks of different releases sharing one server agree on it.
enum PostgresSchema {
    /// The newest schema this kiosk knows.
    static let version = 4

    /// The advisory lock kiosks take while they check and migrate the schema, so two kiosks
    /// starting at once take turns (any constant; it names kiosk's lock on the server).
    static let migrationLock = 0x6B69_6F73_6B

    /// Every migration, by the version it brings the database to. Never edit a shipped one;
    /// add the next.
    static let migrations: [Int: String] = [
        1: """
        CREATE TABLE kiosk_meta (
            key text PRIMARY KEY,
            value text NOT NULL
        );
        -- Levels and limits are bigint: a config may give shelves beyond 2^31.
        -- The shelves: the level and the max every kiosk checks inside its transaction.
        -- revision counts the writes to the row, so a notification older than what a kiosk
        -- already saw is skipped.
        CREATE TABLE stock (
            fruit text PRIMARY KEY,
            quantity bigint NOT NULL CHECK (quantity >= 0),
            maximum bigint NOT NULL CHECK (maximum >= 0),
            revision bigint NOT NULL DEFAULT 0
        );
        CREATE TABLE sale (
            id bigserial PRIMARY KEY,
            at timestamptz NOT NULL DEFAULT now(),
            kiosk text NOT NULL,
            juice text NOT NULL,
            count bigint NOT NULL CHECK (count > 0)
        );
        CREATE INDEX sale_by_time ON sale (at);
        CREATE TABLE sale_fruit (
            sale_id bigint NOT NULL REFERENCES sale (id) ON DELETE CASCADE,
            fruit text NOT NULL,
            amount bigint NOT NULL CHECK (amount > 0),
            PRIMARY KEY (sale_id, fruit)
        );
        CREATE TABLE stock_adjustment (
            id bigserial PRIMARY KEY,
            at timestamptz NOT NULL DEFAULT now(),
            kiosk text NOT NULL,
            fruit text NOT NULL,
            reason text NOT NULL CHECK (reason IN ('seed', 'set', 'add', 'remove', 'reset')),
            old bigint NOT NULL,
            new bigint NOT NULL
        );
        -- A kiosk that starts with another max than the stored one stores its own.
        CREATE TABLE shelf_change (
            id bigserial PRIMARY KEY,
            at timestamptz NOT NULL DEFAULT now(),
            kiosk text NOT NULL,
            fruit text NOT NULL,
            old_maximum bigint NOT NULL,
            new_maximum bigint NOT NULL
        );
        CREATE TABLE bank_session (
            id bigserial PRIMARY KEY,
            kiosk text NOT NULL,
            opened_at timestamptz NOT NULL DEFAULT now(),
            idle_at timestamptz,
            ended text CHECK (ended IN ('reset', 'quit', 'interrupted')),
            served integer NOT NULL DEFAULT 0,
            business_ms bigint NOT NULL DEFAULT 0
        );
        CREATE TABLE bank_session_task (
            session_id bigint NOT NULL REFERENCES bank_session (id) ON DELETE CASCADE,
            position integer NOT NULL,
            task text NOT NULL,
            served integer NOT NULL,
            PRIMARY KEY (session_id, task)
        );
        INSERT INTO kiosk_meta (key, value) VALUES ('application', 'kiosk'), ('schema_version', '1');
        """,
        2: changeFunction,
        3: ordersFunction,
        4: durabilityFunction,
    ]

    /// Checks the database and brings it to ``version``, in one transaction under the
    /// migration lock.
    /// - Throws: ``PostgresError/newerSchema(server:version:known:)``,
    ///   ``PostgresError/notKioskDatabase(server:)``, or the failure of a statement.
    /// - Parameter checked: the answer to ``metaQuery`` the caller already read, if any.
    /// - Returns: whether the database was at ``version`` already (nothing was written).
    @discardableResult
    static func migrate(
        _ connection: PostgresConnection, server: String, checked: Result<PostgresResult, PostgresError>? = nil
    ) throws(PostgresError) -> Bool {
        // The common case, a database already at this version, in one round trip and no lock.
        switch checked {
        case .success(let rows)?:
            if isCurrent(rows) { return true }
        case .failure(.server)?:
            break
        case .failure(let failure)?:
            throw failure
        case nil:
            if try isCurrent(connection) { return true }
        }
        try connection.execute("BEGIN")
        do {
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [String(migrationLock)])
            var current = 0
            let meta = try connection.execute("SELECT to_regclass('kiosk_meta') IS NOT NULL")
            if meta.bool(0, 0) {
                let rows = try connection.execute(
                    "SELECT key, value FROM kiosk_meta WHERE key IN ('application', 'schema_version')")
                var values: [String: String] = [:]
                for row in 0..<rows.rowCount {
                    if let key = rows.text(row, 0) { values[key] = rows.text(row, 1) }
                }
                guard values["application"] == "kiosk", let stored = values["schema_version"].flatMap({ Int($0) })
                else { throw PostgresError.notKioskDatabase(server: server) }
                current = stored
            } else {
                // A database holding tables of its own is someone else's: write nothing there.
                let tables = try connection.execute(
                    """
                    SELECT count(*) FROM pg_catalog.pg_class c
                    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
                      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
                      AND n.nspname NOT LIKE 'pg_temp%'
                    """)
                guard tables.integer(0, 0) == 0 else { throw PostgresError.notKioskDatabase(server: server) }
            }
            guard current <= version else {
                throw PostgresError.newerSchema(server: server, version: current, known: version)
            }
            if current < version {
                for step in (current + 1)...version {
                    if let sql = migrations[step] { try connection.execute(sql) }
                }
                try connection.execute(
                    "UPDATE kiosk_meta SET value = $1 WHERE key = 'schema_version'", [String(version)])
            }
            try connection.execute("COMMIT")
            return false
        } catch {
            if !connection.isBroken { _ = try? connection.execute("ROLLBACK") }
            if let error = error as? PostgresError { throw error }
            throw PostgresError.server(server: server, state: "", message: String(describing: error))
        }
    }

    /// Whether the database is kiosk's at ``version``, read in one statement outside a
    /// transaction; false for anything else (no `kiosk_meta`, another version), which
    /// ``migrate(_:server:)`` then looks at under its lock.
    private static func isCurrent(_ connection: PostgresConnection) throws(PostgresError) -> Bool {
        let rows: PostgresResult
        do {
            rows = try connection.execute(metaQuery, [])
        } catch .server {
            return false
        }
        return isCurrent(rows)
    }

    /// What tells kiosk's database and its version: read at every start.
    static let metaQuery = "SELECT key, value FROM kiosk_meta WHERE key IN ('application', 'schema_version')"

    /// Whether `rows`, the answer to ``metaQuery``, say the database is kiosk's at ``version``.
    private static func isCurrent(_ rows: PostgresResult) -> Bool {
        var values: [String: String] = [:]
        for row in 0..<rows.rowCount {
            if let key = rows.text(row, 0) { values[key] = rows.text(row, 1) }
        }
        return values["application"] == "kiosk" && values["schema_version"] == String(version)
    }
}
