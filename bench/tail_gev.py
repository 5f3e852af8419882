#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# tail_gev.py - the block-maxima cross-check of `rtbench tail` (docs/tail.md "Why
# peaks over threshold"): on synthetic files with a KNOWN tail
# (bench/tail_synth.py: 1,000,000 samples = 2 us + GPD(0.3 us, xi) in 40
# intervals of 25,000), rtbench's peaks-over-threshold fit (`rtbench tail`)
# against an independent block-maxima fit: scipy's genextreme.fit on the
# 40 interval maxima. When the exceedances are GPD(sigma, xi) the maximum
# of a block is GEV with the same shape (Coles 2001, 4.2.2), so both
# estimate the same xi and the same law of an interval's maximum; the
# script prints, per tail and over DRAWS draws, both shapes against the
# true one, and the median and 95% quantile of an interval's maximum from
# each (rtbench: its --plan of one interval, from the fit's parameters)
# against the true ones (F^n). scipy is run here, never by rtbench.
#   /usr/bin/python3 bench/tail_gev.py [DRAWS] [RTBENCH]
import json, math, os, subprocess, sys, tempfile
import numpy as np
from scipy import stats

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tail_synth as ts

draws = int(sys.argv[1]) if len(sys.argv) > 1 and __name__ == "__main__" else 30
rtb = sys.argv[2] if len(sys.argv) > 2 and __name__ == "__main__" else "build/rtbench"
BLOCK = 25000                      # samples an interval holds (1e6 / 40)


def gev_fit(x):
    """scipy's genextreme.fit by maximum likelihood, made to find the
    maximum: from its default start alone, on values in ns, it stops at
    shapes of 5-11 on these maxima (earlier hold-out GEV figures came
    from that); here the values are in us and it starts from the Gumbel fit
    with shapes -0.3, 0, 0.3 too, the largest likelihood kept. Returns
    scipy's (c, loc, scale) in ns (shape xi = -c)."""
    y = np.asarray(x, float) / 1e3
    gl, gs = stats.gumbel_r.fit(y)
    best = None
    for start in [None] + [(c0, gl, gs) for c0 in (0.3, 0.0, -0.3)]:
        try:
            par = stats.genextreme.fit(y) if start is None else \
                stats.genextreme.fit(y, start[0], loc=start[1], scale=start[2])
        except Exception:
            continue
        ll = np.sum(stats.genextreme.logpdf(y, *par))
        if np.isfinite(ll) and (best is None or ll > best[0]):
            best = (ll, par)
    c, loc, sc = best[1]
    return c, loc * 1e3, sc * 1e3


def true_block_q(q, xi):
    """the q quantile of the maximum of BLOCK samples: F(z)^BLOCK = q"""
    return ts.true_level(1 - q ** (1 / BLOCK), xi)


def med(v):
    return float(np.median(v)) if v else float("nan")


if __name__ == "__main__":
    tmp = tempfile.mkdtemp(prefix="tailgev")
    for kind, xi in ts.KINDS.items():
        pot_xi, gev_xi, pot_cov, n_fit = [], [], 0, 0
        err = {"pot50": [], "gev50": [], "pot95": [], "gev95": []}
        for seed in range(draws):
            path = os.path.join(tmp, f"{kind}-{seed}.json")
            with open(path, "w") as f:
                json.dump(ts.make(kind, 3000 + seed, False), f)
            m = json.load(open(path))["metrics"][0]
            bm = np.array([iv["max_ns"] for iv in m["intervals"] if iv["count"]], float)
            out = subprocess.run([rtb, "tail", "-f", "json", path, "--plan", "5s", "--plan-cpus", "1"],
                                 check=True, capture_output=True, text=True).stdout
            os.unlink(path)
            t = json.loads(out)["files"][0]["metrics"][0]
            c, loc, sc = gev_fit(bm)
            gev_xi.append(-c)
            for q, key in ((0.5, "gev50"), (0.95, "gev95")):
                err[key].append(stats.genextreme.ppf(q, c, loc, sc) / true_block_q(q, xi) - 1)
            f = t["fit"]
            if not f["estimated"]:
                continue
            n_fit += 1
            pot_xi.append(f["shape"])
            pot_cov += f["shape_lo"] <= xi <= f["shape_hi"]
            # the fit's block maximum from its parameters: zeta S(z - u) = -log(q) / BLOCK
            u, s, k, zeta = f["threshold_ns"], f["scale_ns"], f["shape"], f["exceedances"] / f["samples"]
            for q, key in ((0.5, "pot50"), (0.95, "pot95")):
                p = -math.log(q) / BLOCK / zeta
                z = u + (s * (p ** -k - 1) / k if abs(k) > 1e-9 else -s * math.log(p))
                err[key].append(z / true_block_q(q, xi) - 1)
        d = [a - b for a, b in zip(pot_xi, gev_xi)] if len(pot_xi) == len(gev_xi) else []
        print(f"{kind} (true shape {xi}): {draws} draws, POT fitted {n_fit}")
        print(f"  shape: POT (rtbench) median {med(pot_xi):+.3f}, sd {np.std(pot_xi):.3f}, its 95% interval held "
              f"the true one {pot_cov} of {n_fit}; GEV (scipy, 40 maxima) median {med(gev_xi):+.3f}, "
              f"sd {np.std(gev_xi):.3f}" + (f"; median |POT - GEV| {med([abs(x) for x in d]):.3f}" if d else ""))
        for q in (50, 95):
            a, b = err[f"pot{q}"], err[f"gev{q}"]
            print(f"  an interval's maximum, {q}% quantile against the true one: POT median error "
                  f"{100 * med(a):+.2f}% (largest |.| {100 * max(map(abs, a)) if a else float('nan'):.2f}%), "
                  f"GEV {100 * med(b):+.2f}% (largest {100 * max(map(abs, b)):.2f}%)")
