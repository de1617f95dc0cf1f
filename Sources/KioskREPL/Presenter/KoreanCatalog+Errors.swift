import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

/// Each module's errors, in Korean.
extension KoreanCatalog {
    func describe(_ error: JuiceError) -> String {
        switch error {
        case .outOfStock(let refusal):
            return describe(refusal)
        case .aboveMaximum(let fruit, .set, let amount, _, let maximum):
            return
                "\(KoreanParticle.object.after(fruit)) \(amount)개로 맞출 수 없어요. 진열대에는 \(maximum)개까지 들어가니 \(maximum)개 이하로 맞춰 주세요."
        case .aboveMaximum(let fruit, _, let amount, let have, let maximum):
            let room = maximum - have
            let next = room > 0 ? "\(room)개까지는 더할 수 있어요." : "진열대가 꽉 찼어요."
            return "\(fruit) \(amount)개를 더할 수 없어요. 진열대에는 \(maximum)개까지 들어가는데 지금 \(have)개가 있어요. \(next)"
        case .belowZero(let fruit, let amount, let have):
            if have == 0 {
                return "\(fruit) \(amount)개를 뺄 수 없어요. 진열대가 비어 있어요."
            }
            return "\(fruit) \(amount)개를 뺄 수 없어요. 진열대에 \(have)개뿐이라 \(have)개까지만 뺄 수 있어요."
        case .invalidCount(let count):
            let range = Inventory.orderCounts
            return "한 주문에 쥬스마다 \(range.lowerBound)잔부터 \(range.upperBound)잔까지 받아요. \(count)잔은 받을 수 없어요."
        case .invalidAmount(let amount):
            return "재고 수량은 0 이상이어야 해요. \(KoreanParticle.topic.after(String(amount))) 안 돼요."
        case .unknownFruit(let fruit):
            return "\(quoted(Sanitized.text(fruit), .topic)) 저희 가게에 없는 과일이에요. 'stock'으로 과일 목록을 보세요."
        case .menuMismatch:
            return "되돌릴 재고가 다른 메뉴의 것입니다. 'stock reset'으로 설정된 재고로 되돌리세요."
        case .invalidEdit(let kind):
            return "'\(kind.rawValue)'로는 여러 과일을 한 번에 바꿀 수 없습니다. 'stock set', 'stock add', 'stock remove'를 쓰세요."
        case .invalidPeriod(let first, let last):
            return "기간이 \(first)에 시작하는데 그보다 앞선 \(last)에 끝나요. --from과 --to를 바꿔 주세요."
        }
    }

    /// "재료가 모자라요. 딸기쥬스 1잔에 딸기 16개가 필요한데 10개 있어요. 해결: 'stock add 딸기 6'은 이 주문에
    /// 딱 필요한 만큼만 더해요(주문 뒤 진열대는 비어요). 'stock fill 딸기'는 진열대를 가득 채워요."
    /// (the fruits arrive by their Korean names, so the fixes are commands kiosk accepts).
    private func describe(_ refusal: OrderRefusal) -> String {
        let lacks = refusal.shortages.map { "\($0.fruit) \($0.need)개가 필요한데 \($0.have)개 있어요" }
        let juices = refusal.lines.map { "\(Sanitized.text($0.juiceName, limit: 64)) \($0.count)잔" }
        let head = "재료가 모자라요. \(juices.joined(separator: ", "))에 \(lacks.joined(separator: ", "))."
        if refusal.hasSeveralLines, !refusal.fitsShelves {
            return "\(head) 진열대를 가득 채워도 이 주문은 만들 수 없어요. 더 적게 주문해 주세요."
        }
        guard refusal.count <= refusal.mostEverAvailable else {
            if refusal.mostEverAvailable == 0 {
                return "\(head) 한 잔에 진열대를 가득 채운 것보다 많은 과일이 들어가서 만들 수 없어요."
            }
            return "\(head) 진열대를 가득 채워도 \(refusal.mostEverAvailable)잔까지만 만들 수 있어요. 그만큼만 주문해 주세요."
        }
        let fix = refusal.addition
        let add = quoted(fix.add, .topic)
        let fill = quoted(fix.fill, .topic)
        let empty = refusal.shortages.count > 1 ? "그 진열대들은" : "진열대는"
        return "\(head) 해결: \(add) 이 주문에 딱 필요한 만큼만 더해요(주문 뒤 \(empty) 비어요). \(fill) 진열대를 가득 채워요."
    }

