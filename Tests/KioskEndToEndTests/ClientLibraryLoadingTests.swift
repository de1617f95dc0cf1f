import Foundation
import Testing

/// libpq is loaded only when a PostgreSQL database is used: the dynamic loader's own log
/// (`LD_DEBUG=libs`, glibc) names every library the process maps, at start and by `dlopen`.
/// When libpq cannot be loaded, the user gets one line and exit 74, not a crash.
@Suite struct ClientLibraryLoadingTests {
    /// The file names of the libraries the loader logged looking for or trying (its
    /// `find library=`, `file=` and `trying file=` lines), without their directories: a
    /// directory may well be named after libpq.
    private static func loggedLibraries(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            for marker in ["find library=", "file="] {
                guard let start = line.range(of: marker) else { continue }
                let file = line[start.upperBound...].prefix { $0 != " " && $0 != "[" && $0 != ";" }
                return String(file.split(separator: "/").last ?? file)
            }
            return nil
        }
    }

    private static let loaderLog = ["LD_DEBUG": "libs"]

    @Test(
        "SQLite runs and --version never load libpq, while a --database run does",
        arguments: [
            ["--version"],
            ["-c", "help", "--in-memory"],
            ["--in-memory", "-c", "order banana", "-c", "stock"],
            ["-c", "order kiwi", "-c", "sales"],
        ])
    func sqliteRunsLeaveLibPQAlone(_ arguments: [String]) async throws {
        let run = try await KioskBinary.run(arguments, environment: Self.loaderLog)
        #expect(run.status == 0, "\(run.stdout)")
        let libraries = Self.loggedLibraries(run.stderr)
        // The log is on: the libraries kiosk links are in it.
        #expect(libraries.contains { $0.hasPrefix("libswiftCore.so") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libpq") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libkrb5") || $0.hasPrefix("libldap") || $0.hasPrefix("libgnutls") })
    }

    @Test(
        "SQLite, readline and terminfo are linked from their static archives where scripts/bootstrap found them",
        arguments: ["sqlite3", "readline", "tinfo"])
    func staticallyLinked(_ library: String) async throws {
        let archive = KioskBinary.packageRoot + "/.build/static-libraries/lib\(library).a"
        let run = try await KioskBinary.run(["-c", "help", "--in-memory"], environment: Self.loaderLog)
        #expect(run.status == 0)
        let libraries = Self.loggedLibraries(run.stderr)
        #expect(libraries.contains { $0.hasPrefix("libswiftCore.so") }, "\(libraries)")
        // Without the archive the binary links the shared library, and the loader maps it.
        let mapsShared = libraries.contains { $0.hasPrefix("lib\(library).so") }
        #expect(mapsShared == !FileManager.default.fileExists(atPath: archive), "\(libraries)")
    }

    @Test("a --database run loads libpq when it starts, even for a server that is down")
    func databaseRunLoadsLibPQ() async throws {
        let run = try await KioskBinary.run(
            ["--database", "postgresql://kiosk@127.0.0.1:1/shop", "-c", "stock"], environment: Self.loaderLog)
        #expect(run.status == 74)
        #expect(Self.loggedLibraries(run.stderr).contains { $0.hasPrefix("libpq.so") })
    }

    @Test("a libpq that cannot be loaded: one line naming the file and why, exit 74")
    func missingLibrary() async throws {
        let missing = "/nonexistent/libpq.so.5"
        let run = try await KioskBinary.run(
            ["--database", "postgresql://kiosk:secret@127.0.0.1:1/shop", "-c", "stock"],
            environment: ["KIOSK_LIBPQ": missing])
        #expect(run.status == 74)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("kiosk: Cannot load PostgreSQL's client library \(missing) ("))
        #expect(run.stderr.contains("No such file or directory"))
        #expect(!run.stderr.contains("secret"))

        let json = try await KioskBinary.run(
            ["--json", "--database", "postgresql://kiosk@127.0.0.1:1/shop", "-c", "stock"],
            environment: ["KIOSK_LIBPQ": missing])
        #expect(json.status == 74)
        let line = try #require(json.stderrLines.first)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(error["code"] as? String == "storage_client_unavailable")
        #expect(error["library"] as? String == missing)
        #expect(error["database"] as? String == "postgresql")
    }

    @Test("a library that is not libpq is refused by the function it lacks")
    func notLibPQ() async throws {
        let run = try await KioskBinary.run(
            ["--lang", "ko", "--database", "postgresql://kiosk@127.0.0.1:1/shop", "-c", "stock"],
            environment: ["KIOSK_LIBPQ": "libc.so.6"])
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("kiosk: PostgreSQL 클라이언트 라이브러리 libc.so.6"))
        #expect(run.stderr.contains("libc.so.6 has no PQ"))
    }

    @Test("--version with $KIOSK_DATABASE and no libpq still prints the version")
    func versionWithoutLibPQ() async throws {
        let run = try await KioskBinary.run(
            ["--version"],
            environment: [
                "KIOSK_DATABASE": "postgresql://kiosk@db.example/shop", "KIOSK_LIBPQ": "/nonexistent/libpq.so.5",
            ])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("kiosk "))
        #expect(!run.stdout.contains("store:"))
    }
}
