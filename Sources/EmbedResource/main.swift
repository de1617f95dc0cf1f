import Foundation

// Usage: EmbedResource --table <output.swift> <identifier> <input file>...
//   writes `let <identifier>: [(name: String, text: String)]`, one entry per file, named
//   after the file without its extension, in name order.
let arguments = CommandLine.arguments
let usage = "usage: EmbedResource --table <output.swift> <identifier> <input>...\n"

func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("EmbedResource: cannot read \(path) as UTF-8\n".utf8))
        exit(66)
    }
    return text
}

// Every scalar outside printable ASCII is written as \u{...}, so any file content
// (quotes, backslashes, control characters) yields a valid literal.
func literal(_ text: String) -> String {
    var literal = "\""
    literal.reserveCapacity(text.unicodeScalars.count + 64)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": literal += "\\\""
        case "\\": literal += "\\\\"
        case "\n": literal += "\\n"
        case " "..."~": literal.unicodeScalars.append(scalar)
        default: literal += "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
    return literal + "\""
}

guard arguments.count >= 4, arguments[1] == "--table" else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
let outputPath = arguments[2]
let identifier = arguments[3]
let entries = arguments.dropFirst(4).map { path in
    let url = URL(fileURLWithPath: path)
    return (name: url.deletingPathExtension().lastPathComponent, text: read(path))
}.sorted { $0.name < $1.name }
let rows = entries.map { "    (name: \(literal($0.name)), text: \(literal($0.text)))," }.joined(separator: "\n")
let source = """
    // Generated at build time from \(entries.map(\.name).joined(separator: ", ")).
    let \(identifier): [(name: String, text: String)] = [
    \(rows)
    ]

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("EmbedResource: cannot write \(outputPath): \(error)\n".utf8))
    exit(73)
}
