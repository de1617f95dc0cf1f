import KioskCore

extension Bank {
    /// The `bank open|add|status|wait|report|plan|reset|history` commands, bound to this bank; each
    /// returns a ``BankOutcome``.
    /// - Parameters:
    ///   - charts: where `bank plan --plot` sends its chart; nil refuses `--plot`.
    ///   - progress: told how far `bank plan` has got; nil: nobody.
    public nonisolated func commands(
        charts: (any PlanChartWriter)? = nil, progress: (any PlanProgressReporter)? = nil
    ) -> [Command] {
        let customersKey = ArgumentKey.optional("customers", .integer(Bank.admissionRange))
        let task = ArgumentKey.optional("task", .choice(taskChoices))
        // One grade is the default anyway: accepted when typed, not shown.
        let grade =
            grades.count > 1
            ? ArgumentKey.optional("grade", .choice(gradeChoices)) : .hidden("grade", .choice(gradeChoices))
        let over = OptionKey("over", value: "duration", .duration(Bank.arrivalWindows))
        let rateKey = OptionKey("rate", value: "rate", .rate(Bank.arrivalRates))
        let historyCount = ArgumentKey.optional("count", .integer(Bank.historyRange))
        return [
            Command(
                CommandSpec(
                    path: ["bank", "open"],
                    topic: .bankOpen,
                    arguments: [customersKey.spec],
                    examples: ["bank open", "bank open 12"])
            ) { invocation in
                // No count: a random number from the configured range, as `open` documents.
                let customers = try invocation[customersKey]
                return BankOutcome.admission(try await self.open(customers: customers))
            },
            Command(
                CommandSpec(
                    path: ["bank", "add"],
                    topic: .bankAdd,
                    arguments: [customersKey.spec, task.spec, grade.spec],
                    flags: [over.spec, rateKey.spec],
                    examples: [
                        "bank add", "bank add 5", "bank add 3 \(tasks.last?.id ?? "loan")",
                        "bank add \(tasks.first?.id ?? "deposit")", "bank add 100 --over 10m",
                        "bank add 100 --rate 2/min",
                    ]
                        + (grades.count > 1
                            ? ["bank add 2 \(tasks.last?.id ?? "loan") \(grades.first?.id ?? "vip")"] : []))
            ) { invocation in
                // No task: a random task for each customer; no grade: a random grade each.
                let window = try invocation[over]
                let rate = try invocation[rateKey]
                let arrivals: BankArrivals
                switch (window, rate) {
                case (let window?, nil): arrivals = .spread(over: window)
                case (nil, let rate?): arrivals = .poisson(meanGap: rate.meanGap)
                case (nil, nil): arrivals = .now
                case (_?, _?): throw ParseError.conflictingArguments("--over", "--rate", usage: invocation.spec.usage)
                }
                let admission = try await self.add(
                    customers: try invocation[customersKey] ?? Bank.defaultAdmission,
                    task: try invocation[task],
                    grade: try invocation[grade],
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
            Command(
                CommandSpec(path: ["bank", "reset"], topic: .bankReset, examples: ["bank reset"], destructive: true)
            ) { _ in
                BankOutcome.reset(await self.reset())
            },
            Command(
                CommandSpec(
                    path: ["bank", "plan"],
                    topic: .bankPlan,
                    flags: [
                        PlanKeys.hours.spec, PlanKeys.rate.spec, PlanKeys.service.spec, PlanKeys.target.spec,
                        PlanKeys.clerks.spec, PlanKeys.replications.spec, PlanKeys.cost.spec, PlanKeys.plot.spec,
                    ],
                    examples: [
                        "bank plan",
                        "bank plan --rate \(tasks.first?.id ?? "deposit")=60/h --target \"85% within 1m\"",
                    ])
            ) { invocation in
                // An option given twice: the last one counts, but for those that name a task or desk.
                let request = try PlanRequest(
                    setup: self.setup, hours: try invocation.all(PlanKeys.hours).last,
                    rates: try invocation.all(PlanKeys.rate), timing: try invocation.all(PlanKeys.service).last,
                    target: try invocation.all(PlanKeys.target).last, clerks: try invocation.all(PlanKeys.clerks),
                    costs: try invocation.all(PlanKeys.cost), replications: try invocation[PlanKeys.replications],
                    seed: await self.drawSeed())
                let plot = try invocation.all(PlanKeys.plot).last
                if let plot, charts == nil { throw PlanError.cannotWritePlot(path: plot, reason: nil) }
                if let plot, let charts { try charts.check(plot) }
                progress?.started()
                defer { progress?.finished() }
                let plan = try await StaffingPlanner(request: request, progress: progress).plan()
                if let plot, let charts { try charts.write(plan, to: plot) }
                return BankOutcome.plan(plan)
            },
            Command(
                CommandSpec(
                    path: ["bank", "history"],
                    topic: .bankHistory,
                    arguments: [historyCount.spec],
                    examples: ["bank history", "bank history 3"])
            ) { invocation in
                let count = try invocation[historyCount] ?? Bank.defaultHistory
                return BankOutcome.history(try await self.history(count))
            },
        ]
    }

    /// The options of `bank plan`.
    private enum PlanKeys {
        static let hours = OptionKey("hours", value: "hours", .hours)
        static let rate = OptionKey("rate", value: "task=n/h", .taskRate)
        static let service = OptionKey("service", value: "fixed|exponential", .timing)
        static let target = OptionKey("target", value: "p% within duration", .target)
        static let clerks = OptionKey("clerks", value: "desk=min..max", .clerkRange)
        static let replications = OptionKey("replications", value: "n", .integer(PlanRequest.replicationRange))
        static let cost = OptionKey("cost", value: "desk=n", .clerkCost)
        static let plot = OptionKey("plot", value: "file.svg", .path)
    }

    /// The grades as command arguments: ids, and names in every language where they differ
    /// (`일반`).
    nonisolated var gradeChoices: Choices<BankGrade> {
        let translated = Dictionary(
            setup.grades.map { ($0.id, $0.translations.values.sorted()) }, uniquingKeysWith: { first, _ in first })
        return Choices(noun: "grade", values: grades, id: \.id) { grade in
            Self.otherNames(id: grade.id, names: [grade.name] + (translated[grade.id] ?? []))
        }
    }

    /// The tasks as command arguments: ids, and names in every language where they differ
    /// (`Deposit`, `예금`); each choice carries its ``BankTask``.
    nonisolated var taskChoices: Choices<BankTask> {
        let translated = Dictionary(
            setup.tasks.map { ($0.id, $0.translations.values.sorted()) }, uniquingKeysWith: { first, _ in first })
        return Choices(noun: "task", values: tasks, id: \.id) { task in
            Self.otherNames(id: task.id, names: [task.name] + (translated[task.id] ?? []))
        }
    }

    /// `names` without the id and without repeats, case-insensitively.
    private nonisolated static func otherNames(id: String, names: [String]) -> [String] {
        var seen: Set<String> = [id.lowercased()]
        return names.filter { seen.insert($0.lowercased()).inserted }
    }
}
