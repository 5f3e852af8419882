#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# report_1us.sh - the OSADL histogram of `report --qualify` draws 1 us bins:
# rtbench's "histogram_1us" (run -h/--histogram) where the result has it,
# cyclictest's own 1 us histogram beside it, a panel per file side by side
# and both overlaid, each panel saying its kind of bins. Known data: a
# 2-CPU result whose 1 us bins alternate 40/4 samples from 20 to 199 us
# with one empty bin (77 us) and one 35 ms stall (the log-linear buckets,
# 1-2 us wide there, would blur the alternation), and
# rttests/cyclictest_2cpu.json. Read back from the SVG path, per 1 us bin,
# each line's heights order as its counts do; the hole is counted; the
# stall is past the axis' end and said; without "histogram_1us" the panel
# says its buckets are spread, not 1 us bins. The plain report's per-CPU
# histogram draws the same 1 us bins.
. "$(dirname "$0")/lib.bash"
test_out report_1us
needs_host

python3 - "$data/long64.json" "$out/r.json" "$out/r_nolin.json" <<'PY'
import json, math, sys
d = json.load(open(sys.argv[1]))

def bucket(v):  # rtbench's log-linear layout, sub_bits 7 (gen_long64.py)
    if v < 128:
        return v, v + 1
    shift = v.bit_length() - 1 - 6
    lo = (v >> shift) << shift
    return lo, lo + (1 << shift)

def pct(s, p):
    return s[max(1, min(len(s), math.ceil(p / 100 * len(s) - 1e-9))) - 1]

def lin_counts(cpu):
    c = {k: (40 if k % 2 == 0 else 4) + cpu for k in range(20, 200)}
    c[77] = 0
    return c

