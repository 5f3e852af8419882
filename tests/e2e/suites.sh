#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# suites.sh - the patterns the other suites measure (issue 26): each is
# listed, outside the default set, and shown in a table of its own after
# the study's; a run of each keeps its protocol (every sample taken, the
# waiter verified blocked before every wake, no stamp out of order, the
# method in the port's words); and each answers the known-answer check (a
# known delay injected into every other sample raises its median by that
# delay: rtbench selftest). No latency threshold anywhere.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out suites
wake="sync.cond.wakeup sync.event.wakeup sync.event.word.wakeup sync.signal.wakeup sync.svsem.wakeup"
all="$wake"
"$RTBENCH" list >"$out/list.txt" || fail "list"
for id in $all; do
	grep -qE "^$id +other +\* " "$out/list.txt" && ok "$id listed, outside the default set" ||
		fail "$id not listed as 'other *': $(grep "^$id" "$out/list.txt")"
done
tests=$(echo $all | tr ' ' ,)
n=200
"$RTBENCH" run --tests "$tests" --samples $n --rounds 1 --quiet --idle-latency-us -1 \
	--json "$out/r.json" >"$out/r.txt" 2>"$out/e.txt" || fail "run exited $?: $(tail -3 "$out/e.txt")"
grep -q "^Patterns from other suites (us)" "$out/r.txt" && ok "their own table" || fail "no table of their own"
python3 - "$out/r.json" "$n" $wake <<'PY' || fail "protocol checks"
import json, sys
r = json.load(open(sys.argv[1])); n = int(sys.argv[2]); wake = sys.argv[3:]
m = {x["id"]: x for x in r["metrics"]}
words = {"sync.cond.wakeup": "pthread_cond_signal", "sync.event.wakeup": "eventfd",
         "sync.event.word.wakeup": "futex", "sync.signal.wakeup": "sigwait",
         "sync.svsem.wakeup": "semop"}
for i in wake:
    x = m[i]
    assert x["status"] == "ok", (i, x["status"], x["note"])
    assert x.get("group") == "Patterns from other suites", (i, x.get("group"))
    assert x["count"] == n == len(x["samples"]), (i, x["count"])
    # the engine's protocol: blocked before every wake, never a stamp
    # before the wake's (one CPU: no counter disagreement to excuse it)
    assert x["extras"]["waiter_checked_blocked"]["value"] == 1, i
    assert x["invalid"] == 0 and "never blocked" not in x["note"], (i, x["invalid"], x["note"])
    assert words[i] in x["method"], (i, x["method"])
    assert 0 <= x["min"] <= x["p50"] <= x["max"] <= x["elapsed_ns"], i
print("ok: every wake-up measurement kept its protocol")
PY
# the known answer: a 20 us delay on every other sample shows up as 20 us
"$RTBENCH" selftest --tests "$tests" --samples 600 --delays-us 20 --quiet >"$out/s.txt" 2>&1
rc=$?
cat "$out/s.txt"
[ $rc -eq 0 ] || fail "selftest exited $rc"
for id in $all; do
	grep -qE "^$id +20\.000 .* pass$" "$out/s.txt" && ok "$id: the injected delay shows up" ||
		fail "$id: no pass for the 20 us delay"
done
done_test
