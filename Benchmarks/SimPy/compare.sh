#!/bin/sh
# Times kiosk's virtual-time bank against SimPy's on the same machine, in one run:
# the classic bank, 1,000,000 customers arriving at once. kiosk renders every event
# (to /dev/null); SimPy only simulates. Needs a release build and `pip install simpy`.
#   Benchmarks/SimPy/compare.sh [customers]
set -eu
cd "$(dirname "$0")/../.."
customers=${1:-1000000}
kiosk=${KIOSK_BINARY:-.build/release/kiosk}
# Neither scripts/bootstrap nor the build installs SimPy: say how, rather than fail mid-run.
if ! python3 -c 'import simpy' 2> /dev/null; then
    echo "compare.sh: SimPy is not installed for $(command -v python3); run: python3 -m pip install simpy" >&2
    exit 69
fi
if [ ! -x "$kiosk" ]; then
    echo "compare.sh: no kiosk binary at $kiosk; run: make release (or set KIOSK_BINARY)" >&2
    exit 69
fi
for run in 1 2 3; do
    start=$(date +%s.%N)
    "$kiosk" --in-memory --speed max -c "bank open $customers" -c 'bank wait' > /dev/null
    end=$(date +%s.%N)
    echo "kiosk --speed max, run $run: $(echo "$end - $start" | bc) s"
    python3 Benchmarks/SimPy/classic_bank.py "$customers"
done
