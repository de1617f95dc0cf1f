import KioskCore

/// Why `bank plan` cannot plan: a stable ``code`` and the values that explain it; the
/// presenter words it, with the next step.
public enum PlanError: KioskError, Equatable {
    /// A `--rate` that is not `TASK=N/h` (or `/m`, `/s`).
    case badRate(String)
    /// A `--rate`, `--clerks` or `--cost` naming a task or desk the bank does not have.
    case unknownName(noun: String, given: String, known: [String])
    /// Every rate is zero: nobody would come.
    case noArrivals
    /// A `--target` that says no share or mean wait within a duration: `word` is the first
    /// word not understood (nil when every word is, but they make no target).
    case badTarget(String, word: String? = nil)
    /// A share outside (0, 100] percent.
    case impossibleTarget(percent: Double)
    /// `mean within 0`, which no staffing's formulas can promise.
    case zeroMeanTarget(String)
    /// A `--clerks` that is not `DESK=MIN..MAX` (or `DESK=N`), or a `--cost` not `DESK=N`.
    case badSetting(option: String, given: String)
    /// `--clerks DESK=MIN..MAX` with MIN above MAX.
    case boundsReversed(desk: String, min: Int, max: Int)
    /// The offered load at `desk` (in clerks' worth of work) needs more clerks than `max`.
    case overloaded(desk: String, load: Double, max: Int)
    /// `--hours` that is not a number of hours in (0, 168].
    case badHours(String)
    /// `--service` other than `fixed` or `exponential`.
    case badService(String)
    /// The rates and hours bring more customers a day than a plan simulates (`limit`).
    case dayTooBusy(expected: Int, limit: Int)
    /// The rates and hours bring fewer than one customer a day (`expected`, in a day of
    /// `hours`): waits of a day nobody comes to say nothing of a staffing.
    case tooFewArrivals(expected: Double, hours: Double)
    /// The plan was stopped (Ctrl-C) after simulating `tried` staffings.
    case interrupted(tried: Int)
    /// `--plot` could not write its file (or this front end draws no charts: `reason` nil).
    case cannotWritePlot(path: String, reason: String?)
    /// `--plot` names a file that does not end in `.svg`, the one format the chart is written in.
    case plotNotSVG(path: String)

    /// The stable machine-readable name.
    public var code: String {
        switch self {
        case .badRate: "bad_rate"
        case .unknownName(let noun, _, _): "unknown_\(noun)"
        case .noArrivals: "no_arrivals"
        case .badTarget: "bad_target"
        case .impossibleTarget: "impossible_target"
        case .zeroMeanTarget: "zero_mean_target"
        case .badSetting: "bad_setting"
        case .boundsReversed: "bounds_reversed"
        case .overloaded: "overloaded"
        case .badHours: "bad_hours"
        case .badService: "bad_service"
        case .cannotWritePlot: "cannot_write_plot"
        case .plotNotSVG: "plot_not_svg"
        case .dayTooBusy: "day_too_busy"
        case .tooFewArrivals: "too_few_arrivals"
        case .interrupted: "interrupted"
        }
    }
}

extension PlanError {
    /// The plan error that words `problem`: an option's value the edge could not read.
    public init(_ problem: PlanArgumentProblem) {
        switch problem {
        case .badRate(let given): self = .badRate(given)
        case .badTarget(let given, let word): self = .badTarget(given, word: word)
        case .impossibleTarget(let percent): self = .impossibleTarget(percent: percent)
        case .zeroMeanTarget(let given): self = .zeroMeanTarget(given)
        case .badSetting(let option, let given): self = .badSetting(option: option, given: given)
        case .boundsReversed(let desk, let min, let max): self = .boundsReversed(desk: desk, min: min, max: max)
        case .badHours(let given): self = .badHours(given)
        case .badService(let given): self = .badService(given)
        }
    }
}

extension PlanError: DetailedError {
    /// What was given and the bounds it missed; shares and loads in thousandths.
    public var details: ErrorDetails {
        switch self {
        case .badRate(let given): ["argument": .text("--rate"), "given": .text(given)]
        case .unknownName(let noun, let given, let known): [noun: .text(given), "known": .texts(known)]
        case .noArrivals: .none
        case .badTarget(let given, let word):
            ["argument": .text("--target"), "given": .text(given), "word": word.map(ErrorDetail.text)]
        case .impossibleTarget(let percent): ["share_permille": Self.thousandths(percent / 100)]
        case .zeroMeanTarget(let given): ["argument": .text("--target"), "given": .text(given)]
        case .badSetting(let option, let given): ["argument": .text("--\(option)"), "given": .text(given)]
        case .boundsReversed(let desk, let min, let max):
            ["desk": .text(desk), "min": .integer(min), "max": .integer(max)]
        case .overloaded(let desk, let load, let max):
            ["desk": .text(desk), "load_permille": Self.thousandths(load), "max": .integer(max)]
        case .badHours(let given): ["argument": .text("--hours"), "given": .text(given)]
        case .badService(let given): ["argument": .text("--service"), "given": .text(given)]
        case .dayTooBusy(let expected, let limit): ["expected": .integer(expected), "limit": .integer(limit)]
        case .tooFewArrivals(let expected, let hours):
            ["expected_permille": Self.thousandths(expected), "hours_permille": Self.thousandths(hours)]
        case .interrupted(let tried): ["tried": .integer(tried)]
        case .cannotWritePlot(let path, _), .plotNotSVG(let path): ["path": .text(path)]
        }
    }

    /// `value` in thousandths, rounded; nil for what no whole number holds (NaN, infinity).
    private static func thousandths(_ value: Double) -> ErrorDetail? {
        Int(exactly: (value * 1_000).rounded()).map(ErrorDetail.integer)
    }
}
