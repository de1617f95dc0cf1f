import Foundation
import Testing

@Suite(
    "Tab completion under a real bash runs nothing from the config",
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "no /bin/bash on this machine"))
struct ShellCompletionSafetyTests {
    /// A config whose aliases are commands a shell would run if it expanded them.
    static let evilConfig = """
        [[fruit]]
        id = "kiwi"
        name = "Kiwi"
        initial = 10
        max = 100

        [[juice]]
        id = "kiwi"
        name = "Kiwi Juice"
        aliases = ["k$(id>dollar-marker)", "k`id>backtick-marker`", "k'q$HOME"]
        recipe = { kiwi = 1 }

        [bank]
        customers_min = 1
        customers_max = 2

        [[bank.desk]]
        task = "deposit"
        name = "Deposits"
        clerks = 1
        service_ms = 700
        """

    /// Sources the generated bash script and presses Tab the way bash does: COMP_WORDS,
    /// COMP_CWORD, COMP_LINE and COMP_POINT set, then the completion function called with
    /// the command, the word and the word before. Prints each candidate as `reply:<word>`.
    static func driver(binary: String, directory: String) -> String {
        """
        cd '\(directory)' || exit 9
        export HOME='\(directory)/home' XDG_STATE_HOME='\(directory)/state' XDG_DATA_HOME='\(directory)/data'
        export XDG_CONFIG_HOME='\(directory)/config'
        source ./kiosk.bash || exit 8
        complete -p kiosk >/dev/null || exit 7
        press_tab() {
            COMP_WORDS=("$@")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _kiosk '\(binary)' "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf 'reply:%s\\n' "${COMPREPLY[@]}"
            echo 'end'
        }
        press_tab '\(binary)' --config evil.toml order k
        press_tab '\(binary)' --config evil.toml -c "'order k"
        """
    }

    @Test("aliases holding $(…) and backticks are offered as text, and no command runs")
    func noCommandRuns() async throws {
        let sandbox = try Sandbox()
        try sandbox.file("evil.toml", contents: Self.evilConfig)
        let script = try await KioskBinary.run(["--generate-completion-script", "bash"], home: sandbox)
        try #require(script.status == 0)
        try sandbox.file("kiosk.bash", contents: script.stdout)
        let driver = try sandbox.file(
            "drive.sh", contents: Self.driver(binary: KioskBinary.path, directory: sandbox.path))

        let run = try Spawn.run("/bin/bash", ["--norc", "--noprofile", driver])
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/dollar-marker"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/backtick-marker"))
        let lines = run.output.split(separator: "\n").map(String.init)
        let batches = lines.split(separator: "end").map(Array.init)
        try #require(batches.count == 2, "\(run.output)")
        // The words as the config spells them, which bash's readline then escapes on the line.
        #expect(
            Set(batches[0]) == [
                "reply:kiwi", "reply:k$(id>dollar-marker)", "reply:k`id>backtick-marker`", "reply:k'q$HOME",
            ])
        #expect(
            Set(batches[1]) == [
                "reply:order kiwi", "reply:order k$(id>dollar-marker)", "reply:order k`id>backtick-marker`",
                "reply:order k'q$HOME",
            ])
    }

    @Test("a name with a control character is never offered to a shell")
    func controlCharactersStayOut() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file(
            "odd.toml", contents: Self.evilConfig.replacingOccurrences(of: "k'q$HOME", with: "ke\\u001b[2Jx"))
        let run = try await KioskBinary.run(
            ["---completion", "--", "positional@0", "4", "1", "kiosk", "--config", config, "order", "k"],
            home: sandbox, environment: ["SAP_SHELL": "bash"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.contains("'kiwi'"))
        #expect(!run.stdout.contains("\u{1B}"))
    }
}
