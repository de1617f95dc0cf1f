import KioskCore

/// kiosk(1) in roff, from the same words as `--help` and the prompt's `help`: the
/// options as argument-parser describes them, the commands with their catalog summaries,
/// the environment and the exit codes.
public enum ManPage {
    /// The page.
    /// - Parameters:
    ///   - options: each option as `--help` shows it (`--speed <x>`) and what it does.
    ///   - date: the date the page carries, `YYYY-MM-DD`.
    public static func render(options: [(flag: String, help: String)], date: String) -> String {
        let catalog = EnglishCatalog()
        let presenter = Presenter(catalog: catalog, config: nil)
        var page = """
            .TH KIOSK 1 "\(date)" "kiosk \(KioskProgram.version)" "User Commands"
            .SH NAME
            kiosk \\- a juice bar and a bank counter in one terminal
            .SH SYNOPSIS
            .B kiosk
            [\\fIoptions\\fR] [\\fIcommand words\\fR ...]
            .br
            .B kiosk
            [\\fIoptions\\fR] \\fB\\-c\\fR \\fIcommand\\fR [\\fB\\-c\\fR \\fIcommand\\fR ...]
            .br
            .B kiosk
            [\\fIoptions\\fR] \\fB\\-\\-file\\fR \\fIpath\\fR
            .SH DESCRIPTION
            \(escaped(catalog.manDescription))
            .SH OPTIONS

            """
        for option in options {
            page += ".TP\n.B \(escaped(option.flag))\n\(escaped(option.help))\n"
        }
        page += ".SH COMMANDS\n"
        if let registry = ShellCompletion.registry(configPath: nil, environment: [:]) {
            for spec in registry.commands.map(\.spec) {
                let summary = catalog.help(for: spec.topic, context: presenter.help).summary
                page += ".TP\n.B \(escaped(spec.usage))\n\(escaped(summary))\n"
            }
        }
        page += ".SH ENVIRONMENT\n"
        for variable in EnglishCatalog.environment {
            page += ".TP\n.B \(variable.name)\n\(escaped(variable.meaning))\n"
        }
        page += ".SH EXIT STATUS\n"
        for status in EnglishCatalog.exitStatuses {
            page += ".TP\n.B \(status.code)\n\(escaped(status.meaning))\n"
        }
        page += ".SH FILES\n\(escaped(catalog.manFiles))\n"
        return page
    }

    /// `text` safe in roff: backslashes and dashes escaped, no line starting with a dot.
    static func escaped(_ text: String) -> String {
        text.replacingBackslashesAndDashes()
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}

extension String {
    fileprivate func replacingBackslashesAndDashes() -> String {
        var result = ""
        for character in self {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        return result
    }
}
