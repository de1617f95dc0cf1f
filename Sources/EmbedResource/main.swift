import Foundation

// Usage: EmbedResource <input file> <output.swift> <identifier>
// Writes `let <identifier>: String = "..."` holding the input file's text.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: EmbedResource <input> <output.swift> <identifier>\n".utf8))
    exit(64)
}
let inputPath = arguments[1]
let outputPath = arguments[2]
let identifier = arguments[3]

guard let data = FileManager.default.contents(atPath: inputPath),
    let text = String(data: data, encoding: .utf8)
else {
    FileHandle.standardError.write(Data("EmbedResource: cannot read \(inputPath) as UTF-8\n".utf8))
    exit(66)
}

// Every scalar outside printable ASCII is written as \u{...}, so any file content
// (quotes, backslashes, control characters) yields a valid literal.
var literal = ""
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

let source = """
    // Generated from \(URL(fileURLWithPath: inputPath).lastPathComponent) at build time.
    let \(identifier): String = "\(literal)"

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("EmbedResource: cannot write \(outputPath): \(error)\n".utf8))
    exit(73)
}
