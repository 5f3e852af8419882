#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# --no-rt runs without real-time scheduling on purpose and says so loudly:
# a DEGRADED warning in the text, degraded/rt_granted in the JSON, and the
# priority-inversion test (meaningless without priorities) skipped, not faked.
. "$(dirname "$0")/lib.bash"
test_out nort
"$RTBENCH" run --no-rt --samples 200 --quiet --tests sync.sem,ipc.mqueue.wakeup,sync.prio_inv,irq.timer.nanosleep \
	--json "$out/r.json" >"$out/r.txt"
rc=$?
[ $rc -eq 0 ] || fail "run exited $rc"
grep -q "^WARNING: DEGRADED" "$out/r.txt" && ok "text warns" || fail "no DEGRADED warning in the text"
grep -q "^run: .*every task SCHED_OTHER" "$out/r.txt" && ! grep -q "base prio" "$out/r.txt" &&
	ok "the header names SCHED_OTHER, no base priority" || fail "header: $(grep '^run:' "$out/r.txt")"
python3 - "$out/r.json" <<'PY' || fail "JSON checks"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["degraded"] is True
assert r["settings"]["rt_requested"] is False and r["settings"]["rt_granted"] is False
assert any("DEGRADED" in w for w in r["warnings"])
assert r["label"].endswith("-nort"), r["label"]
m = {x["id"]: x for x in r["metrics"]}
assert m["sync.prio_inv"]["status"] == "skipped" and m["sync.prio_inv"]["count"] == 0
assert "p50" not in m["sync.prio_inv"]
assert m["ipc.mqueue.wakeup"]["count"] == 200
# words that match what ran: a time-shared timer task, not
# "real-time priority 82", and the timer slack it may wake up late by
meth = m["irq.timer.nanosleep"]["method"]
assert "real-time priority" not in meth, meth
assert "time-shared" in meth and "timer slack" in meth, meth
slack = r["system"]["timerslack_ns"]
assert isinstance(slack, int) and ("timerslack_ns %d" % slack) in meth, (slack, meth)
assert not meth.endswith("...") and " ..." not in meth, meth
# a kernel without full preemption: a WARNING says so (this one's model)
if r["system"].get("realtime_kernel") is False:
    assert any("not fully preemptible" in w for w in r["warnings"]), r["warnings"]
print("ok")
PY
done_test
