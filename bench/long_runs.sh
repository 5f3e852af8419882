#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/long_runs.sh - the figures of docs/long-runs.md. Not a
# test: it prints figures and asserts nothing.
#
#   bench/long_runs.sh [--long SECONDS] [--pairs N] [--pair-s S] [--out DIR] [--only PART]
#
#   memory   resident memory (peak VmRSS, polled every second, and VmHWM at
#            the end) and result-file size of `rtbench run --duration D
#            --cpus all` for D = 10 s and D = --long (default 600 s; 3600
#            for the issue's hour: bench/long_runs.sh --long 3600), both
#            beside `stress-ng --cpu 2 --io 1`; the long run's own figures
#            (per-CPU p50/p99/max, interval maxima) are printed too.
#   cyclic   per-CPU min and p50 of rtbench against
#            `cyclictest -S -d0 -m -p95 -i1000 -N` (every sample with -v, in ns;
#            -d0: every thread at 1 ms, as rtbench; -S alone adds 500 us a thread),
#            run interleaved: --pairs pairs (default 3) of --pair-s seconds
#            each (default 20), the order alternating; both at SCHED_FIFO 95
#            (rtbench --prio 93: its timer thread runs at prio+2), 1 ms,
#            mlocked, /dev/cpu_dma_latency held at 0 (both do by default).
#   cost     one histogram-mode record step beside one counter read
#            (bench/record_cost.c against build/librtbench.a, pinned).
# Each part takes the machine lock (flock /tmp/rtbench-rt.lock) for itself
# only, and says what else was running (load average, the busiest other
# processes) when it started. Needs: build/rtbench (make), python3,
# rt-tests (cyclictest), stress-ng (apt-get install rt-tests stress-ng).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
RTBENCH=${RTBENCH:-$here/build/rtbench}
LONG=600
PAIRS=3
PAIR_S=20
OUT=${TMPDIR:-/tmp}/rtbench-long-runs
ONLY=all
LOCK=${RTB_LOCK:-/tmp/rtbench-rt.lock}
while [ $# -gt 0 ]; do
	case $1 in
	--long) LONG=$2; shift 2 ;;
	--pairs) PAIRS=$2; shift 2 ;;
	--pair-s) PAIR_S=$2; shift 2 ;;
	--out) OUT=$2; shift 2 ;;
	--only) ONLY=$2; shift 2 ;;
	*) echo "usage: $0 [--long S] [--pairs N] [--pair-s S] [--out DIR] [--only memory|cyclic|cost]" >&2; exit 2 ;;
	esac
done
mkdir -p "$OUT"
[ -x "$RTBENCH" ] || { echo "build rtbench first (make)" >&2; exit 2; }

others() { # what else ran: load average and the busiest processes not ours
	echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg); busiest others:" \
		"$(ps -eo pcpu,comm --sort=-pcpu --no-headers | grep -v -e rtbench -e stress-ng -e cyclictest -e ' ps$' |
			head -4 | awk '{printf "%s %s%%; ", $2, $1}')"
}

# rss_run NAME SECONDS - one --duration --cpus all run beside stress-ng,
# peak resident memory polled each second; prints NAME rss_kib file_bytes
rss_run() {
	local name=$1 d=$2 pid peak=0 hwm=0 r
	stress-ng --cpu 2 --io 1 --timeout $((d + 30))s >/dev/null 2>&1 &
	local sp=$!
	sleep 2
	"$RTBENCH" run --duration "${d}s" --cpus all --quiet --json "$OUT/$name.json" >"$OUT/$name.txt" 2>"$OUT/$name.err" &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		r=$(awk '/^VmRSS/ {print $2}' /proc/$pid/status 2>/dev/null)
		[ -n "$r" ] && [ "$r" -gt "$peak" ] && peak=$r
		r=$(awk '/^VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null)
		[ -n "$r" ] && hwm=$r
		sleep 1
	done
	wait $pid
	local rc=$?
	kill $sp 2>/dev/null
	wait $sp 2>/dev/null
	echo "$name rc=$rc rss_peak_kib=$peak vmhwm_kib=$hwm file_bytes=$(stat -c %s "$OUT/$name.json")"
}

part_memory() {
	echo "== memory and file size: rtbench run --duration D --cpus all, beside stress-ng --cpu 2 --io 1"
	others
	flock "$LOCK" bash -c "$(declare -f rss_run); RTBENCH='$RTBENCH' OUT='$OUT'; rss_run m10s 10"
	flock "$LOCK" bash -c "$(declare -f rss_run); RTBENCH='$RTBENCH' OUT='$OUT'; rss_run mlong $LONG"
	python3 - "$OUT/m10s.json" "$OUT/mlong.json" <<'PY'
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f)); lr = d["settings"]["long_run"]
    print(f"{f}: complete {d['complete']}, measured {lr['measured_ns']/1e9:.0f} s, ended {lr['ended']}, "
          f"CPUs {lr['cpus']}, core heap peak {d['footprint']['heap_peak_bytes']} B")
    # where the bytes are (each part re-serialised compactly: a share, not the file's own bytes)
    part = lambda k: sum(len(json.dumps(m.get(k), separators=(",", ":"))) for m in d["metrics"])
    print(f"  parts (compact JSON): histograms {part('histogram')} B, intervals {part('intervals')} B, "
          f"rounds {part('rounds')} B, reservoirs {part('samples')} B, worst {part('worst')} B; "
          f"{len(d['metrics'][0]['intervals'])} intervals of {lr['interval_ns']/1e9:.0f} s")
    for m in d["metrics"]:
        iv = [i["max_ns"] for i in m["intervals"] if i["count"]]
        print(f"  {m['id']:28s} count {m['count']:>9d} min {m['min']/1e3:7.2f} p50 {m['p50']/1e3:7.2f} "
              f"p99 {m['p99']/1e3:8.2f} max {m['max']/1e3:9.1f} us; missed {m['missed']}; "
              f"interval maxima (us) {' '.join(f'{x/1e3:.0f}' for x in iv)}")
