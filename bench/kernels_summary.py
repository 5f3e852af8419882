#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# bench/kernels_summary.py RUNDIR "NAME..." LOAD,... - one run of
# bench/kernels.sh as RUNDIR/summary.txt (p50/p99/max per kernel and load,
# the priority-inversion verdicts) and RUNDIR/summary.tsv (the same, one
# figure a line, for the runs side by side). A file of its own so that
# tests/e2e/kernels_summary.sh can run it on made-up results.
import json, os, sys
run, names, loads = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(",")
# the first column as wide as the longest system label (stock-nohz), 8 at least
W = max([8] + [len(n) for n in names])
# the CPU measured: rtb_cpu= on a guest's command line (several vCPUs), else 0
def measured_cpu():
    for n in names:
        try:
            for w in open(os.path.join(run, n, "qemu.cmd")).read().replace('"', " ").split():
                if w.startswith("rtb_cpu="):
                    return w[8:]
        except OSError:
            pass
    return "0"
ids = [("irq.timer.nanosleep", "timer wake-up"), ("ipc.mqueue.wakeup", "mqueue wake-up"),
       ("sync.sem.wakeup", "semaphore wake-up")]
rows, tsv = [], []
def us(v): return "%.1f" % (v / 1000.0)
for load in loads:
    for n in names:
        p = os.path.join(run, n, "%s.%s.json" % (n, load))
        if not os.path.exists(p):
            rows.append("%-*s %-9s (no result)" % (W, n, load)); continue
        r = json.load(open(p))
        ms = {m["id"]: m for m in r["metrics"]}
        cells = []
        for mid, _ in ids:
            m = ms.get(mid)
            if m and m.get("count"):
                cells.append("%7s %7s %7s" % (us(m["p50"]), us(m["p99"]), us(m["max"])))
                tsv.append("%s\t%s\t%s\t%d\t%d\t%d" % (n, load, mid, m["p50"], m["p99"], m["max"]))
            else:
                cells.append("%23s" % ("-" if not m else m["status"]))
        pi = []
        for proto in ("none", "inherit", "ceiling"):
            m = ms.get("sync.prio_inv.%s.blocking" % proto)
            if not m:
                continue
            ex = m.get("extras", {})
            b = ex.get("bounded", {}).get("value")
            # the benchmark's verdict is {"value": WORD, "reason": ...}
            # (docs/json-schema.md); files before it had extras.bounded
            vd = m.get("verdict")
            if isinstance(vd, dict) and vd.get("value"):
                v = vd["value"].upper()
            else:
                v = {1: "BOUNDED", 0: "UNBOUNDED", 0.5: "UNCLEAR"}.get(b, m["status"])
            if m.get("count") and "p50_at_2x_load_ns" in ex:
                # tCyclicTask's blocking p50 at the load and at twice it
                pi.append("%s=%s(%.0f->%.0f)" % (proto, v, m["p50"] / 1000.0,
                                                 ex["p50_at_2x_load_ns"]["value"] / 1000.0))
            else:
                pi.append("%s=%s" % (proto, v))
            tsv.append("%s\t%s\t%s\t%s" % (n, load, m["id"], v))
        rows.append("%-*s %-9s %s  %s" % (W, n, load, "  ".join(cells), " ".join(pi)))
hdr = "%-*s %-9s %23s  %23s  %23s  %s" % (W, "kernel", "load", "timer p50/p99/max", "mqueue p50/p99/max",
                                        "sem p50/p99/max", "priority inversion: verdict(blocking p50 at load -> 2x load)")
emu = ""
for n in names:
    for load in loads:
        p = os.path.join(run, n, "%s.%s.json" % (n, load))
        if os.path.exists(p):
            e = json.load(open(p))["system"].get("emulation")
            if e and e.get("icount_shift", -1) >= 0:
                emu = ("EMULATED: instruction-counted virtual time under QEMU (1 instruction = 2^%d ns); "
                       "figures are instruction-path counts on QEMU's model, not hardware latencies"
                       % e["icount_shift"])
            break
    if emu: break
with open(os.path.join(run, "summary.txt"), "w") as f:
    f.write("virtual microseconds\n" if emu else "microseconds\n")
    f.write(hdr + "\n" + "\n".join(rows) + "\n")
    if emu: f.write(emu + "\n")
with open(os.path.join(run, "summary.tsv"), "w") as f:
    f.write("\n".join(tsv) + "\n")

# ---- rtbench beside rtla: per kernel and load, rtbench's figure,
# rtla's and their ratio, from KERNEL.LOAD.traced.json (a traced rtbench run
# of irq.timer.nanosleep and noise.gap) and KERNEL.LOAD.rtla-timerlat.txt /
# .rtla-osnoise.txt (rtla in the same boot, under the same load).
def rtla_timerlat(path):
    """p50 (ns) of the IRQ and thread columns of `rtla timerlat hist` text;
    None and the reason when rtla did not run. The p50 is its bucket's
    lower edge, raised to rtla's exact min when that bucket holds it (as
    rtbench reads the file: src/host/read/rtla.c)."""
    if not os.path.exists(path):
        return None, "no rtla file"
    unit, cols, hist, why, mins = 1000, [], {}, None, {}
    for line in open(path, errors="replace"):
        if line.startswith("# rtla: not "):
            return None, line[2:].strip().replace("rtla: not run: ", "")
        if "Time unit is nanoseconds" in line:
            unit = 1
        w = line.split()
        if not w or w[0].startswith("#"):
            continue
        if w[0] == "Index":
            cols = w[1:]
            hist = {c: [] for c in cols}
        elif cols and w[0].isdigit():
            for c, v in zip(cols, w[1:]):
                if v.isdigit() and int(v):
                    hist[c].append((int(w[0]) * unit, int(v)))
        elif cols and w[0] == "min:":
            for c, v in zip(cols, w[1:]):
                if v.isdigit():
                    mins[c] = int(v) * unit
        elif cols and w[0] == "over:":
            for c, v in zip(cols, w[1:]):
                if v.isdigit() and int(v):
                    why = "histogram overflowed"
    if not cols:
        return None, "no histogram in the rtla file"
    out = {}
    for c in cols:
        n = sum(k for _, k in hist[c])
        acc = 0
        for v, k in hist[c]:
            acc += k
            if n and acc * 2 >= n:
                out[c[:3]] = max(v, mins.get(c, v))
                break
    return out, why

