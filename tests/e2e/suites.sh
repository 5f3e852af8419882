#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# suites.sh - the patterns the other suites measure: each is
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
other="irq.preempt.idle irq.preempt.busy task.create.preempt task.create.nopreempt mem.heap.alloc mem.heap.free mem.pool.get mem.pool.put sched.deadline.wakeup"
all="$wake $other"
benches="$wake irq.preempt task.create mem sched.deadline.wakeup"
"$RTBENCH" list >"$out/list.txt" || fail "list"
for id in $benches; do
	grep -qE "^$id +other +[-dct]{3} +\* " "$out/list.txt" && ok "$id listed, outside the default set" ||
		fail "$id not listed as 'other *': $(grep "^$id" "$out/list.txt")"
done
tests=$(echo $benches | tr ' ' ,)
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
# interrupt preemption: both cases full, the busy one beside the idle one,
# its difference the difference of the two medians (statistics of the data)
i, b = m["irq.preempt.idle"], m["irq.preempt.busy"]
for x in (i, b):
    assert x["status"] == "ok" and x["count"] == n, (x["id"], x["status"], x["count"], x["note"])
    assert "discarded" in x["extras"], x["id"]
assert "spinning at a lower priority" in b["method"] and "parked" in i["method"], (b["method"], i["method"])
assert b["extras"]["busy_minus_idle_p50_ns"]["value"] == b["p50"] - i["p50"], b["extras"]
# task creation: every sample kept its order (a higher-priority task ran
# inside the create call, a lower one only after it), or was counted invalid
for k in ("task.create.preempt", "task.create.nopreempt"):
    x = m[k]
    assert x["status"] == "ok", (k, x["note"])
    v = x["extras"]["order_violations"]["value"]
    assert x["invalid"] == v and x["count"] + v >= n and x["count"] == n, (k, x["count"], v)
    assert "pthread_create" in x["method"], x["method"]
# memory: four figures, each one call per sample, in a locked task
for k in ("mem.heap.alloc", "mem.heap.free", "mem.pool.get", "mem.pool.put"):
    x = m[k]
    assert x["status"] == "ok" and x["count"] == n, (k, x["count"], x["note"])
    assert x["extras"]["block_bytes"]["value"] == 128, k
    assert ("memory locked" in x["method"]) == r["settings"]["mlocked"], (k, x["method"])
assert "malloc" in m["mem.heap.alloc"]["method"] and "free list" in m["mem.pool.get"]["method"]
# deadline: measured, or refused with the kernel's reason (never a figure then)
d = m["sched.deadline.wakeup"]
if d["status"] == "skipped":
    assert d["count"] == 0 and ("refused" in d["note"] or "sched_setattr" in d["note"]), d["note"]
    print("note: SCHED_DEADLINE refused here:", d["note"])
else:
    assert d["status"] == "ok" and d["count"] == n, (d["status"], d["count"], d["note"])
    assert d["extras"]["deadline_misses"]["value"] == d["missed"], d["extras"]
    assert "SCHED_DEADLINE" in d["method"], d["method"]
print("ok: preemption, creation, allocation and deadline kept their protocols")
PY
# for a time: the three of several metrics, the round-robin
# time-slice switch (each CPU its own pair) and priority inversion (each
# CPU its own three tasks; the 2L trials a metric of their own, the
# bounded/unbounded verdict over the whole run) on every CPU at once, a
# second each, and the deadline task on one CPU (it is admitted only
# unpinned: --cpus is refused, one line naming why). Each CPU gets every
# metric, with its interval and its protocol's extras; the aggregate is
# their sum; the last status line of each bench names each of its metrics
# with its count over every CPU (the result's). No latency threshold. ~5 s, so the plain pass only (CI time:
# the sanitizer build ran it clean by hand; e2e/long_run takes
# the runner's long path through it)
ncpu=$(getconf _NPROCESSORS_ONLN)
if [ -z "${RTB_SANITIZE:-}" ]; then
"$RTBENCH" run --tests irq.preempt,task.create,mem,ctxsw.rr.timeslice,sync.prio_inv --duration 1s --cpus all --idle-latency-us -1 \
	--json "$out/d.json" >/dev/null 2>"$out/d.err" || fail "long run exited $?: $(tail -3 "$out/d.err")"
"$RTBENCH" run --tests sched.deadline.wakeup --duration 1s --quiet --idle-latency-us -1 \
	--json "$out/dl.json" >/dev/null 2>"$out/dl.err" || fail "deadline long run exited $?: $(tail -3 "$out/dl.err")"
