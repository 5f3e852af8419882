#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side (compare, report and check of rt-tests fixture files: no run)
# rttests.sh - rt-tests --json files (generated with the real tools by
# tests/data/rttests/generate.sh) read by compare, report and check beside
# rtbench results: cyclictest's histogram becomes irq.timer.nanosleep with
# every statistic, marked "from rt-tests"; the tools that write only
# min/avg/max become a summary (figures in the note, nothing compared).
. "$(dirname "$0")/lib.bash"
rt=$data/rttests
test_out rttests
needs_host

for f in "$rt"/*.json; do
	grep -q '"rt_test_version:"' "$f" || fail "$f is not rt-tests output"
done
# cyclictest beside an rtbench run
"$RTBENCH" compare "$data/rtl.json" "$rt/cyclictest.json" >"$out/cmp.txt" 2>&1 || { fail "compare"; cat "$out/cmp.txt"; }
has "$out/cmp.txt" "[irq.timer.nanosleep]"
has "$out/cmp.txt" "(rt-tests cyclictest 2."
has "$out/cmp.txt" "from rt-tests cyclictest"
has "$out/cmp.txt" "p50 shift"
"$RTBENCH" report "$data/rtl.json" "$rt/cyclictest.json" -o "$out/report.html" || fail "report"
has "$out/report.html" "rttbox-cyclictest"
has "$out/report.html" "from rt-tests cyclictest"
has "$out/report.html" 'id="hist-irq.timer.nanosleep"'
# the statistics are the histogram's, at 1 us: check them against python
python3 - "$rt/cyclictest.json" "$out/cyc.csv" <<'PY' || fail "cyclictest statistics against python"
import json, math, subprocess, sys, os
d = json.load(open(sys.argv[1]))
h = {}
for t in d["thread"].values():
    for k, v in t["histogram"].items():
        h[int(k)] = h.get(int(k), 0) + v
n = sum(h.values())
vals = sorted(h)
def pct(q):
    r = math.ceil(q * n); c = 0
    for v in vals:
        c += h[v]
        if c >= r:
            return v * 1000
rtb = os.environ.get("RTBENCH", "build/rtbench")
csv = subprocess.run([rtb, "compare", "-f", "csv", sys.argv[1], sys.argv[1]], capture_output=True, text=True).stdout.splitlines()
row = dict(zip(csv[0].split(","), csv[1].split(",")))
assert row["metric"] == "irq.timer.nanosleep", row
assert int(row["count"]) == n, (row["count"], n)
assert int(row["p50"]) == pct(0.5) and int(row["p99"]) == pct(0.99), (row, pct(0.5), pct(0.99))
assert int(row["max"]) == max(t["max"] for t in d["thread"].values()) * 1000, row
PY
# two cyclictest runs compare with a test on the histograms
"$RTBENCH" compare "$rt/cyclictest.json" "$rt/cyclictest_rerun.json" >"$out/cmp2.txt" || fail "compare two cyclictest runs"
has "$out/cmp2.txt" "uses histogram buckets"
# two threads on two CPUs stay per CPU (their maxima were once merged
# into one), the all-CPU figure says on which CPU its maximum was
"$RTBENCH" compare -f csv "$rt/cyclictest_2cpu.json" "$rt/cyclictest_2cpu.json" >"$out/2cpu.csv" || fail "compare 2cpu"
python3 - "$rt/cyclictest_2cpu.json" "$out/2cpu.csv" <<'PY' || fail "2-CPU cyclictest"
import csv, json, sys
d = json.load(open(sys.argv[1]))
rows = {r["metric"]: r for r in csv.DictReader(open(sys.argv[2])) if r["role"] == "baseline"}
th = {t["cpu"]: t for t in d["thread"].values()}
assert len(th) == 2, th
for cpu, t in th.items():
    r = rows["irq.timer.nanosleep@cpu%d" % cpu]
    assert int(r["max"]) == t["max"] * 1000 and int(r["count"]) == t["cycles"], (cpu, r, t)
assert int(rows["irq.timer.nanosleep"]["max"]) == max(t["max"] for t in th.values()) * 1000
PY
"$RTBENCH" compare "$rt/cyclictest_2cpu.json" "$rt/cyclictest_2cpu.json" >"$out/2cpu.txt"
has "$out/2cpu.txt" "[irq.timer.nanosleep@cpu1]"
has "$out/2cpu.txt" "; max (on CPU 0)"
# an overflowed histogram (-h 20) keeps the file's own max and its overflow
# count, and is compared and checked on them (once dropped with "no
# distribution to compare"; check passed it: "0 passed, 0 failed, 1 skipped")
ovf=$rt/cyclictest_overflow.json
"$RTBENCH" compare "$rt/cyclictest_2cpu.json" "$ovf" >"$out/ovf.txt" || fail "compare overflow"
over=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(t["cycles"]-sum(t["histogram"].values()) for t in d["thread"].values()))' "$ovf")
mx=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%.3f" % max(t["max"] for t in d["thread"].values()))' "$ovf")
has "$out/ovf.txt" "Worst case: max $mx on"
has "$out/ovf.txt" ": $over of "
has "$out/ovf.txt" "values above its histogram's top"
"$RTBENCH" check --max-us 100 "$ovf" >"$out/ovf.chk"; rc=$?
[ $rc -eq 1 ] || fail "check --max-us 100 on an overflowed histogram exited $rc, want 1"
has "$out/ovf.chk" "FAIL irq.timer.nanosleep: max $mx us > 100.000 us (--max-us 100)"
"$RTBENCH" check --max-p99-us 100 "$ovf" >"$out/ovf2.chk"; rc=$?
[ $rc -eq 1 ] || fail "--max-p99-us on an overflowed histogram exited $rc, want 1 (not judged)"
has "$out/ovf2.chk" "p99 cannot be evaluated for --max-p99-us 100"
# an overflow the percentiles do not reach leaves them exact: a file of
# cyclictest -h 1000 (two threads, 100000 cycles each: 500 at each of
# 20..219 us, CPU 1 one higher, 12 of each past 999 us) has p50 120, p99 218,
# p99.9 220 us from its histogram (the overflowed samples lie above every
# counted one); only p99.99 is unknown, and that is said. It lost every
# percentile: compare printed "-", check "p99 cannot be evaluated", the
# report drew no histogram.
python3 - "$out/q.json" <<'PY' || fail "writing the overflowed cyclictest file"
import json, sys
def thread(cpu, sh):
    h = {str(v + sh): 500 for v in range(20, 220)}
    h[str(219 + sh)] -= 12
    s = sum((v + sh) * 500 for v in range(20, 220)) - 12 * (219 + sh) + 12 * 1500
    return {"cycles": 100000, "min": 20 + sh, "max": 2500, "avg": round(s / 100000, 2), "cpu": cpu,
            "node": 0, "histogram": h}
json.dump({"file_version": 1, "cmdline:": "cyclictest -S -m -p95 -i200 -h 1000 --json=q.json",
           "rt_test_version:": "2.5", "start_time": "Sat, 05 Dec 2026 00:00:00 +0000", "return_code": 0,
           "sysinfo": {"sysname": "Linux", "nodename": "rttbox", "release": "6.18", "machine": "x86_64"},
           "num_threads": 2, "resolution_in_ns": 0, "thread": {"0": thread(0, 0), "1": thread(1, 1)}},
          open(sys.argv[1], "w"))
PY
"$RTBENCH" compare "$out/q.json" "$out/q.json" >"$out/q.txt" || fail "compare an overflowed histogram"
grep -m1 -E "^p50 +120\.000 +120\.000" "$out/q.txt" >/dev/null || fail "p50 of the overflowed file: $(grep -m1 '^p50' "$out/q.txt")"
grep -m1 -E "^p99 +218\.000" "$out/q.txt" >/dev/null || fail "p99: $(grep -m1 '^p99 ' "$out/q.txt")"
grep -m1 -E "^p99\.9 +220\.000" "$out/q.txt" >/dev/null || fail "p99.9: $(grep -m1 '^p99.9' "$out/q.txt")"
has "$out/q.txt" "p50/p90/p99/p99.9 exact from its histogram"
has "$out/q.txt" "its 24 overflowed samples (0.012%) all lie above its top 1000 us"
has "$out/q.txt" "p99.99 not known"
"$RTBENCH" check "$out/q.json" --max-p99-us 50 >"$out/q.chk"; rc=$?
[ $rc -eq 1 ] || fail "check --max-p99-us 50 exited $rc, want 1"
has "$out/q.chk" "FAIL irq.timer.nanosleep: p99 218.000 us > 50.000 us (--max-p99-us 50)"
"$RTBENCH" check "$out/q.json" --max-p99-us 500 >"$out/q.chk" || fail "check --max-p99-us 500 did not pass"
"$RTBENCH" report "$out/q.json" -o "$out/q.html" || fail "report an overflowed histogram"
has "$out/q.html" 'id="hist-irq.timer.nanosleep"'
# tail counts over a threshold at the top exactly: the 24 overflowed
"$RTBENCH" tail "$out/q.json" -m irq.timer.nanosleep -t 999 >"$out/q.tail" || fail "tail"
has "$out/q.tail" "over 999.0 us: 24 of 200000 samples"

# the settings rt-tests' command line states are read (compare once
# listed every rtbench setting as "(absent)")
"$RTBENCH" compare "$data/rtl.json" "$rt/cyclictest.json" >"$out/set.txt"
has "$out/set.txt" "note: settings.period_ns differs: rtlinux-like 200000, rttbox-cyclictest 1000000"
grep -q '(absent)' "$out/set.txt" && { fail "a setting listed as (absent)"; }
# no invented difference: cyclictest -p 80 is the measuring
# thread's own priority, rtbench's --prio a base the thread runs 2 above
# (so --prio 78 is the same thread priority, --prio 93 is 95); cyclictest
# counts no missed periods (unknown, never 0); no -1 sentinel
python3 - "$data/rtl.json" "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for prio, name in ((78, "same"), (93, "p93")):
    r["settings"]["prio"] = prio
    r["settings"]["samples"] = -1
    for m in r["metrics"]:
        if m["id"] == "irq.timer.nanosleep":
            m["missed"] = 7
    json.dump(r, open("%s/rtb_%s.json" % (sys.argv[2], name), "w"))
PY
"$RTBENCH" compare "$out/rtb_same.json" "$rt/cyclictest.json" >"$out/same.txt" 2>&1 || fail "compare same"
grep -q 'settings.*prio' "$out/same.txt" && fail "a priority difference where both threads ran at SCHED_FIFO 80: $(grep prio "$out/same.txt")"
grep -qE '(^|[ (])-1([ ,)]|$)' "$out/same.txt" && fail "a -1 sentinel printed: $(grep -E '(^|[ (])-1([ ,)]|$)' "$out/same.txt")"
grep -q 'settings.samples' "$out/same.txt" && fail "settings.samples compared: $(grep settings.samples "$out/same.txt")"
has "$out/same.txt" "Missed timer periods: 7 on rtlinux-like"
has "$out/same.txt" "unknown on rttbox-cyclictest (its file does not count them)"
grep -q 'Missed timer periods: [0-9]* vs' "$out/same.txt" && fail "missed periods N vs M beside cyclictest"
"$RTBENCH" compare "$out/rtb_p93.json" "$rt/cyclictest.json" >"$out/p93.txt" 2>&1 || fail "compare p93"
has "$out/p93.txt" "note: settings.measuring_prio differs: rtlinux-like 95, rttbox-cyclictest 80"
"$RTBENCH" report "$out/rtb_same.json" "$rt/cyclictest.json" -o "$out/same.html" || fail "report same"
grep -qE '<td>settings\.[a-z_]*</td><td>-1</td>' "$out/same.html" && fail "report shows a -1 setting"
"$RTBENCH" check --fail-if 'missed>0' "$rt/cyclictest.json" >"$out/missed.chk"; rc=$?
[ $rc -eq 1 ] && has "$out/missed.chk" "missed cannot be evaluated" ||
	fail "check missed>0 on cyclictest (counts none): exit $rc, want 1, not judged"
# min/avg/max-only tools: mapped ids, figures in the note
for t in ptsematest:sync.mutex.wakeup pmqtest:ipc.mqueue.wakeup svsematest:sync.sem.wakeup sigwaittest:rttests.sigwaittest; do
	tool=${t%%:*} id=${t#*:}
	"$RTBENCH" check -f junit "$rt/$tool.json" >"$out/$tool.xml" || fail "check $tool"
	grep -q "name=\"$id\(.xcpu\)\?\"" "$out/$tool.xml" || { fail "$tool not mapped to $id"; cat "$out/$tool.xml"; }
	has "$out/$tool.xml" "from rt-tests $tool"
	has "$out/$tool.xml" "its --json output has no histogram"
done
"$RTBENCH" report "$data/rtl.json" "$rt/cyclictest.json" "$rt/pmqtest.json" -o "$out/r3.html" || fail "report with pmqtest"
has "$out/r3.html" "from rt-tests pmqtest"
# an avg beyond min..max (1e308) is named as such, exit 2 (it
# was once refused as "mean is missing")
python3 - "$rt/cyclictest.json" "$out/avg.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
def walk(o):
    if isinstance(o, dict):
        for k in o:
            if k == "avg":
                o[k] = 1e308
            else:
                walk(o[k])
    elif isinstance(o, list):
        for v in o:
            walk(v)
walk(d)
json.dump(d, open(sys.argv[2], "w"))
PY
"$RTBENCH" check "$out/avg.json" >/dev/null 2>"$out/avg.err"
rc=$?
[ $rc -eq 2 ] && grep -q "avg 1e+308 is outside its min" "$out/avg.err" && ok "avg 1e308: named, exit 2" ||
	fail "avg 1e308: exit $rc: $(cat "$out/avg.err")"
[ "$fails" -eq 0 ] && echo "rttests: ok"
done_test
