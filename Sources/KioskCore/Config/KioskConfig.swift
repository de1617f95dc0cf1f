/// The menu, the stock limits and the bank setup, as read from `config/kiosk.toml`.
public struct KioskConfig: Sendable, Equatable {
    /// A fruit the shop stocks.
    public struct Fruit: Sendable, Equatable {
        /// The largest `max` a config may give a shelf. With recipe amounts bounded by
        /// ``Ingredient/amountLimit`` and orders by 99 juices, no level or order can overflow,
        /// and a sum of sales or adjustments (each at most a full shelf) would need more than
        /// 9 × 10¹² ledger rows to overflow a 64-bit integer.
        public static let maximumLimit = 1_000_000

        /// The id used in commands, JSON and the ledger: `mango`.
        public let id: String
        /// What a person reads: `Mango`.
        public let name: String
        /// Stock on first run and after `stock reset`.
        public let initial: Int
        /// The most the shelf holds.
        public let maximum: Int
        /// The name in other languages, by language code: `["ko": "망고"]`.
        public let translations: [String: String]

        /// A fruit starting at `initial` on a shelf that holds `maximum`.
        public init(id: String, name: String, initial: Int, maximum: Int, translations: [String: String] = [:]) {
            self.id = id
            self.name = name
            self.initial = initial
            self.maximum = maximum
            self.translations = translations
        }
    }

    /// One fruit and how many of it one juice takes.
    public struct Ingredient: Sendable, Equatable {
        /// The most of one fruit a recipe may take per juice.
        public static let amountLimit = 1_000_000

        /// The fruit's id.
        public let fruit: String
        /// How many of the fruit one juice takes.
        public let amount: Int

        /// `amount` of `fruit` per juice.
        public init(fruit: String, amount: Int) {
            self.fruit = fruit
            self.amount = amount
        }
    }

    /// A juice on the menu.
    public struct Juice: Sendable, Equatable {
        /// The id used in commands and JSON: `mango-kiwi`.
        public let id: String
        /// What a person reads: `Mango-Kiwi Juice`.
        public let name: String
        /// Other names `order` accepts.
        public let aliases: [String]
        /// Ingredients in the order the fruits are declared.
        public let recipe: [Ingredient]
        /// The name in other languages, by language code: `["ko": "망고쥬스"]`.
        public let translations: [String: String]

        /// A juice made of `recipe`, also ordered by its `aliases` and its names in other languages.
        public init(
            id: String, name: String, aliases: [String], recipe: [Ingredient], translations: [String: String] = [:]
        ) {
            self.id = id
            self.name = name
            self.aliases = aliases
            self.recipe = recipe
            self.translations = translations
        }
    }

    /// A bank desk: one task, a fixed number of clerks, a fixed service time.
    public struct Desk: Sendable, Equatable {
        /// The task the desk serves, as commands and JSON name it: `deposit`.
        public let task: String
        /// What a person reads: `Deposit`.
        public let name: String
        /// How many clerks serve at the desk.
        public let clerks: Int
        /// How long one customer takes, in bank time.
        public let serviceTime: Duration
        /// The name in other languages, by language code: `["ko": "예금"]`.
        public let translations: [String: String]

        /// A desk for `task` with `clerks` clerks taking `serviceTime` per customer.
        public init(
            task: String, name: String, clerks: Int, serviceTime: Duration, translations: [String: String] = [:]
        ) {
            self.task = task
            self.name = name
            self.clerks = clerks
            self.serviceTime = serviceTime
            self.translations = translations
        }
    }

    /// The bank counter: its desks and offices, the tasks customers come for (each a route
    /// of stages through them), and the customers' grades.
    public struct BankSetup: Sendable, Equatable {
        /// The most customers one `bank open` or `bank add` admits; `customers_max` stays
        /// within it, so a configured default is always a count the bank accepts.
        public static let admissionLimit = 1_000_000

        /// How many customers `bank open` admits when no count is given.
        public let customers: ClosedRange<Int>
        /// The desks and offices, in the order the document declares them.
        public let places: [BankPlace]
        /// The tasks, in the order the document declares them.
        public let tasks: [BankRoute]
        /// The grades, best first; a bank without `[[bank.grade]]` tables has one, ``BankGrade/regular``.
        public let grades: [BankGrade]

        /// A bank of `places` serving `tasks` for customers of `grades` (best first), which
        /// `bank open` fills with a number of customers from `customers`.
        public init(customers: ClosedRange<Int>, places: [BankPlace], tasks: [BankRoute], grades: [BankGrade]) {
            self.customers = customers
            self.places = places
            self.tasks = tasks
            self.grades = grades.isEmpty ? [.regular] : grades
        }

        /// The classic bank: each desk serves one task in one stage, and every customer has
        /// the same grade.
        public init(customers: ClosedRange<Int>, desks: [Desk]) {
            self.init(
                customers: customers,
                places: desks.map {
                    BankPlace(id: $0.task, name: $0.name, kind: .desk, clerks: $0.clerks, translations: $0.translations)
                },
                tasks: desks.map { $0.route },
                grades: [])
        }
    }

    /// The languages a name may be given in: `name = { en = "Mango", ko = "망고" }`.
    public static let languages = ["en", "ko"]

    /// The fruits, in the order the document declares them.
    public let fruits: [Fruit]
    /// The juices, in the order the document declares them.
    public let juices: [Juice]
    /// The bank counter.
    public let bank: BankSetup

    /// A configuration of these fruits, juices and bank; ``ConfigParser`` checks a document's before building one.
    public init(fruits: [Fruit], juices: [Juice], bank: BankSetup) {
        self.fruits = fruits
        self.juices = juices
        self.bank = bank
    }
}
