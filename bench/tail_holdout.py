#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# tail_holdout.py - the hold-out check of `rtbench tail` (docs/tail.md): for each
# pair of back-to-back runs bench/tail_holdout.sh measured (p<N>-<cond>-a/b),
# and each metric (every CPU and the all-CPU one), `rtbench tail` fits the
# first run and predicts the second: its maximum (90% interval) and its
# crossings of two thresholds, the first run's p99.9 bucket edge
# (interpolation) and the bucket edge above its maximum (extrapolation),
# each counted exactly in the second run's histogram at that edge, and
# its crossings of every threshold both runs counted in their
# loop (--count-over-us). Prints one line per prediction and how often the
# 90% intervals held.
#   bench/tail_holdout.py DIR [RTBENCH] [--loo]
import glob, json, math, os, re, subprocess, sys

# --loo: each pair's predictions get --run-spread from the OTHER pairs
# (leave-one-out): the machine's spread of the tail rate between
# back-to-back runs, s^2 = mean((log kb/ka)^2 - 1/ka - 1/kb) / 2 over the
# other pairs' same metric at their first run's p99.9 edge
loo = "--loo" in sys.argv
args = [x for x in sys.argv[1:] if x != "--loo"]
d = args[0]
rtb = args[1] if len(args) > 1 else "build/rtbench"


def edge_above(v):
    """the smallest bucket edge (sub_bits 7) above value v"""
    if v < 128:
        return v + 1
    shift = v.bit_length() - 1 - 6
    return ((v >> shift) + 1) << shift


def count_ge(m, e):
    """samples >= bucket edge e in metric m (exact at an edge)"""
    h = m["histogram"]
    n = h.get("overflow", 0)
    if "counts" in h:
        s, t = h["sub_bits"], h["top_bit"]
        half = 1 << (s - 1)
        for i, c in enumerate(h["counts"]):
            if not c:
                continue
            if i < (1 << s):
                lo = i
            else:
                shift = i // half - 1
                lo = (i - shift * half) << shift
            n += c if lo >= e else 0
    else:
        n += sum(c for lo, hi, c in h["buckets"] if lo >= e)
    return n


from scipy import stats
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tail_gev import gev_fit
rows, held = [], {"max": [0, 0], "max_hi": [0, 0], "plug": [0, 0], "k_p999": [0, 0], "k_max": [0, 0], "rate0": [0, 0], "rate": [0, 0], "gev": [0, 0],
                   "free": [0, 0], "tool": [0, 0], "beyond": [0, 0]}
held_refused = 0
refused_why = {}
# the count predictions by condition (idle / load) and how far
# each miss fell outside (log of the count against the nearer end)
by_cond = {}
by_thr = {}
widths = []  # the count interval's width over the first run's count
refused = 0
log = open(os.path.join(d, "log.txt")).read() if os.path.exists(os.path.join(d, "log.txt")) else ""
pairs = {}
for a in glob.glob(os.path.join(d, "p*-a.json")):
    b = a[:-7] + "-b.json"
    if not os.path.exists(b):
        continue
    A, B = json.load(open(a)), json.load(open(b))
    for ma in A["metrics"]:
        mb = next((x for x in B["metrics"] if x["id"] == ma["id"]), None)
        if mb and ma["count"] and mb["count"]:
            e = ma["p99_9"]
            pairs.setdefault(ma["id"], {})[os.path.basename(a)[:-7]] = (count_ge(ma, e), count_ge(mb, e))


def spread_without(mid, pair):
    """the between-run spread of metric mid from every pair but this one"""
    v = [math.log(kb / ka) ** 2 - 1 / ka - 1 / kb for p, (ka, kb) in pairs.get(mid, {}).items()
         if p != pair and ka and kb]
    return math.sqrt(max(0.0, sum(v) / len(v) / 2)) if v else 0.0


