#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: the kernel's events around the worst samples in the field's
# formats (run --trace --trace-dat PREFIX). A task this test names spins
# SCHED_FIFO 95 on the measured CPU, 15 ms every 47 ms (tests/e2e/helpers/
# spiker.c, started and ready before rtbench: its ready file), so the
# worst samples have a known holder. `trace-cmd report` must read the
# .dat and list, between rtbench's mark where the max sample's period began
# and its mark at the sample's end (ftrace print events), the timer
# interrupt that woke the measured task and the sched_switch to it, and
# the marks must be the sample's length apart; the .json is Trace Event
# Format with the sample's track. A --break-us run writes the break's
# window as <result>.break-trace.dat too. Skips when tracefs is not
# available (needs_trace) or trace-cmd is not installed.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out trace_dat
needs_trace
needs_cmd trace-cmd "tests/packages.txt: trace-cmd"
cpu=$(( $(nproc) - 1 ))
name="rtbdat$$"
name=${name:0:15}

start_spiker "$name" "$cpu" 15000 47 || fail "the spiker did not start"
"$RTBENCH" run --trace --trace-dat "$out/x" --tests irq.timer.nanosleep --cpu "$cpu" --samples 2000 \
	--rounds 1 --json "$out/r.json" >"$out/r.txt" 2>"$out/r.err"
rc=$?
stop_spiker
[ $rc -eq 0 ] && ok "traced run with --trace-dat exited 0" || fail "exit $rc: $(tail -2 "$out/r.err")"
dat=$out/x.irq.timer.nanosleep.r1.dat
[ -s "$dat" ] && [ -s "$out/x.irq.timer.nanosleep.r1.json" ] && ok "the .dat and .json were written" ||
	fail "no $dat or its .json: $(ls "$out")"
trace-cmd report "$dat" >"$out/report.txt" 2>"$out/report.err"
rc=$?
[ $rc -eq 0 ] && ok "trace-cmd report reads it" || fail "trace-cmd report exit $rc: $(head -3 "$out/report.err")"

python3 - "$out/r.json" "$out/report.txt" "$out/x.irq.timer.nanosleep.r1.json" "$name" <<'PY' &&
import json, re, sys
r = json.load(open(sys.argv[1])); rep = open(sys.argv[2]).read().splitlines(); name = sys.argv[4]
m = next(m for m in r["metrics"] if m["id"] == "irq.timer.nanosleep")
w = m["trace"]["worst"]
assert w and w[0]["sample_ns"] == m["max"], w[:1]
# report lines: "comm-pid [cpu] secs: event: fields"
line_re = re.compile(r"^\s*(.+)-(\d+)\s+\[(\d+)\]\s+(\d+\.\d+):\s+(\S+):\s+(.*)$")
rows = [x for x in (line_re.match(l) for l in rep) if x]
assert len(rows) > 10, rep[:5]
label = "irq.timer.nanosleep max %.1f us" % (w[0]["sample_ns"] / 1000.0)
begin = [i for i, x in enumerate(rows) if x.group(5) == "print" and label + ": the sample's period begins" in x.group(6)]
end = [i for i, x in enumerate(rows) if x.group(5) == "print" and label + ": the sample ends (its stamp)" in x.group(6)]
assert len(begin) == 1 and len(end) == 1 and begin[0] < end[0], (label, begin, end)
b, e = rows[begin[0]], rows[end[0]]
cpu = e.group(3)
assert cpu == b.group(3) and int(cpu) == w[0]["cpu"], (cpu, w[0]["cpu"])
tid = e.group(2)
# the marks are the sample's length apart (report prints whole us)
us = (float(e.group(4)) - float(b.group(4))) * 1e6
assert abs(us - w[0]["sample_ns"] / 1000.0) <= 2.0, (us, w[0]["sample_ns"])
win = [x for x in rows[begin[0]:end[0] + 1] if x.group(3) == cpu]
irq = [x for x in win if x.group(5) in ("local_timer_entry", "irq_handler_entry")]
sw = [x for x in win if x.group(5) == "sched_switch" and re.search(r"==> .*:%s \[" % tid, x.group(6))]
assert irq, "no timer interrupt in the window"
assert sw, "no switch to the measured task %s in the window" % tid
print("window on CPU %s: %d events, %s; %s" % (cpu, len(win), irq[0].group(0).strip(), sw[-1].group(0).strip()))
# the spiker, when it held the max (it should: 15 ms spins), is the task
# the CPU left for the measured one
if w[0]["held_by"][0]["name"] == name:
    assert name in sw[-1].group(6).split("==>")[0], sw[-1].group(0)
# every kept worst sample has its marks
for k, x in enumerate(w):
    lab = "irq.timer.nanosleep %s %.1f us" % ("max" if k == 0 else "#%d worst" % (k + 1), x["sample_ns"] / 1000.0)
    assert any(r.group(5) == "print" and lab + ": the sample ends" in r.group(6) for r in rows), lab
# Perfetto's form: Trace Event JSON, a process a sample, slices balanced
t = json.load(open(sys.argv[3]))["traceEvents"]
procs = [x["args"]["name"] for x in t if x.get("name") == "process_name"]
assert label in procs, procs
bal = {}
for x in t:
    if x["ph"] in "BE":
        bal[(x["pid"], x["tid"])] = bal.get((x["pid"], x["tid"]), 0) + (1 if x["ph"] == "B" else -1)
assert set(bal.values()) == {0}, bal
PY
	ok "trace-cmd report lists the max's window: its timer interrupt, the switch to the task, rtbench's marks" ||
	fail "the report does not show the worst sample's window (report: $out/report.txt)"

# the break: its window as a trace.dat beside the result
start_spiker "$name" "$cpu" 15000 47 || fail "the spiker did not start"
"$RTBENCH" run --trace --tests irq.timer.nanosleep --cpu "$cpu" --samples 2000 --rounds 1 --break-us 10000 \
	--json "$out/b.json" >"$out/b.txt" 2>"$out/b.err"
rc=$?
stop_spiker
[ $rc -eq 0 ] && ok "--break-us run exited 0" || fail "--break-us run exit $rc: $(tail -2 "$out/b.err")"
if trace-cmd report "$out/b.json.break-trace.dat" >"$out/breport.txt" 2>"$out/breport.err" &&
	grep -q "print: .*rtbench: the sample over --break-us .* ends (its stamp)" "$out/breport.txt" &&
	grep -q "sched_switch:" "$out/breport.txt"; then
	ok "the break's window as a trace.dat: $(grep -m1 'over --break-us' "$out/breport.txt" | sed 's/^ *//')"
else
	fail "no break trace.dat with its mark: $(head -2 "$out/breport.err")"
fi
done_test
