import KioskCore

/// The configuration's errors and origin, in Korean. Keys, ids and TOML stay as written in
/// the file, so that the reader finds them there.
extension KoreanCatalog {
    func configOrigin(_ origin: ConfigLoader.Origin) -> String {
        let source =
            switch origin.source {
            case .builtIn: "기본 설정"
            case .file(let path): Sanitized.text(path, limit: 256)
            }
        return origin.preset.map { "\(source), 은행 프리셋 \(Self.presetName($0))" } ?? source
    }

    func describe(_ kind: ReadableFile.Kind) -> String {
        switch kind {
        case .terminal: "터미널"
        case .characterDevice: "문자 장치"
        case .blockDevice: "블록 장치"
        case .socket: "소켓"
        case .other: "특수 파일"
        }
    }

    func describe(_ problem: ConfigProblem) -> String {
        switch problem {
        case .noSuchFile(let namedBy): "파일이 없습니다" + (namedBy.map { " (\($0)에서 지정)" } ?? "")
        case .isDirectory: "TOML 파일이 아니라 디렉터리입니다"
        case .notAFileOrPipe(let kind): "TOML 파일이나 파이프가 아니라 \(describe(kind))입니다"
        case .unreadable(let reason): "읽을 수 없습니다: \(reason)"
        case .notUTF8: "UTF-8 텍스트가 아닙니다"
        case .tooLarge(let limit, let actual):
            "크기가 \(actual.grouped)바이트입니다. 설정 파일은 \(limit.grouped)바이트까지 쓸 수 있습니다 (과일 1,000개와 쥬스 1,000개도 그 4분의 1이면 됩니다)"
        case .noSuchPreset(let name, let choices):
            "'\(Sanitized.text(name))' 프리셋은 없습니다. 다음 중에서 고르세요: \(choices.joined(separator: ", "))"
        case .syntax(let column, let detail): "TOML 문법 오류 (\(column)열): \(detail)"
        case .notTOML(let detail): "TOML 문서가 아닙니다: \(detail)"
        case .nulCharacter(let column):
            "\(column)열에 NUL 문자가 있습니다. TOML은 어디에도 NUL을 허용하지 않으니 지우세요"
        case .unknownKey(let key, let suggestion, let allowed):
            "알 수 없는 키입니다: '\(Sanitized.text(key))'.\(didYouMean(suggestion)) 쓸 수 있는 키: \(allowed.joined(separator: ", "))."
        case .missingKey(let key, let example):
            "'\(key)' 키가 없습니다" + (example.map { " (예: \(key) = \($0))" } ?? "")
        case .missingTable(let name): "[\(name)] 테이블이 없습니다"
        case .wrongType(let expected, let found): wrongType(expected: expected, found: found)
        case .notOneOf(let allowed): allowed.map { "\"\($0)\"" }.joined(separator: " 또는 ") + "이어야 합니다"
        case .noneConfigured(let section): noneConfigured(section)
        case .outOfRange(let bound, let actual): "\(mustBe(bound)) (지금은 \(actual))"
        case .tooMany(let section, let limit, let actual):
            "\(noun(section)): 최대 \(limit)개까지 쓸 수 있습니다 (지금은 \(actual)개)"
        case .duplicateID(let section, let id): duplicate(section, id: Sanitized.text(id))
        case .invalidIdentifier(let id):
            "\(quoted(Sanitized.text(id), .topic)) 올바른 아이디가 아닙니다: 영어 소문자, 숫자, -, _만 쓰고 영어 소문자로 시작하세요"
        case .blank(let isAlias): "\(isAlias ? "별칭" : "이름")은 비어 있거나 공백뿐이면 안 됩니다"
        case .unorderableAlias(let alias):
            "별칭 \(quoted(Sanitized.text(alias), .topic)) 주문에 쓸 수 없습니다: 'order'는 숫자로 된 낱말을 잔 수로, 쉼표를 쥬스의 끝으로 읽습니다"
        case .unknownLanguage(let language, let known):
            "알 수 없는 언어입니다: '\(Sanitized.text(language))'. 이름은 \(known.joined(separator: ", "))로 줄 수 있습니다"
        case .blankTranslation(let language): "\(language) 이름은 공백이 아닌 문자열이어야 합니다"
        case .noName(let example): "이름을 하나 이상 주세요. 예: { en = \"\(Sanitized.text(example))\" }"
        case .nameTaken(let spelling, let juice):
            "\(quoted(Sanitized.text(spelling), .topic)) 이미 '\(juice)' 쥬스의 이름입니다 (이름과 별칭은 대소문자를 가리지 않습니다). 다른 것을 고르세요"
        case .initialAboveMaximum(let initial, let maximum): "처음 재고가 최대치보다 많습니다 (처음 재고 \(initial), 최대치 \(maximum))"
        case .unknownFruit(let fruit, let suggestion):
            "알 수 없는 과일입니다: '\(Sanitized.text(fruit))'.\(didYouMean(suggestion))"
        case .amountNotWhole(let fruit): "\(Sanitized.text(fruit)) 양은 정수여야 합니다"
        case .amountOutOfRange(let fruit, let bound, let actual):
            "\(Sanitized.text(fruit)) 양은 \(mustBe(bound)) (지금은 \(actual))"
        case .emptyRecipe: "레시피에는 과일이 하나 이상 있어야 합니다"
        case .customersBelowMinimum(let minimum, let actual):
            "customers_min(\(minimum)) 이상이어야 합니다 (지금은 \(actual))"
        case .customersAboveAdmission(let limit, let actual):
            "'bank open' 한 번에 받을 수 있는 최대인 \(limit) 이하여야 합니다 (지금은 \(actual))"
        case .noClerk(let isOffice, let actual):
            "\(isOffice ? "사무실" : "창구")에는 은행원이 1명 이상 있어야 합니다 (지금은 \(actual)명)"
        case .tooManyClerks(let isOffice, let limit, let actual):
            "\(isOffice ? "사무실" : "창구")마다 은행원은 최대 \(limit)명입니다 (지금은 \(actual)명)"
        case .idNamesPlace(let id): "\(quoted(Sanitized.text(id), .topic)) 이미 창구나 사무실의 아이디입니다. 다른 아이디를 쓰세요"
        case .noShare(let section):
            "모든 \(section == .grade ? "등급" : "업무")의 share가 0입니다. 하나 이상에 0보다 큰 share를 주세요"
        case .unknownPlace(let place, let suggestion, let known):
            "알 수 없는 창구나 사무실입니다: '\(Sanitized.text(place))'.\(didYouMean(suggestion)) 있는 곳: \(known.joined(separator: ", "))."
        case .clerkStaysOnFirstStage: "첫 단계에는 곁에 남을 은행원이 아직 없습니다. clerk_stays를 지우세요"
        case .heldClerkCycle(let places):
            "은행원들이 서로를 영원히 기다릴 수 있습니다 (붙잡힌 은행원의 순환: \(places.joined(separator: " → "))). "
                + "clerk_stays인 단계는, 붙잡힌 은행원의 자리를 기다리는 고객들이 직접 또는 차례로 "
                + "붙잡고 있는 은행원의 자리에서 기다리면 안 됩니다"
        case .inStage(let number, let key, let problem):
            "\(number)단계: " + (key.map { "\($0): " } ?? "") + describe(problem)
        }
    }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " \(quoted($0, .object)) 말씀하셨나요?" } ?? ""
    }

    private func mustBe(_ bound: ConfigBound) -> String {
        switch bound {
        case .atLeast(let low): "\(low) 이상이어야 합니다"
        case .atMost(let high): "\(high) 이하여야 합니다"
        case .between(let low, let high): "\(low)부터 \(high) 사이여야 합니다"
        }
    }

    private func wrongType(expected: ConfigValueShape, found: ConfigValueKind?) -> String {
        let wanted =
            switch expected {
            case .string: "문자열이어야 합니다"
            case .wholeNumber: "정수여야 합니다"
            case .boolean: "true나 false여야 합니다"
            case .table(let example): "테이블이어야 합니다" + (example.map { " (예: \($0))" } ?? "")
            case .strings: "문자열의 배열이어야 합니다"
            case .stringElement: "문자열만 담아야 합니다"
            case .tables(let header, _): "[[\(header)]] 테이블로 써야 합니다"
            case .tableArray: "테이블의 배열이어야 합니다"
            case .name: "문자열이거나 언어별 이름의 테이블이어야 합니다"
            }
        guard let found else { return wanted }
        let holding = if case .tables(_, inArray: true) = expected { "배열에 담긴 " } else { "" }
        return "\(wanted) (지금은 \(holding)\(describe(found)))"
    }

    private func describe(_ kind: ConfigValueKind) -> String {
        switch kind {
        case .string: "문자열"
        case .wholeNumber: "정수"
        case .decimal: "소수"
        case .boolean: "true/false"
        case .array: "배열"
        case .table: "테이블"
        case .dateTime: "날짜나 시각"
        }
    }

    private func noneConfigured(_ section: ConfigSection) -> String {
        switch section {
        case .fruit: "설정된 과일이 없습니다. [[fruit]] 테이블을 하나 이상 더하세요"
        case .juice: "메뉴가 비어 있습니다. [[juice]] 테이블을 하나 이상 더하세요"
        case .desk, .deskOrOffice, .deskTask: "은행에 창구가 없습니다. [[bank.desk]] 테이블을 하나 이상 더하세요"
        case .task: "은행이 하는 업무가 없습니다. [[bank.task]] 테이블을 하나 이상 더하세요"
        case .stage: "업무에는 단계가 하나 이상 있어야 합니다"
        case .grade: "[[bank.grade]] 테이블을 하나 이상 더하세요"
        }
    }

    private func noun(_ section: ConfigSection) -> String {
        switch section {
        case .fruit: "과일"
        case .juice: "쥬스"
        case .desk: "창구"
        case .deskOrOffice: "창구와 사무실"
        case .deskTask, .task: "업무"
        case .stage: "업무마다 단계"
        case .grade: "등급"
        }
    }

    private func duplicate(_ section: ConfigSection, id: String) -> String {
        switch section {
        case .fruit: "과일 아이디 \(quoted(id, .subject)) 겹칩니다. 과일마다 아이디가 달라야 합니다"
        case .juice: "쥬스 아이디 \(quoted(id, .subject)) 겹칩니다. 쥬스마다 아이디가 달라야 합니다"
        case .desk, .deskOrOffice: "창구나 사무실 아이디 \(quoted(id, .subject)) 겹칩니다. 저마다 아이디가 달라야 합니다"
        case .deskTask: "창구 업무 \(quoted(id, .subject)) 겹칩니다. 업무마다 창구는 하나입니다"
        case .task: "업무 아이디 \(quoted(id, .subject)) 겹칩니다. 업무마다 아이디가 달라야 합니다"
        case .stage: "단계 아이디 \(quoted(id, .subject)) 겹칩니다. 단계마다 아이디가 달라야 합니다"
        case .grade: "등급 아이디 \(quoted(id, .subject)) 겹칩니다. 등급마다 아이디가 달라야 합니다"
        }
    }
}
