#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# scale_file.py - a many-CPU, many-interval result file made from a real
# every-CPU --duration run (tests/data/long2.json: `rtbench run -S -D 60s`
# on the 2-vCPU dev VM, 10 intervals of 6 s), for timing the analysis
# commands at the scale of a big server (bench/scale_analysis.sh).
#
# CPU c of the new file is the source's CPU c mod n (n source CPUs); its
# intervals are the source CPU's, each used exactly R = NIV / (source
# intervals) times in an order drawn with a fixed seed per CPU (so the CPUs
# differ in time, as real ones do). Every count is therefore the source's
# times R (histogram, missed, overruns, over-threshold, 1 us bins), min,
# max, mean, stddev and percentiles stay; the all-CPU metric is the sum of
# the per-CPU ones (its histogram the source's times R*NCPU/n, the same
# percentiles). Its intervals' count, sum and maximum are exact; their
# percentiles cannot be derived from the per-CPU summaries and are the
# count-weighted medians of the CPUs' (said in its note). The kept samples
# stay the source's reservoir; the worst list keeps each source worst
# sample once, at the first copy of its interval. A metric without
# intervals (a traced run's trace components, "<id>.trace.<name>@cpuN")
# is copied to every CPU with its counts times the measured metrics' R.
#   bench/scale_file.py [--cpus 256] [--intervals 1440] [--seed 43] SRC OUT
import argparse, json, random, re


def cpu_of(mid):
    m = re.fullmatch(r"(.*)@cpu(\d+)", mid)
    return (m.group(1), int(m.group(2))) if m else (mid, None)


def scale_hist(h, r):
    h = dict(h)
    h["counts"] = [c * r for c in h["counts"]]
    h["underflow"] *= r
    h["overflow"] *= r
    return h


def scale_counts(m, r):
    """The keys of a metric that count samples, times r (in place)."""
    for k in ("count", "invalid", "overruns", "missed", "over_deadline", "elapsed_ns"):
        if isinstance(m.get(k), int):
            m[k] *= r
    if m.get("histogram"):
        m["histogram"] = scale_hist(m["histogram"], r)
    for t in m.get("thresholds") or []:
        t["over"] *= r
    if m.get("histogram_1us"):
        h = dict(m["histogram_1us"])
        h["counts"] = [c * r for c in h["counts"]]
        h["overflow"] *= r
        m["histogram_1us"] = h


