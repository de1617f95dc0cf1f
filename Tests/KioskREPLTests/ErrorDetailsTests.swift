import Bank
import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskREPL

/// Every error's JSON line carries the details its type gives (``DetailedError``), between
/// `code` and `message`.
@Suite("Error details")
struct ErrorDetailsTests {
    static let presenter = Presenter(catalog: EnglishCatalog(), config: nil)

    /// The line of `error` up to its message.
    static func head(_ error: any Error) -> String {
        let line = presenter.json(error: error, location: nil).serialized()
        guard let message = line.range(of: #""message":"#) else { return line }
        return String(line[..<message.lowerBound])
    }

    @Test(
        "details come between code and message, for the errors that used to have none too",
        arguments: [
            (PlanError.badRate("60 an hour"), #""code":"bad_rate","argument":"--rate","given":"60 an hour","#),
            (
                PlanError.unknownName(noun: "desk", given: "vault", known: ["deposit", "loan"]),
                #""code":"unknown_desk","desk":"vault","known":["deposit","loan"],"#
            ),
            (PlanError.impossibleTarget(percent: 120), #""code":"impossible_target","share_permille":1200,"#),
            (
                PlanError.overloaded(desk: "loan", load: 2.5, max: 2),
                #""code":"overloaded","desk":"loan","load_permille":2500,"max":2,"#
            ),
            (PlanError.noArrivals, #""code":"no_arrivals","#),
            (
                InvocationError.wrongType(command: "order", argument: "count", expected: "Int"),
                #""code":"internal_error","command":"order","argument":"count","expected":"Int","#
            ),
            (WatchError.notATerminal, #""code":"not_a_terminal","reason":"not_a_terminal","#),
            (WatchError.needsPrompt, #""code":"not_a_terminal","reason":"needs_prompt","#),
            (
                ParseError.conflictingArguments("--over", "--rate", usage: "bank add"),
                #""code":"conflicting_arguments","arguments":["--over","--rate"],"#
            ),
            (
                ParseError.unknownSubcommand(command: "stock", given: "ad", suggestion: "add", subcommands: ["add"]),
                #""code":"unknown_subcommand","command":"stock","subcommand":"ad","suggestion":"add","subcommands":["add"],"#
            ),
            (
                ConfigError(file: "kiosk.toml", line: nil, key: "[bank] customers_min", problem: .notUTF8),
                #""code":"bad_config","file":"kiosk.toml","key":"[bank] customers_min","#
            ),
            (
                LeavingWithCustomers(waiting: 2, inService: 1, toArrive: 4),
                #""code":"bank_busy","waiting":2,"in_service":1,"to_arrive":4,"#
            ),
            (JuiceError.invalidEdit(.reset), #""code":"invalid_edit","kind":"reset","#),
            (UsageError(.emptyDataDirectory), #""code":"bad_usage","#),
            (UsageError(.emptyDatabase), #""code":"bad_usage","#),
        ] as [(any Error & Sendable, String)])
    func details(_ error: any Error & Sendable, _ expected: String) {
        #expect(Self.head(error) == #"{"type":"error","# + expected)
    }

    @Test("an error from outside kiosk's types has a code and a message only")
    func foreign() {
        struct Elsewhere: Error {}
        #expect(Self.head(Elsewhere()) == #"{"type":"error","code":"internal_error","#)
    }

    @Test("the details are data: the same in every language")
    func sameInEveryLanguage() {
        let error = PlanError.boundsReversed(desk: "deposit", min: 6, max: 2)
        let heads = Language.allCases.map { language in
            let line = Presenter(catalog: language.catalog, config: nil).json(error: error, location: nil).serialized()
            return line.range(of: #""message":"#).map { String(line[..<$0.lowerBound]) } ?? line
        }
        #expect(Set(heads) == [#"{"type":"error","code":"bounds_reversed","desk":"deposit","min":6,"max":2,"#])
    }
}
