#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# special_ref.py - the reference values of tests/unit/test_special.c: the
# regularized incomplete gamma P, Q and beta I (src/host/stats/special.c) at
# points across their range and well into the tails (shapes up to 10^6,
# x near 0 and near 1, +-30 standard deviations from the centre).
#
# Each value comes from mpmath at 40 digits (by representations other than
# the C code's: mpmath's own incomplete gamma; the beta through the Gauss
# hypergeometric series of DLMF 8.17.8), and is checked against scipy.special
# (gammainc, gammaincc, betainc): the script stops if the two disagree by
# more than SCIPY_TOL, relative. scipy 1.10 (Debian 12) is itself off by up
# to 8e-7 at a = b = 10^6 (its betainc at x = 0.5), so mpmath is the
# reference and scipy the independent cross-check.
#
# Rewrites the table between the BEGIN/END lines of the test in place:
#   /usr/bin/python3 bench/special_ref.py   (python3-scipy, python3-mpmath)
import math
import os
import re
import sys

import mpmath
from scipy import special as sp

mpmath.mp.dps = 40
SCIPY_TOL = 2e-6
TEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "unit", "test_special.c")


def gamma_p(a, x):
    if x < a:
        return mpmath.gammainc(a, 0, x, regularized=True)
    with mpmath.workdps(80):
        return 1 - mpmath.gammainc(a, x, mpmath.inf, regularized=True)


def gamma_q(a, x):
    if x >= a:
        return mpmath.gammainc(a, x, mpmath.inf, regularized=True)
    with mpmath.workdps(80):
        return 1 - mpmath.gammainc(a, 0, x, regularized=True)


def beta_i(a, b, x):
    a, b, x = mpmath.mpf(a), mpmath.mpf(b), mpmath.mpf(x)
    if x > a / (a + b):
        with mpmath.workdps(80):
            return 1 - beta_i(b, a, 1 - x)
    # DLMF 8.17.8: B_x(a, b) = x^a (1-x)^b / a * F(a + b, 1; a + 1; x)
    return x**a * (1 - x)**b / (a * mpmath.beta(a, b)) * \
        mpmath.hyp2f1(a + b, 1, a + 1, x, maxterms=10**7)


def keep(v):
    """a value worth a relative check: not underflowed, not rounded to 1"""
    return 1e-300 < v < 1 - 1e-15


rows = []


def add(kind, a, b, x, ref, sci):
    ref = float(ref)
    if not keep(ref):
        return
    if abs(sci - ref) > SCIPY_TOL * ref:
        sys.exit(f"scipy and mpmath disagree: {kind} {a!r} {b!r} {x!r}: {sci!r} vs {ref!r}")
    rows.append((kind, a, b, x, ref))


for a in [0.5, 1, 2.5, 10, 30.5, 100, 1e3, 1e4, 1e5, 1e6]:
    xs = [a * r for r in [1e-12, 1e-3, 0.5, 0.9, 2, 10]]
    xs += [a + z * math.sqrt(a) for z in [-30, -8, -3, -1, 0, 1, 3, 8, 30]]
    for x in xs:
        if x <= 0:
            continue
        add("P", a, 0, x, gamma_p(a, x), float(sp.gammainc(a, x)))
        add("Q", a, 0, x, gamma_q(a, x), float(sp.gammaincc(a, x)))

for a, b in [(0.5, 0.5), (5, 6), (15, 0.5), (50, 0.5), (0.5, 1e6), (1e6, 0.5), (1, 1e6),
             (1e6, 1), (10, 1e6), (1e3, 1e6), (1e5, 1e5), (3e5, 7e5), (1e6, 1e6)]:
    m = a / (a + b)
    sd = math.sqrt(a * b / (a + b) ** 2 / (a + b + 1))
    xs = [1e-300, 1e-12, 1e-6, 1e-3, 0.5, 1 - 1e-3, 1 - 1e-6, 1 - 1e-12]
    xs += [m + z * sd for z in [-30, -10, -5, -2, 0, 2, 5, 10, 30]]
    for x in xs:
        if 0 < x < 1:
            add("I", a, b, x, beta_i(a, b, x), float(sp.betainc(a, b, x)))

lines = [f"\t{{ '{k}', {a!r}, {b!r}, {x!r}, {ref!r} }}," for k, a, b, x, ref in rows]
text = open(TEST).read()
begin, end = "\t/* BEGIN bench/special_ref.py */\n", "\t/* END bench/special_ref.py */\n"
i, j = text.index(begin) + len(begin), text.index(end)
open(TEST, "w").write(text[:i] + "\n".join(lines) + "\n" + text[j:])
print(f"{len(rows)} values written to {os.path.relpath(TEST)}")