bad_input "whole root domain" run --tests sched.deadline.wakeup --duration 1s --cpus all
python3 - "$out/d.json" "$out/dl.json" $ncpu "$out/d.err" <<'PY' && ok "for a time: every metric on $ncpu CPU(s), intervals, protocols, each in the status line" ||
import json, re, sys
d, dl, ncpu = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
m = {x["id"]: x for x in d["metrics"]}
status = {}
for line in open(sys.argv[4]):
    g = re.match(r"rtbench: (\S+) [0-9:]+ / [0-9:]+, samples, us: (.*)$", line.rstrip("\n"))
    if g:
        status[g.group(1)] = dict((f"{g.group(1)}.{x.split()[0]}", int(x.split()[1])) for x in g.group(2).split("; "))
for b, n in (("irq.preempt", 2), ("task.create", 2), ("mem", 4), ("sync.prio_inv", 9)):
    assert len(status[b]) == n, (b, status.get(b))
    for i, c in status[b].items():
        assert c == m[i]["count"], (i, c, m[i]["count"])
assert d["settings"]["long_run"]["ended"] == "duration", d["settings"]["long_run"]
ids = ("irq.preempt.idle", "irq.preempt.busy", "task.create.preempt", "task.create.nopreempt",
       "mem.heap.alloc", "mem.heap.free", "mem.pool.get", "mem.pool.put", "ctxsw.rr.timeslice")
for i in ids:
    per = [m[f"{i}@cpu{k}"] for k in range(ncpu)] if ncpu > 1 else [m[i]]
    for x in per:
        assert x["status"] == "ok" and x["count"] > 0, (x["id"], x["status"], x["count"], x["note"])
        assert x["intervals"] and sum(v["count"] for v in x["intervals"]) == x["count"], (x["id"], x["intervals"])
        k = x["id"].split("@")[0]
        if k.startswith("irq.preempt"):
            assert "discarded" in x["extras"] and "period_us" in x["extras"], x["extras"]
        if k.startswith("task.create"):
            assert x["invalid"] == x["extras"]["order_violations"]["value"], (k, x["invalid"], x["extras"])
            assert "pthread_create" in x["method"], x["method"]
        if k.startswith("mem."):
            assert x["extras"]["block_bytes"]["value"] == 128, k
            assert ("memory locked" in x["method"]) == d["settings"]["mlocked"], (k, x["method"])
        if k == "ctxsw.rr.timeslice":
            assert "quantum expiry" in x["method"] and "cold_switches_excluded" in x["extras"], x["extras"]
        if k == "irq.preempt.busy":
            idle = m[x["id"].replace("busy", "idle")]
            assert x["extras"]["busy_minus_idle_p50_ns"]["value"] == x["p50"] - idle["p50"], x["extras"]
    assert m[i]["count"] == sum(x["count"] for x in per), i
for k in range(ncpu):
    at = f"@cpu{k}" if ncpu > 1 else ""
    for p in ("none", "inherit", "ceiling"):
        for w in ("blocking", "blocking_2x_load") + (("request_to_release",) if p != "ceiling" else ()):
            x = m[f"sync.prio_inv.{p}.{w}{at}"]
            assert x["status"] == "ok" and x["count"] > 0 and x["intervals"], (x["id"], x["status"], x["note"])
        x = m[f"sync.prio_inv.{p}.blocking{at}"]
        assert x["verdict"]["value"] in ("bounded", "unbounded", "inconclusive"), x.get("verdict")
        assert "bounded" in x["extras"] and "load_slope" in x["extras"], x["extras"]
    assert m[f"sync.prio_inv.ceiling.request_to_release{at}"]["status"] == "skipped"
x = {y["id"]: y for y in dl["metrics"]}["sched.deadline.wakeup"]
if x["status"] == "skipped":
    print("note: SCHED_DEADLINE refused here:", x["note"])
else:
    assert x["status"] == "ok" and x["count"] > 0 and x["intervals"], (x["status"], x["count"], x["note"])
    assert x["extras"]["deadline_misses"]["value"] == x["missed"], x["extras"]
    assert "SCHED_DEADLINE" in x["method"] and all(w["cpu"] == -1 for w in x["worst"]), x["worst"]
PY
	fail "long-run results"
