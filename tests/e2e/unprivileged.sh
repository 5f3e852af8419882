#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Without permission for real-time priority (an unprivileged user) a run
# still completes, and says so loudly: DEGRADED in the text, rt_granted false
# in the JSON, the priority-inversion test skipped rather than faked, and the
# refused idle-latency request reported; SCHED_DEADLINE refused by the
# kernel (EPERM), said so and SKIPPED.
. "$(dirname "$0")/lib.bash"
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
	skip "needs root and setpriv to become an unprivileged user"
fi
scratch_dir
dir=$scratch
cp "$RTBENCH" "$dir/rtbench"
chmod 755 "$dir" "$dir/rtbench"
chmod 777 "$dir"
setpriv --reuid 65534 --regid 65534 --clear-groups \
	"$dir/rtbench" run --samples 200 --quiet --tests sync.sem,ipc.mqueue.wakeup,sync.prio_inv,ctxsw.rr.yield,sched.deadline.wakeup \
	--json "$dir/r.json" >"$dir/r.txt" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "unprivileged run completed" || { fail "unprivileged run exited $rc"; cat "$dir/r.txt"; }
grep -q "^WARNING: DEGRADED: real-time priority refused" "$dir/r.txt" && ok "text warns" || fail "no DEGRADED warning"
python3 - "$dir/r.json" <<'PY' || fail "JSON checks"
import json, sys
r = json.load(open(sys.argv[1]))
s = r["settings"]
assert r["degraded"] is True and s["rt_requested"] is True and s["rt_granted"] is False
assert s["idle_latency_held_us"] is None
m = {x["id"]: x for x in r["metrics"]}
assert m["sync.prio_inv"]["status"] == "skipped"
# the deadline class is refused by the kernel, with its reason, never faked
d = m["sched.deadline.wakeup"]
assert d["status"] == "skipped" and d["count"] == 0 and "EPERM" in d["note"], (d["status"], d["note"])
for i in ("sync.sem.take.uncontended", "ipc.mqueue.wakeup", "ctxsw.rr.yield"):
    assert m[i]["status"] == "ok" and m[i]["count"] == 200, (i, m[i]["status"], m[i]["note"])
print("ok")
PY
done_test
