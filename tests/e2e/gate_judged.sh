#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# gate_judged.sh - nothing passes that was not measured: the one
# rule of src/host/stats/judge.c, as `check`, `compare` and `fleet` apply it, on
# result files as the audit made them (each passed `check` before):
#  1. a run stopped before it measured anything (the old writer: complete
#     true, nothing planned, no metric; the new: planned 1, done 0);
#     a run stopped in its first of two measurements (the second vanished);
#     a file rewritten mid-run (ended "running", measured_ns 0 before);
#     a run whose load failed (settings.load_failed).
#  6. check --baseline and a measurement with no samples (skipped, count 0)
#     that the baseline measured.
#  9. a measurement that ran and saw nothing (count 0, status ok): `count`
#     is judged (passes count>0 rules), max is not.
# 10. check --baseline and a result that lacks a measurement the baseline
#     measured (it passed: "9 measurements, 8 passed"): a failing case
#     named by its id; --allow-missing skips it.
# And the run itself: --break-us in an untraced --duration run stops it
# (item 4); a --duration run whose --load-cmd fails exits 1 (item 5).
. "$(dirname "$0")/lib.bash"
test_out gate_judged
needs_host

python3 - "$data" "$out" <<'PY'
import copy, json, sys
data, out = sys.argv[1], sys.argv[2]
long = json.load(open(f"{data}/long64.json"))
rtl = json.load(open(f"{data}/rtl.json"))
def save(name, d):
    json.dump(d, open(f"{out}/{name}.json", "w"))
# 1: stopped at once, as the old writer wrote it
d = copy.deepcopy(long)
d["metrics"] = []
d["progress"].update(benchmarks_done=0, benchmarks_planned=0, rounds_done=0, rounds_planned=0)
d["settings"]["long_run"].update(ended="signal", signal=2, measured_ns=0)
save("stopped0", d)
# 1: stopped in the first of two measurements (the old writer: planned = done, complete)
d = copy.deepcopy(long)
d["settings"]["long_run"].update(ended="signal", signal=2, measured_ns=30 * 10**9)
save("stopped1", d)
# 12: a file rewritten mid-run
d = copy.deepcopy(long)
d["complete"] = False
d["progress"].update(benchmarks_done=0, final=False)
d["settings"]["long_run"].update(ended="running", measured_ns=180 * 10**9)
save("running", d)
# 5: the load failed
d = copy.deepcopy(rtl)
d["settings"]["load_failed"] = True
save("loadfail", d)
# 6: a measurement with no samples here, measured in the baseline
for status in ("skipped", "ok"):
    d = copy.deepcopy(rtl)
    for m in d["metrics"]:
        if m["id"] == "ipc.mqueue.wakeup":
            for k in list(m):
                if k not in ("id", "title", "study_table", "unit", "method", "note", "extras"):
                    del m[k]
            m.update(status=status, count=0, note="no samples")
    save(f"nosamples_{status}", d)
# 9: a noise measurement that ran and saw no gap
d = copy.deepcopy(rtl)
m = copy.deepcopy(d["metrics"][-1])
for k in list(m):
    if k not in ("title", "study_table", "unit", "method", "extras"):
        del m[k]
m.update(id="noise.gap@cpu1", status="ok", count=0, note="")
d["metrics"] = [m]
save("nogap", d)
PY

