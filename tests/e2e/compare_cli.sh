#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# compare_cli.sh - `rtbench compare` / `rtbench report` through the real
# binary: exit codes, the one-line error naming the file, every format, and
# that a failed report leaves no file behind.
. "$(dirname "$0")/lib.bash"
test_out compare_cli
needs_host

one_line() { # one_line PREFIX: stderr is exactly one line starting with PREFIX
	local n; n=$(wc -l <"$out/e")
	[ "$n" -eq 1 ] || { fail "$n stderr lines, want 1"; cat "$out/e"; }
	has "$out/e" "$1"
}

expect 0 "$RTBENCH" compare --help
has "$out/o" "usage: rtbench compare"
expect 0 "$RTBENCH" report --help
has "$out/o" "usage: rtbench report"

expect 0 "$RTBENCH" compare "$data/vx.json" "$data/rtl.json"
has "$out/o" "Table 1 - Context switch (round-robin, sched_yield) [ctxsw.rr.yield]"
has "$out/o" "about 52% higher median latency than vxworks-like"
has "$out/o" "within run-to-run noise (+-4.2%)"
has "$out/o" "P(this<first)"
[ -s "$out/e" ] && { fail "stderr not empty"; }

for f in text markdown csv json; do
	expect 0 "$RTBENCH" compare -f "$f" "$data/vx.json" "$data/rtl.json" "$data/rtl_hist.json"
done
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"]=="rtbench-compare"' "$out/o" \
	|| fail "--format json is not valid JSON"

expect 0 "$RTBENCH" compare -o "$out/cmp.md" -f markdown "$data/vx.json" "$data/vx_rerun.json"
has "$out/cmp.md" "within run-to-run noise"

# --histogram: a cyclictest -h style histogram after each table, its
# columns adding up to each file's count
expect 0 "$RTBENCH" compare --histogram "$data/vx.json" "$data/rtl_hist.json"
python3 - "$out/o" <<'PY' || fail "compare --histogram"
import re, sys
txt = open(sys.argv[1]).read()
blocks = re.findall(r"# Histogram: (\S+)\n# bins of (\d+) us.*?\n# us .*?\n(.*?)# Total:([ \d]+)\n", txt, re.S)
assert len(blocks) == txt.count("# Histogram: ") >= 4, len(blocks)
for mid, w, rows, tot in blocks:
    sums = None
    for r in rows.strip().splitlines():
        c = [int(x) for x in r.split()[1:]]
        sums = c if sums is None else [a + b for a, b in zip(sums, c)]
    assert sums == [int(x) for x in tot.split()], (mid, sums, tot)
PY
expect 2 "$RTBENCH" compare --histogram -f csv "$data/vx.json" "$data/rtl.json"
one_line "rtbench compare: --histogram: only with the text format"

# the tail of a file without samples: judged on the rounds' own max_ns (a
# long run's intervals carry it), untested where the rounds do not say
python3 - "$data/rtl_hist.json" "$out/tail_a.json" "$out/tail_b.json" <<'PY'
import json, sys
for path, f in ((sys.argv[2], 1), (sys.argv[3], 10)):
    d = json.load(open(sys.argv[1]))
    d["label"] = "x%d" % f
    for m in d["metrics"]:
        if m["id"] == "ctxsw.rr.yield":
            for k, r in enumerate(m["rounds"]):
                r["max_ns"] = (8000 + 300 * k) * f
            m["max"] = max(r["max_ns"] for r in m["rounds"])
            m["histogram"]["overflow"] = 0
    json.dump(d, open(path, "w"))
PY
expect 0 "$RTBENCH" compare -f json "$out/tail_a.json" "$out/tail_b.json"
python3 - "$out/o" <<'PY' || fail "tail verdict from the rounds' max_ns"
import json, sys
d = json.load(open(sys.argv[1]))
m = [m for m in d["metrics"] if m["id"] == "ctxsw.rr.yield"][0]
t = m["systems"][1]["tail"]
assert t["max"]["kind"] == "higher", t["max"]
assert t["p99.9"] is None, t          # not known per round: untested
PY

# bad input: exit 2, one line naming the file
for bad in bad_empty bad_truncated bad_malformed bad_newer bad_other_tool bad_type; do
	expect 2 "$RTBENCH" compare "$data/vx.json" "$data/$bad.json"
	one_line "rtbench compare: $data/$bad.json: "
done
expect 2 "$RTBENCH" compare "$data/vx.json" "$data/missing.json"
one_line "rtbench compare: $data/missing.json: cannot open: No such file or directory"
expect 2 "$RTBENCH" compare "$data/vx.json" "$data/bad_nocommon.json"
one_line "rtbench compare: $data/bad_nocommon.json: no measurement in common with $data/vx.json"
expect 2 "$RTBENCH" compare "$data/vx.json"
one_line "need at least two result files"
expect 2 "$RTBENCH" compare --format xml "$data/vx.json" "$data/rtl.json"
one_line "rtbench compare: --format xml: "

# report: no half-written file on bad input; a whole file on success
rm -f "$out/r.html"
expect 2 "$RTBENCH" report "$data/vx.json" "$data/bad_truncated.json" -o "$out/r.html"
one_line "rtbench report: $data/bad_truncated.json: truncated JSON"
[ -e "$out/r.html" ] && { fail "report written despite bad input"; }
ls "$out" | grep -q 'r.html.tmp' && { fail "temporary file left behind"; }
expect 0 "$RTBENCH" report "$data/vx.json" "$data/rtl.json" -o "$out/r.html"
has "$out/r.html" "</html>"
expect 2 "$RTBENCH" report "$data/vx.json" -o "$out/no/such/dir/r.html"

[ "$fails" -eq 0 ] && echo "compare_cli: all checks passed"
done_test
