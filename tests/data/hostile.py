#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""hostile.py IN.json OUT.json - a hostile copy of a result file.

Every string in the file (values, and the keys of the free-form system /
clock / settings maps) gets markup that would run script in a page that
did not escape it, and terminal control sequences (ANSI colour, OSC title,
a newline) that would rewrite a terminal that did not. Only what the reader
must refuse when changed stays as it is: "schema", a metric's "status",
the "id"s (so metrics still pair up) and "unit" of time metrics keeps its
"ns" first. The issue-9 tests feed this to report (browser: nothing may
run), compare and check (terminal: no control byte may reach the output).
"""
import json
import sys

MARKUP = ("<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img')\">"
          "<script>document.documentElement.setAttribute('data-pwned','script')</script>"
          "<svg onload=\"document.documentElement.setAttribute('data-pwned','svg')\"></svg>"
          "\"'><a href=\"javascript:alert(1)\">x</a>")
TERMINAL = "\x1b[31mRED\x1b[0m\x1b]0;pwned-title\x07\r\nFAKE LINE\x1b[2J"
KEEP = {"schema", "status", "id"}
FREE_MAPS = {"system", "clock", "settings"}


def evil(s):
    return s + MARKUP + TERMINAL


def walk(v, key=None):
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            out[k] = walk(x, k)
        if key in FREE_MAPS:
            out[evil("k")] = evil("v")
        return out
    if isinstance(v, list):
        return [walk(x, key) for x in v]
    if isinstance(v, str) and key not in KEEP:
        return evil(v)
    return v


def main():
    r = json.load(open(sys.argv[1]))
    h = walk(r)
    h["schema"] = r["schema"]
    json.dump(h, open(sys.argv[2], "w"), indent=1)


main()