    func describe(_ error: BankError) -> String {
        switch error {
        case .alreadyOpen(let waiting, let inService):
            return "은행은 벌써 영업중이에요 (대기중 \(waiting)명, 업무중 \(inService)명). "
                + "고객을 더 받으려면 'bank add [n]', 처음부터 하려면 'bank reset'을 쓰세요."
        case .customerCountOutOfRange(let count):
            let range = Bank.admissionRange
            return "고객 수는 \(range.lowerBound)명부터 \(range.upperBound)명까지예요. \(count)명은 받을 수 없어요."
        case .unknownTask(let given, let suggestion, let tasks):
            let hint =
                suggestion.map { "\(quoted($0, .object)) 말씀하셨나요?" }
                ?? "다음 중에서 골라 주세요: \(tasks.joined(separator: ", "))."
            return "\(quoted(Sanitized.text(given), .topic)) 저희 은행에 없는 업무예요. \(hint)"
        case .noDesks:
            return "은행에 창구가 없어요. 설정에 [[bank.desk]] 표를 더해 주세요."
        case .bankFull(let present, let adding, let capacity):
            let room = max(0, capacity - present)
            return
                "은행에는 한 번에 \(capacity.grouped)명까지 있을 수 있는데 지금 \(present.grouped)명이 있어서 \(adding.grouped)명을 더 받을 수 없어요. "
                + (room == 0
                    ? "'bank wait'로 업무를 마칠 때까지 기다려 주세요."
                    : "'bank wait'로 업무를 마치거나 \(room.grouped)명까지만 더해 주세요.")
        case .unknownGrade(let given, let grades):
            return
                "\(quoted(Sanitized.text(given), .topic)) 없는 등급이에요. 다음 중에서 골라 주세요: \(grades.joined(separator: ", "))."
        case .notIdle(let waiting, let inService, let toArrive):
            return "은행 프리셋은 은행이 쉬고 있을 때만 바꿀 수 있어요. 지금 대기중 \(waiting)명, 업무중 \(inService)명, 도착 예정 \(toArrive)명이 있어요. "
                + "'bank wait' \(KoreanParticle.direction.after("명령")) 모두 처리하거나 'bank reset' \(KoreanParticle.direction.after("명령")) 돌려보내 주세요."
        }
    }

