#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""gen_fixtures.py - write the hand-made result files compare/report tests use.

Deterministic (fixed seeds), so the committed .json files are reproducible:
    python3 tests/data/gen_fixtures.py
writes them next to this script (tests/data/), from whatever directory it
is run in (it once wrote into the current one: 17 copies at the repository
root were committed by mistake).
Statistics follow docs/json-schema.md exactly: nearest-rank percentiles over
the kept samples, sample (n-1) standard deviation, log-linear histogram with
sub_bits 7 / top_bit 36, [lo, hi, count] for non-empty buckets only.
The shapes echo the study (VxWorks vs RTLinux): context switch ~18% higher
on the second system with stddev 0.6 us vs 0.04 us, interrupt latency 35%
lower on the first, semaphore slightly slower, message queue slightly faster.
"""
import json, math, os, random

HERE = os.path.dirname(os.path.abspath(__file__))


def at(name):
    """name in tests/data, next to this script"""
    return os.path.join(HERE, name)

SUB_BITS, TOP_BIT = 7, 36


def bucket(v):
    if v < (1 << SUB_BITS):
        return v, v + 1
    k = v.bit_length() - 1
    width = 1 << (k - (SUB_BITS - 1))
    lo = v - (v % width)
    return lo, lo + width


def pct(s, p):
    r = max(1, math.ceil(p / 100.0 * len(s)))
    return s[r - 1]


def rounds_of(samples, r=5):
    """schema 2: the samples split in r consecutive rounds, each with its own statistics"""
    n = len(samples)
    out, at = [], 0
    for i in range(r):
        k = n // r + (1 if i < n % r else 0)
        part = sorted(samples[at:at + k])
        at += k
        out.append({"count": k, "p50_ns": pct(part, 50), "p99_ns": pct(part, 99),
                    "mean_ns": round(sum(part) / k, 3)})
    return out


def metric(mid, title, table, method, samples, keep_samples=True, rounds=5):
    s = sorted(samples)
    n = len(s)
    mean = sum(s) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in s) / (n - 1))
    hist = {}
    for v in s:
        hist.setdefault(bucket(v), 0)
        hist[bucket(v)] += 1
    m = {
        "id": mid, "title": title, "study_table": table, "unit": "ns",
        "status": "ok", "method": method, "note": "",
        "count": n, "min": s[0], "mean": round(mean, 1), "stddev": round(sd, 1),
        "p50": pct(s, 50), "p90": pct(s, 90), "p99": pct(s, 99),
        "p99_9": pct(s, 99.9), "p99_99": pct(s, 99.99), "p99_999": pct(s, 99.999),
        "max": s[-1], "first": samples[0] * 3, "invalid": 0, "overruns": 0,
        "missed": 0, "deadline_ns": 0, "over_deadline": 0,
        "elapsed_ns": sum(samples) * 10, "extras": {},
        "histogram": {"layout": "log-linear", "sub_bits": SUB_BITS, "top_bit": TOP_BIT,
                      "underflow": 0, "overflow": 0,
                      "buckets": [[lo, hi, c] for (lo, hi), c in sorted(hist.items())]},
    }
    if rounds > 1:
        m["rounds"] = rounds_of(samples, rounds)
    if keep_samples:
        m["samples"] = samples
    return m


def skipped(mid, title, table, note):
    return {"id": mid, "title": title, "study_table": table, "unit": "ns",
            "status": "skipped", "method": "", "note": note, "count": 0}


def normal(rng, n, mu, sd, lo=1):
    return [max(lo, int(round(rng.gauss(mu, sd)))) for _ in range(n)]


def skewed(rng, n, floor, mean_extra, sd):
    # floor + lognormal tail: the long right tail real latencies have
    s2 = math.log(1 + (sd / mean_extra) ** 2)
    mu = math.log(mean_extra) - s2 / 2
    return [int(round(floor + rng.lognormvariate(mu, math.sqrt(s2)))) for _ in range(n)]


def with_spikes(rng, xs, every, size):
    return [x + (size if rng.random() < 1.0 / every else 0) for x in xs]


def result(label, host, rel, metrics, **kw):
    r = {
        "schema": "rtbench-result", "schema_version": 2,
        "tool": {"name": "rtbench", "version": "0.1.0"},
        "date_utc": "2026-12-02T13:05:11Z",
        "command_line": "rtbench run --samples 400 --json %s.json" % (label or host),
        "complete": True, "degraded": False, "warnings": [],
        "system": {"os": "Linux", "hostname": host, "kernel_release": rel,
                   "kernel_version": "#1 SMP PREEMPT_RT", "machine": "x86_64",
                   "preempt_model": "PREEMPT_RT", "realtime_kernel": True,
                   "cpu_model": "Test CPU @ 2.0GHz", "ncpus": 4, "clocksource": "tsc",
                   "virtualization": "", "rt_runtime_us": -1, "rt_period_us": 1000000,
                   "rr_timeslice_ms": 100, "cpu_governor": "performance",
                   "idle_driver": "none", "isolated_cpus": "1-3"},
        "clock": {"source": "tsc", "invariant": True, "ticks_per_ns": 2.0,
                  "calib_window_ns": 100000000, "calib_ppm": 1.2,
                  "timer_resolution_ns": 1, "read_ns": 11, "bare_read_ns": 10,
                  "loop_overhead_ns": 22, "note": ""},
        "settings": {"samples": 400, "period_ns": 200000, "deadline_ns": 0, "cpu": 1,
                     "prio": 80, "rt_requested": True, "rt_granted": True,
                     "mlocked": True, "idle_latency_held_us": 0,
                     "rr_timeslice_ms_used": 1, "rr_interval_ns": 1000000,
                     "rt_runtime_us_used": None, "load": "idle"},
        "metrics": metrics,
    }
    if label:
        r["label"] = label
    for k, v in kw.items():
        if k in r["settings"]:
            r["settings"][k] = v
        else:
            r[k] = v
    return r


M = {
    "ctx": ("ctxsw.rr.yield", "Context switch (round-robin, sched_yield)", "Table 1",
            "two SCHED_RR threads at one priority on one CPU alternate with sched_yield(); one switch per sample"),
    "irq": ("irq.timer.nanosleep", "Timer interrupt latency (nanosleep wake-up)", "Table 3",
            "absolute clock_nanosleep to a deadline; sample = wake-up time - deadline"),
    "sem": ("sync.sem.take.uncontended", "Binary semaphore take (available)", "Table 4",
            "sem_wait on a semaphore given beforehand; never blocks"),
    "mq": ("ipc.mqueue.wakeup", "Message-queue latency (send to receiver wake-up)", "Table 5",
           "POSIX mq; receiver blocked (checked every sample) before mq_send"),
}


# Priority inversion: the ids, titles, methods, notes and extras a real
# `rtbench run --tests sync.prio_inv` writes (src/bench/prio_inv.c): per
# protocol a request-to-release and a blocking figure; the blocking figure
# carries the verdict in its note and the inputs of the verdict as extras.
# Under the ceiling protocol request-to-release is skipped (never requested
# while held); without real-time priorities the whole group is one skipped
# "sync.prio_inv".
PI_PROTO = (("none", "no protocol"), ("inherit", "priority inheritance"),
            ("ceiling", "priority ceiling"))
PI_CS_US, PI_LOAD_US, PI_MARGIN_US = 50, 200, 45


def pi_method(name, what):
    return ("3 tasks SCHED_FIFO on CPU 1: tSlowTask 80 holds a %s mutex, tCyclicTask 82 "
            "requests it, tWorkTask 81 runs a %d us busy load; tSlowTask's critical section "
            "%d us (running-time spin); sample = %s" % (name, PI_LOAD_US, PI_CS_US, what))


def pi_extras(p50_2x, p99_2x, slope, slope99, share, boost):
    ex = {"critical_section_us": {"value": PI_CS_US, "unit": "us"},
          "load_us": {"value": PI_LOAD_US, "unit": "us"},
          "load_measured_p50_us": {"value": 200.064, "unit": "us"},
          "load_2x_measured_p50_us": {"value": 411.28, "unit": "us"},
          "p50_at_2x_load_ns": {"value": p50_2x, "unit": "ns"},
          "p99_at_2x_load_ns": {"value": p99_2x, "unit": "ns"},
          "load_slope": {"value": slope, "unit": "ns/ns"},
          "load_slope_p99": {"value": slope99, "unit": "ns/ns"},
          "share_over_cs_margin": {"value": share, "unit": "ratio"}}
    if boost is not None:
        ex["boost_share"] = {"value": boost, "unit": "ratio"}
    ex["bounded"] = {"value": 0 if boost is None else 1, "unit": "bool"}
    return ex


def pi_metrics(rng, n, keep, scale):
    """the six sync.prio_inv.* figures; scale stretches the bounded ones"""
    out = []
    for proto, name in PI_PROTO:
        base = "sync.prio_inv." + proto
        title = "Priority inversion, %s: " % name
        if proto == "none":   # critical section + the load: unbounded
            rtr = skewed(rng, n, 258000, 12000, 30000)
        else:                 # critical section only: bounded
            rtr = skewed(rng, n, int(53000 * scale), 3500, 9000)
        blk = [x + 4000 for x in rtr]
        if proto == "ceiling":
            out.append(dict(skipped(base + ".request_to_release", title + "request to release",
                                    "Table 2", "under the ceiling protocol tCyclicTask cannot "
                                    "run while tSlowTask holds the resource, so it never "
                                    "requests it then: see the blocking figure"), extras={}))
        else:
            out.append(metric(base + ".request_to_release", title + "request to release",
                              "Table 2", pi_method(name, "tCyclicTask requests -> tSlowTask releases"),
                              rtr, keep))
        m = metric(base + ".blocking", title + "tCyclicTask blocking", "Table 2",
                   pi_method(name, "tCyclicTask made ready -> holds the mutex"), blk, keep)
        s = sorted(blk)
        if proto == "none":
            m["note"] = ("verdict unbounded: blocking grows with the load (slope p50 1.00, "
                         "p99 0.83) (margin %d us over the critical section)" % PI_MARGIN_US)
            m["extras"] = pi_extras(pct(s, 50) + 211216, pct(s, 99) + 175459,
                                    1.0014250814332248, 0.8307088478145594, 1, None)
        else:
            m["note"] = ("verdict bounded: blocking does not grow with the load (slope p50 "
                         "0.00, p99 -0.01; 1.0%% of trials over the critical section + margin); "
                         "holder boosted in 100%% of checked trials (margin %d us over the "
                         "critical section)" % PI_MARGIN_US)
            m["extras"] = pi_extras(pct(s, 50) + 30, pct(s, 99) - 400,
                                    -0.00014203469434133776, -0.015036739640936292, 0.01, 1)
        out.append(m)
    return out


def pi_skipped():
    return skipped("sync.prio_inv", "Priority inversion", "Table 2",
                   "needs real-time priorities, which this run does not have")


def system_a(seed, n=400):
    rng = random.Random(seed)
    ms = [
        metric(*M["ctx"], normal(rng, n, 1200, 40)),
        metric(*M["irq"], with_spikes(rng, normal(rng, n, 5000, 300), 150, 9000)),
        metric(*M["sem"], normal(rng, n, 300, 15)),
        metric(*M["mq"], normal(rng, n, 2700, 150)),
    ]
    # in the order rtbench runs them: Table 2 after the context switch
    return ms[:1] + pi_metrics(random.Random(seed + 100), n, True, 1.0) + ms[1:]


def system_b(seed, n=400, keep=True, rt=True):
    rng = random.Random(seed)
    ms = [
        metric(*M["ctx"], skewed(rng, n, 1000, 416, 600), keep),
        metric(*M["irq"], with_spikes(rng, skewed(rng, n, 5500, 2200, 900), 80, 20000), keep),
        metric(*M["sem"], normal(rng, n, 315, 20), keep),
        metric(*M["mq"], normal(rng, n, 2600, 170), keep),
    ]
    pi = pi_metrics(random.Random(seed + 100), n, keep, 1.1) if rt else [pi_skipped()]
    return ms[:1] + pi + ms[1:]


def dump(name, obj):
    with open(at(name), "w") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")


def main():
    dump("vx.json", result("vxworks-like", "vxbox", "6.1.0-rt", system_a(1)))
    dump("vx_rerun.json", result("vxworks-rerun", "vxbox", "6.1.0-rt", system_a(2)))
    dump("rtl.json", result("rtlinux-like", "rtlbox", "6.1.0-rt", system_b(3)))
    # histogram only (no samples), measured differently, no label: the
    # label comes from the fingerprint, and compare must say how it differs
    h = result(None, "rtlbox2", "6.1.0-nort", system_b(4, n=1000, keep=False, rt=False),
               samples=1000, period_ns=1000000, cpu=0, rt_granted=False,
               degraded=True, warnings=["real-time scheduling refused (EPERM): ran SCHED_OTHER"])
    dump("rtl_hist.json", h)
    # the same samples as vx.json, histogram only: mixed raw/histogram
    # inputs are binned alike, so identical data compare as identical
    dump("vx_hist.json", result("vxworks-hist", "vxbox", "6.1.0-rt",
                                [dict((k, v) for k, v in m.items() if k != "samples")
                                 for m in system_a(1)]))
    # one host spike: B is 100 ns faster on every sample but one, which
    # caught an 8 ms spike, so its mean and stddev are far higher
    rng = random.Random(11)
    base = normal(rng, 20000, 1000, 20)
    spike_b = [x - 100 for x in base]
    spike_b[12345] += 8000000
    ctx = M["ctx"]
    dump("spike_a.json", result("steady", "box", "6.1.0-rt", [metric(*ctx, base)], samples=20000))
    dump("spike_b.json", result("faster-one-spike", "box", "6.1.0-rt", [metric(*ctx, spike_b)],
                                samples=20000))
    # two FreeRTOS builds differing in one port fact (configUSE_TIME_SLICING):
    # compare names the fact that differs, and only that one
    for name, slicing in (("frt_slicing", 1), ("frt_noslicing", 0)):
        f = result(name.replace("_", "-"), "mps2-an385", "V11.1.0+",
                   [metric(*ctx, normal(random.Random(12), 400, 40000, 400))])
        f["system"] = {"os": "FreeRTOS", "hostname": "mps2-an385", "kernel_release": "V11.1.0+",
                       "machine": "armv7-m", "preempt_model": "preemptive",
                       "realtime_kernel": True, "cpu_model": "ARM Cortex-M3 (MPS2 AN385)",
                       "ncpus": 1, "clocksource": "cmsdk-dualtimer", "virtualization": "",
                       "rr_timeslice_ms": 1, "preemption": 1, "time_slicing": slicing,
                       "port_task_selection": 1, "tick_hz": 1000, "max_priorities": 32,
                       "emulation": None}
        # a date, or a fact one file could not read (null), is no difference
        f["date_utc"] = "2026-12-02T13:0%d:11Z" % (slicing + 5)
        if not slicing:
            f["system"]["max_priorities"] = None
        dump(name + ".json", f)
    # schema 1: no rounds, so compare gives no verdict
    old = result("schema1", "vxbox", "6.1.0-rt",
                 [dict((k, v) for k, v in m.items() if k != "rounds") for m in system_a(2)])
    old["schema_version"] = 1
    dump("vx_schema1.json", old)

    # bad input
    with open(at("rtl.json")) as f:
        text = f.read()
    with open(at("bad_truncated.json"), "w") as f:
        f.write(text[: len(text) // 3])
    with open(at("bad_malformed.json"), "w") as f:
        f.write('{\n "schema": "rtbench-result",\n "schema_version": 1,\n "label": "x" "y",\n "metrics": []\n}\n')
    newer = result("future", "h", "r", [])
    newer["schema_version"] = 4
    dump("bad_newer.json", newer)
    dump("bad_other_tool.json", {"fio version": "fio-3.33", "tool": {"name": "fio"},
                                 "jobs": [{"jobname": "randread", "read": {"iops": 1234.5}}]})
    dump("bad_nocommon.json", result("other-metrics", "h", "r", [
        metric("mem.page.fault", "Minor page fault", None, "touch a fresh page",
               normal(random.Random(9), 50, 900, 40))]))
    bt = result("badtype", "h", "r", system_a(5, n=20))
    [m for m in bt["metrics"] if m["id"] == "sync.sem.take.uncontended"][0]["p99"] = "fast"
    dump("bad_type.json", bt)
    with open(at("bad_empty.json"), "w"):
        pass


if __name__ == "__main__":
    main()
