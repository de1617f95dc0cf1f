/// Splits a command line into words, shell-style: whitespace separates words,
/// single quotes keep everything literally, inside double quotes only `\"` and `\\`
/// are escapes (any other backslash is kept), and a backslash outside quotes escapes
/// the next character.
public enum Tokenizer {
    /// A word and the column (1-based, in characters) where it starts.
    public struct Token: Sendable, Equatable {
        /// The word without its quotes and escapes.
        public let text: String
        /// Where the word starts, counting characters from 1.
        public let column: Int
    }

    /// - Throws: ``ParseError/unterminatedQuote(_:column:)`` naming the column of the opening quote,
    ///   or ``ParseError/danglingEscape(column:)`` for a backslash at the end of the line.
    public static func tokenize(_ line: String) throws(ParseError) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inWord = false
        var wordStart = 0
        var quote: (character: Character, column: Int)?
        var escaping = false
        var column = 0

        for character in line {
            column += 1
            if escaping {
                // Inside double quotes only \" and \\ are escapes; another backslash stays literal.
                if quote != nil, character != "\"", character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
                continue
            }
            if let open = quote {
                if character == open.character {
                    quote = nil
                } else if character == "\\" && open.character == "\"" {
                    escaping = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"":
                if !inWord { inWord = true; wordStart = column }
                quote = (character, column)
            case "\\":
                if !inWord { inWord = true; wordStart = column }
                escaping = true
            case _ where character.isWhitespace:
                if inWord {
                    tokens.append(Token(text: current, column: wordStart))
                    current = ""
                    inWord = false
                }
            default:
                if !inWord { inWord = true; wordStart = column }
                current.append(character)
            }
        }
        if let open = quote {
            throw .unterminatedQuote(open.character, column: open.column)
        }
        if escaping {
            throw .danglingEscape(column: column)
        }
        if inWord {
            tokens.append(Token(text: current, column: wordStart))
        }
        return tokens
    }

    /// Whether the text before the cursor ends inside a word (not after whitespace),
    /// and that word's unquoted text so far. Used by completion.
    static func partialWord(_ line: String) -> (words: [String], partial: String) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false
        for character in line {
            if escaping {
                if quote != nil, character != "\"", character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaping = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"": inWord = true; quote = character
            case "\\": inWord = true; escaping = true
            case _ where character.isWhitespace:
                if inWord { words.append(current); current = ""; inWord = false }
            default: inWord = true; current.append(character)
            }
        }
        return (words, current)
    }
}
