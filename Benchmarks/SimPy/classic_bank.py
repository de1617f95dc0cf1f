"""The classic bank in SimPy, for kiosk's `--speed max` to be measured against.

2 deposit clerks (0.7 s) and 1 loan clerk (1.1 s); N customers arrive at time 0, each for a
random task. Written SimPy's fastest way for this bank: one process per clerk popping its
desk's deque, so the only events are the service timeouts. Prints the simulated business
time and the customers simulated per second of wall time.

    pip install simpy
    python3 Benchmarks/SimPy/classic_bank.py [customers] [seed]
"""

import collections
import random
import sys
import time

import simpy


def run(customers: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    env = simpy.Environment()
    lines = {"deposit": collections.deque(), "loan": collections.deque()}
    for ticket in range(1, customers + 1):
        lines["deposit" if rng.random() < 0.5 else "loan"].append(ticket)
    served = [0]

    def clerk(line: collections.deque, service: float):
        while line:
            line.popleft()
            yield env.timeout(service)
            served[0] += 1

    started = time.perf_counter()
    for _ in range(2):
        env.process(clerk(lines["deposit"], 0.7))
    env.process(clerk(lines["loan"], 1.1))
    env.run()
    wall = time.perf_counter() - started
    assert served[0] == customers
    return env.now, wall


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    business, wall = run(count, seed)
    print(f"simpy {simpy.__version__}: {count} customers, business time {business:.1f} s, "
          f"wall {wall:.3f} s, {count / wall:,.0f} customers/s")