for a in sorted(glob.glob(os.path.join(d, "p*-a.json")), key=lambda p: int(re.search(r"/p(\d+)-", p).group(1))):
    b = a[:-7] + "-b.json"
    if not os.path.exists(b):
        continue
    A, B = json.load(open(a)), json.load(open(b))
    pair = os.path.basename(a)[:-7]
    la = re.search(r"pair %s \w+ start \S+ loadavg (\S+)" % re.search(r"p(\d+)", pair).group(1), log)
    for ma in A["metrics"]:
        mb = next((x for x in B["metrics"] if x["id"] == ma["id"]), None)
        if not mb or not ma["count"] or not mb["count"]:
            continue
        t1 = ma["p99_9"] - 1          # over t1 = at or above the p99.9 edge
        t2 = edge_above(ma["max"]) - 1
        cpus = B["settings"]["long_run"]["ncpus"] if "@cpu" not in ma["id"] else 1
        hours = mb["elapsed_ns"] / 3.6e12
        extra = ["--run-spread", f"{spread_without(ma['id'], pair):.4f}"] if loo else []
        out = subprocess.run([rtb, "tail", "-f", "json", a, "-m", ma["id"], "-t", f"{t1 / 1e3},{t2 / 1e3}",
                              "--plan", f"{hours * 3600:.3f}s", "--plan-cpus", str(cpus)] + extra,
                             capture_output=True, text=True)
        if out.returncode:
            print(pair, ma["id"], "tail failed:", out.stderr.strip())
            continue
        t = json.loads(out.stdout)["files"][0]["metrics"][0]
        f, plan = t["fit"], t["plan"].get("run", {})
        # without a fit: the first run's rate over its p99.9 edge predicts the
        # second's count (Jeffreys: rate ~ Gamma(k + 1/2, n1), so the count in
        # n2 is negative binomial; its 5% and 95% quantiles)
        k1, n1, n2 = count_ge(ma, t1 + 1), ma["count"], mb["count"]
        kb = count_ge(mb, t1 + 1)
        lo, hi = stats.nbinom.ppf([0.05, 0.95], k1 + 0.5, n1 / (n1 + n2))
        held["rate0"][0] += lo <= kb <= hi
        held["rate0"][1] += 1
        # the tool's own prediction (widened by the
        # rate's spread between the intervals)
        c0 = plan["crossings"][0]
        plo, phi = c0["pred_lo"], c0["pred_hi"]
        if plo is None:
            plo, phi = float("nan"), float("nan")
            held_refused += 1
            why = re.sub(r"[0-9.]+%", "N%", (c0.get("pred_why") or "not predicted: not steady").split(" (")[0])
            refused_why[why] = refused_why.get(why, 0) + 1
        else:
            held["rate"][0] += plo <= kb <= phi
            held["rate"][1] += 1
            widths.append((phi - plo) / k1)
            cond = "load" if "-load" in pair else "idle"
            bc = by_cond.setdefault(cond, [0, 0])
            bc[0] += plo <= kb <= phi
            bc[1] += 1
        # the same prediction at each threshold the first run
        # counted in its loop (--count-over-us), scored against the second
        # run's exact count there, by threshold and condition
        ob = {x["ns"]: x["over"] for x in mb.get("thresholds") or []}
        ths = [x["ns"] for x in ma.get("thresholds") or [] if x["ns"] in ob]
        if ths:
            o2 = subprocess.run([rtb, "tail", "-f", "json", a, "-m", ma["id"], "-t", ",".join(f"{x / 1e3}" for x in ths),
                                 "--plan", f"{hours * 3600:.3f}s", "--plan-cpus", str(cpus)] + extra,
                                capture_output=True, text=True)
            for c in json.loads(o2.stdout)["files"][0]["metrics"][0]["plan"]["run"]["crossings"] if not o2.returncode else []:
                key = (c["threshold_ns"] / 1e3, "load" if "-load" in pair else "idle")
                bt = by_thr.setdefault(key, [0, 0, 0])
                if c["pred_lo"] is None:
                    bt[2] += 1
                    continue
                ok = c["pred_lo"] <= ob[c["threshold_ns"]] <= c["pred_hi"]
                bt[0] += ok
                bt[1] += 1
                if not ok:
                    print(f"{pair} {ma['id']}: over {key[0]:.0f} us (counted): "
                          f"{ob[c['threshold_ns']]} in the second, predicted 90% [{c['pred_lo']:.0f}, {c['pred_hi']:.0f}] "
                          f"MISSED (between-run spread {c['pred_spread']:.2f})")
        sp = t["steadiness"].get("rate_spread") or {}
        sd = c0.get("pred_spread")
        print(f"{pair} {ma['id']}: over {t1 / 1e3:.1f} us: {k1} in the first, {kb} in the second, predicted "
              f"90% [{lo:.0f}, {hi:.0f}] from the first's rate (Poisson) {'held' if lo <= kb <= hi else 'MISSED'}, "
              f"[{plo:.0f}, {phi:.0f}] with the spread between intervals (tau {sp.get('tau', 0):.2f}) "
              f"{c0.get('pred_why') or 'not predicted (not steady)' if plo != plo else 'held' if plo <= kb <= phi else 'MISSED'}"
              + (f" (between-run spread {sd:.2f})" if sd is not None else ""))
        # block maxima (GEV by scipy, on the first run's interval maxima,
        # plug-in): the second run's maximum is the largest of its own B
        # interval maxima, F^B; compared beside the POT fit (docs/tail.md
        # "Why peaks over threshold")
        bm = np.array([iv["max_ns"] for iv in ma["intervals"] if iv["count"]], float)
        nb2 = sum(1 for iv in mb["intervals"] if iv["count"])
        if len(bm) >= 8:
            c_, loc_, sc_ = gev_fit(bm)  # scipy, from several starts (bench/tail_gev.py)
            q = [stats.genextreme.ppf(x ** (1 / nb2), c_, loc_, sc_) for x in (0.05, 0.95)]
            okg = q[0] <= mb["max"] <= q[1]
            held["gev"][0] += okg
            held["gev"][1] += 1
            print(f"{pair} {ma['id']}: block maxima GEV (scipy, shape {-c_:.2f}): max {mb['max'] / 1e3:.1f} us, "
                  f"predicted 90% [{q[0] / 1e3:.1f}, {q[1] / 1e3:.1f}] {'held' if okg else 'MISSED'}"
                  f"{'' if f['estimated'] else ' (POT fit refused)'}")
        # the maximum whatever the law (order statistics of the
        # first run's interval maxima; rtbench's plan.run.max_free), on
        # every metric pair where the maxima were shown exchangeable, and
        # the tool's answer: the fit's interval where a fit was made, else
        # this one
        fr = plan.get("max_free") or {}
        beyond = mb["max"] > ma["max"]
        held["beyond"][0] += beyond
        held["beyond"][1] += 1
        if fr.get("given"):
            flo = fr["lo_ns"] if fr["lo_ns"] is not None else 0
            fhi = fr["hi_ns"] if fr["hi_ns"] is not None else float("inf")
            okf = flo <= mb["max"] <= fhi
            held["free"][0] += okf
            held["free"][1] += 1
            if not f["estimated"]:
                held["tool"][0] += okf
                held["tool"][1] += 1
            print(f"{pair} {ma['id']}: max {mb['max'] / 1e3:.1f} us (first run {ma['max'] / 1e3:.1f}), "
                  f"order statistics of {fr['blocks']} maxima: [{flo / 1e3:.1f}, {fhi / 1e3:.1f}] "
                  f"{'held' if okf else 'MISSED'}{'' if f['estimated'] else ' (no fit: the prediction given)'}")
        else:
            print(f"{pair} {ma['id']}: order statistics {fr.get('why') or 'not given'}")
        if not f["estimated"]:
            refused += 1
            print(f"{pair} {ma['id']}: {f['why']}")
            continue
        mx = plan["max"]
        ok_max = mx["lo_ns"] <= mb["max"] <= mx["hi_ns"]
        held["plug"][0] += mx["plug_lo_ns"] <= mb["max"] <= mx["plug_hi_ns"]
        held["plug"][1] += 1
        held["max"][0] += ok_max
        held["max"][1] += 1
        # the upper end alone (what a bound is for): the second
        # run's maximum at or below the fit's 95% upper end
        held["max_hi"][0] += mb["max"] <= mx["hi_ns"]
        held["max_hi"][1] += 1
        held["tool"][0] += ok_max
        held["tool"][1] += 1
        line = (f"{pair} {ma['id']} (load {la.group(1) if la else '?'}): max {mb['max'] / 1e3:.1f} us, "
                f"predicted 90% [{mx['lo_ns'] / 1e3:.1f}, {mx['hi_ns'] / 1e3:.1f}] {'held' if ok_max else 'MISSED'}")
        for key, thr, c in (("k_p999", t1, plan["crossings"][0]), ("k_max", t2, plan["crossings"][1])):
            kb = count_ge(mb, thr + 1)
            if c.get("fit_expected") is None:
                continue
            ok = c["fit_lo"] <= kb <= c["fit_hi"]
            held[key][0] += ok
            held[key][1] += 1
            line += (f"; over {thr / 1e3:.1f} us: {kb}, predicted {c['fit_expected']:.1f} "
                     f"[{c['fit_lo']:.0f}, {c['fit_hi']:.0f}] {'held' if ok else 'MISSED'}")
        print(line)
