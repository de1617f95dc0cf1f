import Foundation
import Testing

/// What the user typed wrong on the command line or in the environment is bad usage
/// (exit 64), named as given; a server that cannot be reached stays storage I/O (74).
@Suite struct StartRefusalTests {
    @Test(
        "a database libpq cannot read is bad usage, named as given without its password",
        arguments: [
            (
                ["--database", "postgresql://u:S3cret@[::1:5432/x"], [String: String](),
                "Error: --database must be a postgresql:// URL or a libpq conninfo, not 'postgresql://u:***@[::1:5432/x' ("
            ),
            (
                ["--database=host=db prot=5432 password=S3cret"], [:],
                "Error: --database must be a postgresql:// URL or a libpq conninfo, not 'host=db prot=5432 password=***' (invalid connection option \"prot\")."
            ),
            (
                [], ["KIOSK_DATABASE": "postgres://u:S3cret@[bad"],
                "Error: KIOSK_DATABASE must be a postgresql:// URL or a libpq conninfo, not 'postgres://u:***@[bad' ("
            ),
            (
                ["--database", #"prot=1 password='S3cret\' Tail'"#], [:],
                "Error: --database must be a postgresql:// URL or a libpq conninfo, not 'prot=1 password='***'' (invalid connection option \"prot\")."
            ),
            (
                ["--lang", "ko", "--database", "postgresql://u:S3cret@[::1:5432/x"], [:],
                "오류: --database 값은 postgresql:// URL이나 libpq conninfo여야 합니다 (지금은 'postgresql://u:***@[::1:5432/x': "
            ),
        ])
    func unparsableDatabase(flags: [String], environment: [String: String], start: String) async throws {
        let run = try await KioskBinary.run(flags + ["-c", "stock"], environment: environment)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(start), "\(run.stderr)")
        #expect(!run.stderr.contains("S3cret"))

        let json = try await KioskBinary.run(["--json"] + flags + ["-c", "stock"], environment: environment)
        #expect(json.status == 64, "\(json.stderr)")
        #expect(json.stderrLines.count == 1, "\(json.stderr)")
        #expect(json.stderr.hasPrefix(#"{"type":"error","code":"bad_usage","message":"#), "\(json.stderr)")
        #expect(!json.stderr.contains("S3cret"))
    }

