/// Which of the process's output streams a piece of text goes to.
enum OutputTarget: Sendable, Equatable {
    case standardOutput
    case standardError
}
