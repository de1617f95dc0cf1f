import Foundation
import GRDB
import Testing

@Suite(
    "Kiosks starting together on a new data directory",
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "no /bin/bash on this machine"))
struct ConcurrentStartTests {
    @Test("five first starts at once, forty times: every one sells its juice, none calls the database foreign")
    func concurrentFirstStarts() async throws {
        let sandbox = try Sandbox()
        // Each round starts five kiosks on a data directory that does not exist yet; one
        // makes the database while the others wait, and each quits (checkpointing the
        // WAL into the file) while the next is still checking it.
        let run = try await runShell(
            """
            cd '\(sandbox.path)' || exit 9
            for round in $(seq 1 40); do
                pids=()
                for k in 1 2 3 4 5; do
                    "$KIOSK" --data-dir "data-$round" -c "order banana" >>"out-$round" 2>>errors &
                    pids+=($!)
                done
                for pid in "${pids[@]}"; do wait "$pid" || echo "round $round: exit $?"; done
                made=$(grep -c 'Made 1 Banana Juice' "out-$round")
                [ "$made" = 5 ] || echo "round $round: $made juices"
            done
            cat errors
            """,
            sandbox: sandbox, timeout: .seconds(600))
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(!run.stdout.contains("not a kiosk database"))
    }

    @Test("a database whose kiosk was killed halfway through copying its WAL into it opens, with every sale")
    func killedDuringCheckpoint() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        // A kiosk that has sold a juice and is killed: the database is whole in its WAL,
        // and the file itself has not been written yet.
        let kiosk = try LiveKiosk(["--data-dir", data], sandbox: sandbox)
        try kiosk.send("order banana")
        _ = try await kiosk.waitFor("the order") { out, _ in out.contains("Made 1 Banana Juice.") }
        kill(kiosk.process.processIdentifier, SIGKILL)
        kiosk.process.waitUntilExit()
        let file = data + "/kiosk.sqlite"
        try #require(FileManager.default.fileExists(atPath: file + "-wal"))

        // The first page as a checkpoint writes it first, from a copy SQLite recovers.
        let copy = sandbox.path + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: file + suffix, toPath: copy + "/kiosk.sqlite" + suffix)
        }
        try DatabaseQueue(path: copy + "/kiosk.sqlite").close()
        let recovered = try Data(contentsOf: URL(fileURLWithPath: copy + "/kiosk.sqlite"))
        try #require(recovered.count > 1_024)
        // Killed right after the checkpoint wrote that page: the file holds it alone, and
        // the WAL still holds everything.
        try recovered.prefix(1_024).write(to: URL(fileURLWithPath: file))

        let run = try await KioskBinary.run(["--data-dir", data, "-c", "order banana"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Made 1 Banana Juice.\nStock: banana 8 -> 6\n"), "\(run.stdout)")
    }
}
