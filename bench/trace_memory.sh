#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/trace_memory.sh - the memory of a traced count run against its
# sample count (docs/diagnosis.md): the same traced run of the
# timer at 4000 and at 40000 samples, each run's heap peak (its result's
# footprint.heap_peak_bytes: rtbench's own allocator) and peak RSS (VmHWM,
# polled every 0.1 s until it exits). Run it under the machine lock:
#   flock /tmp/rtbench-rt.lock bench/trace_memory.sh [RTBENCH] [OUTDIR]
# One line per run: samples, heap peak MB, VmHWM MB, exit status.
set -u
rtb=${1:-build/rtbench}
out=${2:-/tmp/rtb-trace-memory}
mkdir -p "$out"
for n in 4000 40000; do
	"$rtb" run --trace --load cpu --tests irq.timer.nanosleep --samples "$n" --rounds 5 --quiet \
		--json "$out/m$n.json" >"$out/m$n.txt" 2>"$out/m$n.err" &
	pid=$!
	hwm=0
	while kill -0 $pid 2>/dev/null; do
		h=$(awk '/^VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null)
		[ -n "$h" ] && hwm=$h
		sleep 0.1
	done
	wait $pid
	rc=$?
	heap=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print('%.1f' % (r['footprint']['heap_peak_bytes']/1e6))" "$out/m$n.json" 2>/dev/null || echo "?")
	echo "samples $n: heap peak $heap MB, VmHWM $(awk -v k="$hwm" 'BEGIN{printf "%.1f", k/1024}') MB, exit $rc"
done
