import Bank

/// Bank statuses for the live view's tests: the classic desks (deposit 2 clerks, loan 1).
enum BankStatuses {
    static let deposit = BankTask(id: "deposit", name: "Deposit")
    static let loan = BankTask(id: "loan", name: "Loan")

    /// `waiting` deposit customers from ticket `first` in line, clerks serving `serving`
    /// (deposit clerk 1, then loan clerk 1) since `since`, `served` done, at `now`.
    static func status(
        waitingDeposits: Int = 0, first: Int = 10, waitingLoans: Int = 0, serving: [Int] = [], served: Int = 0,
        now: Duration = .milliseconds(350), since: Duration = .zero
    ) -> BankStatus {
        func clerk(_ number: Int, _ ticket: Int?, _ task: BankTask, _ length: Duration) -> BankStatus.Clerk {
            BankStatus.Clerk(
                number: number, serving: ticket.map { Customer(ticket: $0, task: task, arrival: .zero) },
                since: ticket == nil ? .zero : since, until: ticket == nil ? .zero : since + length)
        }
        let depositTickets = Array(first..<(first + min(waitingDeposits, BankStatus.listedTickets)))
        let loanStart = first + waitingDeposits
        let loanTickets = Array(loanStart..<(loanStart + min(waitingLoans, BankStatus.listedTickets)))
        return BankStatus(
            isOpen: waitingDeposits + waitingLoans + serving.count > 0, businessTime: now,
            nextTicket: loanStart + waitingLoans,
            desks: [
                BankStatus.Desk(
                    task: deposit, serviceTime: .milliseconds(700),
                    clerks: [
                        clerk(1, serving.first, deposit, .milliseconds(700)),
                        clerk(2, nil, deposit, .milliseconds(700)),
                    ],
                    waiting: waitingDeposits, nextTickets: depositTickets, served: served),
                BankStatus.Desk(
                    task: loan, serviceTime: .milliseconds(1_100),
                    clerks: [clerk(1, serving.dropFirst().first, loan, .milliseconds(1_100))],
                    waiting: waitingLoans, nextTickets: loanTickets, served: 0),
            ])
    }
}
