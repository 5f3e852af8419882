#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# gen_long64.py - tests/data/long64.json: a synthetic result of
# `rtbench run --duration 10m --cpus all --interval 60s` on a 64-CPU
# machine (the report must stay readable for 64 CPUs). Values are
# drawn from a fixed-seed generator: CPU 0 (housekeeping-heavy) and CPU 37
# have a worse tail, interval 7 a spike on CPU 37. The histogram uses
# rtbench's layout (sub_bits 7), the statistics are those of the values,
# counts add up everywhere, as the host reader checks.
#   python3 tests/data/gen_long64.py > tests/data/long64.json
import json, math, random

NCPU, NIV, PER, IV_NS = 64, 10, 100, 60 * 10**9
rnd = random.Random(16)

def bucket(v):
    if v < 128:
        return v, v + 1
    shift = v.bit_length() - 1 - 6
    lo = (v >> shift) << shift
    return lo, lo + (1 << shift)

def pct(s, p):
    r = max(1, min(len(s), math.ceil(p / 100 * len(s) - 1e-9)))
    return s[r - 1]

def metric(mid, cpu, ivals):
    vals = [v for iv in ivals for v in iv]
    s = sorted(vals)
    n = len(s)
    mean = sum(s) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in s) / (n - 1))
    h = {}
    for v in s:
        h[bucket(v)] = h.get(bucket(v), 0) + 1
    ivs, t = [], 0
    for iv in ivals:
        si = sorted(iv)
        ivs.append({"start_ns": t, "end_ns": t + IV_NS, "count": len(si), "p50_ns": pct(si, 50),
                    "p99_ns": pct(si, 99), "max_ns": si[-1]})
        t += IV_NS
    worst = sorted(((v, cpu if cpu >= 0 else c) for v, c in ((v, c) for c, v in ivals_cpu(mid, vals, cpu))),
                   reverse=True)[:16]
    m = {"id": mid, "title": "Timer interrupt latency, task wake-up", "study_table": "Table 3", "unit": "ns",
         "status": "ok", "method": "synthetic (tests/data/gen_long64.py)", "note": "", "count": n,
         "min": s[0], "mean": mean, "stddev": sd}
    for k, p in (("p50", 50), ("p90", 90), ("p99", 99), ("p99_9", 99.9), ("p99_99", 99.99), ("p99_999", 99.999)):
        m[k] = pct(s, p)
    m.update({"max": s[-1], "first": s[0], "invalid": 0, "overruns": 0, "missed": 0, "deadline_ns": 0,
              "over_deadline": 0, "elapsed_ns": NIV * IV_NS,
              "rounds": [{"count": i["count"], "p50_ns": i["p50_ns"], "p99_ns": i["p99_ns"],
                          "mean_ns": sum(iv) / len(iv)} for i, iv in zip(ivs, ivals)],
              "round_spread": None, "extras": {"period_us": {"value": 200, "unit": "us"}},
              "histogram": {"layout": "log-linear", "sub_bits": 7, "top_bit": 36, "underflow": 0, "overflow": 0,
                            "buckets": [[lo, hi, c] for (lo, hi), c in sorted(h.items())]},
              "mode": "histogram",
              "percentiles": {"from": "histogram", "resolution_pct": 1.5625,
                              "reported_as": "lower edge of the bucket, clamped to min..max"},
              "samples_kept": 20,
              "worst": [{"ns": v, "t_ns": 1000 + v, "cpu": c} for v, c in worst],
              "intervals": ivs, "samples": rnd.sample(vals, 20)})
    return m

owner = {}
def ivals_cpu(mid, vals, cpu):
    return [(owner.get(v, cpu), v) for v in vals]

per = []
for c in range(NCPU):
    ivals = []
    for i in range(NIV):
        iv = []
        for _ in range(PER):
            v = int(2000 * math.exp(rnd.gauss(0, 0.25)))
            if rnd.random() < (0.05 if c in (0, 37) else 0.01):
                v += int(rnd.expovariate(1 / 20000))
            iv.append(v)
        if c == 37 and i == 7:
            iv[3] = 950000
        ivals.append(iv)
    for iv in ivals:
        for v in iv:
            owner.setdefault(v, c)
    per.append((c, ivals))

metrics = [metric(f"irq.timer.nanosleep@cpu{c}", c, iv) for c, iv in per]
agg_iv = [[v for _, iv in per for v in iv[i]] for i in range(NIV)]
agg = metric("irq.timer.nanosleep", -1, agg_iv)
agg["note"] = "all 64 CPUs merged (0-63); the maximum was on CPU 37"
doc = {
    "schema": "rtbench-result", "schema_version": 2, "tool": {"name": "rtbench", "version": "0.1.0"},
    "label": "synthetic-64cpu", "date_utc": "2026-12-03T08:00:00Z",
    "command_line": "rtbench run --duration 10m --cpus all --json long64.json",
    "complete": True,
    "progress": {"benchmarks_done": 1, "benchmarks_planned": 1, "rounds_done": 1, "rounds_planned": 1, "final": True},
    "degraded": True, "warnings": ["synthetic result (tests/data/gen_long64.py): not a measurement"],
    "system": {"os": "Linux", "hostname": "synthetic", "kernel_release": "6.18", "machine": "x86_64",
               "preempt_model": "PREEMPT_RT", "realtime_kernel": True, "cpu_model": "synthetic 64-CPU",
               "ncpus": 64, "clocksource": "tsc", "virtualization": "", "rr_timeslice_ms": 100, "emulation": None},
    "clock": {"source": "tsc", "invariant": True, "ticks_per_ns": 2.0, "calib_window_ns": 100000000,
              "calib_ppm": 1.0, "timer_resolution_ns": 1, "read_ns": 20, "bare_read_ns": 10,
              "loop_overhead_ns": 20, "xcpu": None, "note": ""},
    "settings": {"samples": -1, "rounds": 1, "period_ns": 200000, "deadline_ns": 0, "cpu": -1, "prio": 80,
                 "rt_requested": True, "rt_granted": True, "mlocked": True, "idle_latency_held_us": 0,
                 "rr_timeslice_ms_used": None, "rr_interval_ns": 0, "rt_runtime_us_used": None,
                 "load": "idle (rtbench adds no load)", "trace": None,
                 "long_run": {"duration_ns": NIV * IV_NS, "interval_ns": IV_NS, "measured_ns": NIV * IV_NS,
                              "ended": "duration", "signal": None, "cpus": "0-63", "ncpus": 64,
                              "housekeeping_cpu": None}},
    "footprint": {"heap_peak_bytes": None, "stack_pool_bytes": None, "stacks": None, "stack_bytes": None,
                  "metric_bytes": None},
    "metrics": [agg] + metrics,
}
print(json.dumps(doc, separators=(",", ":")))
