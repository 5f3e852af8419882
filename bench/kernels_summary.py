#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# bench/kernels_summary.py RUNDIR "NAME..." LOAD,... - one run of
# bench/kernels.sh as RUNDIR/summary.txt (p50/p99/max per kernel and load,
# the priority-inversion verdicts) and RUNDIR/summary.tsv (the same, one
# figure a line, for the runs side by side). A file of its own so that
# tests/e2e/kernels_summary.sh can run it on made-up results.
import json, os, sys
run, names, loads = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(",")
ids = [("irq.timer.nanosleep", "timer wake-up"), ("ipc.mqueue.wakeup", "mqueue wake-up"),
       ("sync.sem.wakeup", "semaphore wake-up")]
rows, tsv = [], []
def us(v): return "%.1f" % (v / 1000.0)
for load in loads:
    for n in names:
        p = os.path.join(run, n, "%s.%s.json" % (n, load))
        if not os.path.exists(p):
            rows.append("%-8s %-9s (no result)" % (n, load)); continue
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
        rows.append("%-8s %-9s %s  %s" % (n, load, "  ".join(cells), " ".join(pi)))
hdr = "%-8s %-9s %23s  %23s  %23s  %s" % ("kernel", "load", "timer p50/p99/max", "mqueue p50/p99/max",
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
