#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: noise.* (OS noise of a spinning real-time thread). The figures
# agree with the gaps they come from (noise per second = sum of gaps / spin
# time; every gap over the threshold; the largest is the max); RT throttling
# is left as found and never reached (the spin rests, and no throttle-sized
# gap appears); a known induced noise shows up: a SCHED_FIFO 95 task that
# spins 300 us every 10 ms on the same CPU adds about 30000 us/s, and with
# --trace that noise is attributed to a thread. Bad --noise-threshold-us:
# one line, exit 2.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out noise
cpu=$(( $(nproc) - 1 ))
rt0=$(cat /proc/sys/kernel/sched_rt_runtime_us)

"$RTBENCH" run --tests noise --cpu "$cpu" --noise-threshold-us 2 --json "$out/base.json" >"$out/base.txt" 2>"$out/base.err"
rc=$?
[ $rc -eq 0 ] && ok "noise run exited 0" || fail "noise run exited $rc: $(tail -2 "$out/base.err")"
[ "$(cat /proc/sys/kernel/sched_rt_runtime_us)" = "$rt0" ] && ok "RT throttling left as found ($rt0)" || fail "RT throttling changed"
grep -q "^  noise.gap@cpu$cpu: [0-9.]* us/s (.*% of the CPU), largest gap" "$out/base.txt" && ok "text: $(grep -m1 "^  noise.gap@cpu$cpu: [0-9.]* us/s" "$out/base.txt")" ||
	fail "no noise line in the text"
python3 - "$out/base.json" "$cpu" "$rt0" <<'PY' || fail "noise figures"
import json, sys
r = json.load(open(sys.argv[1])); cpu = sys.argv[2]; rt = int(sys.argv[3])
m = next(m for m in r["metrics"] if m["id"] == "noise.gap@cpu" + cpu)
x = {k: v["value"] for k, v in m["extras"].items()}
s = m["samples"]
assert m["status"] == "ok" and m["count"] == len(s) > 0, (m["status"], m["count"])
assert x["threshold_us"] == 2 and min(s) > 2000, (x["threshold_us"], min(s))
assert max(s) == m["max"]
assert 1.9 < x["spin_s"] < 2.1, x["spin_s"]
# noise per second is the gaps over the spin time, the rests excluded
want = sum(s) / 1000.0 / x["spin_s"]
assert abs(x["noise_us_per_s"] - want) <= 0.001 * want + 0.01, (x["noise_us_per_s"], want)
assert abs(x["noise_pct"] - want / 1e4) < 1e-6 + 1e-3 * x["noise_pct"], (x["noise_pct"], want)
if rt >= 0:
    # the spin rests before RT throttling's budget: 2 s of spin in chunks
    assert x["rests"] >= 2 and x["rest_ms"] >= x["rests"] * 9, x
    # and never meets the throttle: a throttled spin stops until the
    # period's end, a gap of at most the period minus the runtime (50 ms)
    # and, for a 2 s spin, near it. A longer gap is not the throttle but
    # the host (a 96 ms VM stall failed the old "max < 40 ms" once in 12
    # ASan runs beside load); none may fall where the throttle's would.
    t_ns = (1000000 - rt) * 1000
    assert not [g for g in s if 0.8 * t_ns <= g <= 1.1 * t_ns], (t_ns, sorted(s)[-5:])
print("noise %.1f us/s, largest %.1f us, %d gaps, %d rests" % (x["noise_us_per_s"], m["max"] / 1e3, len(s), x["rests"]))
PY

# a known noise: 300 us of a higher-priority task every 10 ms (3%)
# (spinning, as it says, before rtbench starts and until it ended: no
# guess at how long set-up takes)
trace=
[ "$(id -u)" = 0 ] && trace=--trace
start_spiker rtbnoisy "$cpu" 300 10 || fail "the spiker did not start"
"$RTBENCH" run --tests noise --cpu "$cpu" $trace --json "$out/spike.json" >"$out/spike.txt" 2>"$out/spike.err"
rc=$?
stop_spiker
[ $rc -eq 0 ] && ok "noise run with the induced noise exited 0" || fail "exit $rc: $(tail -2 "$out/spike.err")"
python3 - "$out/base.json" "$out/spike.json" "$cpu" "$trace" <<'PY' || fail "the induced noise"
import json, sys
def get(f):
    r = json.load(open(f))
    m = next(m for m in r["metrics"] if m["id"] == "noise.gap@cpu" + sys.argv[3])
    return m, {k: v["value"] for k, v in m["extras"].items()}
(mb, b), (ms, s) = get(sys.argv[1]), get(sys.argv[2])
added = s["noise_us_per_s"] - b["noise_us_per_s"]
# 300 us every 10 ms: 30000 us/s, the spinner's own wake-up and the
# host's noise around it aside. The host's own noise is not the same in
# two runs on a shared KVM host (base runs of 7,700 and 17,000 us/s were
# seen minutes apart), so the upper bound allows it twice over: what it
# still catches is the induced noise counted twice or more. The lower
# bound allows it once (beside stress-ng the base run had 75,267 us/s of
# host noise and the spiked run 21,658 us/s more than it, at c40fceb):
# on a quiet machine it still catches the spiker's noise not counted;
# on a busy one the ~100 large gaps a second and the trace's thread
# share below are the check.
# Traced, the spiked run's time with no event at all (the class "none":
# the hypervisor) is no part of what was induced: the quiet CI at b4a974e
# saw 104-122k us/s of it in the spiked run (gaps of 3-17 ms with no
# event; both passes, minutes apart) against 25-38k us/s of base noise, and
# a thread share of 31.6k us/s: the spiker counted once. The upper bound is
# on the rest; the thread share below still checks the spiker's own part.
unseen = s.get("trace_none_us_per_s", 0)
assert 0.8 * 30000 - b["noise_us_per_s"] < added, (added, b["noise_us_per_s"])
assert added - unseen < 1.25 * 30000 + 2 * b["noise_us_per_s"], (added, unseen, b["noise_us_per_s"])
big = [g for g in ms["samples"] if 250000 < g < 2000000]
assert len(big) >= 0.8 * 200 * s["spin_s"] / 2, len(big)   # ~100 per second
if sys.argv[4]:
    th = s.get("trace_thread_us_per_s", -1)
    assert 0.7 * 30000 < th < 1.25 * 30000 + 2 * b["noise_us_per_s"], ("thread noise from the trace", th, s)
    w = ms["trace"]["worst"]
    # the five largest gaps name the spiker, unless the host's own gaps
    # were all larger than the spiker's 300 us (seen under load: five of
    # 465-1372 us with no event or the local timer): then its gaps are not
    # among them by construction, and the thread share above is the check
    # a gap with no event is "unseen" (hardware or hypervisor), never idle
    assert not any(c["kind"] == "idle" and c["name"] == "none seen" for x in w for c in x["held_by"]), w
    named = any(c["name"] == "rtbnoisy" for x in w for c in x["held_by"])
    assert named or min(x["sample_ns"] for x in w) > 400000, [x["line"] for x in w]
    print("traced: thread %.0f us/s of %.0f us/s" % (th, s["noise_us_per_s"]))
print("induced noise: +%.0f us/s (expected ~30000)" % added)
PY

for bad in 0 -1 abc 1000001; do
	"$RTBENCH" run --tests noise --noise-threshold-us "$bad" >"$out/bad.out" 2>"$out/bad.err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$out/bad.err")" = 1 ] && ok "--noise-threshold-us $bad: exit 2" ||
		fail "--noise-threshold-us $bad: exit $rc $(cat "$out/bad.err")"
done
done_test
