#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# hist_linear.sh - run -D ... --cpus all -h US (cyclictest -S -h US): the 1 us
# bins come from the linear histogram counted in the record step, not read
# back from the log-linear buckets (1/64 of their value wide: above 64 us a
# 1 us bin read from them is often empty, a sawtooth; test_hmetric checks
# the counts on known data). Here, on a real run, per CPU column: every bin
# 0..US-1 printed, the bins and the overflows add up to the CPU's count in
# the JSON, the lowest non-empty bin is its min and the bins' p50 agrees
# with the file's own (log-linear) p50 within a bucket's width; the JSON's
# "histogram_1us" holds the same bins and reads back.
. "$(dirname "$0")/lib.bash"
test_out hist_linear
needs_rt

"$RTBENCH" run --tests irq.timer.nanosleep -D 2s --cpus all -i 200 -h 400 --quiet \
	--json "$out/r.json" >"$out/h.txt" 2>"$out/e" || { fail "run: $(tail -3 "$out/e")"; done_test; }
has "$out/h.txt" "# from its linear histogram: 1 us bins counted as measured, up to 400 us"
python3 - "$out/h.txt" "$out/r.json" <<'PY' || fail "the linear histogram against the result file"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
i = lines.index("# Histogram")
rows = []
for l in lines[i + 1:]:
    if l.startswith("#"):
        break
    f = l.split()
    rows.append([int(x) for x in f])
assert [r[0] for r in rows] == list(range(400)), "every bin 0..399, in order"
ncol = len(rows[0]) - 1
tail = {l.split(":")[0]: l.split(":")[1].split() for l in lines[i + 1:] if l.startswith("# ")}
tot = [int(x) for x in tail["# Total"]]
ovf = [int(x) for x in tail["# Histogram Overflows"]]
mets = {m["id"]: m for m in json.load(open(sys.argv[2]))["metrics"]}
cpus = sorted(int(k.split("@cpu")[1]) for k in mets if "@cpu" in k) or [None]
assert ncol == len(cpus), (ncol, cpus)
for c, cpu in enumerate(cpus):
    m = mets["irq.timer.nanosleep" + ("@cpu%d" % cpu if cpu is not None else "")]
    col = [r[c + 1] for r in rows]
    assert sum(col) == tot[c], (sum(col), tot[c])
    assert tot[c] + ovf[c] == m["count"], (tot[c], ovf[c], m["count"])
    # nearest-rank p50 from the 1 us bins against the file's p50, which is
    # a log-linear bucket's lower edge (at most 1.5625% below the value)
    rank, cum = (m["count"] + 1) // 2, 0
    for us, n in enumerate(col):
        cum += n
        if cum >= rank:
            break
    p50 = m["p50"] / 1000
    assert us <= p50 * 1.016 + 1 and us + 1 >= p50, (us, p50)
    # the result file keeps the same bins ("histogram_1us")
    h = m["histogram_1us"]
    assert h["bins"] == 400 and h["overflow"] == ovf[c], (h["bins"], h["overflow"], ovf[c])
    assert h["counts"] + [0] * (400 - len(h["counts"])) == col, "histogram_1us differs from the text"
    # the lowest non-empty bin is the file's min
    first = next(us for us, n in enumerate(col) if n)
    assert first == m["min"] // 1000, (first, m["min"])
PY
# the host reads it back (a count that does not add up is refused)
if "$RTBENCH" compare --help >/dev/null 2>&1; then
	"$RTBENCH" compare "$out/r.json" "$out/r.json" >/dev/null 2>"$out/ce" || fail "compare: $(cat "$out/ce")"
fi
[ "$fails" -eq 0 ] && echo "hist_linear: all checks passed"
done_test
