import KioskStorage

/// The sentences of kiosk's refusals to use what someone else controls: a data directory or
/// a history file of another user (or writable by everyone), an export path that is a link.
/// Each names the place, says why, and says how to fix it, on one line, as ssh does.
protocol SafetyCatalog {
    /// The data directory at `path` (already made safe to print) is refused for `risk`.
    func untrustedDirectory(path: String, risk: PlaceRisk) -> String
    /// `refusal`'s file, at `path` (already made safe to print), is refused.
    func describe(_ refusal: RefusedFile, path: String) -> String
    /// `bank watch` under `TERM=dumb`, which has no alternate screen to draw on.
    var dumbTerminalWatch: String { get }
}

extension PlaceRisk {
    /// The owner's name when the system knows it, else `uid N`.
    var ownerName: String? {
        guard case .ownedByAnotherUser(let uid) = self else { return nil }
        return PlaceTrust.userName(uid).map { "\($0) (uid \(uid))" } ?? "uid \(uid)"
    }

    /// The permission bits as `chmod` spells them (`0777`).
    var octalMode: String? {
        guard case .writableByOthers(let mode) = self else { return nil }
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