    @Test("an empty --database is bad usage, not a quiet switch to this machine's own data directory")
    func emptyDatabase() async throws {
        let sandbox = try Sandbox()
        for value in ["", "  "] {
            let run = try await KioskBinary.run(["--database", value, "order", "banana"], home: sandbox)
            #expect(run.status == 64, "\(run.stderr)")
            #expect(
                run.stderr
                    == "Error: --database needs a postgresql:// URL or a libpq conninfo, not an empty string; leave it out to use the data directory. Usage: kiosk [options] [command words...]; see 'kiosk --help'.\n"
            )
        }
        // $XDG_DATA_HOME: no database was made there.
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/data/kiosk"))
    }

    @Test("--version names the shared store $KIOSK_DATABASE gives, but not when --in-memory or --data-dir says SQLite")
    func versionStore() async throws {
        let environment = ["KIOSK_DATABASE": "postgresql://kiosk:S3cret@db.example/shop"]
        let shared = try await KioskBinary.run(["--version"], environment: environment)
        #expect(shared.stdout.hasSuffix("\nstore: postgresql://kiosk@db.example:5432/shop\n"), "\(shared.stdout)")
        for local in [["--in-memory"], ["--data-dir", "somewhere"]] {
            let run = try await KioskBinary.run(local + ["--version"], environment: environment)
            #expect(run.status == 0)
            #expect(!run.stdout.contains("store:"), "\(run.stdout)")
        }
    }

    @Test("kiosk classic refuses a mistyped database the same way")
    func classicUnparsableDatabase() async throws {
        let run = try await KioskBinary.run(
            ["classic", "--lang", "en", "--database", "postgresql://u@[x"], input: "2\n")
        #expect(run.status == 64, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix("Error: --database must be a postgresql:// URL or a libpq conninfo"), "\(run.stderr)")
    }

    @Test("--help and the man page say the reconnect window takes whole seconds")
    func reconnectWindowHelp() async throws {
        let manual = try await KioskBinary.run(["--help-man"])
        #expect(manual.status == 0)
        // The option's help and the variable's, each once.
        #expect(manual.stdout.components(separatedBy: "whole seconds, 0 to 600").count == 3, "\(manual.stdout)")
        let korean = try await KioskBinary.run(["--help", "--lang", "ko"])
        // The page wraps at the terminal's width: read as one line.
        let words = korean.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.components(separatedBy: "정수 초, 0부터 600").count == 3, "\(korean.stdout)")
    }

    @Test(
        "an unknown --preset lists the names that language types",
        arguments: [
            ("en", "classic", "Error: --preset must be one of 2021-01, 2021-05, classic, not '2022'."),
            ("ko", "클래식", "오류: --preset은 2021-01, 2021-05, 클래식 중 하나여야 합니다 (지금은 '2022')."),
        ])
    func presetNames(language: String, classic: String, refusal: String) async throws {
        let refused = try await KioskBinary.run(["--lang", language, "--preset", "2022", "-c", "bank preset"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix(refusal + " "), "\(refused.stderr)")
        // What the list names is taken.
        let taken = try await KioskBinary.run([
            "--lang", language, "--preset", classic, "--in-memory", "-c", "bank preset",
        ])
        #expect(taken.status == 0, "\(taken.stderr)")
    }

    @Test(
        "a word for --speed or --events is named in kiosk's words, in Korean too",
        arguments: [
            (["--speed", "fast"], "en", "Error: --speed must be a number from 0.001 to 1000000, or max, not 'fast'."),
            (["--speed=fast"], "ko", "오류: --speed는 0.001부터 1000000까지의 수나 max여야 합니다 (지금은 'fast')."),
            (["--events", "loud"], "en", "Error: --events must be all, summary or off, not 'loud'."),
            (["--events=loud"], "ko", "오류: --events는 all, summary, off 중 하나여야 합니다 (지금은 'loud')."),
        ])
    func speedAndEventsWords(flags: [String], language: String, refusal: String) async throws {
        let run = try await KioskBinary.run(["--lang", language, "--in-memory"] + flags + ["-c", "menu"])
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(refusal + " "), "\(run.stderr)")
        let json = try await KioskBinary.run(["--json", "--lang", language, "--in-memory"] + flags + ["-c", "menu"])
        #expect(json.status == 64)
        #expect(
            json.stderrLines == [
                #"{"type":"error","code":"bad_usage","message":"\#(refusal.split(separator: " ", maxSplits: 1)[1])"}"#
            ])
        // The values they name are taken.
        let max = try await KioskBinary.run([
            "--lang", language, "--in-memory", "--speed", "max", "--events", "off", "-c", "menu",
        ])
        #expect(max.status == 0, "\(max.stderr)")
    }

    @Test(
        "a flag that takes no value given one is refused in kiosk's words",
        arguments: [
            ("en", "--json=1", "Error: --json takes no value: leave out '=1'."),
            ("ko", "--in-memory=yes", "오류: --in-memory에는 값을 줄 수 없습니다. '=yes'를 빼세요."),
        ])
    func flagTakesNoValue(language: String, flag: String, refusal: String) async throws {
        let run = try await KioskBinary.run(["--lang", language, flag, "-c", "menu"])
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(refusal + " "), "\(run.stderr)")
    }

    @Test(
        "an unknown option names the flag it most likely meant",
        arguments: [
            ("en", ["-f", "orders.txt"], "Error: Unknown option '-f'. Did you mean '--file'?"),
            ("ko", ["--in-memroy", "-c", "menu"], "오류: 알 수 없는 옵션입니다: '--in-memroy'. '--in-memory'를 말씀하셨나요?"),
            ("en", ["--bogus", "-c", "menu"], "Error: Unknown option '--bogus'."),
        ])
    func unknownOptionSuggestion(language: String, flags: [String], refusal: String) async throws {
        let run = try await KioskBinary.run(["--lang", language] + flags)
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(refusal + " "), "\(run.stderr)")
    }
}
