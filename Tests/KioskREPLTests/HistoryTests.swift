import Foundation
import Testing

@testable import KioskREPL

@Suite("History")
struct HistoryTests {
    @Test(
        "keeps only lines worth keeping",
        arguments: [
            ("stock", nil, true),
            ("stock", "menu", true),
            ("stock", "stock", false),
            (" bank open", nil, false),
            ("\tbank open", nil, false),
            ("", nil, false),
            ("   ", nil, false),
            ("a\nb", nil, false),
        ] as [(String, String?, Bool)])
    func policy(line: String, previous: String?, kept: Bool) {
        #expect(HistoryPolicy.shouldRecord(line, after: previous) == kept)
    }

    @Test("drops the spaces Tab completion leaves at the end, then skips the duplicate")
    func normalizes() {
        let store = HistoryStore(file: nil)
        #expect(store.record("help ") == "help")
        #expect(store.record("help") == nil)
        #expect(store.record("menu") == "menu")
        #expect(store.record("help") == "help")
        #expect(store.all == ["help", "menu", "help"])
    }

    @Test("holds the last 1,000 entries")
    func capacity() {
        let store = HistoryStore(file: nil, entries: (1...1_200).map { "line \($0)" })
        #expect(store.all.count == 1_000)
        #expect(store.all.first == "line 201")
        store.record("newest")
        #expect(store.all.count == 1_000)
        #expect(store.all.first == "line 202")
        #expect(store.all.last == "newest")
    }

    @Test(
        "finds the file: KIOSK_HISTFILE, then XDG_STATE_HOME, then HOME",
        arguments: [
            (["KIOSK_HISTFILE": "/h/file", "XDG_STATE_HOME": "/state", "HOME": "/home/a"], "/h/file"),
            (["XDG_STATE_HOME": "/state", "HOME": "/home/a"], "/state/kiosk/history"),
            (["XDG_STATE_HOME": "relative", "HOME": "/home/a"], "/home/a/.local/state/kiosk/history"),
            (["KIOSK_HISTFILE": "", "HOME": "/home/a"], "/home/a/.local/state/kiosk/history"),
            ([:], nil),
        ] as [([String: String], String?)])
    func location(environment: [String: String], expected: String?) {
        #expect(HistoryFile.location(environment: environment)?.path == expected)
    }

    @Test("saves with mode 0600 in directories it creates with 0700, and loads it back")
    func saveAndLoad() throws {
        let root = try TemporaryDirectory()
        let file = HistoryFile(path: root.path + "/state/kiosk/history")
        let store = HistoryStore(file: file)
        store.record("stock")
        store.record("order mango 2")
        try store.save()

        #expect(try root.mode(of: "state") == 0o700)
        #expect(try root.mode(of: "state/kiosk") == 0o700)
        #expect(try root.mode(of: "state/kiosk/history") == 0o600)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "stock\norder mango 2\n")
        #expect(HistoryStore.loading(file).all == ["stock", "order mango 2"])
    }

    @Test("makes an existing file private when it saves over it")
    func tightensMode() throws {
        let root = try TemporaryDirectory()
        let path = root.path + "/history"
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data("old\n".utf8), attributes: [.posixPermissions: 0o644]))
        let store = HistoryStore.loading(HistoryFile(path: path))
        store.record("new")
        try store.save()
        #expect(try root.mode(of: "history") == 0o600)
        #expect(HistoryFile(path: path).load() == ["old", "new"])
    }

    @Test("two prompts on one file keep both sessions' lines, whichever saves last, within the cap")
    func twoSessionsMerge() throws {
        let root = try TemporaryDirectory()
        let file = HistoryFile(path: root.path + "/history")
        try file.save((1...999).map { "old \($0)" })
        let first = HistoryStore.loading(file)
        let second = HistoryStore.loading(file)
        first.record("menu")
        second.record("stock")
        second.record("sales")
        try first.save()
        try second.save()
        let saved = file.load()
        #expect(saved.count == HistoryPolicy.capacity)
        #expect(saved.suffix(3) == ["menu", "stock", "sales"])
        #expect(saved.first == "old 3")
        // Saving again adds nothing twice.
        try first.save()
        #expect(file.load() == saved)
        #expect(try root.mode(of: "history") == 0o600)
    }

    @Test("a missing file is an empty history")
    func missingFile() throws {
        let root = try TemporaryDirectory()
        #expect(HistoryStore.loading(HistoryFile(path: root.path + "/none")).all.isEmpty)
    }

    @Test("says which path could not be written")
    func unwritable() throws {
        let root = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: root.path + "/plain", contents: Data()))
        let file = HistoryFile(path: root.path + "/plain/history")
        let error = #expect(throws: HistoryError.self) { try file.save(["x"]) }
        let sentence = error.map { Presenter(catalog: EnglishCatalog(), config: nil).describe($0) }
        #expect(sentence?.contains(root.path + "/plain") == true)
        #expect(sentence?.contains("KIOSK_HISTFILE") == true)
    }
}
