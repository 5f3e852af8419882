#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# tail_scipy.py - rtbench's GPD maximum likelihood against an independent
# one (docs/tail.md "Validation"): the same exceedances (exact
# values over the top-0.1% threshold of DRAWS synthetic draws per tail,
# bench/tail_synth.py's generator) fitted by bench/tail_fit.c (rtbench's
# tail_gpd.c) and by scipy.stats.genpareto.fit(y, floc=0) under Debian's
# /usr/bin/python3. Prints, per tail, the largest relative difference of
# the scale, the largest of the shape (relative to max(|shape|, 0.1)), and
# the log-likelihood of each at its own optimum (the larger is the better
# maximum).
#   bench/tail_scipy.py [DRAWS]        (default 100; needs build/librtbench.a)
import os, subprocess, sys
import numpy as np
from scipy import stats
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tail_synth as ts

draws = int(sys.argv[1]) if len(sys.argv) > 1 else 100
exe = "/tmp/rtb_tail_fit"
subprocess.run(["cc", "-O2", "-Isrc", "-Iinclude", "-o", exe, "bench/tail_fit.c", "build/librtbench.a",
                "-ljansson", "-lm"], check=True)


def nll(y, sigma, xi):
    return -stats.genpareto.logpdf(y, xi, loc=0, scale=sigma).sum()


for kind, xi in ts.KINDS.items():
    worst_s = worst_x = 0.0
    better = [0, 0, 0]  # rtbench better, scipy better, equal (within 1e-6)
    for seed in range(draws):
        rng = np.random.default_rng(2000 + seed)
        x = ts.BASE + ts.gpd(rng, 1000000, ts.SIGMA, xi)
        u = np.quantile(x, 0.999)
        y = x[x > u] - u
        out = subprocess.run([exe], input="\n".join(repr(v) for v in y), capture_output=True, text=True,
                             check=True).stdout.split()
        s_r, x_r = float(out[0]), float(out[1])
        c, loc, s_s = stats.genpareto.fit(y, floc=0)
        worst_s = max(worst_s, abs(s_r / s_s - 1))
        worst_x = max(worst_x, abs(x_r - c) / max(abs(c), 0.1))
        a, b = nll(y, s_r, x_r), nll(y, s_s, c)
        better[0 if a < b - 1e-6 else 1 if b < a - 1e-6 else 2] += 1
    print(f"{kind} (shape {xi}): {draws} draws of ~1000 exceedances: largest difference, scale "
          f"{100 * worst_s:.3f}%, shape {100 * worst_x:.3f}% (of max(|shape|, 0.1)); higher likelihood: "
          f"rtbench {better[0]}, scipy {better[1]}, equal {better[2]}")
    sys.stdout.flush()