    func describe(_ error: StorageError) -> String {
        switch error {
        case .directoryUnwritable(let path, let reason):
            "데이터 디렉터리 \(KoreanParticle.object.after(path)) 쓸 수 없습니다: \(reason). --data-dir로 다른 곳을 고르거나 --in-memory로 실행하세요."
        case .notADirectory(let path):
            "데이터 디렉터리 \(KoreanParticle.object.after(path)) 쓸 수 없습니다: 디렉터리가 아니라 파일입니다. --data-dir로 다른 곳을 고르거나 --in-memory로 실행하세요."
        case .noHome(let path):
            "데이터 디렉터리 \(KoreanParticle.object.after(path)) 쓸 수 없습니다: HOME이 설정되지 않았습니다. --data-dir로 고르거나 --in-memory로 실행하세요."
        case .notADatabase(let path):
            "\(KoreanParticle.topic.after(path)) kiosk 데이터베이스가 아닙니다 (SQLite가 아닙니다). kiosk는 덮어쓰지 않으니, 옮기거나 다른 --data-dir를 고르세요."
        case .damaged(let path):
            "\(KoreanParticle.topic.after(path)) 손상되었습니다: SQLite 데이터베이스로 시작하지만 SQLite가 형식이 잘못되었다고 합니다 (잘렸거나 덮어쓰였습니다). kiosk는 덮어쓰지 않으니, 백업에서 되살리거나 다른 --data-dir를 고르세요."
        case .readOnly(let path, let mode):
            "\(KoreanParticle.topic.after(path)) 읽기 전용입니다 (모드 \(mode)). kiosk는 모든 판매와 재고 변경을 여기에 씁니다. 쓸 수 있게 하거나('chmod u+w \(path)'), 다른 --data-dir를 고르거나, --in-memory로 실행하세요."
        case .newerSchema(let path, let unknown):
            "\(KoreanParticle.topic.after(path)) 더 새로운 kiosk가 썼습니다 (스키마 \(unknown.sorted().joined(separator: ", "))). kiosk를 업그레이드하거나 다른 --data-dir를 고르세요."
        case .diskFull(let path):
            "\(KoreanParticle.subject.after(path)) 있는 디스크가 가득 찼습니다. 바뀐 것은 없으니 공간을 비우고 다시 해 보세요."
        case .busy(let path, let waited):
            "\(KoreanParticle.subject.after(path)) 다른 프로세스에 \(waited.wholeMilliseconds / 1_000)초 동안 잠겨 있었습니다. 바뀐 것은 없으니 다시 해 보세요."
        case .lockHeld(let path, let waited, let holder):
            "\(KoreanParticle.subject.after(path)) \(holder.isKiosk ? "다른 kiosk" : Sanitized.text(holder.program)) (pid \(holder.pid))에 \(waited.wholeMilliseconds / 1_000)초 동안 잠겨 있었습니다. 바뀐 것은 없으니 그쪽이 끝나면 다시 해 보세요."
        case .sqlite(let path, let message):
            "\(path) 데이터베이스 오류: \(message)"
        case .foreignDatabase(let path):
            "\(KoreanParticle.topic.after(path)) 다른 프로그램의 SQLite 데이터베이스입니다 (kiosk 표가 없습니다). kiosk는 건드리지 않았으니, 옮기거나 다른 --data-dir를 고르세요."
        case .notARegularFile(let path, let kind):
            "\(KoreanParticle.topic.after(path)) 데이터베이스 파일이 아니라 \(kind)입니다. 옮기거나 다른 --data-dir를 고르세요."
        case .tamperedStock(let path, let fruit, let column, let value, let maximum):
            tamperedStock(path: path, fruit: fruit, column: column, value: value, maximum: maximum)
        case .untrustedDirectory(let path, let risk): untrustedDirectory(path: path, risk: risk)
        }
    }

    private func tamperedStock(path: String, fruit: String, column: String, value: String, maximum: Int?) -> String {
        "\(path)의 \(Sanitized.text(fruit)) 재고 행의 \(column) 값 \(KoreanParticle.topic.after(Sanitized.text(value))) kiosk가 쓰지 않는 값입니다: "
            + (column == "max" || column == "maximum"
                ? "선반 최대치는 1 이상의 정수입니다"
                : "재고는 0부터 선반 최대치\(maximum.map { "(\($0))" } ?? "")까지의 정수입니다")
            + ". 바뀐 것은 없으니 행을 고치거나 백업을 되살리세요."
    }

