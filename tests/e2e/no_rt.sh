#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# --no-rt runs without real-time scheduling on purpose and says so loudly:
# a DEGRADED warning in the text, degraded/rt_granted in the JSON, and the
# priority-inversion test (meaningless without priorities) skipped, not faked.
. "$(dirname "$0")/lib.bash"
out=$RTB_TEST_OUT/nort
mkdir -p "$out"
"$RTBENCH" run --no-rt --samples 200 --quiet --tests sync.sem,ipc.mqueue.wakeup,sync.prio_inv \
	--json "$out/r.json" >"$out/r.txt"
rc=$?
[ $rc -eq 0 ] || fail "run exited $rc"
grep -q "^WARNING: DEGRADED" "$out/r.txt" && ok "text warns" || fail "no DEGRADED warning in the text"
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
print("ok")
PY
done_test
