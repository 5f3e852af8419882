#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: the worst sample's cause, named. A task with a name
# this test chooses runs SCHED_FIFO 95 on the measured CPU and spins 15 ms
# every 47 ms (above what a busy machine's own delays reach: a 5 ms spin
# lost the worst five to another program's 7 ms of kernel work under load) (tests/e2e/helpers/spiker.c): a timer sample that comes due
# while it spins waits for it. The traced run's worst samples must name
# that task as their largest contributor, with most of the sample's share; the
# same run without it must not name it anywhere. (A larger unrelated spike,
# e.g. another program's kernel work on this non-preemptible kernel, may be
# the max: it must then be named for what it was; the spiker's samples are
# still among the worst five.) --break-us stops a run at
# the first sample over it, says so, exits 0 and explains that sample.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out worst_cause
needs_trace
cpu=$(( $(nproc) - 1 ))
name="rtbspk$$"
name=${name:0:15}

# run_one TAG [spike] [extra options...] - with the spike, the spiker
# spins (it said so) before rtbench starts and until it has ended: the
# whole run, whatever its set-up takes, with no guessed wait (the traced
# pass of a run by count follows the untraced one within a fraction of a
# second: a spiker started at "measuring" could miss part of it on a busy
# machine)
run_one() {
	local tag=$1 spike=$2
	shift 2
	if [ "$spike" = spike ]; then
		start_spiker "$name" "$cpu" 15000 47 || { fail "the spiker did not start"; return 1; }
	fi
	"$RTBENCH" run --trace --tests irq.timer.nanosleep --cpu "$cpu" --samples 2000 --rounds 1 \
		--json "$out/$tag.json" "$@" >"$out/$tag.txt" 2>"$out/$tag.err"
	local rc=$?
	stop_spiker
	return $rc
}

run_one spike spike
rc=$?
[ $rc -eq 0 ] && ok "traced run with the spike exited 0" || fail "exit $rc: $(tail -2 "$out/spike.err")"
python3 - "$out/spike.json" "$name" <<'PY' && ok "the worst samples name $name with most of their share" || fail "spike not explained: $(grep -m2 'max' "$out/spike.txt")"
import json, sys
r = json.load(open(sys.argv[1])); name = sys.argv[2]
m = next(m for m in r["metrics"] if m["id"] == "irq.timer.nanosleep")
w = m["trace"]["worst"]
assert w and w[0]["sample_ns"] == m["max"], (w[:1], m["max"])
# ~8 spins of 15 ms fall in the traced pass: they are the worst samples,
# unless something larger unrelated happened (another program's kernel
# work, the host), which must then be named for what it was
# The spiker's entry, by name, not only the list's first: a side test's
# task in a non-preemptible kernel section can hold the same window longer
# (seen in CI: a python3's 29 ms beside the spiker's 15 ms, twice in 5)
def spun(x):
    return next((c for c in x["held_by"] if c["name"] == name), None)
mine = [x for x in w if spun(x) and (spun(x)["share"] > 0.5 or spun(x)["ns"] >= 13500000)]
assert len(mine) >= 3, [x["line"] for x in w]
assert any(x["held_by"][0]["name"] == name for x in mine), [x["line"] for x in w]
for x in mine:
    top = spun(x)
    assert top["kind"] == "task" and top["prio"] == 4, x["line"]   # SCHED_FIFO 95
    assert name in x["line"]