    func describe(_ error: PostgresError) -> String {
        switch error {
        case .unreachable(let server, let reason):
            "데이터베이스 \(server)에 연결할 수 없습니다: \(reason)"
        case .unparsable(let given, let reason):
            "'\(given)'\(KoreanParticle.topic.form(after: given)) postgresql:// URL이나 libpq conninfo가 아닙니다 (\(reason))."
        case .connectionLost(let server, let reason):
            "\(server) 연결이 끊겼습니다 (\(reason)). 바뀐 것은 없고, 다음 명령이 다시 연결합니다."
        case .newerSchema(let server, let version, let known):
            "\(KoreanParticle.topic.after(server)) 더 새로운 kiosk가 썼습니다 (스키마 \(version), 이 kiosk는 \(known)까지 압니다). kiosk를 업그레이드하거나 다른 --database를 고르세요."
        case .notKioskDatabase(let server):
            "\(server)에는 kiosk의 것이 아닌 테이블이 있습니다. kiosk는 여기에 쓰지 않으니 --database로 빈 데이터베이스를 고르세요."
        case .unanswered(let server, let waited):
            "\(server)에서 \(waited.wholeMilliseconds / 1_000)초 동안 답이 없어 (서버나 네트워크가 응답하지 않습니다) 연결을 끊었습니다. 다음 명령이 다시 연결합니다."
        case .interrupted(let server):
            "\(server)의 답을 기다리다 중단하고 연결을 끊었습니다. 바뀐 것은 없고, 다음 명령이 다시 연결합니다."
        case .outcomeUnknown(let server, let reason):
            "\(KoreanParticle.subject.after(server)) 마지막 변경을 확인해 주지 않았습니다 (\(unconfirmed(reason))). 반영되었는지 알 수 없어 (반영되었을 수도 있습니다) 그 결과는 출력하지 않았습니다. stock과 sales가 데이터베이스에 있는 것을 보여 줍니다."
        case .busy(let server, let waited):
            "\(KoreanParticle.subject.after(server)) 재고를 \(waited.wholeMilliseconds / 1_000)초 동안 잠가 두었습니다 (다른 트랜잭션이 잡고 있었습니다: 다른 kiosk나 다른 클라이언트). 바뀐 것은 없으니 다시 해 보세요."
        case .server(let server, let state, let message):
            "\(server) 데이터베이스 오류: \(message)" + (state.isEmpty ? "" : " (SQLSTATE \(state))")
        case .clientLibraryUnavailable(let library, let reason):
            "PostgreSQL 클라이언트 라이브러리 \(KoreanParticle.object.after(library)) 불러올 수 없습니다 (\(reason)). libpq를 설치하거나 (Debian과 Ubuntu에서는 libpq5) KIOSK_LIBPQ에 그 파일을 지정하세요."
        case .tamperedStock(let server, let fruit, let column, let value, let maximum):
            tamperedStock(path: server, fruit: fruit, column: column, value: value, maximum: maximum)
        }
    }

    /// Why changes went unconfirmed, for the parentheses of `outcomeUnknown`'s line.
    private func unconfirmed(_ reason: UnconfirmedReason) -> String {
        switch reason {
        case .unanswered(let waited): "\(waited.wholeMilliseconds / 1_000)초 안에 답이 없었습니다"
        case .connectionLost: "연결이 끊겼습니다"
        case .resentDifferently: "서버가 잃어버린 변경을 다시 보냈더니 결과가 달랐습니다"
        case .interrupted: "기다리다 중단했습니다"
        case .reported(let text): text
        }
    }

    func describeEndingRun(_ error: PostgresError) -> String {
        switch error {
        case .interrupted(let server):
            "\(server)의 답을 기다리다 중단하고 연결을 끊었습니다. 바뀐 것은 없고, kiosk는 여기서 멈춥니다."
        case .connectionLost(let server, let reason):
            "\(server) 연결이 끊겼습니다 (\(reason)). 바뀐 것은 없고, kiosk는 여기서 멈춥니다. 서버가 돌아오면 stock과 sales가 데이터베이스에 있는 것을 보여 줍니다."
        case .unanswered(let server, let waited):
            "\(server)에서 \(waited.wholeMilliseconds / 1_000)초 동안 답이 없어 (서버나 네트워크가 응답하지 않습니다) 연결을 끊었고, kiosk는 여기서 멈춥니다. 서버가 다시 답하면 stock과 sales가 데이터베이스에 있는 것을 보여 줍니다."
        default: describe(error)
        }
    }

    /// An argument as errors name it: `<count>`, or an option as typed (`--over`).
    private func label(_ name: String) -> String { name.hasPrefix("--") ? name : "<\(name)>" }

