#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: the watchdog's forced exit leaves a whole result
# (docs/long-runs.md "A stop at any moment"). A run on every CPU for 2 s
# whose supervisor never runs again once it says "measuring"
# (RTB_TEST_STALL_SUPERVISOR: as a supervisor starved for good on an
# oversubscribed machine, the one way to make it deterministic) with the
# watchdog's slack shortened to 2 s (RTB_WD_SLACK_S; past the 1 s after
# the planned end at which a starved supervisor is taken for one):
#   - the watchdog stops the measuring threads 1 s past the planned end
#     (the supervisor starved: said), stops the phase 1 s later (overran
#     its bound), and, the supervisor making no progress, writes the
#     result itself, restores the settings and exits 3;
#   - the file is whole: valid JSON of the schema (python3-jsonschema,
#     when installed; zz_schema validates it too), ended "watchdog",
#     final, complete false, every metric "partial" with samples, the note
#     and the warning saying the watchdog ended it and why, the time
#     measured that of the threads (under the 9 s the process lived);
#   - nothing of it left running, the settings lock free (a next run
#     starts).
# The wait is on the run's own --ready file and its exit, never a sleep.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out watchdog_write

RTB_TEST_STALL_SUPERVISOR=1 RTB_WD_SLACK_S=2 "$RTBENCH" run -D 2s --cpus all \
	--tests irq.timer.nanosleep --period-us 1000 --quiet --ready "$out/ready" \
	--json "$out/w.json" 2>"$out/err" &
pid=$!
wait_measuring "$out/ready" $pid irq.timer.nanosleep || fail "the run never said it was measuring"
wait $pid
rc=$?
[ $rc -eq 3 ] && ok "forced exit: status 3" || { fail "exit $rc, want 3"; sed 's/^/  | /' "$out/err"; }
has "$out/err" "the supervisor has not ended the measurement"
has "$out/err" "phase overran its time bound"
# in that order: the threads stopped at the planned end, not at the bound
a=$(grep -n "the supervisor has not ended" "$out/err" | head -1 | cut -d: -f1)
b=$(grep -n "phase overran its time bound" "$out/err" | head -1 | cut -d: -f1)
[ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ] && ok "stopped at the planned end, then the bound" ||
	fail "the planned end's stop did not come before the bound's"
has "$out/err" "writing the result, restoring settings and exiting"

python3 - "$out/w.json" "$root/docs/rtbench-result.schema.json" <<'PY' || fail "the result is not whole"
import json, sys
r = json.load(open(sys.argv[1]))
bad = []
lr = r["settings"]["long_run"]
if lr["ended"] != "watchdog": bad.append("ended %r" % lr["ended"])
if r["complete"] is not False: bad.append("complete %r" % r["complete"])
if r["progress"]["final"] is not True: bad.append("not final")
if not 0 < lr["measured_ns"] < 9e9: bad.append("measured_ns %r" % lr["measured_ns"])
ms = r["metrics"]
if len(ms) < 2: bad.append("%d metrics" % len(ms))
for m in ms:
    if m["status"] != "partial": bad.append("%s: status %s" % (m["id"], m["status"]))
    if not m.get("count"): bad.append("%s: no samples" % m["id"])
    if "stopped by the watchdog" not in (m.get("note") or ""): bad.append("%s: note %r" % (m["id"], m.get("note")))
if not any("the watchdog ended the run" in w for w in r["warnings"]): bad.append("no warning")
try:
    import jsonschema
    jsonschema.Draft7Validator(json.load(open(sys.argv[2]))).validate(r)
    print("ok: schema-valid")
except ImportError:
    print("note: python3-jsonschema not installed: zz_schema validates it")
for b in bad:
    print("  | " + b)
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && ok "a whole result: ended watchdog, every metric partial, said why"

# nothing left: the measuring threads went with the process; the settings
# lock taken by a next run at once (it would wait for a holder)
alive $pid && fail "rtbench still runs"
expect 0 "$RTBENCH" run --tests irq.timer.nanosleep --samples 20 --rounds 1 --quiet --json "$out/next.json"
[ -s "$out/next.json" ] && ok "the next run ran"

# A supervisor starved, then raised (RTB_TEST_STALL_SUPERVISOR=stop: it
# runs again once the watchdog stopped the threads at the planned end):
# the run ends by its duration, exit 0, and the warning names what held
# the supervisor's CPU only where the run knows it: on a measured CPU its
# measuring thread; on the housekeeping CPU --cpus left, nothing of the
# run's (the last CPU measured, the supervisor on another)
starve() { # TAG CPUS
	RTB_TEST_STALL_SUPERVISOR=stop "$RTBENCH" run -D 2s --cpus "$2" --tests irq.timer.nanosleep \
		--quiet --ready "$out/$1.ready" --json "$out/$1.json" 2>"$out/$1.err" >/dev/null &
	local p=$!
	wait_measuring "$out/$1.ready" $p irq.timer.nanosleep || fail "$1: never said it was measuring"
	wait $p
}
last=$(($(nproc) - 1))
for tag in all hk; do
	cpus=all
	[ $tag = hk ] && cpus=$last
	[ $tag = hk ] && [ "$last" -eq 0 ] && continue # one CPU: no housekeeping CPU
	starve "$tag" "$cpus"
	rc=$?
	python3 - "$out/$tag.json" "$tag" <<'PY' && [ $rc -eq 0 ] && ok "starved then raised ($tag): exit 0, ended by its duration, the cause said as known" ||
import json, sys
r = json.load(open(sys.argv[1])); tag = sys.argv[2]
lr = r["settings"]["long_run"]
assert lr["ended"] == "duration", lr["ended"]
w = [x for x in r["warnings"] if "the supervisor was starved" in x and "past the planned end" in x]
assert len(w) == 1, r["warnings"]
if tag == "all":
    assert "time-shared with a measuring thread on its CPU" in w[0], w[0]
else:
    hk = lr["housekeeping_cpu"]
    assert hk is not None and str(hk) not in lr["cpus"].split(","), (hk, lr["cpus"])
    assert ("on CPU %d, not measured" % hk) in w[0] and "measuring thread" not in w[0], w[0]
print(w[0])
PY
		fail "starved then raised ($tag): exit $rc: $(tail -2 "$out/$tag.err")"
done
done_test
