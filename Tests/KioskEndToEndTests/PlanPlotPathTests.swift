import Foundation
import Testing

/// `bank plan --plot FILE`: a file that cannot be written, or is not an `.svg`, is refused
/// before the plan is computed, in text, JSON and Korean, and nothing is written.
@Suite("bank plan --plot's path", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct PlanPlotPathTests {
    static let plan = "bank plan --rate deposit=200/h --rate loan=120/h --hours 4 --replications 2"

    @Test(
        "a directory that is missing, a file in place of a directory, a directory as the file",
        arguments: [
            ("missing/p.svg", "No such file or directory"), ("afile/p.svg", "Not a directory"),
            ("adir.svg", "Is a directory"),
        ])
    func cannotWrite(path: String, reason: String) async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.file("afile", contents: "")
        try FileManager.default.createDirectory(atPath: sandbox.path + "/adir.svg", withIntermediateDirectories: true)
        let full = sandbox.path + "/" + path
        let run = try await KioskBinary.run(["--in-memory", "-c", Self.plan + " --plot \(full)"], home: sandbox)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "kiosk: -c: Cannot write the chart to '\(full)': \(reason). Choose another path for --plot.\n")
    }

    @Test("a directory that cannot be written to is refused too")
    func readOnlyDirectory() async throws {
        // root writes anywhere: the check would rightly pass.
        guard geteuid() != 0 else { return }
        let sandbox = try Sandbox()
        let directory = sandbox.path + "/locked"
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o500])
        let run = try await KioskBinary.run(["--in-memory", "-c", Self.plan + " --plot \(directory)/p.svg"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Permission denied"), "\(run.stderr)")
    }

    @Test("a name that does not end in .svg is refused, naming the one format: text, JSON and Korean")
    func notSVG() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.path + "/p.png"
        let text = try await KioskBinary.run(["--in-memory", "-c", Self.plan + " --plot \(path)"])
        #expect(text.status == 1)
        #expect(text.stdout.isEmpty)
        #expect(
            text.stderr
                == "kiosk: -c: --plot writes an SVG chart only: name a file ending in .svg, not '\(path)'.\n")
        let json = try await KioskBinary.run(["--in-memory", "--json", "-c", Self.plan + " --plot \(path)"])
        #expect(json.status == 1)
        #expect(
            json.stderr.hasPrefix(#"{"type":"error","code":"plot_not_svg","path":"\#(path)","#), "\(json.stderr)")
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", Self.plan + " --plot \(path)"])
        #expect(korean.status == 1)
        #expect(korean.stderr.contains("--plot은 SVG 차트만 씁니다: '\(path)' 말고 .svg로 끝나는"), "\(korean.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
        // An .SVG in capitals is an SVG file name too.
        let upper = try await KioskBinary.run(
            ["--in-memory", "-c", Self.plan + " --plot \(sandbox.path)/P.SVG"])
        #expect(upper.status == 0, "\(upper.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.path + "/P.SVG"))
    }
    @Test("a symbolic link is refused as bank export refuses it, before planning, and the file it points to is kept")
    func symbolicLinkRefused() async throws {
        let sandbox = try Sandbox()
        let target = try sandbox.file("tgt.svg", contents: "ORIGINAL\n")
        let link = sandbox.path + "/lk.svg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = try await KioskBinary.run(["--in-memory", "-c", Self.plan + " --plot \(link)"], home: sandbox)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(
            run.stderr
                == "kiosk: -c: Not writing '\(link)': it is a symbolic link, and kiosk does not write through links. Give the path of the file it points to, or another path.\n"
        )
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "ORIGINAL\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let json = try await KioskBinary.run(
            ["--in-memory", "--json", "-c", Self.plan + " --plot \(link)"], home: sandbox)
        #expect(json.status == 1)
        #expect(
            json.stderr.hasPrefix(#"{"type":"error","code":"export_refused","path":"\#(link)","#), "\(json.stderr)")
        // A link to a directory is a link first.
        try FileManager.default.createDirectory(atPath: sandbox.path + "/dir.svg", withIntermediateDirectories: true)
        let toDirectory = sandbox.path + "/dirlink.svg"
        try FileManager.default.createSymbolicLink(atPath: toDirectory, withDestinationPath: sandbox.path + "/dir.svg")
        let linked = try await KioskBinary.run(
            ["--in-memory", "-c", Self.plan + " --plot \(toDirectory)"], home: sandbox)
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("it is a symbolic link"), "\(linked.stderr)")
    }

    @Test("a chart over an older file replaces it whole, keeps its mode, and leaves no file beside it")
    func replacesWhole() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.file("p.svg", contents: "old\n")
        chmod(path, 0o640)
        let run = try await KioskBinary.run(["--in-memory", "-c", Self.plan + " --plot \(path)"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        let chart = try String(contentsOfFile: path, encoding: .utf8)
        #expect(chart.hasPrefix("<svg") && chart.hasSuffix("</svg>\n"), "\(chart.prefix(80))")
        #expect(try sandbox.mode(of: path) == 0o640)
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.path).filter { $0.contains(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a file the system will not create is refused in kiosk's words, with the system's reason")
    func systemRefuses() async throws {
        let path = "/proc/kiosk-plot.svg"
        let run = try await KioskBinary.run(["--in-memory", "-c", Self.plan + " --plot \(path)"])
        #expect(run.status == 1)
        // Root passes the directory check and the creation fails; anyone else is refused first.
        let reason = geteuid() == 0 ? "No such file or directory" : "Permission denied"
        #expect(
            run.stderr
                == "kiosk: -c: Cannot write the chart to '\(path)': \(reason). Choose another path for --plot.\n")
    }
}
