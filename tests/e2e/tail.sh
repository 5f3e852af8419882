#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# tail.sh - `rtbench tail` (docs/tail.md) through the real binary
# on files whose tail is known: tests/data/tail_heavy.json (1,000,000
# samples of 2 us + GPD(0.3 us, shape 0.2) in 40 intervals) is steady and
# fitted, its interval holding the true shape; tail_burst.json (the same
# with 300 samples of a heavier tail in intervals 19-21, seconds 95-110)
# is refused and its burst named; an rt-tests histogram has no interval
# series and is not fitted unless asked; bad options exit 2 with one line.
# The fixtures: bench/tail_synth.py tests/data/tail_heavy.json heavy 11,
# ... tail_burst.json heavy 21 --burst.
. "$(dirname "$0")/lib.bash"
test_out tail
needs_host


expect 0 "$RTBENCH" tail --help
has "$out/o" "usage: rtbench tail"

# steady, fitted: exact at a bucket edge, bracketed inside one
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 10,30 --target 1e-9 --plan 24h --plan-cpus 4
has "$out/o" "over 30.0 us: 1 of 1000000 samples (from the histogram, exact"
has "$out/o" "over 10.0 us: between 92 (over 10.1 us) and 100 (over 9.983 us)"
has "$out/o" "extreme-value fit: generalized Pareto over"
has "$out/o" "unbounded (heavy tail)"
has "$out/o" "exceeded with probability 1e-12 per sample"
has "$out/o" "41.6 h at 200 us on 4 CPUs"
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 10,30 --plan 60s --format json -o "$out/t.json"
python3 - "$out/t.json" <<'PY' || fail "tail JSON"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "rtbench-tail", d["schema"]
m = d["files"][0]["metrics"][0]
f = m["fit"]
assert f["estimated"] and f["shape_lo"] < 0.2 < f["shape_hi"], f   # the true shape
assert len(f["return_levels"]) == 7
assert m["steadiness"]["steady"] is True
e = m["exceedances"][0]
assert (e["count_lo"], e["count_hi"], e["exact"]) == (92, 100, False), e
assert e["p_lo"] < 92e-6 and e["p_hi"] > 100e-6
# a prediction holds the fit's uncertainty: wider than from the parameters alone
r = m["plan"]["run"]
x = r["max"]
assert x["lo_ns"] <= x["plug_lo_ns"] < x["median_ns"] < x["plug_hi_ns"] < x["hi_ns"], x
c = r["crossings"][1]
assert c["fit_lo"] <= c["fit_expected"] <= c["fit_hi"] and c["pred_lo"] <= c["expected"] <= c["pred_hi"], c
assert "a move of the machine between runs as large as an interval's against its run's; not a larger one" in r["covers"]
# another run's count: predicted, with the spread between runs it holds
assert c["pred_why"] is None and c["pred_spread"] >= 0, c
PY
# the maximum whatever the law, from the 40 intervals' maxima
# (order statistics): a run as long as 12 of them has no upper end (it
# passes this run's maximum with probability 12/52); 2 of them: between
# the 8th and the 40th smallest interval maximum
python3 - "$out/t.json" <<'PY' || fail "tail JSON: max_free"
import json, sys
m = json.load(open(sys.argv[1]))["files"][0]["metrics"][0]
r = m["plan"]["run"]
f = r["max_free"]
assert r["max_method"] == "fit" and f["given"] and f["blocks"] == 40, r
assert abs(f["next_blocks"] - 12) < 1e-9 and abs(f["beyond_max"] - 12 / 52) < 1e-9, f
assert f["hi_ns"] is None and f["lo_ns"] <= m["max_ns"] and f["below_lo"] <= 0.10, f
PY
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 10 --plan 10s
has "$out/o" "its maximum whatever the tail's law (order statistics of this run's 40 intervals' maxima, if the next run's are exchangeable with them; 2 of them): 90% between 10.1 us and 30.9 us"
expect 0 "$RTBENCH" tail "$data/tail_burst.json" -t 10 --plan 10s
has "$out/o" "its maximum whatever the tail's law: not predicted: the intervals' maxima are not shown exchangeable (occupancy p = 0.00071)"
has "$out/o" "count not predicted: above 4.403 us, where the spread was measured, the crossings come bunched (occupancy p = 0.00071)"

# every output against its schema (python3-jsonschema, as zz_schema.sh)
"$RTBENCH" tail "$data/tail_burst.json" "$data/rttests/cyclictest_2cpu.json" -t 20 --plan 1h \
	--target 1/d -f json >"$out/t2.json" || fail "tail json of two files"