print(f"fits refused: {refused}; count predictions from the rate refused: {held_refused} "
      f"({', '.join(f'{k}: {v}' for k, v in sorted(refused_why.items()))})")
for cond, (h, n) in sorted(by_cond.items()):
    print(f"crossings of the first run's p99.9 (rtbench's prediction), {cond} pairs: held {h} of {n}")
if widths:
    print(f"crossings of the first run's p99.9: median interval width {float(np.median(widths)):.2f}x the first run's count")
for (thr, cond), (h, n, r) in sorted(by_thr.items()):
    print(f"crossings of {thr:.0f} us (counted in the loop; rtbench's prediction), {cond} pairs: held {h} of {n}, refused {r}")
for k, (h, n) in held.items():
    what = {"max": "second run's maximum", "max_hi": "second run's maximum at or below the fit's upper end (one-sided, 95%)", "k_p999": "crossings of the first run's p99.9",
            "k_max": "crossings of the first run's maximum",
            "gev": "second run's maximum from a GEV of the first's interval maxima (scipy from several starts, plug-in, every metric)",
            "plug": "second run's maximum, from the fitted parameters alone (no parameter uncertainty)",
            "free": "second run's maximum, order statistics of the first's interval maxima (where shown exchangeable)",
            "tool": "second run's maximum, rtbench's answer (the fit where made, else the order statistics)",
            "beyond": "(not a prediction) second run's maximum above the first's",
            "rate0": "crossings of the first run's p99.9 (from its rate, Poisson only, no spread)",
            "rate": "crossings of the first run's p99.9 (rtbench's prediction from its rate, with the spread)"}[k]
    print(f"{what}: {'' if k == 'beyond' else 'held ' if k == 'max_hi' else '90% interval held '}{h} of {n}" + (f" ({100 * h / n:.0f}%)" if n else ""))
