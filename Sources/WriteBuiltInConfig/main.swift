import Foundation
import KioskCore

// Usage: WriteBuiltInConfig <config.toml> <output.swift>
//   reads the config as kiosk does and writes it as a Swift value, `KioskConfig.builtIn`:
//   the default kiosk starts with, compiled rather than parsed at every start.
//   `make builtin-config` runs it on config/kiosk.toml; BuiltInConfigTests fails until it
//   has run after that file changes.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: WriteBuiltInConfig <config.toml> <output.swift>\n".utf8))
    exit(64)
}
let input = arguments[1]
let output = arguments[2]

let config: KioskConfig
do {
    guard let data = FileManager.default.contents(atPath: input), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("WriteBuiltInConfig: cannot read \(input) as UTF-8\n".utf8))
        exit(66)
    }
    config = try ConfigParser.parse(text, file: input)
} catch {
    FileHandle.standardError.write(Data("WriteBuiltInConfig: \(input): \(error)\n".utf8))
    exit(65)
}

/// A string literal: quotes, backslashes and control characters escaped, the rest as it is.
func literal(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": literal += "\\\""
        case "\\": literal += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            literal += "\\u{\(String(scalar.value, radix: 16))}"
        default: literal.unicodeScalars.append(scalar)
        }
    }
    return literal + "\""
}

func literal(_ names: [String: String]) -> String {
    guard !names.isEmpty else { return "[:]" }
    return "["
        + names.sorted { $0.key < $1.key }.map { "\(literal($0.key)): \(literal($0.value))" }.joined(separator: ", ")
        + "]"
}

func literal(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds % 1_000_000_000_000_000 == 0 {
        return ".milliseconds(\(seconds * 1_000 + attoseconds / 1_000_000_000_000_000))"
    }
    return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
}

func list(_ items: [String], indent: String) -> String {
    guard !items.isEmpty else { return "[]" }
    return "[\n" + items.map { indent + "    " + $0 + ",\n" }.joined() + indent + "]"
}

let fruits = config.fruits.map { fruit in
    "Fruit(id: \(literal(fruit.id)), name: \(literal(fruit.name)), initial: \(fruit.initial), "
        + "maximum: \(fruit.maximum), translations: \(literal(fruit.translations)))"
}
let juices = config.juices.map { juice in
    let recipe = juice.recipe.map { "Ingredient(fruit: \(literal($0.fruit)), amount: \($0.amount))" }
    return "Juice(id: \(literal(juice.id)), name: \(literal(juice.name)), "
        + "aliases: [\(juice.aliases.map(literal).joined(separator: ", "))], "
        + "recipe: [\(recipe.joined(separator: ", "))], translations: \(literal(juice.translations)))"
}
let bank = config.bank
let places = bank.places.map { place in
    "BankPlace(id: \(literal(place.id)), name: \(literal(place.name)), kind: .\(place.kind.rawValue), "
        + "clerks: \(place.clerks), translations: \(literal(place.translations)))"
}
let tasks = bank.tasks.map { task in
    let stages = task.stages.map { stage in
        "BankStage(id: \(literal(stage.id)), name: \(literal(stage.name)), place: \(literal(stage.place)), "
            + "serviceTime: \(literal(stage.serviceTime)), clerkStays: \(stage.clerkStays), "
            + "timing: .\(stage.timing.rawValue), translations: \(literal(stage.translations)))"
    }
    return "BankRoute(id: \(literal(task.id)), name: \(literal(task.name)), share: \(task.share), "
        + "stages: \(list(stages, indent: "                    ")), translations: \(literal(task.translations)))"
}
let grades = bank.grades.map { grade in
    "BankGrade(id: \(literal(grade.id)), name: \(literal(grade.name)), share: \(grade.share), "
        + "translations: \(literal(grade.translations)))"
}

let source = """
    // Generated from config/kiosk.toml by `make builtin-config` (Sources/WriteBuiltInConfig):
    // do not edit. BuiltInConfigTests fails when it no longer equals that file as parsed.

    extension KioskConfig {
        /// config/kiosk.toml as ``ConfigParser`` reads it, compiled in: the default kiosk
        /// starts with costs no parsing.
        public static let builtIn = KioskConfig(
            fruits: \(list(fruits, indent: "        ")),
            juices: \(list(juices, indent: "        ")),
            bank: BankSetup(
                customers: \(bank.customers.lowerBound)...\(bank.customers.upperBound),
                places: \(list(places, indent: "            ")),
                tasks: \(list(tasks, indent: "            ")),
                grades: \(list(grades, indent: "            "))))
    }

    """
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("WriteBuiltInConfig: cannot write \(output): \(error)\n".utf8))
    exit(73)
}
