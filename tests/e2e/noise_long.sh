#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: OS noise on every CPU at once, for a time, with
# intervals, in memory that does not grow with the run:
#   run --tests noise --cpus all --duration 3s --interval 1s
# Each CPU's metric and the all-CPU aggregate; each interval says its
# noise (sum_ns, the gaps added up), the spin time it was looked for in
# (span_ns, rests excluded) and its largest gap, and they add up to the
# whole: the counts to the count, the sums to count x mean, the spans to
# spin_s, the largest to the max, sum/span over all of them to the
# metric's noise_us_per_s; the status line gives each interval's noise
# per second (like rtla osnoise's periodic summary); the result keeps a
# reservoir, not every gap. Then the same traced (root): read while it runs
# (bounded memory), every CPU's gaps explained and split by class, its
# largest gaps kept (trace_stream.sh checks a known cause is named).
. "$(dirname "$0")/lib.bash"
needs_rt
test_out noise_long
ncpu=$(nproc)

"$RTBENCH" run --tests noise --cpus all --duration 3s --interval 1s --json "$out/n.json" \
	>"$out/n.txt" 2>"$out/n.err"
rc=$?
[ $rc -eq 0 ] && ok "noise --cpus all --duration 3s exited 0" || fail "exit $rc: $(tail -2 "$out/n.err")"
n=$(grep -c 'noise.gap .* us/s max' "$out/n.err")
[ "$n" -ge 2 ] && ok "status line per interval with noise per second: $(grep -m1 'us/s max' "$out/n.err")" ||
	fail "no per-interval status line with us/s: $(head -3 "$out/n.err")"
python3 - "$out/n.json" "$ncpu" <<'PY' || fail "the noise intervals"
import json, sys
r = json.load(open(sys.argv[1])); ncpu = int(sys.argv[2])
ms = {m["id"]: m for m in r["metrics"]}
ids = ["noise.gap@cpu%d" % c for c in range(ncpu)]
assert all(i in ms for i in ids), (sorted(ms), ids)
assert ("noise.gap" in ms) == (ncpu > 1), sorted(ms)
for i in ids:
    m = ms[i]; iv = m["intervals"]; x = {k: v["value"] for k, v in m["extras"].items()}
    assert m["status"] == "ok", (i, m["status"], m["note"])
    assert len(iv) >= 2, (i, len(iv))
    assert sum(v["count"] for v in iv) == m["count"] > 0, i
    assert all(0 <= v["sum_ns"] <= v["span_ns"] for v in iv), (i, iv)
    assert m["unit"] == "ns", m["unit"]
    assert abs(sum(v["sum_ns"] for v in iv) - m["count"] * m["mean"]) <= 1e-6 * m["count"] * m["mean"] + len(iv), i
    assert max(v["max_ns"] or 0 for v in iv) == m["max"], i
    span = sum(v["span_ns"] for v in iv) / 1e9
    assert abs(span - x["spin_s"]) < 1e-3, (i, span, x["spin_s"])
    want = sum(v["sum_ns"] for v in iv) / 1e3 / span
    assert abs(x["noise_us_per_s"] - want) <= 1e-3 * want + 0.01, (i, x["noise_us_per_s"], want)
    assert len(m["samples"]) <= 1000 and m["samples_kept"] == len(m["samples"]), i
    print("%s: %d intervals, %.1f us/s, largest %.1f us" % (i, len(iv), x["noise_us_per_s"], m["max"] / 1e3))
PY

if [ "$(id -u)" = 0 ]; then
	"$RTBENCH" run --tests noise --cpus all --duration 2s --interval 1s --trace --json "$out/t.json" \
		>"$out/t.txt" 2>"$out/t.err"
	rc=$?
	[ $rc -eq 0 ] && ok "traced: exited 0" || fail "traced: exit $rc: $(tail -2 "$out/t.err")"
	python3 - "$out/t.json" <<'PY' || fail "the traced noise run"
import json, sys
r = json.load(open(sys.argv[1]))
ms = [m for m in r["metrics"] if m["id"].startswith("noise.gap@cpu")]
for m in ms:
    assert m["count"] > 0 and len(m["intervals"]) >= 1, m["id"]
    # read while it ran: every gap the reader saw
    # explained, the noise split by class, the largest gaps kept
    t = m["trace"]
    x = {k: v["value"] for k, v in m["extras"].items()}
    assert t["streamed"] is True and t["kind"] == "noise", t["kind"]
    assert t["samples"] + t["marks_lost"] + t["below_floor"] == m["count"] and t["matched"] <= t["samples"], m["id"]
    assert t["worst"] and t["worst"][0]["sample_ns"] == m["max"] and not t["worst"][0]["phases"], m["id"]
    cls = [x["trace_%s_us_per_s" % c] for c in ("irq", "softirq", "nmi", "thread", "none")]
    # the classes are the explained gaps' time: at most the noise
    assert all(v >= 0 for v in cls) and sum(cls) <= x["noise_us_per_s"] * 1.001 + 0.01, (cls, x["noise_us_per_s"])
assert not [w for w in r["warnings"] if "not traced" in w], r["warnings"]
print("traced: %s %d gaps, %d explained: %s" % (ms[0]["id"], ms[0]["count"], ms[0]["trace"]["matched"],
                                                ms[0]["trace"]["worst"][0]["line"][:120]))
PY
fi
done_test
