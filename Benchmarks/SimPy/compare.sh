#!/bin/sh
# Times kiosk's virtual-time bank against SimPy's on the same machine, in one run: the
# classic bank, 1,000,000 customers (or the count given) arriving at once, kiosk printing
# every event (to /dev/null), SimPy only simulating; on both cores and pinned to one.
# Folded into scripts/compare (`make compare` runs every comparison); this runs its SimPy
# bank comparisons alone. Needs a release build and `pip install simpy`.
#   Benchmarks/SimPy/compare.sh [customers]
set -eu
cd "$(dirname "$0")/../.."
exec scripts/compare --only simpy-bank,simpy-bank-1core --runs 3 --customers "${1:-1000000}"
