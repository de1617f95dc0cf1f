/// A ``TextSink`` that hands text to the terminal thread instead of writing it.
struct InboxSink: TextSink {
    let inbox: Inbox
    let target: OutputTarget

    func write(_ text: String) {
        inbox.post(.output(text, target))
    }

    func flush() {}
}
