import Foundation
import KioskCore
import Testing

/// kiosk reads everyday command lines itself, by the flags ``CommandLineFlag`` lists, and
/// leaves the rest to argument-parser (see Sources/kiosk/KioskFlags.swift). The two must
/// know the same flags, and read them alike: each command line here runs once as it is, read
/// quickly, and once in a form only argument-parser reads (its first `--flag value` written
/// `--flag=value`, or `--durability=normal`, the default, put before it), and both runs must
/// print the same bytes and exit alike.
@Suite("Command-line reading", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct CommandLineReadingTests {
    static let lines: [[String]] = [
        ["--in-memory", "-c", "help"],
        ["--in-memory", "--command", "menu", "-c", "stock"],
        ["--in-memory", "--json", "-c", "order mango", "-c", "stock"],
        ["--in-memory", "--no-color", "--bail", "-c", "order nope", "-c", "stock"],
        ["--in-memory", "--speed", "max", "--seed", "7", "-c", "bank open 5", "-c", "bank wait"],
        ["--in-memory", "--speed", "max", "--seed", "3", "--events", "off", "-c", "bank open 40", "-c", "bank wait"],
        [
            "--in-memory", "--preset", "2021-05", "--speed", "max", "--seed", "1", "-c", "bank open 6", "-c",
            "bank wait",
        ],
        ["--in-memory", "--lang", "ko", "-c", "order 딸기쥬스"],
        ["--in-memory", "order", "mango", "kiwi", "2"],
        ["--in-memory", "--data-dir", "somewhere", "-c", "menu"],
        ["--in-memory", "--preset", "2022", "-c", "menu"],
        ["--in-memory", "--lang", "fr", "-c", "menu"],
        ["--in-memory", "--file", "script.kiosk", "-c", "menu"],
        ["--in-memory", "--file", "no-such-script.kiosk"],
        ["--in-memory", "-c", "menu", "stock"],
        ["--in-memory", "--durability", "full", "-c", "order banana"],
        ["--in-memory", "--durability", "paranoid", "-c", "menu"],
        ["--in-memory", "--events", "loud", "-c", "menu"],
        ["--in-memory", "--speed", "fast", "-c", "menu"],
        ["--in-memory", "--config", "no-such-config.toml", "-c", "menu"],
        ["--in-memory", "--database", "postgresql://localhost:1/kiosk", "-c", "menu"],
        ["--reconnect-window", "0", "--database", "postgresql://localhost:1/kiosk", "-c", "menu"],
        ["--in-memory", "--reconnect-window", "700", "-c", "menu"],
        ["--help-man"],
    ]

    /// `arguments` in a form the quick reading leaves to argument-parser, meaning the same.
    static func parsedForm(_ arguments: [String]) -> [String] {
        for (index, argument) in arguments.enumerated().dropLast()
        where argument.hasPrefix("--") && CommandLineFlag(spelling: argument)?.takesValue == true {
            var form = arguments
            form.replaceSubrange(index...(index + 1), with: ["\(argument)=\(arguments[index + 1])"])
            return form
        }
        return ["--durability=normal"] + arguments
    }

    @Test("kiosk's quick reading and argument-parser's agree", arguments: lines)
    func readingsAgree(_ arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let quick = try await KioskBinary.run(arguments, home: sandbox)
        let parsed = try await KioskBinary.run(Self.parsedForm(arguments), home: sandbox)
        #expect(quick.status == parsed.status)
        #expect(quick.stdout == parsed.stdout)
        #expect(quick.stderr == parsed.stderr)
        #expect(!quick.stdout.isEmpty || !quick.stderr.isEmpty, "the command line must do something to compare")
    }

    @Test("the lines above give every flag the quick reading knows")
    func everyFlagIsCompared() {
        let given = Set(Self.lines.joined().compactMap(CommandLineFlag.init(spelling:)))
        #expect(given == Set(CommandLineFlag.allCases))
    }

    /// A flag as declared: its spellings, whether a value follows, whether it repeats.
    struct Declared: Hashable, CustomStringConvertible {
        let spellings: Set<String>
        let takesValue: Bool
        let repeats: Bool

        var description: String {
            "\(spellings.sorted().joined(separator: "/"))\(takesValue ? " <value>" : "")\(repeats ? " ..." : "")"
        }
    }

    @Test("the quick reading knows exactly the flags argument-parser declares")
    func sameFlagsAsArgumentParser() async throws {
        let dump = try await KioskBinary.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let tool = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        let command = try #require(tool?["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        var declared: Set<Declared> = []
        for argument in arguments {
            let kind = argument["kind"] as? String
            guard kind == "option" || kind == "flag" else { continue }
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String else { return nil }
                return (name["kind"] as? String == "short" ? "-" : "--") + text
            }
            // argument-parser's own, which kiosk answers before reading any flag.
            if names.contains("--help") || names.contains("--version") { continue }
            declared.insert(
                Declared(
                    spellings: Set(names), takesValue: kind == "option",
                    repeats: argument["isRepeating"] as? Bool ?? false))
        }
        let known = Set(
            CommandLineFlag.allCases.map { flag in
                Declared(
                    spellings: Set([flag.long] + (flag.short.map { [$0] } ?? [])), takesValue: flag.takesValue,
                    repeats: flag.repeats)
            })
        #expect(declared.subtracting(known).isEmpty, "declared to argument-parser only: \(declared.subtracting(known))")
        #expect(known.subtracting(declared).isEmpty, "known to the quick reading only: \(known.subtracting(declared))")
        #expect(declared.count == CommandLineFlag.allCases.count)
    }
}