# 1. a stopped run fails the gate, saying what was not measured
expect 1 "$RTBENCH" check --max-p99-us 10000 "$out/stopped0.json"
has "$out/o" "stopped by signal 2 after 0.0 s of 600 s planned"
expect 1 "$RTBENCH" check --fail-if 'max>1us' "$out/stopped0.json"
expect 1 "$RTBENCH" check --max-p99-us 10000 --allow-incomplete "$out/stopped0.json"
has "$out/o" "no measurement ran, so nothing was judged"
expect 1 "$RTBENCH" check --max-p99-us 10000 "$out/stopped1.json"
has "$out/o" "stopped by signal 2 after 30.0 s of 600 s planned"
expect 0 "$RTBENCH" check --max-p99-us 10000 --allow-incomplete "$out/stopped1.json"
# 12. mid-run: the time it holds, not "0 of 1 benchmarks measured"
expect 1 "$RTBENCH" check "$out/running.json"
has "$out/o" "written while the run was still measuring (180.0 s of 600 s held)"
# 5. a failed load
expect 1 "$RTBENCH" check "$out/loadfail.json"
has "$out/o" "the load ended before rtbench ended it"
# compare says it; fleet ranks such a run last and marks it
expect 0 "$RTBENCH" compare "$data/long64.json" "$out/stopped1.json"
has "$out/o" "INCOMPLETE run (stopped by signal 2 after 30.0 s of 600 s planned"
expect 0 "$RTBENCH" compare --fleet -f csv "$out/stopped1.json" "$data/long64.json"
python3 - "$out/o" <<'PY' || fail "fleet: the stopped run is not marked and ranked last"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert [r["whole"] for r in rows] == ["true", "false"], rows
assert rows[1]["file"].endswith("stopped1.json"), rows
PY

# 6. --baseline: no samples here, samples in the baseline: not passed
for s in skipped ok; do
	expect 1 "$RTBENCH" check --baseline "$data/rtl.json" "$out/nosamples_$s.json"
	has "$out/o" "FAIL ipc.mqueue.wakeup: p99 cannot be evaluated for --baseline"
	expect 0 "$RTBENCH" check --baseline "$data/rtl.json" --allow-missing "$out/nosamples_$s.json"
done

# 9. count 0 of a measurement that ran is a figure; its max is not
expect 0 "$RTBENCH" check --fail-if 'noise.*:count>0' "$out/nogap.json"
has "$out/o" "1 passed, 0 failed"
expect 1 "$RTBENCH" check --fail-if 'noise.*:count>=0' "$out/nogap.json"
expect 1 "$RTBENCH" check --fail-if 'noise.*:max>100us' "$out/nogap.json"
has "$out/o" "max cannot be evaluated for noise.*:max>100us: no samples (count 0)"

# 10. in the baseline, absent from the result: not judged, not passed
python3 - "$data/vx.json" "$out/vx_less.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["metrics"][0]["id"] == "ctxsw.rr.yield"
d["metrics"] = d["metrics"][1:]
json.dump(d, open(sys.argv[2], "w"))
PY
expect 1 "$RTBENCH" check --baseline "$data/vx.json" "$out/vx_less.json"
has "$out/o" "FAIL ctxsw.rr.yield: in the baseline $data/vx.json, absent from $out/vx_less.json: not judged"
expect 0 "$RTBENCH" check --baseline "$data/vx.json" --allow-missing "$out/vx_less.json"
has "$out/o" "0 failed, 2 skipped"
expect 0 "$RTBENCH" check --baseline "$data/vx.json" "$data/vx.json"

# 4, 5: the run itself (real-time: under the shared lock by tests/run.sh's caller)
"$RTBENCH" run --duration 30s --break-us 1 --quiet --json "$out/brk.json" >/dev/null 2>"$out/brk.err"
rc=$?
python3 - "$out/brk.json" <<'PY' && [ $rc -eq 0 ] && ok "--break-us stops an untraced --duration run" || fail "--break-us in an untraced --duration run: exit $rc: $(cat "$out/brk.err")"
import json, sys
d = json.load(open(sys.argv[1]))
lr, b = d["settings"]["long_run"], d["settings"]["break"]
assert lr["ended"] == "break" and b["hit"] is True, (lr, b)
assert lr["measured_ns"] < 30 * 10**9 and d["complete"] is False, lr
PY
"$RTBENCH" run --duration 1s --quiet --load-cmd /nonexistent/cmd --json "$out/lf.json" >/dev/null 2>"$out/lf.err"
rc=$?
[ $rc -eq 1 ] && ok "a --duration run whose load fails exits 1" || fail "load failure: exit $rc: $(cat "$out/lf.err")"
expect 1 "$RTBENCH" check "$out/lf.json"
has "$out/o" "the load ended before rtbench ended it"
done_test
