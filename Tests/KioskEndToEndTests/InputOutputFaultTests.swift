import Foundation
import GRDB
import Testing

/// The binary's input and output against what a shell hands it: a reader that goes away,
/// a full disk, a closed descriptor, pipes and process substitutions, a directory; and a
/// database that fails while a script runs.
@Suite(
    "Input and output faults", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct InputOutputFaultTests {
    // MARK: - Item 9: output errors

    @Test("a reader that goes away ends kiosk quietly: `yes menu | kiosk | head -1` ends")
    func brokenPipe() async throws {
        let sandbox = try Sandbox()
        let run = try await runShell(
            "yes menu | timeout 20 \"$KIOSK\" --in-memory | head -1; echo \"status=${PIPESTATUS[1]}\" >&2",
            sandbox: sandbox)
        #expect(run.stdout.hasPrefix("juice "), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").count == 1)
        // 141 = 128 + SIGPIPE: as if the signal had ended it; nothing on stderr but the status.
        #expect(run.stderr == "status=141\n")
    }

    @Test(
        "any other write failure, of a command's output or of --help, --version and the man page, prints one line on stderr and exits 74",
        arguments: [
            ("--in-memory -c menu", "> /dev/full", "No space left on device"),
            ("--in-memory -c menu", ">&-", "Bad file descriptor"),
            ("--help", "> /dev/full", "No space left on device"),
            ("--version", "> /dev/full", "No space left on device"),
            ("--help-man", ">&-", "Bad file descriptor"),
            ("--lang ko --help", "> /dev/full", "No space left on device"),
        ])
    func writeFailure(_ arguments: String, _ redirection: String, _ reason: String) async throws {
        let sandbox = try Sandbox()
        let run = try await runShell(
            "timeout 20 \"$KIOSK\" \(arguments) \(redirection); echo \"status=$?\"", sandbox: sandbox)
        #expect(run.stdout == "status=74\n")
        #expect(
            run.stderr
                == "kiosk: Cannot write to standard output: \(reason). Stopped; the rest of the output is lost.\n")
    }

    @Test("with --json, a write failure is a JSON error line")
    func writeFailureJSON() async throws {
        let sandbox = try Sandbox()
        let run = try await runShell(
            "timeout 20 \"$KIOSK\" --in-memory --json -c menu > /dev/full; echo \"status=$?\"", sandbox: sandbox)
        #expect(run.stdout == "status=74\n")
        let error = try #require(try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any])
        #expect(error["code"] as? String == "output_failed")
    }

    // MARK: - Item 13: pipes, process substitutions, '-', directories

    @Test(
        "pipes and process substitutions are read as scripts and configs",
        arguments: [
            "\"$KIOSK\" --in-memory --file <(echo 'stock set mango 7')",
            "echo 'stock set mango 7' | \"$KIOSK\" --in-memory --file -",
            "echo 'stock set mango 7' | \"$KIOSK\" --in-memory --file /dev/stdin",
            "\"$KIOSK\" --in-memory --config <(cat \"$CONFIG\") -c 'stock set mango 7'",
        ])
    func readsPipes(_ command: String) async throws {
        let sandbox = try Sandbox()
        let config = KioskBinary.packageRoot + "/config/kiosk.toml"
        let run = try await runShell("CONFIG=\(shellQuoted(config)); timeout 20 " + command, sandbox: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Mango: 10 -> 7 (max 100).\n")
        #expect(run.stderr.isEmpty)
    }

    @Test(
        "other non-regular files and bad paths are refused with the true reason, exit 64",
        arguments: [
            ("\"$KIOSK\" --in-memory --file /tmp", "kiosk: Cannot read script '/tmp': it is a directory."),
            (
                "\"$KIOSK\" --in-memory --file /dev/zero",
                "kiosk: Cannot read script '/dev/zero': it is a character device, not a file or a pipe."
            ),
            ("\"$KIOSK\" --in-memory < /tmp", "kiosk: Cannot read script 'standard input': it is a directory."),
            ("\"$KIOSK\" --data-dir '' -c stock", "Error: --data-dir needs a directory, not an empty string."),
            ("\"$KIOSK\" --in-memory --config /tmp -c stock", "kiosk: /tmp: is a directory, not a TOML file"),
        ])
    func refusesNonFiles(_ command: String, _ expected: String) async throws {
        let sandbox = try Sandbox()
        let run = try await runShell("timeout 20 " + command, sandbox: sandbox)
        let wantsConfigCode = command.contains("--config")
        #expect(run.status == (wantsConfigCode ? 78 : 64), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
    }

    @Test(
        "standard input or a --file that is /dev/null is an empty script, not an error",
        arguments: ["< /dev/null", "--file /dev/null < /dev/zero"])
    func nullStandardInput(_ redirection: String) async throws {
        let sandbox = try Sandbox()
        let run = try await runShell(
            "timeout 20 \"$KIOSK\" --in-memory \(redirection); echo \"status=$?\"", sandbox: sandbox)
        #expect(run.stdout == "status=0\n")
        #expect(run.stderr.isEmpty)
    }

    // MARK: - Item 10: storage failures after start-up

    @Test("a database that fails after start stops a script at that line: one line, exit 74")
    func storageFailureStopsTheScript() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let kiosk = try LiveKiosk(["--data-dir", data], sandbox: sandbox)
        try kiosk.send("stock")
        try await kiosk.waitFor("the first result") { out, _ in out.contains("mango") }

        let lock = try DatabaseWriteLock(path: data + "/kiosk.sqlite")
        for _ in 0..<3 { try kiosk.send("order banana") }
        try kiosk.send("stock")
        let status = try await kiosk.finish()
        lock.release()
        #expect(status == 74)
        let lines = kiosk.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(kiosk.stderr)")
        #expect(
            lines.first?.hasPrefix("kiosk: line 2: \(data)/kiosk.sqlite stayed locked by ") == true, "\(kiosk.stderr)")
        #expect(!kiosk.stdout.contains("Made"))
    }

    // MARK: - Items 6 and 16: the config as the binary meets it

    @Test(
        "an alias that names another juice, a blank name, and an unbounded number stop kiosk: file, line, key, exit 78",
        arguments: [
            (
                "aliases = [\"mango-juice\"]", "aliases = [\"mango-juice\", \"KIWI\"]",
                ":75: [[juice]] #6 aliases: 'KIWI' already names juice 'kiwi'"
            ),
            (
                "aliases = [\"mango-juice\"]", "aliases = [\"mango-juice\", \"키위쥬스\"]",
                ":75: [[juice]] #6 aliases: '키위쥬스' already names juice 'kiwi'"
            ),
            (
                "aliases = [\"mango-juice\"]", "aliases = [\"mango-juice\", \" \"]",
                ":75: [[juice]] #6 aliases: an alias must not be empty or blank"
            ),
            (
                "initial = 10\nmax = 100\n\n[[fruit]]\nid = \"banana\"",
                "initial = 9223372036854775807\nmax = 9223372036854775807\n\n[[fruit]]\nid = \"banana\"",
                ":12: [[fruit]] #1 max: must be at most 1000000"
            ),
        ])
    func badConfig(_ replace: String, _ with: String, _ expected: String) async throws {
        let sandbox = try Sandbox()
        let original = try String(contentsOfFile: KioskBinary.packageRoot + "/config/kiosk.toml", encoding: .utf8)
        let text = original.replacingOccurrences(of: replace, with: with)
        try #require(text != original)
        let config = try sandbox.file("kiosk.toml", contents: text)
        let run = try await KioskBinary.run(["--in-memory", "--config", config, "-c", "order kiwi"], home: sandbox)
        #expect(run.status == 78)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("kiosk: \(config)\(expected)"), "\(run.stderr)")
    }

    // MARK: - Item 7: durability

    @Test("--durability full runs every order durably; another value is bad usage")
    func durability() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let full = try await KioskBinary.run(
            ["--data-dir", data, "--durability", "full", "-c", "order banana"], home: sandbox)
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stdout.hasPrefix("Made 1 Banana Juice."))
        let bad = try await KioskBinary.run(
            ["--data-dir", data, "--durability", "paranoid", "-c", "stock"], home: sandbox)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --durability must be 'normal' or 'full', not 'paranoid'."))
    }
}
