extension KioskConfig {
    /// Where customers are served: a desk or a shared office, with its clerks and one
    /// waiting line.
    public struct BankPlace: Sendable, Equatable {
        /// A desk faces customers; an office (the head office) serves the desks' customers
        /// behind the scenes. Both work alike; the difference is how they are shown.
        public enum Kind: String, Sendable, Equatable {
            case desk
            case office
        }

        /// The id stages name in `at`: `counter`, `head-office`.
        public let id: String
        /// What a person reads: `Head Office`.
        public let name: String
        /// A desk or an office.
        public let kind: Kind
        /// How many clerks (reviewers, for an office) serve there.
        public let clerks: Int
        /// The name in other languages, by language code: `["ko": "본사"]`.
        public let translations: [String: String]

        /// A `kind` place called `name` with `clerks` clerks.
        public init(id: String, name: String, kind: Kind, clerks: Int, translations: [String: String] = [:]) {
            self.id = id
            self.name = name
            self.kind = kind
            self.clerks = clerks
            self.translations = translations
        }
    }

    /// One step of a task: where it is served and for how long.
    public struct BankStage: Sendable, Equatable {
        /// How a stage's service time is drawn.
        public enum Timing: String, Sendable, Equatable {
            /// Always exactly the service time.
            case fixed
            /// Exponentially distributed with the service time as its mean (seeded).
            case exponential
        }

        /// The stage's name in events: `review`; a one-stage task's stage is named after the task.
        public let id: String
        /// What a person reads: `Loan Review`.
        public let name: String
        /// The id of the desk or office that serves it.
        public let place: String
        /// How long it takes (its mean, when exponential), in bank time.
        public let serviceTime: Duration
        /// Whether the customer's clerk (the one who served the last stage without this
        /// flag) stays with the customer, busy, while this stage is served elsewhere.
        public let clerkStays: Bool
        /// Fixed or exponential service time.
        public let timing: Timing
        /// The name in other languages, by language code: `["ko": "대출심사"]`.
        public let translations: [String: String]

        /// A stage `id` at `place` taking `serviceTime`, holding the customer's clerk when `clerkStays`.
        /// - Parameter name: what a person reads; nil reads the id (`review`).
        public init(
            id: String, name: String? = nil, place: String, serviceTime: Duration, clerkStays: Bool = false,
            timing: Timing = .fixed, translations: [String: String] = [:]
        ) {
            self.id = id
            self.name = name ?? id
            self.place = place
            self.serviceTime = serviceTime
            self.clerkStays = clerkStays
            self.timing = timing
            self.translations = translations
        }
    }

    /// A task customers come for, and the route of stages it takes through the bank.
    public struct BankRoute: Sendable, Equatable {
        /// The task's id in commands and JSON: `loan`.
        public let id: String
        /// What a person reads: `Loan`.
        public let name: String
        /// Its weight among random customers' tasks (relative to the other tasks' shares).
        public let share: Int
        /// The stages, in order; each starts only when the one before it has finished.
        public let stages: [BankStage]
        /// The name in other languages, by language code: `["ko": "대출"]`.
        public let translations: [String: String]

        /// Task `id` taking `stages` in order, picked for random customers by `share`.
        public init(
            id: String, name: String, share: Int = 1, stages: [BankStage], translations: [String: String] = [:]
        ) {
            self.id = id
            self.name = name
            self.share = share
            self.stages = stages
            self.translations = translations
        }
    }

    /// A customer grade: better grades are served first at every desk and office.
    public struct BankGrade: Sendable, Equatable {
        /// The grade's id in commands and JSON: `vvip`.
        public let id: String
        /// What a person reads: `VVIP`.
        public let name: String
        /// Its weight among random customers' grades.
        public let share: Int
        /// The name in other languages, by language code: `["ko": "일반"]`.
        public let translations: [String: String]

        /// Grade `id`, shown as `name`, given to random customers by `share`.
        public init(id: String, name: String, share: Int = 1, translations: [String: String] = [:]) {
            self.id = id
            self.name = name
            self.share = share
            self.translations = translations
        }

        /// The one grade of a bank that configures none.
        public static let regular = BankGrade(id: "regular", name: "Regular", share: 1, translations: ["ko": "일반"])
    }
}

extension KioskConfig.Desk {
    /// The classic desk's task: one stage at the desk itself, named after the task.
    var route: KioskConfig.BankRoute {
        KioskConfig.BankRoute(
            id: task, name: name, share: 1,
            stages: [
                KioskConfig.BankStage(
                    id: task, name: name, place: task, serviceTime: serviceTime, translations: translations)
            ], translations: translations)
    }
}