def metric(mid, cpus):
    vals = []
    for cpu in cpus:
        vals += [k * 1000 + 500 for k, n in lin_counts(cpu).items() for _ in range(n)]
        vals.append(35000500 + cpu)  # one host stall
    s = sorted(vals)
    n = len(s)
    h = {}
    for v in s:
        h[bucket(v)] = h.get(bucket(v), 0) + 1
    lin = [0] * 300
    for v in s:
        if v < 300000:
            lin[v // 1000] += 1
    while lin and not lin[-1]:
        lin.pop()
    mean = sum(s) / n
    m = {"id": mid, "title": "Timer interrupt latency, task wake-up", "study_table": "Table 3", "unit": "ns",
         "status": "ok", "method": "synthetic (tests/e2e/report_1us.sh)", "note": "", "count": n,
         "min": s[0], "mean": mean, "stddev": math.sqrt(sum((v - mean) ** 2 for v in s) / (n - 1))}
    for k, p in (("p50", 50), ("p90", 90), ("p99", 99), ("p99_9", 99.9), ("p99_99", 99.99), ("p99_999", 99.999)):
        m[k] = pct(s, p)
    m.update({"max": s[-1], "first": s[0], "invalid": 0, "overruns": 0, "missed": 0, "deadline_ns": 0,
              "over_deadline": 0, "elapsed_ns": 60 * 10**9, "round_spread": None,
              "extras": {"period_us": {"value": 200, "unit": "us"}},
              "histogram": {"layout": "log-linear", "sub_bits": 7, "top_bit": 36, "underflow": 0, "overflow": 0,
                            "buckets": [[lo, hi, c] for (lo, hi), c in sorted(h.items())]},
              "mode": "histogram",
              "percentiles": {"from": "histogram", "resolution_pct": 1.5625,
                              "reported_as": "lower edge of the bucket, clamped to min..max"},
              "samples_kept": 0, "worst": [{"ns": s[-1], "t_ns": 1000, "cpu": cpus[-1]}],
              "histogram_1us": {"bins": 300, "overflow": sum(1 for v in s if v >= 300000), "counts": lin},
              "intervals": [{"start_ns": 0, "end_ns": 60 * 10**9, "count": n, "p50_ns": m["p50"],
                             "p99_ns": m["p99"], "max_ns": s[-1]}], "samples": []})
    return m

d["schema_version"] = 3
d["label"] = "synthetic-1us"
d["system"]["ncpus"] = 2
d["settings"]["long_run"].update({"cpus": "0-1", "ncpus": 2, "duration_ns": 60 * 10**9,
                                  "interval_ns": 60 * 10**9, "measured_ns": 60 * 10**9})
d["metrics"] = [metric("irq.timer.nanosleep", [0, 1])] + [metric("irq.timer.nanosleep@cpu%d" % c, [c]) for c in (0, 1)]
json.dump(d, open(sys.argv[2], "w"))
for m in d["metrics"]:
    del m["histogram_1us"]
json.dump(d, open(sys.argv[3], "w"))
PY
expect 0 "$RTBENCH" report --qualify "$out/r.json" "$data/rttests/cyclictest_2cpu.json" -o "$out/q.html"
expect 0 "$RTBENCH" report --qualify "$out/r_nolin.json" -o "$out/q_nolin.html"
expect 0 "$RTBENCH" report "$out/r.json" -o "$out/plain.html"
python3 - "$out/q.html" "$out/q_nolin.html" "$out/plain.html" "$data/rttests/cyclictest_2cpu.json" <<'PY' && ok "1 us bins drawn for rtbench and cyclictest, side by side, each said" || fail "the 1 us OSADL histogram"
import html, json, re, sys
page, nolin, plain = (open(p).read() for p in sys.argv[1:4])
ct = json.load(open(sys.argv[4]))

def svg(pg, pid):
    return re.search(r'<svg[^>]*id="%s"[^>]*>(.*?)</svg>' % re.escape(pid), pg, re.S).group(1)

def title(sv):
    return html.unescape(re.search(r"<text[^>]*>([^<]*OSADL form[^<]*)</text>", sv).group(1))

def bins(sv, i, nb):
    """the i-th line's height per 1 us bin (pixels up from the axis)"""
    d = re.findall(r'<path class="series"[^>]* d="([^"]*)"', sv)[i]
    pts = [tuple(map(float, p)) for p in re.findall(r"[ML]([-0-9.]+) ([-0-9.]+)", d)]
    x0, x1, base = pts[0][0], pts[-1][0], pts[0][1]
    out = []
    for k in range(nb):
        xc = x0 + (k + 0.5) * (x1 - x0) / nb
        seg = [(a, b) for a, b in zip(pts, pts[1:]) if a[1] == b[1] and a[0] <= xc <= b[0]]
        assert len(seg) == 1, (k, seg)
        out.append(round(base - seg[0][0][1], 1))
    return out

nb = int(re.search(r"The latency axis ends at (\d+) us", page).group(1))
# the 35 ms stall does not stretch the axis: 3 x p99.9 (<= 200 us), rounded up to 50
assert nb <= 650, nb
assert re.search(r"synthetic-1us CPU 0 1 \(max 35000\.500 us\)", html.unescape(page)), "the stall said"
rt, cy, both = (svg(page, "osadl-irq.timer.nanosleep-%s" % k) for k in ("0", "1", "all"))
assert "1 us bins (rtbench's linear histogram)" in title(rt), title(rt)
assert "1 us bins (the file's histogram)" in title(cy), title(cy)
assert len(re.findall(r'<path class="series"', both)) == 4
# rtbench: per bin, 40+c over 4+c samples alternate from 20 to 199 us, 77 us empty
for cpu in (0, 1):
    y = bins(rt, cpu, nb)
    hi, lo = y[20], y[21]
    assert hi > lo > 0, (hi, lo)
    for k in range(nb):
        want = 0 if k < 20 or k >= 200 or k == 77 else hi if k % 2 == 0 else lo
        assert abs(y[k] - want) < 0.15, (cpu, k, y[k], want)
# cyclictest: per 1 us bin its heights order exactly as its histogram's counts
for i, cpu in enumerate(("0", "1")):
    h = {int(k): v for k, v in ct["thread"][cpu]["histogram"].items()}
    y = bins(cy, i, nb)
    for a in range(nb):
        assert (y[a] > 0) == (h.get(a, 0) > 0), (cpu, a, y[a], h.get(a))
        for b in range(a + 1, nb):
            ca, cb = h.get(a, 0), h.get(b, 0)
            assert (ca > cb) == (y[a] > y[b] + 0.05) and (ca == cb) == (abs(y[a] - y[b]) < 0.05), (cpu, a, b, ca, cb)
empt = re.search(r"Empty 1 us bins[^<]*", html.unescape(page)).group(0)
assert "synthetic-1us CPU 0 1 of " in empt and "synthetic-1us CPU 1 1 of " in empt, empt
assert "Bins, per line" in page
# the figures: rtbench's samples past its 1 us bins' top, as cyclictest's overflow
assert "<td>1</td><td>histogram (+-1.6%)</td>" in page
# without "histogram_1us": the log buckets, spread, and said so
assert "log-linear buckets spread over 1 us" in title(svg(nolin, "osadl-irq.timer.nanosleep-0"))
assert "not 1 us bins" in html.unescape(nolin)
# the plain report's per-CPU histogram: the same 1 us bins, said
pc = re.search(r'<svg[^>]*id="cpuhist-irq.timer.nanosleep-0"[^>]*>(.*?)</svg>', plain, re.S).group(1)
assert "1 us bins" in html.unescape(pc), "plain report: kind of bins not said"
nbp = int(re.search(r"latency axis ends at (\d+) us", html.unescape(plain)).group(1))
assert nbp == 300, nbp  # the linear histogram's top
y = bins(pc, 0, nbp)
assert y[20] > y[21] > 0 and y[77] == 0 and y[76] == y[20], (y[20], y[21], y[76], y[77])
hg = re.search(r'<svg[^>]*id="hist-irq.timer.nanosleep"[^>]*>(.*?)</svg>', plain, re.S).group(1)
assert "1 us bins" in html.unescape(hg), "plain report: the histogram's bins not said"
y = bins(hg, 0, nbp)
assert y[20] > y[21] > 0 and y[77] == 0, (y[20], y[21], y[77])
print("axis", nb, "us;", empt[:80])
PY
done_test
