#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/scale_model.py DIR [GUESTDIR...] - the per-CPU cost table and model
of docs/scale.md from result files alone: DIR/native/*.json (bench/
scale_cost.sh's runs on this machine) and each GUESTDIR/smpN/bigN.*.json
(bench/bigguest.sh, EMULATED). Writes DIR/cost.tsv, DIR/model.txt and,
with gnuplot installed, DIR/scale.svg.

The model (docs/scale.md): the trace reader parses C events per second of
its own CPU; an every-CPU run of measurement m makes r_m events per second
on each CPU; on N CPUs the reader needs N * r_m / C of one CPU. It keeps up
on one housekeeping CPU while that is under U (the rest of the CPU is the
supervisor's, the kernel's, the interrupts'); N_max(m) = U * C / r_m."""
import glob
import json
import math
import os
import shutil
import subprocess
import sys

U = 0.5   # the housekeeping CPU's share the reader may take


def ncpus_in(lst):
    """CPUs in a list such as "3,22-27" (settings.long_run.cpus_late)."""
    n = 0
    for part in (lst or "").split(","):
        if not part.strip():
            continue
        a, _, b = part.partition("-")
        n += int(b or a) - int(a) + 1
    return n


def row_of(path, emulated_dir=False):
    r = json.load(open(path))
    s = r.get("settings") or {}
    lr = s.get("long_run") or {}
    sc = r.get("self_cost") or {}
    tr = sc.get("trace_reader") or {}
    m = (r.get("metrics") or [{}])[0]
    mid = m.get("id", "?")
    kind = {"irq.timer.nanosleep": "timer%d" % (s.get("period_ns", 0) // 1000),
            "ipc.pipe.roundtrip": "pipe", "noise.gap": "noise"}.get(mid, mid)
    traced = bool((s.get("trace") or {}).get("traced"))
    emu = (r.get("system") or {}).get("emulation")
    measured = (lr.get("measured_ns") or 0) / 1e9
    t = m.get("trace") or {}
    return {
        "file": os.path.basename(path),
        "source": "EMULATED" if emu else "native",
        "ncpus": lr.get("ncpus") or 1,
        # the CPUs whose thread began after the run's stop measured
        # nothing; the late ones measured less than half of the run
        "not_measured": ncpus_in(lr.get("cpus_not_measured")),
        "late": ncpus_in(lr.get("cpus_late")),
        "measurement": kind,
        "traced": traced,
        "hk": "_hk" in os.path.basename(path),
        "duration_s": (lr.get("duration_ns") or 0) / 1e9,
        "measured_s": measured,
        "complete": bool(r.get("complete")),
        "supervisor_cpu_s": (sc.get("supervisor_cpu_ns") or 0) / 1e9,
        "process_cpu_s": (sc.get("process_cpu_ns") or 0) / 1e9,
        "peak_rss_mib": (sc.get("peak_rss_bytes") or 0) / 1048576,
        "reader_cpu_s": (tr.get("cpu_ns") or 0) / 1e9,
        "events": tr.get("events") or 0,
        "skipped": tr.get("skipped") or 0,
        "lost": tr.get("events_lost") or 0,
        "behind": (t.get("skipped") or 0) + (t.get("below_floor") or 0),
        "file_kib": os.path.getsize(path) / 1024,
        "has_self_cost": bool(sc),
    }


def rows(out, guests):
    rs = [row_of(p) for p in sorted(glob.glob(os.path.join(out, "native", "*.json")))]
    for g in guests:
        for p in sorted(glob.glob(os.path.join(g, "smp*", "big*.json"))):
            if ".doctor." in p:
                continue
            rs.append(row_of(p))
    return [r for r in rs if r["has_self_cost"]]


def main():
    out, guests = sys.argv[1], sys.argv[2:]
    rs = rows(out, guests)
    if not rs:
        print("scale_model.py: no result with self_cost in %s" % out, file=sys.stderr)
        return 1
    cols = ["source", "ncpus", "not_measured", "late", "measurement", "traced", "hk", "duration_s", "measured_s", "complete",
            "supervisor_cpu_s", "process_cpu_s", "peak_rss_mib", "reader_cpu_s", "events", "skipped",
            "lost", "behind", "file_kib", "ev_per_cpu_s", "reader_mev_per_cpu_s", "reader_share"]
    with open(os.path.join(out, "cost.tsv"), "w") as f:
        f.write("\t".join(cols) + "\n")
        for r in rs:
            m = max(r["measured_s"], 1e-9)
            # a CPU that measured nothing made none of the run's events
            nm = max(r["ncpus"] - r["not_measured"], 1)
            r["ev_per_cpu_s"] = (r["events"] + r["skipped"]) / (nm * m) if r["traced"] else 0
            r["reader_mev_per_cpu_s"] = r["events"] / r["reader_cpu_s"] / 1e6 if r["reader_cpu_s"] else 0
            r["reader_share"] = r["reader_cpu_s"] / m
            f.write("\t".join(("%.3f" % r[c]) if isinstance(r[c], float) else str(r[c]) for c in cols) + "\n")
    L = []
    nat = [r for r in rs if r["source"] == "native"]
    # the reader's capacity and each measurement's rate, natively
    cap, rate = {}, {}
    for r in nat:
        if r["traced"] and r["reader_cpu_s"] > 0 and r["events"] > 0:
            cap.setdefault(r["measurement"], []).append(r["events"] / r["reader_cpu_s"])
            rate.setdefault(r["measurement"], []).append(r["ev_per_cpu_s"])
    L.append("Cost model (docs/scale.md); U = %.2f of one housekeeping CPU for the reader" % U)
    L.append("%-10s %14s %16s %10s %14s" % ("measure", "C (Mev/s CPU)", "r (kev/s a CPU)", "N_max (U)", "N at 1 CPU"))
    model = {}
    for k in sorted(cap):
        c = sorted(cap[k])[len(cap[k]) // 2]
        rt = sorted(rate[k])[len(rate[k]) // 2]
        nmax = U * c / rt if rt > 0 else float("inf")
        model[k] = (c, rt)
        L.append("%-10s %14.2f %16.1f %10.0f %14.0f" % (k, c / 1e6, rt / 1e3, nmax, c / rt if rt else 0))
    # the supervisor: steady CPU a CPU-second (long minus short, same kind)
    L.append("")
    L.append("Supervisor (main thread) CPU, steady state, per measured CPU-second (long run minus short):")
    for k in sorted({r["measurement"] for r in nat}):
        for tr in (False, True):
            xs = sorted((r for r in nat if r["measurement"] == k and r["traced"] == tr),
                        key=lambda r: r["measured_s"])
            if len(xs) >= 2 and xs[-1]["measured_s"] - xs[0]["measured_s"] > 1:
                a, b = xs[0], xs[-1]
                per = (b["supervisor_cpu_s"] - a["supervisor_cpu_s"]) / (b["measured_s"] - a["measured_s"]) / b["ncpus"]
                L.append("  %-10s %-8s %8.3f ms/s a CPU; peak RSS %.1f -> %.1f MiB, file %.0f -> %.0f KiB "
                         "(%.0f s -> %.0f s)" % (k, "traced" if tr else "untraced", per * 1e3, a["peak_rss_mib"],
                                               b["peak_rss_mib"], a["file_kib"], b["file_kib"], a["measured_s"],
                                               b["measured_s"]))
    # memory against CPUs: a least-squares line over the traced timer runs
    # (a run whose reader never ran, untraced after all, is left out)
    pts = [(r["ncpus"], r["peak_rss_mib"]) for r in rs
           if r["traced"] and r["reader_cpu_s"] > 0 and r["measurement"].startswith("timer")]
    if len({p[0] for p in pts}) >= 2:
        n = len(pts)
        sx = sum(p[0] for p in pts); sy = sum(p[1] for p in pts)
        sxx = sum(p[0] ** 2 for p in pts); sxy = sum(p[0] * p[1] for p in pts)
        b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
        a = (sy - b * sx) / n
        L.append("")
        L.append("Peak RSS, traced timer runs: %.1f MiB + %.2f MiB a CPU (least squares over N = %s)"
                 % (a, b, ",".join(str(p[0]) for p in sorted(set(pts)))))
    # the check against the guests: the reader's share of its CPU there
    L.append("")
    L.append("Guests (EMULATED, QEMU TCG: the reader's share is of an emulated CPU):")
    # the emulated machine's own C and r, from each guest's traced run with
    # a housekeeping CPU (else its smallest traced run): a TCG vCPU's speed
    # falls with the vCPUs sharing the host, so each guest is its own
    # machine; the model's share N * r / C for each of its traced runs
    # (N: the CPUs that measured), against what the reader took
    emu = [r for r in rs if r["source"] == "EMULATED" and r["traced"] and r["reader_cpu_s"] > 0]
    groups = {}
    for r in emu:
        groups.setdefault(r["ncpus"] + (1 if r["hk"] else 0), []).append(r)
    for vc in sorted(groups):
        g = sorted(groups[vc], key=lambda r: (not r["hk"], r["ncpus"]))
        c0 = g[0]["events"] / g[0]["reader_cpu_s"]
        r0 = g[0]["ev_per_cpu_s"]
        L.append("  %d-vCPU guest, calibration (%s): C = %.4f Mev/s of the reader's vCPU, r = %.0f events/s "
                 "a measuring vCPU, N_max = U * C / r = %.0f vCPUs" % (vc, g[0]["file"], c0 / 1e6, r0,
                                                                    U * c0 / r0 if r0 else 0))
        for r in g:
            n = max(r["ncpus"] - r["not_measured"], 1)
            need = n * r0 / c0
            # the reader runs from the trace's start to its drain: past
            # 100% of the time measured, it ran over a longer span (threads
            # started after the stop), and its share is no rate
            L.append("    %s: %d CPUs measured: the model says the reader needs %.2f of a vCPU (%s); it took %.0f%%%s, "
                     "%d lost, %d passed over" % (
                         r["file"], n, need, "keeps up beside the supervisor (< U)" if need < U else
                         "keeps up only with the CPU to itself (U..1)" if need < 1 else "cannot keep up (> 1 CPU)",
                         100 * r["reader_share"], " of the time measured (it read longer)" if r["reader_share"] > 1
                         else "", r["lost"], r["skipped"]))
    for r in rs:
        if r["source"] != "EMULATED":
            continue
        L.append("  %3d vCPUs (%d measured, %d of them late, %d not measured) %-10s %-9s %s: complete %s, measured %.1f s; supervisor %.1f s CPU; reader %.2f s CPU "
                 "(%.0f%% of a CPU), %d events (%.2f Mev/s of its CPU), %d passed over, %d lost; behind on %d samples; "
                 "peak RSS %.1f MiB; file %.0f KiB"
                 % (r["ncpus"], r["ncpus"] - r["not_measured"], r["late"], r["not_measured"],
                    r["measurement"], "traced_hk" if r["hk"] else ("traced" if r["traced"] else "untraced"),
                    r["file"], r["complete"], r["measured_s"], r["supervisor_cpu_s"], r["reader_cpu_s"],
                    100 * r["reader_share"], r["events"], r["reader_mev_per_cpu_s"], r["skipped"], r["lost"],
                    r["behind"], r["peak_rss_mib"], r["file_kib"]))
    open(os.path.join(out, "model.txt"), "w").write("\n".join(L) + "\n")
    print("\n".join(L))
    plot(out, model, rs)
    return 0


def plot(out, model, rs):
    if not shutil.which("gnuplot") or not model:
        return
    with open(os.path.join(out, "need.dat"), "w") as f:
        for k, (c, rt) in sorted(model.items()):
            f.write("# %s\n" % k)
            for n in (1, 2, 4, 8, 16, 32, 64, 128, 256):
                f.write("%d %.6f\n" % (n, n * rt / c))
            f.write("\n\n")
    with open(os.path.join(out, "rss.dat"), "w") as f:
        for r in sorted(rs, key=lambda r: r["ncpus"]):
            if r["traced"] and r["reader_cpu_s"] > 0:
                f.write("%d %.3f\n" % (r["ncpus"], r["peak_rss_mib"]))
    names = sorted(model)
    series = ", ".join("'need.dat' index %d with linespoints title '%s'" % (i, k) for i, k in enumerate(names))
    gp = """set terminal svg size 960,420 font 'sans,11'
set output '%s'
set multiplot layout 1,2
set logscale xy 2
set xlabel 'CPUs measured (N)'
set ylabel 'reader CPU needed (of one CPU)'
set title 'Trace reader: N x r / C (measured on 2 CPUs here)'
set key bottom right
set yrange [0.0005:64]
plot %s, 0.5 with lines dt 2 lc rgb 'black' title 'U = 0.5', 1 with lines lc rgb 'red' title 'one CPU'
unset logscale
set logscale x 2
set yrange [*:*]
set ylabel 'peak RSS (MiB)'
set title 'Peak memory, traced runs (16, 64: EMULATED)'
set xrange [1:128]
set key top left
plot 'rss.dat' with linespoints pt 5 ps 1.2 lc rgb 'blue' title 'peak RSS (MiB)'
unset multiplot
""" % ("scale.svg", series)
    subprocess.run(["gnuplot"], input=gp.encode(), cwd=out, check=False)


if __name__ == "__main__":
    sys.exit(main())
