import Foundation
import Testing

/// `kiosk classic` against golden transcripts: the exercise's console in Korean whatever the
/// locale, the classic bank and the 2021-05 bank with its head office, in virtual time with
/// a seed (byte-identical runs).
@Suite("Classic console transcripts", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct ClassicTranscriptTests {
    /// The menu as the exercise prints it: no newline after the prompt.
    static let menu = "1 : 은행개점\n2 : 종료\n입력 : "

    /// One business day of the classic bank (2 deposit clerks, 1 loan clerk), seed 10.
    static let classicDay = """
        1번 고객 대출업무 시작
        2번 고객 예금업무 시작
        9번 고객 예금업무 시작
        2번 고객 예금업무 완료
        9번 고객 예금업무 완료
        10번 고객 예금업무 시작
        1번 고객 대출업무 완료
        3번 고객 대출업무 시작
        10번 고객 예금업무 완료
        3번 고객 대출업무 완료
        4번 고객 대출업무 시작
        4번 고객 대출업무 완료
        5번 고객 대출업무 시작
        5번 고객 대출업무 완료
        6번 고객 대출업무 시작
        6번 고객 대출업무 완료
        7번 고객 대출업무 시작
        7번 고객 대출업무 완료
        8번 고객 대출업무 시작
        8번 고객 대출업무 완료
        업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 10명이며, 총 업무시간은 7.70초입니다.

        """

    /// One business day of the 2021-05 bank, seed 10: the documents and the execution at the
    /// counter as 대출업무 lines, the head office's review as 대출심사, the grade before 고객.
    static let headOfficeDay = """
        1번 VVIP고객 대출업무 시작
        5번 VVIP고객 예금업무 시작
        6번 VVIP고객 예금업무 시작
        1번 VVIP고객 대출업무 완료
        1번 VVIP고객 대출심사 시작
        5번 VVIP고객 예금업무 완료
        6번 VVIP고객 예금업무 완료
        7번 VVIP고객 대출업무 시작
        8번 VVIP고객 예금업무 시작
        1번 VVIP고객 대출심사 완료
        1번 VVIP고객 대출업무 시작
        7번 VVIP고객 대출업무 완료
        7번 VVIP고객 대출심사 시작
        1번 VVIP고객 대출업무 완료
        9번 VVIP고객 대출업무 시작
        8번 VVIP고객 예금업무 완료
        9번 VVIP고객 대출업무 완료
        2번 일반고객 대출업무 시작
        7번 VVIP고객 대출심사 완료
        7번 VVIP고객 대출업무 시작
        9번 VVIP고객 대출심사 시작
        2번 일반고객 대출업무 완료
        7번 VVIP고객 대출업무 완료
        3번 일반고객 대출업무 시작
        9번 VVIP고객 대출심사 완료
        9번 VVIP고객 대출업무 시작
        2번 일반고객 대출심사 시작
        3번 일반고객 대출업무 완료
        9번 VVIP고객 대출업무 완료
        4번 일반고객 대출업무 시작
        2번 일반고객 대출심사 완료
        2번 일반고객 대출업무 시작
        3번 일반고객 대출심사 시작
        4번 일반고객 대출업무 완료
        2번 일반고객 대출업무 완료
        10번 일반고객 예금업무 시작
        3번 일반고객 대출심사 완료
        3번 일반고객 대출업무 시작
        4번 일반고객 대출심사 시작
        3번 일반고객 대출업무 완료
        10번 일반고객 예금업무 완료
        4번 일반고객 대출심사 완료
        4번 일반고객 대출업무 시작
        4번 일반고객 대출업무 완료
        업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 10명이며, 총 업무시간은 3.80초입니다.

        """

    @Test("the classic bank, in Korean under LANG=C.UTF-8 without --lang")
    func classicBank() async throws {
        let run = try await KioskBinary.run(
            ["classic", "--in-memory", "--speed", "max", "--seed", "10"], input: "1\n2\n",
            environment: ["LANG": "C.UTF-8"])
        #expect(run.stdout == Self.menu + Self.classicDay + Self.menu)
        #expect(run.stderr == "")
        #expect(run.status == 0)
    }

    @Test("the 2021-05 bank: two 대출업무 pairs and one 대출심사 pair per loan")
    func headOffice() async throws {
        let run = try await KioskBinary.run(
            ["classic", "--in-memory", "--preset", "2021-05", "--speed", "max", "--seed", "10"], input: "1\n2\n",
            environment: ["LANG": "C.UTF-8"])
        #expect(run.stdout == Self.menu + Self.headOfficeDay + Self.menu)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        // Every loan: documents and execution at the counter, the review at the head office.
        let lines = Self.headOfficeDay.split(separator: "\n").map(String.init)
        let loans = Set(lines.compactMap { $0.firstMatch(of: #/^(\d+)번 .*대출/#).map { String($0.1) } })
        #expect(!loans.isEmpty)
        for ticket in loans {
            let own = lines.filter { $0.hasPrefix("\(ticket)번 ") }
            #expect(own.filter { $0.hasSuffix("대출업무 시작") }.count == 2, "#\(ticket)")
            #expect(own.filter { $0.hasSuffix("대출심사 시작") }.count == 1, "#\(ticket)")
            #expect(own.filter { $0.hasSuffix("대출심사 완료") }.count == 1, "#\(ticket)")
        }
    }

    @Test("the locale does not choose the classic console's language; KIOSK_LANG and --lang do")
    func languageChoice() async throws {
        let korean = try await KioskBinary.run(
            ["classic", "--in-memory"], input: "2\n", environment: ["LANG": "en_US.UTF-8"])
        #expect(korean.stdout == Self.menu)
        let byVariable = try await KioskBinary.run(
            ["classic", "--in-memory"], input: "2\n", environment: ["KIOSK_LANG": "en", "LANG": "ko_KR.UTF-8"])
        #expect(byVariable.stdout == "1 : Open the bank\n2 : Quit\nInput : ")
        let byFlag = try await KioskBinary.run(
            ["classic", "--in-memory", "--lang", "ko"], input: "2\n", environment: ["KIOSK_LANG": "en"])
        #expect(byFlag.stdout == Self.menu)
    }

    @Test("in English, a stage at an office is named by its English name")
    func englishHeadOffice() async throws {
        let run = try await KioskBinary.run(
            ["classic", "--in-memory", "--preset", "2021-05", "--speed", "max", "--seed", "10", "--lang", "en"],
            input: "1\n2\n")
        #expect(run.stdoutLines.contains("Customer #1 (VVIP) Loan Review started"))
        #expect(run.stdoutLines.contains("Customer #1 (VVIP) loan started"))
        #expect(!run.stdout.contains("대출"))
    }
}
