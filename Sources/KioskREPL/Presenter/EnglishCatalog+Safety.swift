import KioskStorage

extension EnglishCatalog {
    var dumbTerminalWatch: String {
        "'bank watch' needs a terminal that can switch screens, and TERM is 'dumb'. Use 'bank status', or set TERM to your terminal's type."
    }

    func untrustedDirectory(path: String, risk: PlaceRisk) -> String {
        switch risk {
        case .ownedByAnotherUser:
            "Refusing data directory \(path): it belongs to \(risk.ownerName ?? "another user"), who could change the database under kiosk. Choose a directory of your own with --data-dir, or chown it to yourself."
        case .writableByOthers:
            "Refusing data directory \(path): everyone may write it (mode \(risk.octalMode ?? "?")). Run 'chmod o-w \(path)', or choose another with --data-dir."
        }
    }

    func describe(_ refusal: RefusedFile, path: String) -> String {
        switch (refusal.use, refusal.reason) {
        case (.history, .untrusted(let risk)):
            switch risk {
            case .ownedByAnotherUser:
                "Not using the history file \(path): it belongs to \(risk.ownerName ?? "another user"), so its lines could be anyone's. Remove it or chown it to yourself, or set KIOSK_HISTFILE to a file of your own."
            case .writableByOthers:
                "Not using the history file \(path): everyone may write it (mode \(risk.octalMode ?? "?")). Run 'chmod 600 \(path)', or set KIOSK_HISTFILE to a file of your own."
            }
        case (.history, .symbolicLink), (.export, .symbolicLink):
            "Not writing '\(path)': it is a symbolic link, and kiosk does not write through links. Give the path of the file it points to, or another path."
        case (.export, .untrusted):
            "Not writing '\(path)': another user controls it. Choose a file in a directory of your own."
        }
    }
}