fi
# the known answer: a delay on every other sample shows up as that delay
# (200 us on the timer-driven paths and task creation, whose spread is
# wider here: a 20 us delay on task.create.nopreempt came out 22.1 +- 2.0
# at load 19)
quick="$(echo $wake | tr ' ' ,),mem" timed="irq.preempt,task.create,sched.deadline.wakeup"
"$RTBENCH" selftest --tests "$quick" --samples 600 --delays-us 20 --quiet >"$out/s.txt" 2>&1
rc=$?
"$RTBENCH" selftest --tests "$timed" --samples 600 --delays-us 200 --quiet >"$out/s2.txt" 2>&1
rc2=$?
cat "$out/s.txt" "$out/s2.txt"
# What a verdict may be. selftest resolves a delay only where it exceeds
# twice the tolerance, whose floor is 3 standard errors of the path's own
# shift now: a busy machine widens a path's spread, and the honest answer
# is then "unresolved (noise)" with the smallest delay it could resolve
# ("resolves >= X us here"), never a pass or a FAIL. Beside nice-19
# stress-ng sched.deadline.wakeup's halves resolved only >= 304 us (CI at
# e53d418; a late wake restarts the kernel's period and the grid's offset
# spreads both halves), and the plain pass failed on that. So the plain
# pass judges what the machine lets it judge: a path passes, or is
# unresolved by selftest's own rule (X above the delay, said here as a
# note), and each selftest run resolves and passes at least one path;
# a FAIL (a delay resolved and not seen as that delay) always fails.
# The sanitizer pass (the instrumented build's timing is not the
# product's, why e2e/selftest runs once) also takes a FAIL as a verdict
# given, not judged: every path gets one and the exit code agrees with them
# (0 only if every path passed, else 1; a sanitizer report exits 66). The
# CI at 26162be (quiet): task.create.preempt's 200 us delay came out
# 179.5 +- 20 with a 289 us baseline, ASan's own thread start-up inside
# the measured interval.
verdict='( pass| FAIL|unresolved \(noise\))$'
sel_ok() { # sel_ok RC FILE - exit 0; or exit 1 with an unresolved path (and, in the sanitizer pass, a FAIL); a path passed
	grep -qE '^[0-9]+ paths: [1-9][0-9]* pass,' "$2" || return 1
	[ "$1" -eq 0 ] && return 0
	[ "$1" -eq 1 ] || return 1
	[ -n "${RTB_SANITIZE:-}" ] && grep -qE ' FAIL$| FAIL:|unresolved \(noise\)$' "$2" && return 0
	grep -qE ' FAIL$| FAIL:' "$2" && return 1
	grep -qE 'unresolved \(noise\)$' "$2"
}
# resolves ID FILE - the smallest delay selftest says ID resolves here (us)
resolves() {
	awk -v id="$1" '$1 == id { on = 1; next } on && /^[^ ]/ { on = 0 }
		on && /resolves >= / { sub(/.*resolves >= /, ""); print $1 + 0; exit }' "$2"
}
sel_ok $rc "$out/s.txt" || fail "selftest exited $rc"
sel_ok $rc2 "$out/s2.txt" || fail "selftest (timer-driven) exited $rc2"
deadline_skipped=$(python3 -c 'import json,sys; print(int([x for x in json.load(open(sys.argv[1]))["metrics"] if x["id"] == "sched.deadline.wakeup"][0]["status"] == "skipped"))' "$out/r.json")
for id in $all; do
	if [ "$id" = sched.deadline.wakeup ] && [ "$deadline_skipped" = 1 ]; then
		grep -qE "^$id .*FAIL: measurement skipped" "$out/s2.txt" && ok "$id: refused, said so" ||
			fail "$id: refused in the run, but selftest says otherwise"
		continue
	fi
	case " $wake mem.heap.alloc mem.heap.free mem.pool.get mem.pool.put " in *" $id "*) f=$out/s.txt d=20 ;; *) f=$out/s2.txt d=200 ;; esac
	x=$(resolves "$id" "$f")
	if grep -qE "^$id +$d\.000 .* pass$" "$f"; then
		ok "$id: the injected delay shows up"
	elif grep -qE "^$id +$d\.000 .* unresolved \(noise\)$" "$f" && [ -n "$x" ] &&
		awk -v x="$x" -v d=$d 'BEGIN { exit !(x > d) }'; then
		ok "$id: unresolved here, said by selftest's rule: it resolves >= $x us now, the delay is $d (note: noise, not a verdict)"
	elif [ -n "${RTB_SANITIZE:-}" ] && grep -qE "^$id +$d\.000 .*$verdict" "$f"; then
		ok "$id: a verdict in the instrumented build (not judged there: $(grep -hoE "^$id +$d\.000 .*$verdict" "$f" | grep -oE "$verdict"))"
	else
		fail "$id: no pass for its injected delay of $d us: $(grep -A2 -E "^$id " "$f" | tr -s ' ')"
	fi
done
done_test