PY
}

# cyc_run FILE - cyclictest, every sample in ns on every CPU
cyc_run() {
	# -d0: -S alone adds 500 us to each further thread's period (-d default),
	# so its CPU 1 would run at 1.5 ms; rtbench runs every CPU at 1 ms
	cyclictest -S -d0 -m -p95 -i1000 -N -v -q -D "${PAIR_S}s" >"$1" 2>"$1.err"
}

part_cyclic() {
	echo "== per-CPU min and p50: rtbench vs cyclictest -S -d0 -m -p95 -i1000 -N, $PAIRS interleaved pairs of $PAIR_S s"
	others
	for p in $(seq "$PAIRS"); do
		flock "$LOCK" bash -c "
			$(declare -f cyc_run); PAIR_S=$PAIR_S
			r() { '$RTBENCH' run --duration ${PAIR_S}s --cpus all --period-us 1000 --prio 93 --quiet \
				--json '$OUT/cmp_rtb_$p.json' >/dev/null 2>&1; }
			if [ \$(( $p % 2 )) -eq 1 ]; then r; cyc_run '$OUT/cmp_cyc_$p.txt'; else cyc_run '$OUT/cmp_cyc_$p.txt'; r; fi"
	done
	python3 - "$OUT" "$PAIRS" <<'PY'
import json, sys, collections
out, pairs = sys.argv[1], int(sys.argv[2])
def pct(s, p):
    import math
    r = max(1, min(len(s), math.ceil(p / 100 * len(s) - 1e-9))); return s[r - 1]
rows = collections.defaultdict(list)
for p in range(1, pairs + 1):
    d = json.load(open(f"{out}/cmp_rtb_{p}.json"))
    n = d["settings"]["long_run"]["ncpus"]
    rtb = {}
    for m in d["metrics"]:
        if "@cpu" in m["id"] or n == 1:
            c = int(m["id"].split("@cpu")[1]) if "@cpu" in m["id"] else 0
            rtb[c] = (m["min"], m["p50"])
    cyc = collections.defaultdict(list)
    for line in open(f"{out}/cmp_cyc_{p}.txt"):
        f = line.replace(":", " ").split()
        if len(f) == 3 and all(x.isdigit() for x in f):
            cyc[int(f[0])].append(int(f[2]))
    for t, v in sorted(cyc.items()):
        v = sorted(v[1:])  # the first (cold) sample dropped, as rtbench does
        if not v or t not in rtb: continue
        rows[t].append((rtb[t][0], rtb[t][1], v[0], pct(v, 50), len(v)))
print("CPU pair  rtbench min/p50 (us)  cyclictest min/p50 (us)  ratio min  ratio p50  (cyclictest samples)")
for t in sorted(rows):
    for i, (rmin, rp50, cmin, cp50, n) in enumerate(rows[t]):
        print(f"{t:3d} {i+1:4d}  {rmin/1e3:8.3f} {rp50/1e3:8.3f}      {cmin/1e3:8.3f} {cp50/1e3:8.3f}"
              f"        {rmin/cmin:6.3f}     {rp50/cp50:6.3f}   ({n})")
import statistics as st
print("per CPU, the median over the pairs (the pairs differ by more than the tools do on a shared host):")
for t in sorted(rows):
    r = rows[t]
    rm, rp = st.median(x[0] for x in r), st.median(x[1] for x in r)
    cm, cp = st.median(x[2] for x in r), st.median(x[3] for x in r)
    print(f"  CPU {t}: min {rm/1e3:.3f} vs {cm/1e3:.3f} us (ratio {rm/cm:.3f}), "
          f"p50 {rp/1e3:.3f} vs {cp/1e3:.3f} us (ratio {rp/cp:.3f}); pair ratios p50 "
          f"{min(x[1]/x[3] for x in r):.2f}-{max(x[1]/x[3] for x in r):.2f}")
print("(cyclictest -v thread numbers are its threads, one per CPU in order with -S; rtbench's p50 is a "
      "histogram bucket's lower edge, resolution 1.56%)")
PY
}

part_cost() {
	echo "== one histogram-mode record step beside one counter read"
	others
	cc -O2 -std=c11 -D_GNU_SOURCE -I"$here/include" -I"$here/src/port/posix" -I"$here/src" \
		-o "$OUT/record_cost" "$here/bench/record_cost.c" "$here/build/librtbench.a" -pthread -lrt -lm ||
		{ echo "cannot build bench/record_cost.c"; return; }
	local cpu=$(($(getconf _NPROCESSORS_ONLN) - 1))
	flock "$LOCK" taskset -c $cpu chrt -f 80 "$OUT/record_cost"
	flock "$LOCK" "$RTBENCH" run --duration 1s --quiet --json "$OUT/clock.json" >/dev/null 2>&1 &&
		python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['clock']; print(f\"clock.read_ns {c['read_ns']} (the result's own figure: one timestamp as benchmarks take it), bare_read_ns {c['bare_read_ns']}\")" "$OUT/clock.json"
}

case $ONLY in
all) part_cost; part_cyclic; part_memory ;;
memory) part_memory ;;
cyclic) part_cyclic ;;
cost) part_cost ;;
*) echo "--only: memory, cyclic or cost" >&2; exit 2 ;;
esac