def rtla_osnoise(path):
    """noise us per second of runtime from `rtla osnoise top` text."""
    if not os.path.exists(path):
        return None, "no rtla file"
    for line in open(path, errors="replace"):
        if line.startswith("# rtla: not "):
            return None, line[2:].strip().replace("rtla: not run: ", "")
        w = line.split()
        # CPU Period Runtime Noise %CPU-Aval MaxNoise MaxSingle HW NMI IRQ Softirq Thread
        if len(w) >= 12 and w[0].isdigit() and w[1].startswith("#"):
            rt, noise = float(w[2]), float(w[3])
            return (noise / rt * 1e6 if rt > 0 else None), None
    return None, "no CPU line in the rtla osnoise output"

def ratio(a, b):
    return "%.2f" % (a / b) if a is not None and b else "-"

def fmt(v, d=1):
    return ("%%.%df" % d) % v if v is not None else "-"

rrows = []
for load in loads:
    for n in names:
        p = os.path.join(run, n, "%s.%s.traced.json" % (n, load))
        tl, twhy = rtla_timerlat(os.path.join(run, n, "%s.%s.rtla-timerlat.txt" % (n, load)))
        on, owhy = rtla_osnoise(os.path.join(run, n, "%s.%s.rtla-osnoise.txt" % (n, load)))
        if not os.path.exists(p) and tl is None and on is None:
            continue
        ms = {}
        if os.path.exists(p):
            ms = {m["id"]: m for m in json.load(open(p))["metrics"]}
        def p50(mid):
            m = ms.get(mid)
            return m["p50"] if m and m.get("count") else None
        # the thread figure untraced: the main run's (same boot, load,
        # period); the traced pass's own p50 carries the tracepoints' cost
        thr = None
        mp = os.path.join(run, n, "%s.%s.json" % (n, load))
        if os.path.exists(mp):
            mm = {m["id"]: m for m in json.load(open(mp))["metrics"]}
            m = mm.get("irq.timer.nanosleep")
            thr = m["p50"] if m and m.get("count") else None
        if thr is None and ms.get("irq.timer.nanosleep"):
            thr = ms["irq.timer.nanosleep"].get("trace", {}).get("untraced", {}).get("p50_ns")
        e2i = p50("irq.timer.nanosleep.trace.expiry_to_irq")
        i2h = p50("irq.timer.nanosleep.trace.irq_to_handler")
        nz = None
        np_ = os.path.join(run, n, "%s.%s.noise.json" % (n, load))
        for mid, m in (ms.items() if not os.path.exists(np_) else
                       [(m["id"], m) for m in json.load(open(np_))["metrics"]]):
            if mid.startswith("noise.gap"):
                nz = m.get("extras", {}).get("noise_us_per_s", {}).get("value")
        rthr = tl.get("Thr") if tl else None
        rirq = tl.get("IRQ") if tl else None
        why = "; ".join(sorted({x for x in (twhy, owhy) if x}))
        rrows.append("%-*s %-9s %8s %8s %6s   %8s %8s %8s %6s   %9s %9s %6s  %s" % (
            W, n, load, fmt(thr and thr / 1e3), fmt(rthr and rthr / 1e3), ratio(thr, rthr),
            fmt(e2i and e2i / 1e3, 2), fmt(i2h and i2h / 1e3, 2), fmt(rirq and rirq / 1e3), ratio(e2i, rirq),
            fmt(nz), fmt(on), ratio(nz, on), why))
if rrows:
    with open(os.path.join(run, "summary.txt"), "a") as f:
        f.write("\nrtbench beside rtla (the kernel's own analyzer), same boot, same load, CPU %s; p50s in "
                "%s; ratio = rtbench / rtla\n" % (measured_cpu(), "virtual us" if emu else "us"))
        f.write("%-*s %-9s %8s %8s %6s   %8s %8s %8s %6s   %9s %9s %6s  %s\n" % (
            W, "kernel", "load", "rtb-thr", "rtla-thr", "ratio", "rtb-e2i", "rtb-i2h", "rtla-irq", "ratio",
            "rtb-noise", "osnoise", "ratio", "rtla not run because"))
        f.write("\n".join(rrows) + "\n")
        f.write("rtb-thr: rtbench irq.timer.nanosleep p50 untraced (a user task's clock_nanosleep); rtla-thr: "
                "timerlat's thread latency (a kernel thread woken by its hrtimer); rtb-e2i: rtbench's "
                "IRQ-entry component expiry_to_irq, rtb-i2h: irq_to_handler (timerlat's IRQ latency "
                "is taken in its hrtimer handler, so it spans both; both from rtbench's traced pass); noise in "
                "us per second: rtbench noise.gap untraced (gaps over 5 us while spinning) and rtla osnoise "
                "top (Noise / Runtime, "
                "threshold 5 us)\n")
