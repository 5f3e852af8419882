#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# fleet.sh - compare over a directory / glob of many result files: 20
# boards (more than the 16 side-by-side columns) in the fleet view, one row
# per system, median and p99 per measurement, sorted by a chosen column in
# text, markdown and CSV; the figures are the files' own.
. "$(dirname "$0")/lib.bash"
test_out fleet boards
needs_host
# 20 boards: the fixtures, relabelled, mqueue p50/p99 made distinct per board
python3 - "$data" "$out/boards" <<'PY'
import json, sys
src, dst = sys.argv[1:3]
for i in range(20):
    d = json.load(open(f"{src}/{['vx', 'rtl', 'vx_rerun'][i % 3]}.json"))
    d["label"] = f"board{i:02d}"
    for m in d["metrics"]:
        if m["id"] == "ipc.mqueue.wakeup":
            m["p99"] = max(m["p99"], m["p50"]) + (19 - i) * 10   # board19 lowest p99
            for k in ("p99_9", "p99_99", "p99_999"):   # the reader checks the order
                if m.get(k) is not None:
                    m[k] = max(m[k], m["p99"])
            m["max"] = max(m["max"], m["p99"])
    json.dump(d, open(f"{dst}/b{i:02d}.json", "w"))
PY
"$RTBENCH" compare --fleet -f csv --sort ipc.mqueue.wakeup:p99 "$out/boards" >"$out/f.csv" || fail "fleet csv"
python3 - "$out/f.csv" "$out/boards" <<'PY' || fail "fleet csv against the boards' files"
import csv, json, sys, glob
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 20, len(rows)
p99 = [int(r["ipc.mqueue.wakeup.p99"]) for r in rows]
assert p99 == sorted(p99), p99
assert rows[0]["system"] == "board19", rows[0]
for r in rows:   # every figure is the file's own
    d = json.load(open(r["file"]))
    m = {m["id"]: m for m in d["metrics"]}
    for k, v in r.items():
        if k.endswith(".p50") or k.endswith(".p99"):
            mid, fig = k.rsplit(".", 1)
            want = m.get(mid, {}).get(fig)
            assert (v == "" and want is None) or int(v) == want, (r["file"], k, v, want)
PY
"$RTBENCH" compare --fleet -f markdown --sort label "$out/boards/b*.json" >"$out/f.md" || fail "fleet markdown (glob)"
[ "$(grep -c '^| board' "$out/f.md")" -eq 20 ] || { fail "markdown rows"; cat "$out/f.md"; }
head -7 "$out/f.md" | grep -q '^| board00 ' || fail "markdown not sorted by label"
"$RTBENCH" compare --fleet "$out/boards" >"$out/f.txt" || fail "fleet text"
grep -q "20 systems" "$out/f.txt" || fail "text header"
# the side-by-side view still stops at 16 and says where to go
"$RTBENCH" compare "$out/boards" >"$out/o" 2>"$out/e"; rc=$?
[ $rc -eq 2 ] && grep -q "compare --fleet takes more" "$out/e" || { fail ">16 without --fleet: exit $rc"; cat "$out/e"; }
"$RTBENCH" compare --fleet --sort no.such.metric "$out/boards" >"$out/o" 2>"$out/e"
[ $? -eq 2 ] || fail "bad --sort accepted"
"$RTBENCH" compare --fleet "$out/none*.json" >"$out/o" 2>"$out/e"
[ $? -eq 2 ] && grep -q "no file matches" "$out/e" || fail "empty glob"
[ "$fails" -eq 0 ] && echo "fleet: ok"
done_test
