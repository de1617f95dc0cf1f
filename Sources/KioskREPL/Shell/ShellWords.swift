/// Completion candidates in the form the shell running kiosk's completion script takes them
/// without running anything.
///
/// Names come from a config, and a config is data: an alias such as ``k$(touch x)`` must
/// reach the command line as those characters, never as a command. argument-parser's bash
/// script hands the candidates to `compgen -W`, which expands `$(…)`, backticks, `$VAR`
/// and `~` in each word and honours shell quoting, so for bash each candidate goes out
/// single-quoted; `compgen` takes the quotes off again, and readline (`-o filenames`)
/// escapes what it inserts. zsh (`compadd`) and fish (`complete -a` with a command
/// substitution) take each line literally and escape it themselves.
///
/// A candidate holding a control or format character is never offered: it cannot be typed,
/// a newline would split it into two candidates, and an escape sequence would reach the
/// terminal as one.
enum ShellWords {
    /// The shells argument-parser writes completion scripts for.
    enum Shell {
        case bash, zsh, fish, unknown
    }

    /// The shell asking, as argument-parser's completion scripts name it in `SAP_SHELL`.
    static func shell(_ environment: [String: String]) -> Shell {
        switch environment["SAP_SHELL"] {
        case "bash": .bash
        case "zsh": .zsh
        case "fish": .fish
        default: .unknown
        }
    }

    /// `candidates` as the shell named in `environment` must receive them: without those
    /// that hold a control or format character, and single-quoted for bash.
    static func forShell(_ candidates: [String], environment: [String: String]) -> [String] {
        let safe = candidates.filter(isTypable)
        guard shell(environment) == .bash else { return safe }
        return safe.map(singleQuoted)
    }

    /// Whether `candidate` holds only characters a person types: no control characters
    /// (C0, DEL, C1) and no format characters (bidi overrides, zero-width spaces).
    static func isTypable(_ candidate: String) -> Bool {
        candidate.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
            default: true
            }
        }
    }

    /// `word` inside single quotes, where a shell expands nothing; a single quote in it
    /// closes the quotes, is escaped, and opens them again.
    static func singleQuoted(_ word: String) -> String {
        var quoted = "'"
        for character in word {
            if character == "'" {
                quoted += "'\\''"
            } else {
                quoted.append(character)
            }
        }
        return quoted + "'"
    }
}
