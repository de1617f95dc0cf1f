import KioskCore

/// kiosk's command line in Korean: its usage errors and its `--help` page (argument-parser
/// writes only English, so the Korean page is laid out here, option by option).
extension KoreanCatalog {
    func describe(_ problem: CommandLineProblem) -> String {
        switch problem {
        case .missingNumber(let flag):
            flag == "--seed"
                ? "--seed에 값이 필요합니다: 0부터 \(UInt64.max)까지의 정수."
                : "--speed에 값이 필요합니다: 0.001부터 1000000까지의 수."
        case .reconnectWindowOutOfRange(let source, let given):
            "\(source) 값은 0부터 600까지의 정수 초여야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .unparsableDatabase(let source, let given, let reason):
            "\(source) 값은 postgresql:// URL이나 libpq conninfo여야 합니다 (지금은 '\(Sanitized.text(given, limit: 256))': \(Sanitized.text(reason, limit: 512)))."
        case .speedOutOfRange(let given):
            "--speed는 0.001부터 1000000까지의 수나 max여야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .speedNotANumber(let given):
            "--speed는 0.001부터 1000000까지의 수나 max여야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .seedNotWhole(let given):
            "--seed는 0부터 \(UInt64.max)까지의 정수여야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .unknownPreset(let given, let choices):
            // A preset by the name a Korean user types (`클래식`); `classic` is taken too.
            "--preset은 \(choices.map(Self.presetName).joined(separator: ", ")) 중 하나여야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .unknownLanguage(let given): "--lang은 en이나 ko여야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .unknownDurability(let given):
            "--durability는 'normal'이나 'full'이어야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .unknownEventsMode(let given):
            "--events는 all, summary, off 중 하나여야 합니다 (지금은 '\(Sanitized.text(given, limit: 64))')."
        case .flagTakesNoValue(let flag, let given):
            "\(flag)에는 값을 줄 수 없습니다. \(quoted("=\(Sanitized.text(given, limit: 64))", .object)) 빼세요."
        case .emptyDataDirectory: "--data-dir에는 디렉터리가 필요합니다. 빈 문자열은 안 됩니다."
        case .emptyDatabase:
            "--database에는 postgresql:// URL이나 libpq conninfo가 필요합니다. 빈 문자열은 안 됩니다. 데이터 디렉터리를 쓰려면 빼세요."
        case .classicWithCommands: "'classic'은 메뉴 선택을 표준 입력에서 읽습니다: -c와 --file을 빼세요."
        case .classicWithJSON: "'classic'은 연습 문제의 콘솔 줄만 출력하고 JSON은 출력하지 않습니다. --json을 빼세요."
        case .fileWithCommands: "-c와 --file 중 하나만 쓰세요."
        case .wordsWithCommands: "명령은 옵션 뒤의 단어, -c, --file 중 한 가지로만 주세요."
        case .databaseWithLocalStore:
            "--database와 --in-memory/--data-dir 중 하나만 쓰세요: --database는 모든 것을 서버에 둡니다."
        case .inMemoryWithDataDirectory:
            "--in-memory와 --data-dir 중 하나만 쓰세요: --in-memory는 데이터 디렉터리를 쓰지 않습니다."
        case .unknownUser(let flag, let user, let given):
            "\(flag): 사용자 \(quoted(Sanitized.text(user, limit: 64), .subject)) 없어서 '\(Sanitized.text(given, limit: 256))'의 홈 디렉터리를 알 수 없습니다. 경로를 풀어 쓰세요 (그 이름의 디렉터리라면 './\(Sanitized.text(given, limit: 256))')."
        case .unknownOption(let flag):
            "알 수 없는 옵션입니다: '\(Sanitized.text(flag, limit: 64))'."
                + (CommandLineFlag.suggestion(for: flag).map { " \(quoted($0, .object)) 말씀하셨나요?" } ?? "")
        case .missingValue(let flag): "'\(Sanitized.text(flag, limit: 64))'에 값이 없습니다."
        case .parser(let message): Sanitized.text(message, limit: 4_096)
        }
    }

    func usageLine(_ problem: String) -> String {
        "오류: \(problem) 사용법: kiosk [옵션] [명령 단어...]. 'kiosk --help'를 보세요."
    }

