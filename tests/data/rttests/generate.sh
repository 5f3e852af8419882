#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# tests/data/rttests/generate.sh - regenerate the rt-tests --json fixtures
# with the real tools (Debian package rt-tests), short runs, as root:
#   sh tests/data/rttests/generate.sh
# They are committed: the tests read them, they do not re-run the tools.
set -eu
cd "$(dirname "$0")"
cyclictest -q -m -p 80 -a 1 -t 1 -i 1000 -D 3 -h 1000000 --json=cyclictest.json >/dev/null
cyclictest -q -m -p 80 -a 1 -t 1 -i 1000 -D 3 -h 1000000 --json=cyclictest_rerun.json >/dev/null
# two threads on two CPUs (kept per CPU), and a histogram too small (-h 20: overflows)
cyclictest -q -m -p 80 -a 0,1 -t 2 -i 1000 -D 2 -h 1000000 --json=cyclictest_2cpu.json >/dev/null
cyclictest -q -m -p 80 -a 0,1 -t 2 -i 1000 -D 2 -h 20 --json=cyclictest_overflow.json >/dev/null
# setsid: sigwaittest signals its process group when it ends
for t in ptsematest pmqtest svsematest sigwaittest; do
	setsid -w "$t" -q -p 80 -a 1 -t 1 -i 1000 -D 2 --json="$t.json" >/dev/null
done
sed -i 's/"nodename": "[^"]*"/"nodename": "rttbox"/' *.json
