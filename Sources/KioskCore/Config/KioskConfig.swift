/// The menu, the stock limits and the bank setup, as read from `config/kiosk.toml`.
public struct KioskConfig: Sendable, Equatable {
    /// A fruit the shop stocks.
    public struct Fruit: Sendable, Equatable {
        public let id: String
        public let name: String
        /// Stock on first run and after `stock reset`.
        public let initial: Int
        /// The most the shelf holds.
        public let maximum: Int

        public init(id: String, name: String, initial: Int, maximum: Int) {
            self.id = id
            self.name = name
            self.initial = initial
            self.maximum = maximum
        }
    }

    /// One fruit and how many of it one juice takes.
    public struct Ingredient: Sendable, Equatable {
        public let fruit: String
        public let amount: Int

        public init(fruit: String, amount: Int) {
            self.fruit = fruit
            self.amount = amount
        }
    }

    /// A juice on the menu.
    public struct Juice: Sendable, Equatable {
        public let id: String
        public let name: String
        /// Other names `order` accepts.
        public let aliases: [String]
        /// Ingredients in the order the fruits are declared.
        public let recipe: [Ingredient]

        public init(id: String, name: String, aliases: [String], recipe: [Ingredient]) {
            self.id = id
            self.name = name
            self.aliases = aliases
            self.recipe = recipe
        }
    }

    /// A bank desk: one task, a fixed number of clerks, a fixed service time.
    public struct Desk: Sendable, Equatable {
        public let task: String
        public let name: String
        public let clerks: Int
        public let serviceTime: Duration

        public init(task: String, name: String, clerks: Int, serviceTime: Duration) {
            self.task = task
            self.name = name
            self.clerks = clerks
            self.serviceTime = serviceTime
        }
    }

    /// The bank counter.
    public struct BankSetup: Sendable, Equatable {
        /// How many customers `bank open` admits when no count is given.
        public let customers: ClosedRange<Int>
        public let desks: [Desk]

        public init(customers: ClosedRange<Int>, desks: [Desk]) {
            self.customers = customers
            self.desks = desks
        }
    }

    public let fruits: [Fruit]
    public let juices: [Juice]
    public let bank: BankSetup

    public init(fruits: [Fruit], juices: [Juice], bank: BankSetup) {
        self.fruits = fruits
        self.juices = juices
        self.bank = bank
    }

    /// The configuration the binary ships with: `config/kiosk.toml`, compiled in.
    public static func embeddedDefault() throws(ConfigError) -> KioskConfig {
        try ConfigParser.parse(embeddedDefaultConfig, file: "<built-in config/kiosk.toml>")
    }
}
