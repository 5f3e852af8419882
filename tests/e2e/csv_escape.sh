#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# csv_escape.sh - every cell of compare's and the fleet view's CSV and
# Markdown is one cell, whatever text a result file holds: a metric id
# "ipc.a,b" gave the fleet CSV an 11-field header over 9-field rows, an id
# with a quote went out unquoted, a "|" split a Markdown cell, and labels
# such as =HYPERLINK(...) went into CSV as formulas a spreadsheet runs
# (compare and fleet). Now RFC 4180 quoting, "\|" in Markdown, and a
# formula-leading text cell (= + - @ tab CR) quoted with a ' in front;
# numbers, negative ones too, stay numbers. The hostile inputs are *.evil,
# not *.json: e2e/zz_schema must not take them for results.
. "$(dirname "$0")/lib.bash"
test_out csv_escape
needs_host
python3 - "$data/vx.json" "$out" <<'PY'
import json, sys
src, out = sys.argv[1:3]
ids = ["ipc.a,b", 'ipc.q"x', "ipc.p|q"]
for n, label in enumerate(['=HYPERLINK("http://x","y")', "@SUM(1+1)", "+1-2", "-cmd", "\tx", "plain"]):
    d = json.load(open(src))
    d["label"] = label
    for i, m in enumerate(d["metrics"][:3]):
        m["id"] = ids[i]
    json.dump(d, open(f"{out}/s{n}.evil", "w"))
PY
files=$(ls "$out"/s*.evil)
"$RTBENCH" compare --fleet -f csv $files >"$out/fleet.csv" 2>"$out/fleet.err" || fail "fleet csv: $(cat "$out/fleet.err")"
"$RTBENCH" compare -f csv "$out/s0.evil" "$out/s5.evil" >"$out/cmp.csv" 2>"$out/cmp.err" || fail "compare csv: $(cat "$out/cmp.err")"
python3 - "$out/fleet.csv" "$out/cmp.csv" <<'PY' && ok "every CSV row has its header's fields; ids whole; no cell a formula" || fail "CSV"
import csv, sys
fleet = list(csv.reader(open(sys.argv[1], newline="")))
head = fleet[0]
assert all(len(r) == len(head) for r in fleet), [len(r) for r in fleet]
for want in ("ipc.a,b.p50", 'ipc.q"x.p99', "ipc.p|q.p50"):
    assert want in head, (want, head)
labels = sorted(r[0] for r in fleet[1:])
# (the reader shows a tab in a label as \x09: never a leading tab)
assert labels == sorted(["'=HYPERLINK(\"http://x\",\"y\")", "'@SUM(1+1)", "'+1-2", "'-cmd", "\\x09x", "plain"]), labels
cmp = list(csv.reader(open(sys.argv[2], newline="")))
assert all(len(r) == len(cmp[0]) for r in cmp), [len(r) for r in cmp]
assert {r[0] for r in cmp[1:]} >= {"ipc.a,b", 'ipc.q"x', "ipc.p|q"}, {r[0] for r in cmp[1:]}
assert {r[2] for r in cmp[1:]} == {"'=HYPERLINK(\"http://x\",\"y\")", "plain"}, {r[2] for r in cmp[1:]}
for rows in (fleet, cmp):
    for r in rows[1:]:
        for c in r:
            assert not c or c[0] not in "=+-@\t\r" or c.lstrip("-+").replace(".", "").isdigit(), (c, r)
PY
"$RTBENCH" compare --fleet -f markdown $files >"$out/fleet.md" 2>"$out/fleet.err" || fail "fleet markdown"
python3 - "$out/fleet.md" <<'PY' && ok "fleet Markdown: every row as many cells as its header, | escaped" || fail "fleet Markdown"
import re, sys
rows = [l for l in open(sys.argv[1]) if l.startswith("|")]
cells = lambda l: len(re.split(r"(?<!\\)\|", l.strip())) - 2
assert len(rows) == 8 and all(cells(r) == cells(rows[0]) for r in rows), [cells(r) for r in rows]
assert "ipc.p\\|q p50" in rows[0], rows[0]
PY
done_test
