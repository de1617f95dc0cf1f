import Foundation
import GRDB
import Testing

/// The database against what a real shop meets: two kiosks with different shelf limits,
/// another application's SQLite file, rows edited by hand, a FIFO or a lock where the
/// database should be, and the files' modes.
@Suite(
    "Data faults", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct DataFaultTests {
    static func database(_ sandbox: Sandbox) -> String { sandbox.path + "/data/kiosk.sqlite" }

    /// Makes the data directory's database by running one command.
    static func create(_ sandbox: Sandbox) async throws {
        let run = try await KioskBinary.run(["--data-dir", sandbox.path + "/data", "-c", "stock"], home: sandbox)
        try #require(run.status == 0, "\(run.stderr)")
    }

    static func write(_ sandbox: Sandbox, _ sql: String) throws {
        let queue = try DatabaseQueue(path: database(sandbox))
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try queue.close()
    }

    // MARK: - Item 1: shelf limits live in the database

    @Test("a kiosk with a lower mango max never sets down another kiosk's mango: 90 -> 87, ledger balanced")
    func shelfLimitsAreShared() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let lowConfig = try String(contentsOfFile: KioskBinary.packageRoot + "/config/kiosk.toml", encoding: .utf8)
            .replacingOccurrences(
                of: "ko = \"망고\" }\ninitial = 10\nmax = 100", with: "ko = \"망고\" }\ninitial = 10\nmax = 20")
        let config = try sandbox.file("low-mango.toml", contents: lowConfig)
        try #require(lowConfig.contains("max = 20"))

        let kioskA = try LiveKiosk(["--data-dir", data, "--config", config], sandbox: sandbox)
        try kioskA.send("stock")
        try await kioskA.waitFor("A's stock") { out, _ in out.contains("mango") }

        let kioskB = try await KioskBinary.run(["--data-dir", data, "-c", "stock set mango 90"], home: sandbox)
        #expect(kioskB.status == 0, "\(kioskB.stderr)")
        #expect(kioskB.stdout == "Mango: 10 -> 90 (max 100).\n")
        #expect(
            kioskB.stderr
                == "kiosk: warning: the database kept mango's shelf max at 20; this config says 100, which every kiosk on this database uses from now on.\n"
        )

        try kioskA.send("order mango")
        let output = try await kioskA.waitFor("A's order") { out, _ in out.contains("Made 1 Mango Juice.") }
        #expect(output.contains("Stock: mango 90 -> 87\n"), "\(output)")
        #expect(try await kioskA.finish() == 0, "\(kioskA.stderr)")
        #expect(kioskA.stderr.isEmpty)

        let ledger = try StorageEndToEndTests.StoredLedger(Self.database(sandbox))
        #expect(ledger.stock["mango"] == 87)
        #expect(ledger.imbalances.isEmpty, "\(ledger.imbalances)")
    }

    @Test("a kiosk starting with a lower max sets the stock down to it, recorded, and says so once")
    func lowerMaxAtStart() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let lowConfig = try String(contentsOfFile: KioskBinary.packageRoot + "/config/kiosk.toml", encoding: .utf8)
            .replacingOccurrences(
                of: "ko = \"망고\" }\ninitial = 10\nmax = 100", with: "ko = \"망고\" }\ninitial = 10\nmax = 20")
        let config = try sandbox.file("low-mango.toml", contents: lowConfig)
        let first = try await KioskBinary.run(["--data-dir", data, "-c", "stock set mango 90"], home: sandbox)
        #expect(first.status == 0, "\(first.stderr)")
        let low = try await KioskBinary.run(
            ["--data-dir", data, "--config", config, "--json", "-c", "stock"], home: sandbox)
        #expect(low.status == 0, "\(low.stderr)")
        let warning = try #require(
            try JSONSerialization.jsonObject(with: Data(low.stderr.utf8)) as? [String: Any], "\(low.stderr)")
        #expect(warning["type"] as? String == "warning")
        #expect(warning["code"] as? String == "shelf_max_changed")
        #expect(warning["fruit"] as? String == "mango")
        #expect(warning["stored"] as? Int == 100)
        #expect(warning["configured"] as? Int == 20)
        #expect(warning["lowered_from"] as? Int == 90)
        #expect(
            warning["message"] as? String
                == "warning: the database kept mango's shelf max at 100; this config says 20, which every kiosk on this database uses from now on. The shelf held 90, so its stock is now 20 (recorded in the ledger)."
        )
        #expect(low.stdout.contains("\"mango\":20"), "\(low.stdout)")
        let ledger = try StorageEndToEndTests.StoredLedger(Self.database(sandbox))
        #expect(ledger.imbalances.isEmpty, "\(ledger.imbalances)")
    }

    // MARK: - Item 3: another application's database

    @Test("another application's SQLite file, even one with a stock table, is refused and left byte for byte")
    func foreignDatabase() async throws {
        for tables in [
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)", "CREATE TABLE stock (sku TEXT, n INTEGER)",
        ] {
            let sandbox = try Sandbox()
            try FileManager.default.createDirectory(atPath: sandbox.path + "/data", withIntermediateDirectories: true)
            let path = Self.database(sandbox)
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try db.execute(sql: tables)
                try db.execute(
                    sql: "INSERT INTO \(tables.contains("notes") ? "notes (body)" : "stock (sku)") VALUES ('x')")
            }
            try queue.close()
            let before = try #require(FileManager.default.contents(atPath: path))

            let run = try await KioskBinary.run(["--data-dir", sandbox.path + "/data", "-c", "stock"], home: sandbox)
            #expect(run.status == 74)
            #expect(run.stdout.isEmpty)
            #expect(
                run.stderr
                    == "kiosk: \(path) is another application's SQLite database (it has no kiosk tables). kiosk left it untouched; move it away or choose another --data-dir.\n"
            )
            #expect(FileManager.default.contents(atPath: path) == before)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        }
    }

    // MARK: - Item 4: tampered rows

    @Test(
        "a stock row kiosk never writes is a storage error naming fruit and value",
        arguments: [
            ("-5", "quantity -5"), ("'ten'", "quantity 'ten'"), ("2.5", "quantity 2.5"), ("150", "quantity 150"),
        ])
    func tamperedStock(_ value: String, _ named: String) async throws {
        let sandbox = try Sandbox()
        try await Self.create(sandbox)
        try Self.write(
            sandbox, "PRAGMA ignore_check_constraints = ON; UPDATE stock SET quantity = \(value) WHERE fruit = 'mango'")
        for command in ["stock", "order mango"] {
            let run = try await KioskBinary.run(["--data-dir", sandbox.path + "/data", "-c", command], home: sandbox)
            #expect(run.status == 74, "\(command): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("kiosk: The stock row of mango in "), "\(run.stderr)")
            #expect(run.stderr.contains("holds \(named), which kiosk never writes"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        // Nothing was coerced or recorded.
        let queue = try DatabaseQueue(path: Self.database(sandbox))
        defer { try? queue.close() }
        let (stored, adjustments, sales) = try await queue.read { db in
            (
                try String.fetchOne(db, sql: "SELECT quote(quantity) FROM stock WHERE fruit = 'mango'"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock_adjustment WHERE fruit = 'mango'"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sale")
            )
        }
        #expect(stored == value)
        #expect(adjustments == 1)
        #expect(sales == 0)
    }

    // MARK: - Item 5: file modes

    @Test("the database, its WAL and its shared-memory file are all 0600")
    func walAndShmArePrivate() async throws {
        let sandbox = try Sandbox()
        let kiosk = try LiveKiosk(["--data-dir", sandbox.path + "/data"], sandbox: sandbox)
        try kiosk.send("order banana")
        try await kiosk.waitFor("the order") { out, _ in out.contains("Made 1 Banana Juice.") }
        let path = Self.database(sandbox)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(try sandbox.mode(of: file) == 0o600, "\(file)")
        }
        #expect(try await kiosk.finish() == 0)
    }

    @Test("every run ends with its orders in kiosk.sqlite and no write-ahead log beside it")
    func noLogLeftAtExit() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        // Before the database was closed at the end, about one run in three left the log.
        for run in 1...6 {
            let orders = try await KioskBinary.run(
                ["--data-dir", data, "-c", "order banana", "-c", "stock fill banana"], home: sandbox)
            #expect(orders.status == 0, "\(orders.stderr)")
            #expect(!FileManager.default.fileExists(atPath: Self.database(sandbox) + "-wal"), "run \(run)")
        }
        // The file alone holds them: a copy of it elsewhere shows all six.
        let copy = try Sandbox()
        try FileManager.default.createDirectory(atPath: copy.path + "/data", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Self.database(sandbox), toPath: Self.database(copy))
        let sales = try await KioskBinary.run(["--data-dir", copy.path + "/data", "--json", "-c", "sales"], home: copy)
        #expect(sales.stdout.contains(#""total":6"#), "\(sales.stdout)")
    }

    // MARK: - Item 8: never wait forever for the directory

    @Test("a FIFO where the database should be is refused at once, exit 74")
    func fifoDatabase() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/data", withIntermediateDirectories: true)
        #expect(mkfifo(Self.database(sandbox), 0o600) == 0)
        let run = try await runShell(
            "timeout 10 \"$KIOSK\" --data-dir \(shellQuoted(sandbox.path + "/data")) -c stock", sandbox: sandbox)
        #expect(run.status == 74, "\(run.stderr)")
        #expect(
            run.stderr
                == "kiosk: \(Self.database(sandbox)) is a FIFO, not a database file. Move it away or choose another --data-dir.\n"
        )
    }

    @Test("a data directory another program keeps locked ends in exit 74 within the busy timeout, naming it")
    func directoryLockIsBounded() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // --no-fork: the locking process becomes sleep, so one SIGKILL ends it and its lock.
        holder.arguments = ["--no-fork", data, "sleep", "30"]
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        // flock(1) takes the lock, then becomes sleep, the holder the message names.
        try await poll(until: "flock to hold \(data) as sleep") {
            Self.isLocked(data)
                && (try? String(contentsOfFile: "/proc/\(holder.processIdentifier)/comm", encoding: .utf8)) == "sleep\n"
        }
        let started = ContinuousClock.now
        let run = try await runShell("timeout 20 \"$KIOSK\" --data-dir \(shellQuoted(data)) -c stock", sandbox: sandbox)
        let waited = ContinuousClock.now - started
        #expect(run.status == 74, "\(run.stderr)")
        #expect(waited < .seconds(10))
        #expect(
            run.stderr
                == "kiosk: \(data) stayed locked by sleep (pid \(holder.processIdentifier)) for 5 s. Try again when it ends; nothing was changed.\n"
        )
        #expect(!run.stderr.contains("another kiosk"))
    }

    /// Whether another process holds an exclusive flock(2) on `path`: trying for it without
    /// waiting fails (a lock this takes is let go at once).
    static func isLocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }
}