    func describe(_ error: ParseError) -> String {
        switch error {
        case .unterminatedQuote(let quote, let column):
            return "\(column)번째 칸에서 시작한 \(quote) 따옴표가 닫히지 않았습니다. \(quote)로 닫으세요."
        case .danglingEscape(let column):
            return "\(column)번째 칸의 역슬래시가 아무것도 이스케이프하지 않습니다. 지우거나 역슬래시는 \\\\로 쓰세요."
        case .unknownCommand(let given, let suggestion):
            let hint = suggestion.map { "\(quoted($0, .object)) 말씀하셨나요?" } ?? "'help'로 명령 목록을 보세요."
            return "\(quoted(Sanitized.text(given), .topic)) 없는 명령이에요. \(hint)"
        case .missingSubcommand(let command, let subcommands):
            return
                "'\(command)' 다음에 \(subcommands.joined(separator: ", ")) 중 하나를 써 주세요. \(quoted("help \(command)", .object)) 보세요."
        case .unknownSubcommand(let command, let given, let suggestion, let subcommands):
            let hint =
                suggestion.map { "\(quoted("\(command) \($0)", .object)) 말씀하셨나요?" }
                ?? "다음 중 하나를 써 주세요: \(subcommands.joined(separator: ", "))."
            return "'\(command)' 다음에 \(quoted(Sanitized.text(given), .topic)) 올 수 없어요. \(hint)"
        case .missingArgument(let name, let usage):
            return "\(KoreanParticle.subject.after(label(name))) 빠졌어요. 사용법: \(usage)"
        case .extraArgument(let given, let usage):
            return "\(quoted(Sanitized.text(given), .topic)) 이 명령에 붙일 수 없어요. 사용법: \(usage)"
        case .countAfterCountsFirst(let given, let fix, let usage):
            let command = usage.split(separator: " ").first.map(String.init) ?? ""
            return
                "첫 개수는 쥬스 앞에 썼는데 \(quoted(Sanitized.text(given), .topic)) 쥬스 뒤에 있어요. "
                + "쉼표 사이에서는 개수를 모두 쥬스 앞에 쓰거나 모두 뒤에 쓰세요. "
                + "쉼표로 쥬스를 나누세요: '\(command) \(Sanitized.text(fix))'."
        case .notANumber(let name, let given, let usage):
            return
                "\(KoreanParticle.topic.after(label(name))) 정수여야 해요. \(quoted(Sanitized.text(given), .topic)) 안 돼요. 사용법: \(usage)"
        case .outOfRange(let name, let given, let range):
            return
                "\(KoreanParticle.topic.after(label(name))) \(range.lowerBound)부터 \(range.upperBound)까지예요. \(KoreanParticle.topic.after(Sanitized.text(given))) 안 돼요."
        case .unknownValue(let noun, let given, let suggestion, let choices):
            let hint =
                suggestion.map { "\(quoted($0, .object)) 말씀하셨나요?" }
                ?? "다음 중에서 골라 주세요: \(choices.joined(separator: ", "))."
            return
                "\(quoted(Sanitized.text(given), .topic)) 없는 \(KoreanParticle.copula.after(self.noun(noun))). \(hint)"
        case .unknownFlag(let given, let usage):
            return "\(quoted(Sanitized.text(given), .topic)) 없는 옵션이에요. 사용법: \(usage)"
        case .missingOptionValue(let option, let name, let usage):
            return "\(option) 뒤에 \(KoreanParticle.subject.after(label(name))) 필요해요. 사용법: \(usage)"
        case .notADay(let name, let given, let usage):
            return "\(KoreanParticle.topic.after(label(name))) 오늘, 어제 또는 YYYY-MM-DD 형식의 날짜여야 해요. "
                + "\(quoted(Sanitized.text(given), .topic)) 안 돼요. 사용법: \(usage)"
        case .notADuration(let name, let given, let usage):
            return
                "\(KoreanParticle.topic.after(label(name))) 단위를 붙인 시간(초, 분, 시간 또는 ms, s, m, h: 45초, 10분, 1.5시간, 700ms)이어야 해요. "
                + "\(quoted(Sanitized.text(given), .topic)) 안 돼요. 사용법: \(usage)"
        case .durationOutOfRange(let name, let given, let range):
            return
                "\(KoreanParticle.topic.after(label(name))) \(range.lowerBound.typedSpelling)부터 \(range.upperBound.typedSpelling)까지예요. "
                + "\(KoreanParticle.topic.after(Sanitized.text(given))) 안 돼요."
        case .notARate(let name, let given, let usage):
            return "\(KoreanParticle.topic.after(label(name))) 0보다 큰 초, 분 또는 시간당 횟수(2/분, 분당2, 60/h, 0.5/s)여야 해요. "
                + "\(quoted(Sanitized.text(given), .topic)) 안 돼요. 사용법: \(usage)"
        case .rateOutOfRange(let name, let given, let range):
            return
                "\(KoreanParticle.topic.after(label(name))) \(range.lowerBound)부터 \(range.upperBound)까지예요. \(KoreanParticle.topic.after(Sanitized.text(given))) 안 돼요."
        case .conflictingArguments(let first, let second, let usage):
            return "\(KoreanParticle.and.after(first)) \(second) 가운데 하나만 주세요. 사용법: \(usage)"
        case .badPlanArgument(let problem):
            return describe(PlanError(problem))
        case .commandOfGroups(let given, let commands):
            let named = commands.map { "'\($0)'" }
            let choices = named.dropLast().joined(separator: ", ") + (named.count > 1 ? " 또는 " : "")
            return "모르는 명령 '\(Sanitized.text(given))'입니다. \(choices)\(quoted(commands.last ?? "", .object)) 말씀하셨나요?"
        case .unknownUser(let user, let given):
            return
                "사용자 \(quoted(Sanitized.text(user), .subject)) 없어서 '\(Sanitized.text(given))'의 홈 디렉터리를 알 수 없습니다. 경로를 풀어 쓰거나, ~를 그대로 쓰려면 따옴표로 감싸세요."
        }
    }

