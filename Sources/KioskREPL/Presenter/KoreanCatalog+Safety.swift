import KioskStorage

extension KoreanCatalog {
    var dumbTerminalWatch: String {
        "'bank watch'에는 화면을 바꿀 수 있는 터미널이 필요한데, TERM이 'dumb'입니다. 'bank status'를 쓰거나 TERM을 터미널 종류로 정하세요."
    }

    func untrustedDirectory(path: String, risk: PlaceRisk) -> String {
        switch risk {
        case .ownedByAnotherUser:
            "데이터 디렉터리 \(KoreanParticle.object.after(path)) 쓰지 않습니다: \(risk.ownerName ?? "다른 사용자")의 것이라 그 사용자가 데이터베이스를 바꿀 수 있습니다. --data-dir로 내 디렉터리를 고르거나 chown으로 내 것으로 바꾸세요."
        case .writableByOthers:
            "데이터 디렉터리 \(KoreanParticle.object.after(path)) 쓰지 않습니다: 누구나 쓸 수 있습니다 (모드 \(risk.octalMode ?? "?")). 'chmod o-w \(path)'를 실행하거나 --data-dir로 다른 곳을 고르세요."
        }
    }

    func describe(_ refusal: RefusedFile, path: String) -> String {
        switch (refusal.use, refusal.reason) {
        case (.history, .untrusted(let risk)):
            switch risk {
            case .ownedByAnotherUser:
                "히스토리 파일 \(KoreanParticle.object.after(path)) 쓰지 않습니다: \(risk.ownerName ?? "다른 사용자")의 것이라 누가 쓴 줄인지 알 수 없습니다. 지우거나 chown으로 내 것으로 바꾸거나, KIOSK_HISTFILE을 내 파일로 정하세요."
            case .writableByOthers:
                "히스토리 파일 \(KoreanParticle.object.after(path)) 쓰지 않습니다: 누구나 쓸 수 있습니다 (모드 \(risk.octalMode ?? "?")). 'chmod 600 \(path)'를 실행하거나 KIOSK_HISTFILE을 내 파일로 정하세요."
            }
        case (.history, .symbolicLink), (.export, .symbolicLink):
            "'\(path)'에 쓰지 않습니다: 심볼릭 링크이고, kiosk는 링크를 거쳐 쓰지 않습니다. 링크가 가리키는 파일의 경로나 다른 경로를 주세요."
        case (.export, .untrusted):
            "'\(path)'에 쓰지 않습니다: 다른 사용자가 다룰 수 있는 곳입니다. 내 디렉터리의 파일을 고르세요."
        }
    }
}
