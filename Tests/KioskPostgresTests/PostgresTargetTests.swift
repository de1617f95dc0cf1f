import KioskPostgres
import Testing

@Suite struct PostgresTargetTests {
    @Test("a URL is described without its password")
    func urlWithoutPassword() throws {
        let target = try PostgresTarget("postgresql://ana:secret@db.example:6543/shop")
        #expect(target.description == "postgresql://ana@db.example:6543/shop")
        #expect(!target.description.contains("secret"))
    }

    @Test("a conninfo is described without its password")
    func conninfoWithoutPassword() throws {
        let target = try PostgresTarget("host=127.0.0.1 port=5433 dbname=kiosk user=bob password=hunter2")
        #expect(target.description == "postgresql://bob@127.0.0.1:5433/kiosk")
    }

    @Test("several hosts are described each with its port, as the URL form writes them")
    func severalHosts() throws {
        let conninfo = try PostgresTarget(
            "host=db1,db2 port=5432,5433 dbname=shop user=bob password=hunter2 target_session_attrs=read-write")
        #expect(conninfo.description == "postgresql://bob@db1:5432,db2:5433/shop")
        let url = try PostgresTarget("postgresql://bob:hunter2@db1,db2:6000/shop?target_session_attrs=read-write")
        #expect(url.description == "postgresql://bob@db1:5432,db2:6000/shop")
    }

    @Test("an IPv6 host is shown in brackets, its port apart")
    func ipv6Host() throws {
        let url = try PostgresTarget("postgresql://u@[::1]:5432/x")
        #expect(url.description == "postgresql://u@[::1]:5432/x")
        let conninfo = try PostgresTarget("host=::1,db2 port=6000 dbname=x user=u")
        #expect(conninfo.description == "postgresql://u@[::1]:6000,db2:6000/x")
    }

    @Test("a URL libpq cannot parse is a mistake in it, named as given without its password, not as 'postgresql'")
    func unparsableNamed() {
        #expect {
            _ = try PostgresTarget("postgresql://u:S3cret@[::1:5432/x")
        } throws: { error in
            guard case .unparsable(let given, _) = error as? PostgresError else { return false }
            return given == "postgresql://u:***@[::1:5432/x" && (error as? PostgresError)?.code == "bad_usage"
        }
    }

    @Test("a socket directory is shown as a host parameter")
    func socketDirectory() throws {
        let target = try PostgresTarget("host=/tmp/pg dbname=kiosk user=bob port=5432")
        #expect(target.description == "postgresql://bob@/kiosk?host=/tmp/pg&port=5432")
    }

    @Test(
        "a URL libpq cannot parse is refused without its password",
        arguments: [
            "postgresql://kiosk:S3cretPW@[::1:5432/shop",
            "postgresql://kiosk:S3cretPW@db.example/shop?sslmode=%zz",
            "postgresql://kiosk:S3cret%50W@db.example:99999999/shop",
            "postgresql://db.example/shop?password=S3cretPW&port=x",
            "host=db.example password='S3cretPW' port=notanumber",
            "host=db.example password=S3cretPW 'unterminated",
            // Escaped as conninfo escapes: the whole value goes, not the part before the escape.
            #"prot=1 password='S3cret\' Tail0'"#,
            #"prot=1 password=S3cret\ Tail0"#,
            #"host=db prot=1 password=Top\ S3cret\ Tail0"#,
        ])
    func unparsableWithoutPassword(conninfo: String) {
        do {
            let target = try PostgresTarget(conninfo)
            // libpq accepted it; its description must not show the password either.
            #expect(!target.description.contains("S3cret"))
        } catch {
            guard case .unparsable(let server, let reason) = error else {
                Issue.record("expected unparsable, got \(error)")
                return
            }
            #expect(!reason.isEmpty)
            #expect(!reason.contains("S3cret") && !reason.contains("Tail0"), "\(reason)")
            #expect(!server.contains("S3cret") && !server.contains("Tail0"), "\(server)")
        }
    }

    @Test("a password is redacted wherever a message quotes it")
    func redactsQuotedPasswords() throws {
        let target = try PostgresTarget("postgresql://ana:pa%24%24@db.example/shop")
        #expect(
            target.redact("failed for \"postgresql://ana:pa%24%24@db.example/shop\"")
                == "failed for \"postgresql://ana:***@db.example/shop\"")
        #expect(target.redact("password is pa$$ here") == "password is *** here")
        #expect(target.redact("nothing secret") == "nothing secret")
    }

    @Test("text libpq cannot parse is refused with its reason")
    func unparsable() {
        #expect(throws: PostgresError.self) { try PostgresTarget("host='unterminated") }
    }
}

@Suite struct PostgresClientLibraryTests {
    @Test("making a target loads libpq, and a later load of another file keeps it")
    func targetLoadsLibPQ() throws {
        _ = try PostgresTarget("host=/tmp/pg dbname=kiosk")
        #expect(PostgresClientLibrary.isLoaded)
        try PostgresClientLibrary.load("/nonexistent/libpq.so.5")
    }

    @Test("a library that cannot be loaded is a storage failure naming the file")
    func unavailableLibraryError() {
        let error = PostgresError.clientLibraryUnavailable(library: "/opt/libpq.so.5", reason: "not found")
        #expect(error.code == "storage_client_unavailable")
        #expect(error.server == "postgresql")
    }
}
