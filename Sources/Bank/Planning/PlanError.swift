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
    /// A `--target` that is neither `P% within DURATION` nor `mean within DURATION`.
    case badTarget(String)
    /// A share outside (0, 100] percent.
    case impossibleTarget(percent: Double)
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
    /// The plan was stopped (Ctrl-C) after simulating `tried` staffings.
    case interrupted(tried: Int)
    /// `--plot` could not write its file (or this front end draws no charts: `reason` nil).
    case cannotWritePlot(path: String, reason: String?)

    /// The stable machine-readable name.
    public var code: String {
        switch self {
        case .badRate: "bad_rate"
        case .unknownName(let noun, _, _): "unknown_\(noun)"
        case .noArrivals: "no_arrivals"
        case .badTarget: "bad_target"
        case .impossibleTarget: "impossible_target"
        case .badSetting: "bad_setting"
        case .boundsReversed: "bounds_reversed"
        case .overloaded: "overloaded"
        case .badHours: "bad_hours"
        case .badService: "bad_service"
        case .cannotWritePlot: "cannot_write_plot"
        case .dayTooBusy: "day_too_busy"
        case .interrupted: "interrupted"
        }
    }
}

extension PlanError {
    /// The plan error that words `problem`: an option's value the edge could not read.
    public init(_ problem: PlanArgumentProblem) {
        switch problem {
        case .badRate(let given): self = .badRate(given)
        case .badTarget(let given): self = .badTarget(given)
        case .impossibleTarget(let percent): self = .impossibleTarget(percent: percent)
        case .badSetting(let option, let given): self = .badSetting(option: option, given: given)
        case .boundsReversed(let desk, let min, let max): self = .boundsReversed(desk: desk, min: min, max: max)
        case .badHours(let given): self = .badHours(given)
        case .badService(let given): self = .badService(given)
        }
    }
}
