#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# tail_synth.py - synthetic long-run result files with a KNOWN tail, for the
# validation of `rtbench tail` (docs/tail.md).
#
# Every sample is base + Y, Y ~ generalized Pareto(sigma, xi) (xi = 0:
# exponential), so above any threshold u the excess is GPD(sigma + xi (u -
# base), xi) exactly and the level exceeded with probability p per sample
# is base + sigma ((p^-xi) - 1) / xi. The samples are recorded as rtbench
# does in a --duration run: a log-linear histogram (sub_bits 7: 1.5625%
# buckets), exact count/min/max/mean, the interval series (count, p50,
# p99, max), a reservoir, the 16 worst. A "burst" file replaces 300
# samples in intervals 19-21 (of 40) by a heavier tail (sigma x 8): what a
# host's spikes do to a VM.
#   tail_synth.py OUT.json KIND SEED [--burst] [--n N]
#   KIND: exp | heavy (xi 0.2) | bounded (xi -0.2)
# Run by Debian's /usr/bin/python3 (numpy); never by rtbench.
import json, math, sys
import numpy as np

KINDS = {"exp": 0.0, "heavy": 0.2, "bounded": -0.2}
BASE, SIGMA, NIV, PERIOD_NS = 2000.0, 300.0, 40, 200000


def gpd(rng, n, sigma, xi):
    u = rng.random(n)
    if xi == 0:
        return -sigma * np.log(u)
    return sigma * (u ** -xi - 1) / xi


def true_level(p, xi, sigma=SIGMA, base=BASE):
    """the level exceeded with probability p per sample"""
    if xi == 0:
        return base - sigma * math.log(p)
    return base + sigma * (p ** -xi - 1) / xi


def bucket_lo(v):
    """rtbench's log-linear bucket (sub_bits 7) of integer values v: lo, hi"""
    v = np.asarray(v, dtype=np.int64)
    bl = np.floor(np.log2(np.maximum(v, 1))).astype(np.int64)
    shift = np.maximum(bl - 6, 0)
    lo = np.where(v < 128, v, (v >> shift) << shift)
    hi = np.where(v < 128, v + 1, lo + (np.int64(1) << shift))
    return lo, hi


def pct(s, p):
    r = max(1, min(len(s), math.ceil(p / 100 * len(s) - 1e-9)))
    return int(s[r - 1])


def make(kind, seed, burst=False, n=1000000):
    xi = KINDS[kind]
    rng = np.random.default_rng(seed)
    x = np.floor(BASE + gpd(rng, n, SIGMA, xi)).astype(np.int64)
    per = n // NIV
    if burst:
        a = 19 * per
        idx = a + rng.choice(3 * per, 300, replace=False)
        x[idx] = np.floor(BASE + gpd(rng, 300, SIGMA * 8, max(xi, 0.0))).astype(np.int64)
    iv_ns = per * PERIOD_NS
    ivs = []
    for i in range(NIV):
        s = np.sort(x[i * per:(i + 1) * per])
        ivs.append({"start_ns": i * iv_ns, "end_ns": (i + 1) * iv_ns, "count": int(len(s)),
                    "p50_ns": pct(s, 50), "p99_ns": pct(s, 99), "max_ns": int(s[-1])})
    s = np.sort(x)
    lo, hi = bucket_lo(s)
    keys, counts = np.unique(lo, return_counts=True)
    his = dict(zip(lo.tolist(), hi.tolist()))
    buckets = [[int(k), int(his[int(k)]), int(c)] for k, c in zip(keys, counts)]
    order = np.argsort(-x, kind="stable")[:16]
    m = {"id": "irq.timer.nanosleep", "title": "synthetic", "study_table": None, "unit": "ns",
         "status": "ok", "method": "synthetic (bench/tail_synth.py)", "note": "", "count": int(n),
         "min": int(s[0]), "mean": float(x.mean()), "stddev": float(x.std(ddof=1))}
    for k, p in (("p50", 50), ("p90", 90), ("p99", 99), ("p99_9", 99.9), ("p99_99", 99.99),
                 ("p99_999", 99.999)):
        m[k] = pct(s, p)
    m.update({"max": int(s[-1]), "first": int(x[0]), "invalid": 0, "overruns": 0, "missed": 0,
              "deadline_ns": 0, "over_deadline": 0, "elapsed_ns": NIV * iv_ns,
              "rounds": [{"count": iv["count"], "p50_ns": iv["p50_ns"], "p99_ns": iv["p99_ns"],
                          "mean_ns": float(x[i * per:(i + 1) * per].mean())} for i, iv in enumerate(ivs)],
              "round_spread": None, "extras": {},
              "histogram": {"layout": "log-linear", "sub_bits": 7, "top_bit": 36, "underflow": 0,
                            "overflow": 0, "buckets": buckets},
              "mode": "histogram",
              "percentiles": {"from": "histogram", "resolution_pct": 1.5625,
                              "reported_as": "lower edge of the bucket, clamped to min..max"},
              "samples_kept": 20,
              "worst": [{"ns": int(x[j]), "t_ns": int(j) * PERIOD_NS, "cpu": 0} for j in order],
              "intervals": ivs, "samples": [int(v) for v in rng.choice(x, 20, replace=False)]})
    return {"schema": "rtbench-result", "schema_version": 2,
            "tool": {"name": "rtbench", "version": "0.1.0"}, "label": f"synth-{kind}{'-burst' if burst else ''}-{seed}",
            "date_utc": "2026-12-03T00:00:00Z", "command_line": "bench/tail_synth.py", "complete": True,
            "degraded": True, "warnings": ["synthetic result (bench/tail_synth.py): not a measurement"],
            "system": {"os": "Linux", "hostname": "synthetic", "kernel_release": "0", "machine": "x86_64",
                       "preempt_model": "", "realtime_kernel": None, "cpu_model": "", "ncpus": 1,
                       "clocksource": "", "virtualization": "", "rr_timeslice_ms": None, "emulation": None},
            "clock": {"source": "synthetic", "invariant": True, "ticks_per_ns": 1.0, "calib_window_ns": 0,
                      "calib_ppm": 0.0, "timer_resolution_ns": 1, "read_ns": 0, "bare_read_ns": 0,
                      "loop_overhead_ns": 0, "xcpu": None, "note": ""},
            "settings": {"samples": -1, "rounds": 1, "period_ns": PERIOD_NS, "deadline_ns": 0, "cpu": 0,
                         "prio": 80, "rt_requested": True, "rt_granted": True, "mlocked": True,
                         "idle_latency_held_us": 0, "rr_timeslice_ms_used": None, "rr_interval_ns": 0,
                         "rt_runtime_us_used": None, "load": "synthetic"},
            "metrics": [m]}


if __name__ == "__main__":
    a = sys.argv[1:]
    burst = "--burst" in a
    n = int(a[a.index("--n") + 1]) if "--n" in a else 1000000
    with open(a[0], "w") as f:
        json.dump(make(a[1], int(a[2]), burst, n), f)
