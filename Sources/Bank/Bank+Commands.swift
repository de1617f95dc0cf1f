import KioskCore

extension Bank {
    /// The `bank open|add|status|wait|report|plan|reset|history` commands, bound to this bank; each
    /// returns a ``BankOutcome``.
    /// - Parameter charts: where `bank plan --plot` sends its chart; nil refuses `--plot`.
    public nonisolated func commands(charts: (any PlanChartWriter)? = nil) -> [Command] {
        let count = ArgumentKind.integer(Bank.admissionRange)
        return [
            Command(
                CommandSpec(
                    path: ["bank", "open"],
                    topic: .bankOpen,
                    arguments: [.optional("customers", count)],
                    examples: ["bank open", "bank open 12"])
            ) { invocation in
                // No count: a random number from the configured range, as `open` documents.
                let customers = try invocation.optionalValue("customers", as: Int.self)
                return BankOutcome.admission(try await self.open(customers: customers))
            },
            Command(
                CommandSpec(
                    path: ["bank", "add"],
                    topic: .bankAdd,
                    arguments: [.optional("customers", count), .optional("task", .choice(taskChoices))]
                        // One grade is the default anyway: accepted when typed, not shown.
                        + [
                            grades.count > 1
                                ? .optional("grade", .choice(gradeChoices)) : .hidden("grade", .choice(gradeChoices))
                        ],
                    flags: [
                        FlagSpec("over", value: "duration", .duration(Bank.arrivalWindows)),
                        FlagSpec("rate", value: "rate", .rate(Bank.arrivalRates)),
                    ],
                    examples: [
                        "bank add", "bank add 5", "bank add 3 \(tasks.last?.id ?? "loan")",
                        "bank add \(tasks.first?.id ?? "deposit")", "bank add 100 --over 10m",
                        "bank add 100 --rate 2/min",
                    ]
                        + (grades.count > 1
                            ? ["bank add 2 \(tasks.last?.id ?? "loan") \(grades.first?.id ?? "vip")"] : []))
            ) { invocation in
                // No task: a random task for each customer; no grade: a random grade each.
                let window = try invocation.optionalValue("over", as: Duration.self)
                let rate = try invocation.optionalValue("rate", as: ArrivalRate.self)
                let arrivals: BankArrivals
                switch (window, rate) {
                case (let window?, nil): arrivals = .spread(over: window)
                case (nil, let rate?): arrivals = .poisson(meanGap: rate.meanGap)
                case (nil, nil): arrivals = .now
                case (_?, _?): throw ParseError.conflictingArguments("--over", "--rate", usage: invocation.spec.usage)
                }
                let admission = try await self.add(
                    customers: try invocation.optionalValue("customers", as: Int.self) ?? Bank.defaultAdmission,
                    task: try invocation.optionalValue("task", as: BankTask.self),
                    grade: try invocation.optionalValue("grade", as: BankGrade.self),
                    arrivals: arrivals)
                return BankOutcome.admission(admission)
            },
            Command(CommandSpec(path: ["bank", "status"], topic: .bankStatus, examples: ["bank status"])) { _ in
                BankOutcome.status(await self.status())
            },
            Command(CommandSpec(path: ["bank", "wait"], topic: .bankWait, examples: ["bank wait"])) { _ in
                BankOutcome.wait(await self.waitUntilIdle())
            },
            Command(CommandSpec(path: ["bank", "report"], topic: .bankReport, examples: ["bank report"])) { _ in
                BankOutcome.report(await self.report())
            },
            Command(CommandSpec(path: ["bank", "reset"], topic: .bankReset, examples: ["bank reset"])) { _ in
                BankOutcome.reset(await self.reset())
            },
            Command(
                CommandSpec(
                    path: ["bank", "plan"],
                    topic: .bankPlan,
                    flags: [
                        FlagSpec("hours", value: "hours", .words),
                        FlagSpec("rate", value: "task=n/h", .words),
                        FlagSpec("service", value: "fixed|exponential", .words),
                        FlagSpec("target", value: "p% within duration", .words),
                        FlagSpec("clerks", value: "desk=min..max", .words),
                        FlagSpec("replications", value: "n", .integer(PlanRequest.replicationRange)),
                        FlagSpec("cost", value: "desk=n", .words),
                        FlagSpec("plot", value: "file.svg", .words),
                    ],
                    examples: [
                        "bank plan",
                        "bank plan --rate \(tasks.first?.id ?? "deposit")=60/h --target \"85% within 1m\"",
                    ])
            ) { invocation in
                func texts(_ name: String) throws -> [String] {
                    try invocation.allValues(name, as: [String].self).flatMap { $0 }
                }
                let request = try PlanRequest(
                    setup: self.setup, hours: try texts("hours").last, rates: try texts("rate"),
                    service: try texts("service").last, target: try texts("target").last,
                    clerks: try texts("clerks"), costs: try texts("cost"),
                    replications: try invocation.optionalValue("replications", as: Int.self),
                    seed: await self.drawSeed())
                let plot = try texts("plot").last
                if let plot, charts == nil { throw PlanError.cannotWritePlot(path: plot, reason: nil) }
                let plan = try await StaffingPlanner(request: request).plan()
                if let plot, let charts { try charts.write(plan, to: plot) }
                return BankOutcome.plan(plan)
            },
            Command(
                CommandSpec(
                    path: ["bank", "history"],
                    topic: .bankHistory,
                    arguments: [.optional("count", .integer(Bank.historyRange))],
                    examples: ["bank history", "bank history 3"])
            ) { invocation in
                let count = try invocation.optionalValue("count", as: Int.self) ?? Bank.defaultHistory
                return BankOutcome.history(try await self.history(count))
            },
        ]
    }

    /// The grades as command arguments: ids, and names where they differ.
    nonisolated var gradeChoices: ChoiceSet {
        ChoiceSet(
            noun: "grade",
            choices: grades.map { grade in
                let other = grade.name.lowercased() == grade.id.lowercased() ? [] : [grade.name]
                return ChoiceSet.Choice(id: grade.id, spellings: other, value: grade)
            })
    }

    /// The tasks as command arguments: ids, and desk names where they differ; each choice
    /// carries its ``BankTask``.
    nonisolated var taskChoices: ChoiceSet {
        ChoiceSet(
            noun: "task",
            choices: tasks.map { task in
                let other = task.name.lowercased() == task.id.lowercased() ? [] : [task.name]
                return ChoiceSet.Choice(id: task.id, spellings: other, value: task)
            })
    }
}
