#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# xcpu_claim.sh - the other CPU of a *.xcpu measurement (where its waiter
# runs) is claimed as the measured CPU is: a run measuring CPU 0 and a run
# of sync.sem.wakeup.xcpu,ipc.mqueue.wakeup.xcpu on CPU 1 (waiters on CPU
# 0) ran together with no word. Now the second says so on stderr and in
# its result, and the first says so in its result at its end; both are
# degraded. A run of the same measurements alone says nothing of the kind.
# Synchronised on the first run's --ready file (cpu_claim.sh says why not
# a probe of the lock). The first run lives until the test stops it.
. "$(dirname "$0")/lib.bash"
test_out xcpu_claim
needs_rt
[ "$(nproc)" -ge 2 ] || skip "needs two CPUs"
"$RTBENCH" run --duration 600s --cpus 0 --quiet --ready "$out/a.ready" --json "$out/a.json" \
	>/dev/null 2>"$out/a.err" &
a=$!
at_exit "kill $a 2>/dev/null"
wait_measuring "$out/a.ready" $a || fail "the first run never said it was measuring CPU 0: $(cat "$out/a.err")"
"$RTBENCH" run --tests sync.sem.wakeup.xcpu,ipc.mqueue.wakeup.xcpu --cpu 1 --samples 300 --rounds 1 --quiet \
	--json "$out/b.json" >/dev/null 2>"$out/b.err"
rcb=$?
kill -INT $a
wait $a
rca=$?
[ $rca -eq 0 ] && [ $rcb -eq 0 ] && ok "both runs ended (exit 0)" || fail "exits $rca, $rcb: $(cat "$out/b.err")"
grep -q "another rtbench run measures CPU 0 now (pid $a.* on the CPU where this run's \*.xcpu waiters run" "$out/b.err" &&
	ok "the second says so: $(grep another "$out/b.err" | cut -c1-120)..." ||
	fail "the second did not say it: $(cat "$out/b.err")"
python3 - "$out/a.json" "$out/b.json" <<'PY' && ok "both results degraded, naming the other run" || fail "results"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
wa = [w for w in a["warnings"] if "another rtbench run measured" in w]
wb = [w for w in b["warnings"] if "another rtbench run measured CPU 0" in w and "xcpu" in w]
assert a["degraded"] and b["degraded"] and wa and wb, (a["warnings"], b["warnings"])
PY
"$RTBENCH" run --tests sync.sem.wakeup.xcpu --cpu 1 --samples 300 --rounds 1 --quiet --json "$out/c.json" >/dev/null 2>&1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(any("another rtbench" in w for w in d["warnings"]))' "$out/c.json" &&
	ok "a run alone says nothing of the kind" || fail "a run alone warned of another"
done_test
