/// How a message should look; the console maps tones to colours on a terminal.
public enum Tone: Sendable, Equatable {
    case plain
    case heading
    case success
    case warning
    case failure
    case muted
}
