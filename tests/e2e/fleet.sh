#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fleet.sh - compare over a directory / glob of many result files: 20
# boards (more than the 16 side-by-side columns) in the fleet view, one row
# per system, median and p99 per measurement, sorted by a chosen column in
# text, markdown and CSV; the figures are the files' own.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/data
rtb=${RTBENCH:-build/rtbench}
out=${RTB_TEST_OUT:-/tmp}/fleet
if ! "$rtb" compare --help >/dev/null 2>&1; then
	echo "SKIP: this build has no compare (needs libjansson-dev)"
	exit 77
fi
rm -rf "$out"; mkdir -p "$out/boards"
fail=0
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
"$rtb" compare --fleet -f csv --sort ipc.mqueue.wakeup:p99 "$out/boards" >"$out/f.csv" || { echo "FAIL: fleet csv"; fail=1; }
python3 - "$out/f.csv" "$out/boards" <<'PY' || fail=1
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
"$rtb" compare --fleet -f markdown --sort label "$out/boards/b*.json" >"$out/f.md" || { echo "FAIL: fleet markdown (glob)"; fail=1; }
[ "$(grep -c '^| board' "$out/f.md")" -eq 20 ] || { echo "FAIL: markdown rows"; cat "$out/f.md"; fail=1; }
head -7 "$out/f.md" | grep -q '^| board00 ' || { echo "FAIL: markdown not sorted by label"; fail=1; }
"$rtb" compare --fleet "$out/boards" >"$out/f.txt" || { echo "FAIL: fleet text"; fail=1; }
grep -q "20 systems" "$out/f.txt" || { echo "FAIL: text header"; fail=1; }
# the side-by-side view still stops at 16 and says where to go
"$rtb" compare "$out/boards" >"$out/o" 2>"$out/e"; rc=$?
[ $rc -eq 2 ] && grep -q "compare --fleet takes more" "$out/e" || { echo "FAIL: >16 without --fleet: exit $rc"; cat "$out/e"; fail=1; }
"$rtb" compare --fleet --sort no.such.metric "$out/boards" >"$out/o" 2>"$out/e"
[ $? -eq 2 ] || { echo "FAIL: bad --sort accepted"; fail=1; }
"$rtb" compare --fleet "$out/none*.json" >"$out/o" 2>"$out/e"
[ $? -eq 2 ] && grep -q "no file matches" "$out/e" || { echo "FAIL: empty glob"; fail=1; }
[ $fail -eq 0 ] && echo "fleet: ok"
exit $fail
