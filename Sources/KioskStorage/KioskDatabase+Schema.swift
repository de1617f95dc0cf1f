import GRDB

extension KioskDatabase {
    /// Every schema version, oldest first. Never edit a shipped migration; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-stock-sales-bank") { db in
            try db.execute(
                sql: """
                    CREATE TABLE stock (
                        fruit TEXT PRIMARY KEY NOT NULL,
                        quantity INTEGER NOT NULL CHECK (quantity >= 0)
                    );
                    CREATE TABLE sale (
                        id INTEGER PRIMARY KEY,
                        at_ms INTEGER NOT NULL,
                        juice TEXT NOT NULL,
                        count INTEGER NOT NULL CHECK (count > 0)
                    );
                    CREATE INDEX sale_by_time ON sale(at_ms);
                    CREATE TABLE sale_fruit (
                        sale_id INTEGER NOT NULL REFERENCES sale(id) ON DELETE CASCADE,
                        fruit TEXT NOT NULL,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        PRIMARY KEY (sale_id, fruit)
                    ) WITHOUT ROWID;
                    CREATE TABLE stock_adjustment (
                        id INTEGER PRIMARY KEY,
                        at_ms INTEGER NOT NULL,
                        fruit TEXT NOT NULL,
                        reason TEXT NOT NULL CHECK (reason IN ('seed', 'set', 'add', 'remove', 'reset')),
                        old INTEGER NOT NULL,
                        new INTEGER NOT NULL
                    );
                    CREATE TABLE bank_session (
                        id INTEGER PRIMARY KEY,
                        opened_at_ms INTEGER NOT NULL,
                        idle_at_ms INTEGER,
                        ended TEXT CHECK (ended IN ('reset', 'quit')),
                        served INTEGER NOT NULL DEFAULT 0,
                        business_ms INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE bank_session_task (
                        session_id INTEGER NOT NULL REFERENCES bank_session(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        task TEXT NOT NULL,
                        served INTEGER NOT NULL,
                        PRIMARY KEY (session_id, task)
                    ) WITHOUT ROWID;
                    """)
        }
        // Shelf limits live beside the stock, so every kiosk on one database checks against
        // the same max. NULL until a kiosk starts and stores its config's max.
        migrator.registerMigration("v2-shelf-limits") { db in
            try db.execute(sql: "ALTER TABLE stock ADD COLUMN max INTEGER")
        }
        // A session remembers the process that records it, so the next kiosk to start can
        // close one whose kiosk was killed as 'interrupted' (a new value for `ended`, which
        // SQLite only takes by rebuilding the table).
        migrator.registerMigration("v3-interrupted-bank-sessions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE bank_session_new (
                        id INTEGER PRIMARY KEY,
                        opened_at_ms INTEGER NOT NULL,
                        idle_at_ms INTEGER,
                        ended TEXT CHECK (ended IN ('reset', 'quit', 'interrupted')),
                        served INTEGER NOT NULL DEFAULT 0,
                        business_ms INTEGER NOT NULL DEFAULT 0,
                        owner_pid INTEGER
                    );
                    INSERT INTO bank_session_new (id, opened_at_ms, idle_at_ms, ended, served, business_ms)
                        SELECT id, opened_at_ms, idle_at_ms, ended, served, business_ms FROM bank_session;
                    DROP TABLE bank_session;
                    ALTER TABLE bank_session_new RENAME TO bank_session;
                    """)
        }
        return migrator
    }
}