for x in w:
    assert sum(c["ns"] for c in x["held_by"]) + x["other_ns"] - x["window_ns"] in range(-10, 11), x
    # the window's list by the phases' rule: the time before the interrupt
    # with no event is its own entry (no task's share), equal to the phase's
    pre = [p for p in x["phases"] if p["phase"] == "before_irq"]
    if pre:
        un = [c["ns"] for c in x["held_by"] if c["kind"] == "unseen"]
        ne = pre[0]["no_event_ns"]   # (to an NMI's length, if one fell on the cut's tick)
        assert abs(sum(un) - ne) <= max(10, ne // 100) and len(un) <= 1, x
        assert all(c["first_ns"] + 1 >= pre[0]["ns"] for c in x["held_by"]
                   if c["kind"] in ("task", "self", "idle")), x
print(w[0]["line"])
if w[0] not in mine:
    print("the max was something else:", w[0]["line"])
PY
grep -q "^The worst samples explained" "$out/spike.txt" && grep -q "^  irq.timer.nanosleep .*$name" "$out/spike.txt" &&
	ok "the text names it" || fail "the text does not name it"

# the report shows them (host side built: rtbench report exists)
if "$RTBENCH" report --help >/dev/null 2>&1; then
	"$RTBENCH" report "$out/spike.json" -o "$out/spike.html" >/dev/null 2>&1 &&
		grep -A8 '<div class="worst">' "$out/spike.html" | grep -q "<li><code>irq.timer.nanosleep .*$name" &&
		ok "the report shows the worst samples explained" || fail "the report does not show them"
fi

run_one quiet none
rc=$?
[ $rc -eq 0 ] && ok "traced run without the spike exited 0" || fail "exit $rc"
if grep -q "$name" "$out/quiet.json" "$out/quiet.txt"; then
	fail "without the spike the explanation still names $name"
else
	ok "without the spike $name is never named: $(grep -m1 '^  irq.timer.nanosleep max' "$out/quiet.txt")"
fi

# --break-us: the first sample over 10000 us stops the run, explained
run_one break spike --break-us 10000
rc=$?
[ $rc -eq 0 ] && ok "--break-us run exited 0" || fail "--break-us run exited $rc: $(tail -2 "$out/break.err")"
grep -q "stopped at the first sample over --break-us 10000 (like cyclictest -b)" "$out/break.err" &&
	ok "it says why it stopped" || fail "no break line: $(cat "$out/break.err")"
python3 - "$out/break.json" "$name" <<'PY' && ok "the break sample kept and explained" || fail "break sample"
import json, sys
r = json.load(open(sys.argv[1])); name = sys.argv[2]
b = r["settings"]["break"]
assert b["us"] == 10000 and b["hit"] is True and b["metric"] == "irq.timer.nanosleep" and b["sample_ns"] > 10000000, b
assert r["complete"] is False
m = next(m for m in r["metrics"] if m["id"] == "irq.timer.nanosleep")
assert m["count"] < 2000 and m["max"] == b["sample_ns"], (m["count"], m["max"])
w = [x for x in m["trace"]["worst"] if x["break"]]
assert len(w) == 1 and w[0]["sample_ns"] == b["sample_ns"], w
assert "(over --break-us 10000)" in w[0]["line"], w[0]["line"]
# the first sample over 10000 us is the spiker's, or a gap of the host's
# own in which the trace saw no event on that CPU (this KVM guest loses
# its vCPU for ms at a time: a 4.2 ms one with 'idle' 99.7% beat the
# spiker once in CI; before the interrupt such a gap is 'unseen' "none
# seen", whoever was current); either way the kept sample is explained by
# what held its CPU, and naming the spiker is checked above. Or another
# program's task, named (a side test's python3 held this CPU 29 ms in a
# non-preemptible kernel section in CI, listed ahead of the spiker)
top = w[0]["held_by"][0]
sp = next((c for c in w[0]["held_by"] if c["name"] == name), None)
assert (sp and sp["ns"] >= 9000000) or (top["kind"] in ("idle", "unseen", "task") and top["share"] > 0.5), w[0]["line"]
print(w[0]["line"])
# the evidence, the window of events around it, beside the result
# and named in it: Trace Event Format JSON (Perfetto, chrome://tracing),
# the sample on its own track, bounded
ev = b["evidence"]
assert ev["file"] == sys.argv[1] + ".break-trace.json" and ev["format"] == "trace-event-json", ev
t = json.load(open(ev["file"]))
names = [e.get("name", "") for e in t["traceEvents"]]
assert any(x.startswith("sample ") and "over --break-us" in x for x in names), names[:20]
assert 0 < ev["events"] <= 4096 and len(t["traceEvents"]) < 4 * 4096 + 64, ev
assert any(e.get("ph") == "B" and e.get("tid") == 1 for e in t["traceEvents"]), "no CPU track"
# the blocker's kernel stack: when the spiker held the CPU
# after the wake-up, the CPU left it for the measured task when it went
# back to sleep in clock_nanosleep, and that is where its stack says it was
st = b["stack"]
assert isinstance(st["frames"], list) and (st["frames"] or st["note"]), st
if top["name"] == name:
    assert st["task"] == name and st["prio"] == 4, st
    assert any("nanosleep" in f for f in st["frames"]), st
    assert not any(f.startswith(("__schedule+", "trace_event_raw")) for f in st["frames"]), st
    ks = [e for e in t["traceEvents"] if e.get("name", "").startswith("kernel stack of " + name)]
    assert len(ks) == 1 and ks[0]["args"]["frames"] == st["frames"], ks
    print("stack:", " <- ".join(st["frames"][:4]))
PY
grep -q "^The kernel stack of task .*which its CPU left for the measured task\|^No kernel stack of a blocking task: " \
	"$out/break.txt" && ok "the text gives the blocker's kernel stack (or why none)" || fail "no stack line in the text"
done_test
