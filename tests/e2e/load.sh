#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A run under load records the load, and ends it: the built-in CPU load and
# a --load-cmd command (its whole process group) are gone after the run.
. "$(dirname "$0")/lib.bash"
out=$RTB_TEST_OUT/load
mkdir -p "$out"
marker="sleep 4242.$$" # unique: other runs of the suite may be running
"$RTBENCH" run --load-cmd "$marker & $marker" --tests sync.sem.take --samples 100 --quiet \
	--json "$out/cmd.json" >"$out/cmd.txt"
[ $? -eq 0 ] || fail "run with --load-cmd failed"
grep -q "^load:    cmd: $marker" "$out/cmd.txt" && ok "text records the load" || fail "text does not record the load"
sleep 0.2
left=$(pgrep -f "$marker")
[ -n "$left" ] && { fail "load command still running"; kill $left; } || ok "load command ended"
"$RTBENCH" run --load cpu --tests sync.sem.take --samples 100 --quiet --json "$out/cpu.json" >/dev/null
[ $? -eq 0 ] || fail "run with --load cpu failed"
python3 - "$out/cmd.json" "$out/cpu.json" $$ <<'PY' || fail "JSON records the load"
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert a["settings"]["load"] == "cmd: sleep 4242.%s & sleep 4242.%s" % (sys.argv[3], sys.argv[3]), a["settings"]["load"]
assert b["settings"]["load"].startswith("cpu: "), b["settings"]["load"]
print("ok")
PY
err=$("$RTBENCH" run --load cpu --load-cmd true 2>&1); [ $? -eq 2 ] && ok "two loads refused: $err" || fail "two loads accepted"
err=$("$RTBENCH" run --load disk 2>&1); [ $? -eq 2 ] && ok "unknown load refused: $err" || fail "unknown load accepted"
done_test
