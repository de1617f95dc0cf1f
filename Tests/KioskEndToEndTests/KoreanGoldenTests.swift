import Foundation
import Testing

/// kiosk in Korean from end to end, byte for byte: the shop's day, each preset's bank run in
/// virtual time (so that the lines come out the same on every run), and the errors. Every
/// name a line shows is the Korean one, every particle fits its word, and the fixes kiosk
/// suggests are commands it accepts.
@Suite("Korean golden transcripts", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct KoreanGoldenTests {
    /// A day at the juice bar, with commands in Korean words and English ones.
    static let shopScript = [
        "메뉴",
        "order 바나나",
        "주문 딸기쥬스",
        "재고 추가 딸기 6",
        "order strawberry",
        "stock add 키위 1 망고 1",
        "재고 채우기",
        "주문 망키 2",
        "order 망고키위주스",
        "판매",
        "재고",
    ]

    /// The shop day, with today's date as `YYYY-MM-DD`.
    static let shopDay = """
        쥬스               이름          레시피             만들 수 있는 잔
        strawberry         딸기쥬스      딸기 16                          0
        banana             바나나쥬스    바나나 2                         5
        kiwi               키위쥬스      키위 3                           3
        pineapple          파인애플쥬스  파인애플 2                       5
        strawberry-banana  딸바쥬스      딸기 10, 바나나 1                1
        mango              망고쥬스      망고 3                           3
        mango-kiwi         망고키위쥬스  키위 1, 망고 2                   5
        다른 이름: ddalgi (strawberry), banana-juice (banana), kiwi-juice (kiwi), pine (pineapple), ddalba, "strawberry banana", 딸바 (strawberry-banana), mango-juice (mango), mangki, "mango kiwi", 망키쥬스, 망키 (mango-kiwi).
        바나나쥬스 나왔습니다! 맛있게 드세요!
        재고: 바나나 10 -> 8
        딸기: 10 -> 16 (최대 100).
        딸기쥬스 다시 주문할 수 있습니다.
        딸기쥬스 나왔습니다! 맛있게 드세요!
        재고: 딸기 16 -> 0
        딸기쥬스 품절: 딸기 0개 남음, 16개 필요.
        딸바쥬스 품절: 딸기 0개 남음, 10개 필요.
        재고를 한 번에 바꿨습니다:
          키위: 10 -> 11 (최대 100).
          망고: 10 -> 11 (최대 100).
        진열대 5개를 최대치까지 채웠습니다.
          딸기: 0 -> 100 (최대 100).
          바나나: 8 -> 100 (최대 100).
          파인애플: 10 -> 100 (최대 100).
          키위: 11 -> 100 (최대 100).
          망고: 11 -> 100 (최대 100).
        딸기쥬스 다시 주문할 수 있습니다.
        딸바쥬스 다시 주문할 수 있습니다.
        망고키위쥬스 2잔 나왔습니다! 맛있게 드세요!
        재고: 키위 100 -> 98, 망고 100 -> 96
        망고키위쥬스 나왔습니다! 맛있게 드세요!
        재고: 키위 98 -> 97, 망고 96 -> 94
        판매, 오늘 (YYYY-MM-DD): 쥬스 5잔
        쥬스          잔  주문  쓴 과일
        망고키위쥬스   3     2  키위 3, 망고 6
        바나나쥬스     1     1  바나나 2
        딸기쥬스       1     1  딸기 16
        쓴 과일 합계: 딸기 16, 바나나 2, 키위 3, 망고 6
        과일        이름      재고  최대
        strawberry  딸기       100   100
        banana      바나나     100   100
        pineapple   파인애플   100   100
        kiwi        키위        97   100
        mango       망고        94   100

        """

    @Test("the shop's day in Korean: Korean fruit and juice names in every line, Korean commands accepted")
    func shopDayTranscript() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--lang", "ko"], input: Self.shopScript.joined(separator: "\n") + "\n")
        #expect(run.stdout.replacing(#/\d{4}-\d{2}-\d{2}/#, with: "YYYY-MM-DD") == Self.shopDay)
        #expect(
            run.stderrLines == [
                "kiosk: line 3: 재료가 모자라요. 딸기쥬스 1잔에 딸기 16개가 필요한데 10개 있어요. 해결: 'stock add 딸기 6'은 이 주문에 딱 필요한 만큼만 더해요(주문 뒤 진열대는 비어요). 'stock fill 딸기'는 진열대를 가득 채워요."
            ])
        #expect(run.status == 1)
    }

    /// Lines every refusal of ``errorScript`` gives, in order.
    static let errorScript = [
        "ordr 바나나",
        "order 바나나쥬수",
        "order 사과",
        "order 바나나 0",
        "order 바나나 abc",
        "stock add 딸기 200",
        "stock remove 키위 20",
        "stock set 망고 -1",
        "stock 뭐",
        "재고 뭐",
        "은행",
        "bank add 1 적금",
        "bank add 0",
        "menu 더",
        "sales --from 2026-02-01 --to 2026-01-01",
        "order 딸기쥬스 5",
        "order 망고 50",
        "종료하기",
    ]

    @Test("the errors in Korean: each names the bad word with the particle it takes, and the next step")
    func errorTranscript() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--lang", "ko"], input: Self.errorScript.joined(separator: "\n") + "\n")
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                kiosk: line 1: 'ordr'는 없는 명령이에요. 'order'를 말씀하셨나요?
                kiosk: line 2: '바나나쥬수'는 없는 쥬스예요. '바나나쥬스'를 말씀하셨나요?
                kiosk: line 3: '사과'는 없는 쥬스예요. 다음 중에서 골라 주세요: strawberry (딸기쥬스, ddalgi), banana (바나나쥬스, banana-juice), kiwi (키위쥬스, kiwi-juice), pineapple (파인애플쥬스, pine), strawberry-banana (딸바쥬스, ddalba, "strawberry banana", 딸바), mango (망고쥬스, mango-juice), mango-kiwi (망고키위쥬스, mangki, "mango kiwi", 망키쥬스, 망키).
                kiosk: line 4: <count>는 1부터 99까지예요. 0은 안 돼요.
                kiosk: line 5: 'abc'는 없는 쥬스예요. 다음 중에서 골라 주세요: strawberry (딸기쥬스, ddalgi), banana (바나나쥬스, banana-juice), kiwi (키위쥬스, kiwi-juice), pineapple (파인애플쥬스, pine), strawberry-banana (딸바쥬스, ddalba, "strawberry banana", 딸바), mango (망고쥬스, mango-juice), mango-kiwi (망고키위쥬스, mangki, "mango kiwi", 망키쥬스, 망키).
                kiosk: line 6: 딸기 200개를 더할 수 없어요. 진열대에는 100개까지 들어가는데 지금 10개가 있어요. 90개까지는 더할 수 있어요.
                kiosk: line 7: 키위 20개를 뺄 수 없어요. 진열대에 10개뿐이라 10개까지만 뺄 수 있어요.
                kiosk: line 8: <amount>는 0부터 1000000까지예요. -1은 안 돼요.
                kiosk: line 9: 'stock' 다음에 '뭐'는 올 수 없어요. 다음 중 하나를 써 주세요: set, add, remove, fill, reset.
                kiosk: line 10: '재고' 다음에 '뭐'는 올 수 없어요. 다음 중 하나를 써 주세요: 빼기, 설정, 채우기, 초기화, 추가.
                kiosk: line 11: '은행' 다음에 개점, 계획, 기록, 내보내기, 대기, 보고서, 보기, 상태, 초기화, 추가, 프리셋 중 하나를 써 주세요. 'help 은행'을 보세요.
                kiosk: line 12: '적금'은 없는 업무예요. '예금'을 말씀하셨나요?
                kiosk: line 13: <customers>는 1부터 1000000까지예요. 0은 안 돼요.
                kiosk: line 14: '더'는 이 명령에 붙일 수 없어요. 사용법: menu
                kiosk: line 15: 기간이 2026-02-01에 시작하는데 그보다 앞선 2026-01-01에 끝나요. --from과 --to를 바꿔 주세요.
                kiosk: line 16: 재료가 모자라요. 딸기쥬스 5잔에 딸기 80개가 필요한데 10개 있어요. 해결: 'stock add 딸기 70'은 이 주문에 딱 필요한 만큼만 더해요(주문 뒤 진열대는 비어요). 'stock fill 딸기'는 진열대를 가득 채워요.
                kiosk: line 17: 재료가 모자라요. 망고쥬스 50잔에 망고 150개가 필요한데 10개 있어요. 진열대를 가득 채워도 33잔까지만 만들 수 있어요. 그만큼만 주문해 주세요.
                kiosk: line 18: '종료하기'는 없는 명령이에요. 'help'로 명령 목록을 보세요.

                """)
        #expect(run.status == 1)
    }

    /// Each preset's bank, six customers in virtual time with a fixed seed: the service lines,
    /// the closing summary, `bank status` and `bank report`.
    static let bankRuns: [(preset: String, transcript: String)] = [
        (
            "classic",
            """
            [00:00.000] 1번 고객 예금업무 시작 · 예금 은행원 1
            [00:00.000] 2번 고객 예금업무 시작 · 예금 은행원 2
            [00:00.000] 3번 고객 대출업무 시작 · 대출 은행원 1
            은행개점: 고객 6명이 1–6번 번호표를 받았습니다 (예금 4, 대출 2).
            [00:00.700] 1번 고객 예금업무 완료 · 예금 은행원 1
            [00:00.700] 2번 고객 예금업무 완료 · 예금 은행원 2
            [00:00.700] 5번 고객 예금업무 시작 · 예금 은행원 1
            [00:00.700] 6번 고객 예금업무 시작 · 예금 은행원 2
            [00:01.100] 3번 고객 대출업무 완료 · 대출 은행원 1
            [00:01.100] 4번 고객 대출업무 시작 · 대출 은행원 1
            [00:01.400] 5번 고객 예금업무 완료 · 예금 은행원 1
            [00:01.400] 6번 고객 예금업무 완료 · 예금 은행원 2
            [00:02.200] 4번 고객 대출업무 완료 · 대출 은행원 1
            업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 6명이며, 총 업무시간은 2.20초입니다. (예금 4, 대출 2)
              예금 대기 4명: 평균 00:00.350 · p50 00:00.000 · p95 00:00.700 · 최대 00:00.700
              대출 대기 2명: 평균 00:00.550 · p50 00:00.000 · p95 00:01.100 · 최대 00:01.100
            모든 고객의 업무를 마쳤습니다.
            창구  은행원  처리
            예금       2     4
            대출       1     2
            합계             6
            업무시간 00:02.200.
            은행 마감 · 업무시간 00:02.200 · 처리 6명
            창구  은행원  업무중   끝나는 시각  처리  대기중
            예금       1  쉬는 중                  4  없음
                       2  쉬는 중
            대출       1  쉬는 중                  2  없음
            업무별 시간: 예금 0.700초 · 대출 1.100초
            업무  등급  고객  평균 대기        p50        p95       최대
            예금  일반     4  00:00.350  00:00.000  00:00.700  00:00.700
            대출  일반     2  00:00.550  00:00.000  00:01.100  00:01.100
            창구  은행원   업무시간  가동률
            예금       2  00:02.800   63.6%
            대출       1  00:02.200  100.0%
            업무시간 00:02.200.

            """
        ),
        (
            "2021-01",
            """
            [00:00.000] 1번 VVIP고객 예금업무 시작 · 창구 은행원 1
            [00:00.000] 3번 VVIP고객 예금업무 시작 · 창구 은행원 2
            [00:00.000] 4번 VVIP고객 예금업무 시작 · 창구 은행원 3
            은행개점: 고객 6명이 1–6번 번호표를 받았습니다 (예금 5, 대출 1).
            [00:00.700] 1번 VVIP고객 예금업무 완료 · 창구 은행원 1
            [00:00.700] 3번 VVIP고객 예금업무 완료 · 창구 은행원 2
            [00:00.700] 4번 VVIP고객 예금업무 완료 · 창구 은행원 3
            [00:00.700] 2번 VIP고객 대출업무 시작 · 창구 은행원 1
            [00:00.700] 5번 VIP고객 예금업무 시작 · 창구 은행원 2
            [00:00.700] 6번 일반고객 예금업무 시작 · 창구 은행원 3
            [00:01.400] 5번 VIP고객 예금업무 완료 · 창구 은행원 2
            [00:01.400] 6번 일반고객 예금업무 완료 · 창구 은행원 3
            [00:01.800] 2번 VIP고객 대출업무 완료 · 창구 은행원 1
            업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 6명이며, 총 업무시간은 1.80초입니다. (예금 5, 대출 1)
              VVIP 예금 대기 3명: 평균 00:00.000 · p50 00:00.000 · p95 00:00.000 · 최대 00:00.000
              VIP 예금 대기 1명: 평균 00:00.700 · p50 00:00.700 · p95 00:00.700 · 최대 00:00.700
              일반 예금 대기 1명: 평균 00:00.700 · p50 00:00.700 · p95 00:00.700 · 최대 00:00.700
              VIP 대출 대기 1명: 평균 00:00.700 · p50 00:00.700 · p95 00:00.700 · 최대 00:00.700
            모든 고객의 업무를 마쳤습니다.
            업무  경로  처리
            예금  창구     5
            대출  창구     1
            합계           6
            업무시간 00:01.800.
            은행 마감 · 업무시간 00:01.800 · 처리 6명
            창구  은행원  업무중   끝나는 시각  처리  대기중
            창구       1  쉬는 중                  6  없음
                       2  쉬는 중
                       3  쉬는 중
            업무별 시간: 창구: 예금 0.700초, 대출 1.100초
            업무  등급  고객  평균 대기        p50        p95       최대
            예금  VVIP     3  00:00.000  00:00.000  00:00.000  00:00.000
            예금  VIP      1  00:00.700  00:00.700  00:00.700  00:00.700
            예금  일반     1  00:00.700  00:00.700  00:00.700  00:00.700
            대출  VIP      1  00:00.700  00:00.700  00:00.700  00:00.700
            창구  은행원   업무시간  가동률
            창구       3  00:04.600   85.2%
            업무시간 00:01.800.

            """
        ),
        (
            "2021-05",
            """
            [00:00.000] 1번 VVIP고객 예금업무 시작 · 창구 은행원 1
            [00:00.000] 3번 VVIP고객 예금업무 시작 · 창구 은행원 2
            [00:00.000] 4번 VVIP고객 예금업무 시작 · 창구 은행원 3
            은행개점: 고객 6명이 1–6번 번호표를 받았습니다 (예금 5, 대출 1).
            [00:00.700] 1번 VVIP고객 예금업무 완료 · 창구 은행원 1
            [00:00.700] 3번 VVIP고객 예금업무 완료 · 창구 은행원 2
            [00:00.700] 4번 VVIP고객 예금업무 완료 · 창구 은행원 3
            [00:00.700] 2번 VIP고객 서류 확인 시작 · 창구 은행원 1
            [00:00.700] 5번 VIP고객 예금업무 시작 · 창구 은행원 2
            [00:00.700] 6번 일반고객 예금업무 시작 · 창구 은행원 3
            [00:01.000] 2번 VIP고객 서류 확인 완료 · 창구 은행원 1
            [00:01.000] 2번 VIP고객 대출심사 시작 · 본사 은행원 1
            [00:01.400] 5번 VIP고객 예금업무 완료 · 창구 은행원 2
            [00:01.400] 6번 일반고객 예금업무 완료 · 창구 은행원 3
            [00:01.500] 2번 VIP고객 대출심사 완료 · 본사 은행원 1
            [00:01.500] 2번 VIP고객 대출 실행 시작 · 창구 은행원 1
            [00:01.800] 2번 VIP고객 대출 실행 완료 · 창구 은행원 1
            업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 6명이며, 총 업무시간은 1.80초입니다. (예금 5, 대출 1)
              VVIP 예금 대기 3명: 평균 00:00.000 · p50 00:00.000 · p95 00:00.000 · 최대 00:00.000
              VIP 예금 대기 1명: 평균 00:00.700 · p50 00:00.700 · p95 00:00.700 · 최대 00:00.700
              일반 예금 대기 1명: 평균 00:00.700 · p50 00:00.700 · p95 00:00.700 · 최대 00:00.700
              VIP 대출 대기 1명: 평균 00:00.700 · p50 00:00.700 · p95 00:00.700 · 최대 00:00.700
            모든 고객의 업무를 마쳤습니다.
            업무  경로                처리
            예금  창구                   5
            대출  창구 → 본사 → 창구     1
            합계                         6
            업무시간 00:01.800.
            은행 마감 · 업무시간 00:01.800 · 처리 6명
            창구  은행원  업무중   끝나는 시각  처리  대기중
            창구       1  쉬는 중                  6  없음
                       2  쉬는 중
                       3  쉬는 중
            본사       1  쉬는 중                  1  없음
            업무별 시간: 창구: 예금 0.700초, 대출 0.300 + 0.300초 · 본사: 대출 0.500초
            업무  등급  고객  평균 대기        p50        p95       최대
            예금  VVIP     3  00:00.000  00:00.000  00:00.000  00:00.000
            예금  VIP      1  00:00.700  00:00.700  00:00.700  00:00.700
            예금  일반     1  00:00.700  00:00.700  00:00.700  00:00.700
            대출  VIP      1  00:00.700  00:00.700  00:00.700  00:00.700
            창구  은행원   업무시간  가동률
            창구       3  00:04.600   85.2%
            본사       1  00:00.500   27.8%
            업무시간 00:01.800.

            """
        ),
    ]

    @Test("each preset's bank run in Korean: the grade before 고객, stages and offices by their Korean names")
    func bankTranscripts() async throws {
        for (preset, transcript) in Self.bankRuns {
            let run = try await KioskBinary.run([
                "--in-memory", "--lang", "ko", "--speed", "max", "--seed", "7", "--preset", preset,
                "-c", "bank open 6", "-c", "bank wait", "-c", "bank status", "-c", "bank report",
            ])
            #expect(run.stdout == transcript, "\(preset)")
            #expect(run.stderr == "", "\(preset)")
            #expect(run.status == 0, "\(preset)")
        }
    }
}