def offset_of(m):
    """The run's clock offset of the worst samples' t_ns, pinned as the tail
    analysis pins it: a worst sample equal to one interval's maximum lies in
    that interval."""
    lo, hi = float("-inf"), float("inf")
    for w in m.get("worst") or []:
        hits = [iv for iv in m["intervals"] if iv["count"] and iv["max_ns"] == w["ns"]]
        if len(hits) == 1:
            lo = max(lo, w["t_ns"] - hits[0]["end_ns"])
            hi = min(hi, w["t_ns"] - hits[0]["start_ns"])
    return None if lo > hi or lo == float("-inf") else int((lo + hi) // 2)


def rounds_of(ivs):
    return [{"count": iv["count"], "p50_ns": iv["p50_ns"], "p99_ns": iv["p99_ns"],
             "p99_9_ns": iv.get("p99_9_ns"), "mean_ns": iv["sum_ns"] / iv["count"] if iv["count"] else None,
             "max_ns": iv["max_ns"]} for iv in ivs]


def moved_worst(worst, off, src_ivs, first_slot, ivlen, cpu_map):
    """Each worst sample at the first copy of its interval (by its CPU's order)."""
    out = []
    for w in worst or []:
        w = dict(w)
        c = cpu_map(w.get("cpu"))
        if off is not None:
            rel = w["t_ns"] - off
            j = next((k for k, iv in enumerate(src_ivs) if iv["start_ns"] <= rel < iv["end_ns"]), None)
            if j is None:
                continue
            w["t_ns"] = off + first_slot(c, j) * ivlen + rel - src_ivs[j]["start_ns"]
        if c is not None:
            w["cpu"] = c
        out.append(w)
    return out


def wmedian(pairs):
    """Count-weighted lower median of (value, count) pairs."""
    pairs = sorted(p for p in pairs if p[1])
    half, acc = sum(c for _, c in pairs) / 2, 0
    for v, c in pairs:
        acc += c
        if acc >= half:
            return v
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cpus", type=int, default=256)
    ap.add_argument("--intervals", type=int, default=1440)
    ap.add_argument("--seed", type=int, default=43)
    ap.add_argument("src")
    ap.add_argument("out")
    a = ap.parse_args()
    d = json.load(open(a.src))
    lr = d["settings"]["long_run"]
    ivlen = lr["interval_ns"]
    groups = {}   # base id -> {"all": metric, cpu: metric}
    order = []
    for m in d["metrics"]:
        base, c = cpu_of(m["id"])
        if base not in groups:
            groups[base] = {}
            order.append(base)
        groups[base]["all" if c is None else c] = m
    out = []
    r0 = None  # the measured metrics' R, for those without intervals
    for base in order:
        g = groups[base]
        src_cpus = sorted(k for k in g if k != "all")
        if src_cpus and g[src_cpus[0]].get("intervals"):
            r0 = a.intervals // len(g[src_cpus[0]]["intervals"])
            break
    for base in order:
        g = groups[base]
        src_cpus = sorted(k for k in g if k != "all")
        if not src_cpus:
            raise SystemExit(f"{base}: not an every-CPU metric")
        nsrc_iv = len(g[src_cpus[0]].get("intervals") or [])
        if (nsrc_iv and a.intervals % nsrc_iv) or a.cpus % len(src_cpus):
            raise SystemExit(f"--intervals must be a multiple of {nsrc_iv}, --cpus of {len(src_cpus)}")
        r = a.intervals // nsrc_iv if nsrc_iv else r0
        rc = a.cpus // len(src_cpus)
        allm = g.get("all")
        if allm:
            summed = [sum(col) for col in zip(*(g[c]["histogram"]["counts"] for c in src_cpus))]
            if summed != allm["histogram"]["counts"]:
                raise SystemExit(f"{base}: the all-CPU histogram is not the sum of the CPUs'")
        perm, percpu = {}, []
        for c in range(a.cpus):
            s = g[src_cpus[c % len(src_cpus)]]
            p = [j for j in range(nsrc_iv) for _ in range(r)]
            random.Random(a.seed * 100003 + c).shuffle(p)
            perm[c] = p
            m = json.loads(json.dumps(s))
            m["id"] = f"{base}@cpu{c}"
            scale_counts(m, r)
            if not nsrc_iv:
                percpu.append(m)
                continue
            ivs = []
            for i, j in enumerate(p):
                iv = dict(s["intervals"][j])
                iv["start_ns"], iv["end_ns"] = i * ivlen, (i + 1) * ivlen
                ivs.append(iv)
            m["intervals"] = ivs
            m["rounds"] = rounds_of(ivs)
            first = {}
            for i, j in enumerate(p):
                first.setdefault(j, i)
            m["worst"] = moved_worst(s.get("worst"), offset_of(s), s["intervals"],
                                     lambda _c, j, f=first: f[j], ivlen, lambda _x, c=c: c)
            percpu.append(m)
        if allm:
            m = json.loads(json.dumps(allm))
            scale_counts(m, r * rc)
            ivs = []
            for i in range(a.intervals if nsrc_iv else 0):
                parts = [percpu[c]["intervals"][i] for c in range(a.cpus)]
                iv = {"start_ns": i * ivlen, "end_ns": (i + 1) * ivlen,
                      "count": sum(x["count"] for x in parts), "sum_ns": sum(x["sum_ns"] for x in parts),
                      "span_ns": max(x.get("span_ns", 0) for x in parts)}
                for k in ("p50_ns", "p99_ns", "p99_9_ns"):
                    iv[k] = wmedian([(x[k], x["count"]) for x in parts if x.get(k) is not None])
                iv["max_ns"] = max((x["max_ns"] for x in parts if x["count"]), default=None)
                iv["over"] = [sum(x["over"][t] for x in parts) for t in range(len(parts[0].get("over") or []))]
                ivs.append(iv)
            if nsrc_iv:
                m["intervals"] = ivs
                m["rounds"] = rounds_of(ivs)
            firsts = {c: {} for c in range(a.cpus)}
            for c in range(a.cpus):
                for i, j in enumerate(perm[c]):
                    firsts[c].setdefault(j, i)
            src_pos = {s: k for k, s in enumerate(src_cpus)}
            if nsrc_iv:
                m["worst"] = moved_worst(allm.get("worst"), offset_of(g[src_cpus[0]]), g[src_cpus[0]]["intervals"],
                                         lambda c, j: firsts[c][j], ivlen,
                                         lambda x: src_pos.get(x, 0) if x is not None else None)
            top = max(percpu, key=lambda x: x["max"])
            cpus = f"0-{a.cpus - 1}"
            m["note"] = (f"all {a.cpus} CPUs merged ({cpus}); the maximum was on CPU {cpu_of(top['id'])[1]}; "
                         "synthetic (bench/scale_file.py): an interval's percentiles are the "
                         "count-weighted medians of its CPUs'")
            m["method"] = re.sub(r"CPUs [0-9,-]+ at once", f"CPUs {cpus} at once", m.get("method") or "")
            out.append(m)
        out.extend(percpu)
    d["metrics"] = out
    lr["duration_ns"] = lr["measured_ns"] = a.intervals * ivlen
    lr["cpus"], lr["ncpus"] = f"0-{a.cpus - 1}", a.cpus
    d["system"]["ncpus"] = a.cpus
    d["label"] = f"synthetic-{a.cpus}cpu-{a.intervals}iv"
    d["command_line"] = (f"bench/scale_file.py --cpus {a.cpus} --intervals {a.intervals} "
                         f"--seed {a.seed} (from: {d.get('command_line', '')})")
    with open(a.out, "w") as f:
        json.dump(d, f)


if __name__ == "__main__":
    main()