    func describe(_ error: InvocationError) -> String {
        switch error {
        case .missingValue(let command, let argument):
            "내부 오류: \(quoted(command, .subject)) <\(argument)> 없이 실행되었습니다. 알려 주세요."
        case .wrongType(let command, let argument, let expected):
            "내부 오류: \(quoted(command, .topic)) <\(argument)>로 \(expected) 값을 기대했습니다. 알려 주세요."
        }
    }

    func cannotSaveHistory(path: String, reason: String) -> String {
        "입력 기록을 '\(path)'에 저장할 수 없습니다: \(reason). KIOSK_HISTFILE을 쓸 수 있는 파일로 정하세요."
    }

    func cannotReadScript(path: String, failure: ReadableFile.Failure) -> String {
        switch failure {
        case .missing: "스크립트 '\(path)'를 읽을 수 없습니다: 파일이 없습니다."
        case .directory: "스크립트 '\(path)'를 읽을 수 없습니다: 디렉터리입니다. 파일이나 파이프, 표준 입력은 '-'를 주세요."
        case .notAFileOrPipe(let kind):
            "스크립트 '\(path)'를 읽을 수 없습니다: 파일이나 파이프가 아니라 \(describe(kind))입니다. 파일이나 파이프, 표준 입력은 '-'를 주세요."
        case .unreadable(let reason): "스크립트 '\(path)'를 읽을 수 없습니다: \(reason)."
        }
    }

    func unreadableTimeZone(_ value: String) -> String {
        "경고: TZ='\(value)'에서 kiosk가 읽을 수 있는 시간대를 찾지 못해 'sales'의 하루를 UTC로 셉니다. 시간대 이름을 주세요 (TZ=Asia/Seoul)."
    }

    func cannotWriteOutput(reason: String) -> String {
        "표준 출력에 쓸 수 없습니다: \(reason). 멈췄고, 나머지 출력은 잃었습니다."
    }

    func shelfLimitChanged(fruit: String, stored: Int, configured: Int, loweredFrom: Int?) -> String {
        "경고: 데이터베이스에 \(fruit) 선반 최대치가 \(stored)였고 이 설정은 \(configured)입니다. 이 데이터베이스의 모든 kiosk가 이제부터 \(configured)를 씁니다."
            + (loweredFrom.map { " 선반에 \($0)개가 있어서 재고를 \(configured)개로 줄였습니다 (장부에 기록했습니다)." } ?? "")
    }

    func unexpected(_ error: String) -> String { "예상하지 못한 오류: \(error)" }
}