    /// The options of `kiosk --help`, as argument-parser lists them in English (a test keeps
    /// the two lists equal).
    static let commandLineOptions: [(flags: String, help: String)] = [
        ("-c, --command <command>", "명령 하나를 실행하고 끝냅니다 (여러 번 줄 수 있습니다)."),
        ("--file <path>", "스크립트 파일의 명령들을 실행합니다."),
        ("--config <path>", "메뉴, 재고, 은행 설정을 이 TOML 파일에서 읽습니다."),
        ("--data-dir <path>", "데이터베이스를 여기에 둡니다 (기본: $XDG_DATA_HOME/kiosk)."),
        (
            "--database <url>",
            "이 PostgreSQL 데이터베이스로 다른 kiosk와 재고와 판매를 함께 씁니다 (postgresql://… 또는 conninfo, 기본: $KIOSK_DATABASE)."
        ),
        (
            "--reconnect-window <secs>",
            "끊긴 PostgreSQL 서버(또는 그 호스트 중 하나)가 다시 쓰기를 받을 때까지 명령이 기다리는 시간: 정수 초, 0부터 600까지 (기본: $KIOSK_RECONNECT_WINDOW, 없으면 30)."
        ),
        ("--in-memory", "데이터베이스를 두지 않습니다: 재고, 판매, 은행 기록은 끝날 때 사라집니다 (프롬프트의 입력 기록은 남습니다)."),
        (
            "--durability <normal|full>",
            "normal: 모든 판매가 kiosk가 멈춰도 남습니다. full: 전원이 나가도 남습니다 (주문마다 디스크를 기다립니다). (기본: normal)"
        ),
        ("--speed <x|max>", "은행 시계를 실제 시간보다 이만큼 빠르게 돌립니다. 'max'는 기다리지 않는 가상 시간입니다. (기본: 1)"),
        (
            "--preset <name>",
            "설정의 [bank] 대신 내장 은행 설정을 씁니다: \(BankPresets.names.map(presetName).joined(separator: ", "))."
        ),
        ("--seed <n>", "무작위 고객 수와 업무의 시드 (같은 실행을 되풀이할 수 있습니다)."),
        ("--lang <code>", "이 언어로 말합니다: en 또는 ko (기본: $KIOSK_LANG, 없으면 LC_ALL, LC_MESSAGES, LANG)."),
        ("--json", "결과, 오류, 이벤트를 JSON Lines로 출력합니다."),
        ("--events <mode>", "결과 사이에 은행이 출력하는 것: all, summary (1초에 한 줄), off (마감 요약만). (값: all, summary, off)"),
        ("--no-color", "색을 쓰지 않습니다 (환경 변수 NO_COLOR도 같습니다)."),
        ("--bail", "처음 실패한 명령에서 멈춥니다."),
        ("--help-man", "이 설명서를 man 페이지(roff, 영어)로 출력하고 끝냅니다."),
        ("--version", "버전을 보여 줍니다."),
        ("-h, --help", "이 도움말을 보여 줍니다."),
    ]

    static let commandLineEnvironment: [(name: String, meaning: String)] = [
        ("KIOSK_CONFIG", "--config가 없을 때 읽을 설정 파일."),
        ("KIOSK_DATABASE", "--database가 없을 때 함께 쓸 PostgreSQL 데이터베이스."),
        ("KIOSK_HISTFILE", "프롬프트의 입력 기록 파일 (기본 $XDG_STATE_HOME/kiosk/history)."),
        ("KIOSK_LANG", "--lang이 없을 때의 언어, en 또는 ko (없으면 LC_ALL, LC_MESSAGES, LANG)."),
        ("KIOSK_LIBPQ", "PostgreSQL 데이터베이스에 쓸 때 불러올 libpq 파일 (기본 libpq.so.5)."),
        ("KIOSK_RECONNECT_WINDOW", "--reconnect-window가 없을 때, 끊긴 PostgreSQL 서버를 기다리는 시간 (정수 초, 0부터 600, 기본 30)."),
        ("NO_COLOR", "비어 있지 않으면 색을 쓰지 않습니다 (no-color.org). TERM=dumb도 같습니다."),
        ("PAGER", "프롬프트에서 긴 출력을 넘겨 봅니다 (기본 less, 비었거나 cat이면 넘기지 않습니다)."),
        ("TZ", "'sales'의 하루가 시작하고 끝나는 자정의 시간대."),
        ("XDG_CONFIG_HOME", "설정을 $XDG_CONFIG_HOME/kiosk/kiosk.toml에서 읽습니다 (기본 ~/.config)."),
        ("XDG_DATA_HOME", "데이터베이스가 $XDG_DATA_HOME/kiosk에 있습니다 (기본 ~/.local/share)."),
        ("XDG_STATE_HOME", "입력 기록이 $XDG_STATE_HOME/kiosk에 있습니다 (기본 ~/.local/state)."),
    ]

    /// `kiosk --help` in Korean, wrapped at `width` terminal cells.
    static func commandLineHelp(width: Int) -> String {
        let width = max(width, 40)
        let nameWidth = commandLineEnvironment.map(\.name.count).max() ?? 0
        let environment = commandLineEnvironment.flatMap { variable in
            TextWrapper.entry(variable.name, variable.meaning, indent: nameWidth + 4, width: width)
        }
        let head = """
            개요: 한 터미널에서 쥬스 가게와 은행 창구를 함께 엽니다.

            옵션 없이 터미널에서 시작하면 대화형 프롬프트가 열립니다. 거기서 'help'를 입력하세요.
            그렇지 않으면 옵션 뒤에 준 명령('kiosk menu', 'kiosk order 바나나쥬스 2'), -c 명령들, \
            --file 스크립트나 표준 입력을 실행하고 끝냅니다.

            환경 변수:
            \(environment.joined(separator: "\n"))

            종료 코드: 0 성공, 1 실패한 명령이 있음, 64 잘못된 사용법, 74 저장소 입출력 오류 \
            (또는 표준 출력에 쓸 수 없음), 78 잘못된 설정, 130 중단됨, 141 표준 출력을 읽던 쪽이 사라짐.

            사용법: kiosk [<옵션>] -- [<명령 단어> ...]
            """
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            // The environment's entries are laid out already.
            line.hasPrefix("  ") ? [String(line)] : TextWrapper.wrap(String(line), width: width)
        }
        lines.append("")
        lines.append("인자:")
        lines += TextWrapper.entry(
            "<명령 단어>",
            "실행하고 끝낼 명령: 'kiosk menu', 'kiosk sales yesterday'. 'classic'은 연습 문제의 콘솔 은행(1 : 은행개점 / 2 : 종료)을 엽니다.",
            indent: optionIndent, width: width)
        lines.append("")
        lines.append("옵션:")
        for option in commandLineOptions {
            lines += TextWrapper.entry(option.flags, option.help, indent: optionIndent, width: width)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The column where the options' and the arguments' help begins, as argument-parser's
    /// English page has it.
    private static let optionIndent = 26
}