python3 - "$root/docs/rtbench-tail.schema.json" "$out/t.json" "$out/t2.json" <<'PY' || fail "tail JSON schema"
import json, sys
import jsonschema
v = jsonschema.Draft7Validator(json.load(open(sys.argv[1])))
for f in sys.argv[2:]:
    errs = list(v.iter_errors(json.load(open(f))))
    for e in errs[:5]:
        print(f, list(e.path), e.message[:200])
    assert not errs
PY

# the burst: refused, and where it is said
expect 0 "$RTBENCH" tail "$data/tail_burst.json"
has "$out/o" "NOT STEADY: steady crossings"
has "$out/o" "burst: 12 of the 16 worst samples in seconds 86-115"
has "$out/o" "extreme-value fit: not estimated: steady crossings"

# two files: the ratio of their rates with its exact interval, fits side by side
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" "$data/tail_burst.json" -t 20
has "$out/o" "synth-heavy-burst-21 crosses 20.0 us 2.5x as often as synth-heavy-11 [0.533, 15.6]"
has "$out/o" "fit, synth-heavy-11: shape 0.211 [0.143, 0.289] unbounded (heavy tail)"
has "$out/o" "fit, synth-heavy-burst-21: not estimated"
has "$out/o" "between these 2 runs the rate over 20.0 us varies by"
# a spread between runs declared: every prediction widened, and said
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 10 --plan 60s --run-spread 30%
has "$out/o" "a spread of the rate between runs of 30% (--run-spread)"
expect 2 "$RTBENCH" tail "$data/tail_heavy.json" --plan 60s --run-spread x
# compare: the first file's deadline (20 us, counted in its loop: 2), which
# the other did not declare, read from the other's histogram (bracketed)
python3 - "$data/tail_heavy.json" "$out/h20.json" <<'PY' || fail "deadline fixture"
import json, sys
d = json.load(open(sys.argv[1]))
for m in d["metrics"]:
    m["deadline_ns"], m["over_deadline"] = 20000, 2
json.dump(d, open(sys.argv[2], "w"))
PY
"$RTBENCH" compare "$out/h20.json" "$data/tail_burst.json" >"$out/o" 2>&1
has "$out/o" "synth-heavy-burst-21: crosses the first's deadline 20.0 us"
has "$out/o" "(7-8 of 1000000 vs 2 of 1000000; exact 95%, widened by the histogram's buckets;"

