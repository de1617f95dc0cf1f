import KioskCore

extension Bank {
    /// The `bank open|add|status|wait|reset` commands, bound to this bank.
    public nonisolated func commands() -> [Command] {
        let range = setup.customers
        let count = ArgumentKind.integer(Bank.admissionRange)
        let report = BankReport(setup: setup)
        return [
            Command(
                CommandSpec(
                    path: ["bank", "open"],
                    summary: "Opens the bank: customers take tickets and the clerks serve them in the background.",
                    arguments: [
                        .optional(
                            "customers", count,
                            help: "default: a random number from \(range.lowerBound) to \(range.upperBound)")
                    ],
                    examples: ["bank open", "bank open 12"],
                    discussion: """
                        Each customer comes for a random task. The command returns at once; service \
                        events follow as they happen. --seed makes counts and tasks reproducible.
                        """)
            ) { invocation in
                report.admission(
                    try await self.open(customers: invocation.integer("customers")), command: invocation.command)
            },
            Command(
                CommandSpec(
                    path: ["bank", "add"],
                    summary: "Adds customers to the lines; opens the bank if it is idle.",
                    arguments: [
                        .optional("customers", count, help: "default \(Bank.defaultAdmission)"),
                        .optional("task", .choice(taskChoices), help: "default: a random task for each customer"),
                    ],
                    examples: ["bank add", "bank add 5", "bank add 3 loan", "bank add deposit"],
                    discussion: "Tickets go on from the last one handed out; only 'bank reset' starts them at 1 again.")
            ) { invocation in
                let admission = try await self.add(
                    customers: invocation.integer("customers") ?? Bank.defaultAdmission,
                    task: invocation.choice("task"))
                return report.admission(admission, command: invocation.command)
            },
            Command(
                CommandSpec(
                    path: ["bank", "status"],
                    summary: "Shows each desk's waiting tickets, whom each clerk serves, and the business time.",
                    examples: ["bank status"])
            ) { invocation in
                report.status(await self.status(listing: BankReport.listedTickets), command: invocation.command)
            },
            Command(
                CommandSpec(
                    path: ["bank", "wait"],
                    summary: "Waits until every customer is served, then shows the summary.",
                    examples: ["bank wait"],
                    discussion: "Ctrl-C stops the waiting, not the bank: the clerks go on serving.")
            ) { invocation in
                report.wait(await self.waitUntilIdle(), command: invocation.command)
            },
            Command(
                CommandSpec(
                    path: ["bank", "reset"],
                    summary: "Cancels all service and every waiting customer; tickets and the timer start over.",
                    examples: ["bank reset"])
            ) { invocation in
                report.reset(await self.reset(), command: invocation.command)
            },
        ]
    }

    /// The tasks as command arguments: ids, and desk names where they differ.
    nonisolated var taskChoices: ChoiceSet {
        ChoiceSet(
            noun: "task",
            choices: tasks.map { task in
                let other = task.name.lowercased() == task.id.lowercased() ? [] : [task.name]
                return ChoiceSet.Choice(id: task.id, spellings: other)
            })
    }
}
