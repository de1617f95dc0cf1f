import Bank
import KioskCore

extension Session {
    /// The bank's status now, read through its `bank status` command; nil when the session
    /// has no such command.
    func bankStatus() async -> BankStatus? {
        guard let command = registry.command(named: ["bank", "status"]),
            case .perform(let run) = command.action,
            case .status(let status)? = try? await run(Invocation(command: command)) as? BankOutcome
        else { return nil }
        return status
    }

    /// What `bank watch` needs of the bank: its status, and its commands run by keys, each
    /// answered with the first line of its result or its error.
    func watchedBank(presenter: Presenter) -> BankWatch.Bank {
        BankWatch.Bank(
            status: { [self] in await bankStatus() },
            run: { [self] line in
                do {
                    guard let invocation = try parse(line), case .outcome(let outcome) = try await run(invocation)
                    else { return "" }
                    return presenter.render(outcome, of: invocation).text.firstMessage ?? ""
                } catch {
                    return presenter.describe(error)
                }
            },
            listing: { [self] limit in await bank.status(listing: limit) })
    }
}

extension [TextBlock] {
    /// The first line of the first message.
    fileprivate var firstMessage: String? {
        for block in self {
            if case .message(let text, _) = block {
                return " " + (text.split(separator: "\n").first.map(String.init) ?? text)
            }
        }
        return nil
    }
}