# a threshold counted in the loop (run --count-over-us): its exact
# per-interval counts carry the spread between intervals and the dispersion
# test; spread evenly they are steady, all in the first half they are not
# (and the halves say how far the rate moved)
python3 - "$data/tail_heavy.json" "$out" <<'PY' || fail "counted-threshold fixtures"
import json, sys
d = json.load(open(sys.argv[1])); m = d["metrics"][0]; h = m["histogram"]
T = 4991                                      # over 4991 ns = at or above the edge 4992
assert any(lo == T + 1 for lo, hi, c in h["buckets"])
K = sum(c for lo, hi, c in h["buckets"] if lo > T) + h["overflow"]
ivs = m["intervals"]
for name, share in (("even", [1] * len(ivs)), ("half", [1] * (len(ivs) // 2) + [0] * (len(ivs) - len(ivs) // 2))):
    w = [sh * iv["count"] for sh, iv in zip(share, ivs)]
    c = [K * x // sum(w) for x in w]
    c[0] += K - sum(c)
    for iv, x in zip(ivs, c):
        iv["over"] = [x]
    m["thresholds"] = [{"ns": T, "over": K}]
    json.dump(d, open(f"{sys.argv[2]}/counted_{name}.json", "w"))
PY
expect 0 "$RTBENCH" tail "$out/counted_even.json" -t 4.991 --no-fit
tr -s ' \n' ' ' <"$out/o" >"$out/o1"
has "$out/o1" "(counted in the measuring loop (--count-over-us))"
has "$out/o1" "the intervals' counts over 4.991 us (counted in the loop): dispersion"
has "$out/o1" "the rate over 4.991 us (counted in the loop) varies no more than sampling"
# the report's exceedance plot marks the counted threshold as an exact point
expect 0 "$RTBENCH" report "$out/counted_even.json" -o "$out/ce.html"
has "$out/ce.html" "<title>over 4.991 us: 4181 of 1000000 (counted in the loop, exact)</title></circle>"
expect 0 "$RTBENCH" tail "$out/counted_half.json" -t 4.991 --no-fit -f json
python3 - "$out/o" <<'PY' || fail "counted threshold: uneven counts not refused"
import json, sys
st = json.load(open(sys.argv[1]))["files"][0]["metrics"][0]["steadiness"]
assert st["steady"] is False and "dispersion of the intervals' counts over 4.991 us" in st["failed"], st["failed"]
assert st["rate_spread"]["threshold_ns"] == 4991 and st["dispersion"]["threshold_ns"] == 4991, st
assert st["rate_spread"]["halves"] > 3, st["rate_spread"]   # all in one half: far beyond sampling
PY

# compare -t: thresholds neither run declared, rates side by side with the
# ratio's interval; a bracketed count said as the buckets' bounds
expect 0 "$RTBENCH" compare "$data/tail_heavy.json" "$data/tail_burst.json" -t 10,20,500
tr -s ' \n' ' ' <"$out/o" >"$out/o1"
has "$out/o1" "synth-heavy-11: over 10.0 us: between 92 and 100 of 1000000 samples, 96 per million [74.2, 122] (bounded by the histogram's buckets)"
has "$out/o1" "synth-heavy-burst-21: over 20.0 us: between 7 and 8 of 1000000 samples, 7.5 per million [2.81, 15.8] (bounded by the histogram's buckets); 2.5x as often as synth-heavy-11 [0.533, 15.6] (exact 95%, widened: a count the buckets only bound)"
has "$out/o1" "synth-heavy-11: over 500.0 us: none of 1000000 samples, fewer than 3 per million (95%, one-sided;"
has "$out/o1" "over 500.0 us: none of 1000000 samples, fewer than 3 per million (95%, one-sided; none: the exact maximum is not over it); neither crossed it"
expect 0 "$RTBENCH" compare "$data/tail_heavy.json" "$data/tail_burst.json" -t 20 -f json
python3 - "$out/o" <<'PY' || fail "compare -t JSON"
import json, sys
t = json.load(open(sys.argv[1]))["metrics"][0]["thresholds"][0]
a, b = t["systems"]
assert t["threshold_ns"] == 20000 and a["exact"] and (a["over_lo"], a["over_hi"]) == (3, 3), t
assert not b["exact"] and (b["over_lo"], b["over_hi"]) == (7, 8) and a["ratio"] is None, t
assert abs(b["ratio"] - 2.5) < 1e-9 and b["ratio_lo"] < 1 < 15 < b["ratio_hi"], b
PY
# ... and the fits side by side, as `tail` makes them
python3 - "$root/docs/rtbench-tail.schema.json" "$out/o" <<'PY' || fail "compare -t JSON: fits"
import json, sys
import jsonschema
s = json.load(open(sys.argv[1]))
v = jsonschema.Draft7Validator(dict(s["definitions"]["fit"], definitions=s["definitions"]))
a, b = json.load(open(sys.argv[2]))["metrics"][0]["fits"]
assert (a["label"], b["label"]) == ("synth-heavy-11", "synth-heavy-burst-21"), (a, b)
assert a["fit"]["estimated"] and a["fit"]["shape_lo"] < 0.2 < a["fit"]["shape_hi"], a
assert not b["fit"]["estimated"] and b["fit"]["why"].startswith("not estimated: steady crossings"), b
for f in (a, b):
    assert not list(v.iter_errors(f["fit"])), list(v.iter_errors(f["fit"]))[:2]
PY
has "$out/o1" "synth-heavy-11: tail fit: shape 0.211 [0.143, 0.289] unbounded (heavy tail); 1e-9 per sample: 104.0 us [60.5 us, 212.3 us]"
has "$out/o1" "synth-heavy-burst-21: tail fit: not estimated: steady crossings"
expect 2 "$RTBENCH" compare "$data/tail_heavy.json" "$data/tail_burst.json" -t x
has "$out/e" "--threshold-us x: not a number of microseconds"

# zero crossings: the bound and the mean time between crossings it implies
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 100
has "$out/o" "over 100.0 us: none in 1000000 samples"
has "$out/o" "fewer than 3 per million (95%, one-sided, 1 in 3.34e+05); mean time between crossings at least 0.0185 h"

# rt-tests: no interval series, so no fit unless asked
expect 0 "$RTBENCH" tail "$data/rttests/cyclictest_2cpu.json" -t 20
has "$out/o" "steady? not testable: the file has no interval series"
has "$out/o" "not estimated: independence and stationarity not testable"

# check: a rate or a level shown below a limit at 95%, failing closed
expect 0 "$RTBENCH" check "$data/tail_heavy.json" --rate-below 30:1e-5 --level-below 1e-9:300
expect 1 "$RTBENCH" check "$data/tail_heavy.json" --rate-below 10:1e-5
has "$out/o" "the rate over 10.000 us is not shown below 1e-05 per sample: 92 to 100 of 1000000 samples"
# ... and where only the buckets stand in the way, that is said (fail closed)
expect 1 "$RTBENCH" check "$data/tail_heavy.json" --rate-below 10:1.2e-4
has "$out/o" "cannot be shown below 0.00012 per sample: between 92 and 100 of 1000000 samples (bounded by the histogram's buckets); 95% upper bound 0.000113 at the fewest, 0.000122 at the most: the buckets cannot show it (count it in the loop: run --count-over-us 10)"
expect 1 "$RTBENCH" check "$data/tail_heavy.json" --level-below 1e-9:150
has "$out/o" "is 103.953 us [60.480, 212.284] (95%), not shown below 150.000 us"
expect 1 "$RTBENCH" check "$data/tail_burst.json" --level-below 1e-9:100000
has "$out/o" "cannot be shown below 100000.000 us: not estimated: steady crossings"
expect 1 "$RTBENCH" check "$data/tail_heavy.json" --rate-below 'nomatch.*:30:1e-3'
has "$out/o" "no measurement in"
expect 2 "$RTBENCH" check "$data/tail_heavy.json" --rate-below 30

# a target the run already refutes: "not met", the rate with its interval and
# by how much, never "how long" (it printed "how long: ... 71.9 h")
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 5 --target 1/d --plan 24h --no-fit
has "$out/o" "target not met over 5.000 us: a rate below 0.0417 per CPU-hour (2.31e-09 per sample) is refuted by this run: 7.27e+04 per CPU-hour [6.8e+04, 7.76e+04] (95%), 1.75e+06 times the target (at least 1.63e+06 times); no run length shows it"
grep -q "how long" "$out/o" && fail "a refuted target still planned: $(grep 'how long' "$out/o")"
# ... a threshold it does not refute keeps its plan
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 5,60 --target 1/d --no-fit
has "$out/o" "how long (thresholds not refuted): a rate below 2.31e-09 per sample (0.0417 per CPU-hour) is shown at 95% by 1.29e+09 samples with no crossing: 71.9 h at 200 us on 1 CPU"
# a target too small for a double's samples: finite hours, said to be beyond any run
expect 0 "$RTBENCH" tail "$data/tail_heavy.json" -t 60 --target 1e-300/d --no-fit
has "$out/o" "is shown at 95% by no crossing in 7.19e+301 h at 200 us on 1 CPU (8.20e+297 years: no run can show it)"
grep -qi "inf" "$out/o" && fail "inf printed: $(grep -i inf "$out/o")"

# one "per hour" for every source: per CPU-hour; an all-CPU metric's hours are
# its CPUs' hours added up (rtbench's elapsed x CPUs, rt-tests' count x period
# alike), and its plan is on its CPUs, not "on 1 CPU"
for f in long64.json rttests/cyclictest_2cpu.json; do
	expect 0 "$RTBENCH" tail "$data/$f" -t 50 --plan 1h --no-fit --format json -o "$out/h.json"
	python3 - "$out/h.json" <<'PY' || fail "per CPU-hour: $f"
import json, sys
ms = json.load(open(sys.argv[1]))["files"][0]["metrics"]
allc = [m for m in ms if "@cpu" not in m["id"]][0]
per = [m for m in ms if "@cpu" in m["id"]]
tot = sum(m["hours"] for m in per)
assert abs(allc["hours"] - tot) < 1e-9 * tot, (allc["hours"], tot)
assert allc["plan"]["run"]["cpus"] == len(per), allc["plan"]["run"]
assert all(m["plan"]["run"]["cpus"] == 1 for m in per)
PY
done
expect 0 "$RTBENCH" tail "$data/long64.json" -m irq.timer.nanosleep -t 50 --plan 1h --no-fit
has "$out/o" "10.7 CPU-h measured (time x CPUs)"
has "$out/o" "a run of 1 h on 64 CPUs"

# bad options: one line, exit 2
expect 2 "$RTBENCH" tail "$data/tail_heavy.json" -t abc
has "$out/e" "--threshold-us abc: not a number of microseconds"
expect 2 "$RTBENCH" tail "$data/tail_heavy.json" --target 2
expect 2 "$RTBENCH" tail "$data/tail_heavy.json" --plan 3x
expect 2 "$RTBENCH" tail "$data/tail_heavy.json" -m no.such

[ "$fails" -eq 0 ] && echo "tail: all checks passed"
done_test
