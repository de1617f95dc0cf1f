"""`bank plan`'s benchmark written the way SimPy users write a staffing study.

Two desks: deposit (exponential service, mean 3 min) and loan (mean 6 min); Poisson
arrivals of 40 deposits and 20 loans an hour (60 customers an hour) over an 8-hour day,
from an empty bank; customers still waiting at closing are served. 50 staffings
(deposit 3..12 clerks x loan 3..7) x 20 replications; per staffing and task: mean, p50 and
p95 wait and the share within 60 s, each averaged over the replications with a 95%
interval. A process per customer requesting a `Resource`, as SimPy's tutorials do.
Prints the wall time of the whole plan.

    pip install simpy
    python3 Benchmarks/SimPy/staffing_plan.py [replications]
"""

import random
import statistics
import sys
import time

import simpy

HOURS = 8
RATES = {"deposit": 40 / 3600, "loan": 20 / 3600}
SERVICE = {"deposit": 180.0, "loan": 360.0}
TARGET = 60.0


def day(clerks: dict, seed: int) -> dict:
    rng = random.Random(seed)
    env = simpy.Environment()
    desks = {task: simpy.Resource(env, capacity=count) for task, count in clerks.items()}
    waits = {task: [] for task in clerks}

    def customer(task: str):
        arrival = env.now
        with desks[task].request() as request:
            yield request
            waits[task].append(env.now - arrival)
            yield env.timeout(rng.expovariate(1 / SERVICE[task]))

    def source(task: str):
        while True:
            yield env.timeout(rng.expovariate(RATES[task]))
            if env.now >= HOURS * 3600:
                return
            env.process(customer(task))

    for task in clerks:
        env.process(source(task))
    env.run()
    return waits


def interval(samples: list) -> tuple:
    mean = statistics.fmean(samples)
    half = 2.093 * statistics.stdev(samples) / len(samples) ** 0.5 if len(samples) > 1 else 0.0
    return mean, mean - half, mean + half


def main() -> None:
    replications = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    start = time.perf_counter()
    results = {}
    for deposit in range(3, 13):
        for loan in range(3, 8):
            figures = {task: {"mean": [], "p50": [], "p95": [], "within": []} for task in RATES}
            for index in range(replications):
                waits = day({"deposit": deposit, "loan": loan}, seed=index)
                for task, sample in waits.items():
                    if not sample:
                        continue
                    ordered = sorted(sample)
                    figures[task]["mean"].append(statistics.fmean(ordered))
                    figures[task]["p50"].append(ordered[max(1, (50 * len(ordered) + 99) // 100) - 1])
                    figures[task]["p95"].append(ordered[max(1, (95 * len(ordered) + 99) // 100) - 1])
                    figures[task]["within"].append(sum(w <= TARGET for w in ordered) / len(ordered))
            results[(deposit, loan)] = {
                task: {name: interval(values) for name, values in by.items()} for task, by in figures.items()
            }
    elapsed = time.perf_counter() - start
    print(f"SimPy plan, 50 staffings x {replications} replications: {elapsed:.2f} s")


if __name__ == "__main__":
    main()
