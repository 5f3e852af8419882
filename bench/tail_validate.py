#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# tail_validate.py - known tails (docs/tail.md "Validation"):
# DRAWS synthetic files per tail (bench/tail_synth.py: exponential, GPD
# shape 0.2, bounded shape -0.2), clean and with a burst, each read by
# `rtbench tail --format json`. Prints, per tail: how often the fit was made
# (clean) or refused (burst), the coverage of the 95% intervals of the shape,
# the scale and the return levels 1e-6 ... 1e-12 (how often they hold the
# true value), and how often the burst was named.
#   bench/tail_validate.py [DRAWS] [RTBENCH]      (default 100, build/rtbench)
import json, math, os, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tail_synth as ts

draws = int(sys.argv[1]) if len(sys.argv) > 1 else 100
rtb = sys.argv[2] if len(sys.argv) > 2 else "build/rtbench"
tmp = tempfile.mkdtemp(prefix="tailval")


def run(kind, seed, burst):
    path = os.path.join(tmp, f"{kind}-{seed}-{int(burst)}.json")
    with open(path, "w") as f:
        json.dump(ts.make(kind, seed, burst), f)
    out = subprocess.run([rtb, "tail", "--format", "json", path], check=True,
                         capture_output=True, text=True).stdout
    os.unlink(path)
    return json.loads(out)["files"][0]["metrics"][0]


def inside(lo, hi, v):
    lo = -math.inf if lo in ("-unbounded", None) else lo
    hi = math.inf if hi in ("unbounded", None) else hi
    return lo <= v <= hi


for kind, xi in ts.KINDS.items():
    fitted = 0
    cov = {"shape": 0, "scale": 0}
    rl_cov, rl_n = {}, {}
    refused_why = {}
    for seed in range(draws):
        m = run(kind, 1000 + seed, False)
        f = m["fit"]
        if not f["estimated"]:
            w = f["why"].split(" failed")[0].replace("not estimated: ", "")
            refused_why[w] = refused_why.get(w, 0) + 1
            continue
        fitted += 1
        u = f["threshold_ns"]
        sigma_u = ts.SIGMA + xi * (u - ts.BASE)
        cov["shape"] += inside(f["shape_lo"], f["shape_hi"], xi)
        cov["scale"] += inside(f["scale_lo_ns"], f["scale_hi_ns"], sigma_u)
        for r in f["return_levels"]:
            t = ts.true_level(r["p"], xi)
            rl_cov[r["p"]] = rl_cov.get(r["p"], 0) + inside(r["lo_ns"], r["hi_ns"], t)
            rl_n[r["p"]] = rl_n.get(r["p"], 0) + 1
    refused, named = 0, 0
    for seed in range(draws):
        m = run(kind, 5000 + seed, True)
        refused += not m["fit"]["estimated"]
        named += bool(m["steadiness"]["burst"])
    print(f"{kind} (shape {xi}): clean: fitted {fitted}/{draws} (refused: {refused_why or 'none'})")
    print(f"  95% interval coverage over the {fitted} fits: shape {100 * cov['shape'] / max(fitted, 1):.0f}%, "
          f"scale {100 * cov['scale'] / max(fitted, 1):.0f}%")
    print("  return levels: " + ", ".join(f"{p:.0e} {100 * rl_cov[p] / rl_n[p]:.0f}%" for p in sorted(rl_n, reverse=True)))
    print(f"  burst (300 samples of a heavier tail in intervals 19-21 of 40): refused {refused}/{draws}, named {named}/{draws}")
    sys.stdout.flush()
