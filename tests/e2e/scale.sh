#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# The host commands at a big server's scale, on small files of the same
# shape (bench/scale_file.py from tests/data/long2.json, a real 2-CPU
# --duration run): past 16 CPUs the report draws the per-CPU histograms
# and the interval maxima as heat maps, one row a CPU; the maxima's rows
# hold each CPU's largest interval maximum as the file has it; each map
# has its 9-colour scale; at 16 CPUs and below the lines stay. The
# exceedance plot past 16 CPUs: the CPUs' envelope and the worst 3 named;
# a heat-map column of a 600-interval file holds 3 intervals, and says so. The reader's fast way (intervals and rounds cut
# from the text) gives every command the output jansson's whole tree does
# (RTB_READER=jansson), also on copies it must decline (an escaped key, a
# fraction where a count belongs, an unknown key, a broken count).
# Timing is bench/scale_analysis.sh's, never this test's.
. "$(dirname "$0")/lib.bash"
test_out scale
needs_cmd python3 "apt-get install python3"
gen() { python3 "$root/bench/scale_file.py" --cpus "$1" --intervals "$2" "$data/long2.json" "$3" ||
	fail "scale_file.py --cpus $1 exited $?"; }
gen 32 20 "$out/c32.json"
gen 16 20 "$out/c16.json"

"$RTBENCH" report "$out/c32.json" -o "$out/c32.html" 2>"$out/err.txt" && ok "32-CPU report written" ||
	fail "report: $(cat "$out/err.txt")"
"$RTBENCH" report "$out/c16.json" -o "$out/c16.html" 2>"$out/err.txt" || fail "report: $(cat "$out/err.txt")"
"$RTBENCH" report "$data/long2.json" -o "$out/c2.html" 2>"$out/err.txt" || fail "report: $(cat "$out/err.txt")"
grep -q 'id="ivheat-irq.timer.nanosleep-0"' "$out/c32.html" && ok "32 CPUs: a heat map" || fail "32 CPUs: no heat map"
grep -q 'id="ivmax-irq.timer.nanosleep-0"' "$out/c32.html" && fail "32 CPUs: the lines drawn too" || ok "32 CPUs: no line a CPU"
for f in c16 c2; do
	grep -q 'id="ivmax-irq.timer.nanosleep-0"' "$out/$f.html" && ! grep -q 'ivheat-' "$out/$f.html" &&
		ok "$f: lines, no heat map" || fail "$f: not the line plot"
done

# the map's rows against the file: every CPU once, in order, each with the
# largest maximum of its intervals; the scale's 9 colours
python3 - "$out/c32.json" "$out/c32.html" <<'PY' && ok "heat maps: rows CPUs 0-31, each row's max the file's, scales" || fail "heat map rows differ from the file"
import json, re, sys
d = json.load(open(sys.argv[1]))
want = {}
for m in d["metrics"]:
    if "@cpu" in m["id"]:
        want[int(m["id"].split("@cpu")[1])] = max(iv["max_ns"] for iv in m["intervals"] if iv["count"])
        assert want[int(m["id"].split("@cpu")[1])] == m["max"], m["id"]
h = open(sys.argv[2]).read()
svg = h[h.index('id="ivheat-irq.timer.nanosleep-0"'):]
svg = svg[:svg.index("</svg>")]
rows = [(int(c), int(x)) for c, x in re.findall(r'class="heatrow" data-cpu="(\d+)" data-max-ns="(\d+)"', svg)]
assert [c for c, _ in rows] == sorted(want), rows[:4]
assert all(x == want[c] for c, x in rows), [(c, x, want[c]) for c, x in rows if x != want[c]][:3]
def scale_of(svg):
    sc = svg[svg.index('class="heatscale"'):]
    return sc[:sc.index("</g>")]
assert len(re.findall(r"<rect ", scale_of(svg))) == 9, "scale colours"
assert len(set(re.findall(r'<path fill="(#[0-9a-f]{6})"', svg))) >= 2, "one colour only"
# the histograms: a heat map too, its own scale
hs = h[h.index('id="cpuhist-irq.timer.nanosleep-0"'):]
hs = hs[:hs.index("</svg>")]
tag = re.search(r'<svg[^>]*id="cpuhist-irq.timer.nanosleep-0"[^>]*>', h).group(0)
assert 'data-plot="heatmap"' in tag, "histograms not a heat map"
assert len(re.findall(r"<rect ", scale_of(hs))) == 9, "histogram scale colours"
PY

# the exceedance plot past 16 CPUs: the envelope across the CPUs (a band
# and the median) and the 3 CPUs with the highest maxima named, not a
# line a CPU; at 16 CPUs a line a CPU stays
python3 - "$out/c32.json" "$out/c32.html" "$out/c16.html" <<'PY' && ok "exceedance: 32 CPUs a band, the worst 3 named; 16 a line a CPU" || fail "exceedance plot past 16 CPUs"
import json, re, sys
d = json.load(open(sys.argv[1]))
mx = {int(m["id"].split("@cpu")[1]): m["max"] for m in d["metrics"] if "@cpu" in m["id"]}
want = sorted(mx, key=lambda c: (-mx[c], c))[:3]
def exceed(path):
    h = open(path).read()
    s = h[h.index('id="exceed-irq.timer.nanosleep"'):]
    return h, s[:s.index("</svg>")]
h, svg = exceed(sys.argv[2])
assert 'class="band" data-cpus="32"' in svg, "no band"
assert 'class="median"' in svg, "no median"
worst = [(int(c), int(x)) for c, x in re.findall(r'class="worstcpu" data-cpu="(\d+)" data-max-ns="(\d+)"', svg)]
assert [c for c, _ in worst] == want, (worst, want)
assert all(x == mx[c] for c, x in worst), worst
assert all(">CPU %d</text>" % c in svg for c in want), "worst CPUs not labelled"
assert len(re.findall(r'<path class="series"', svg)) == 1, "per-CPU lines drawn past 16 CPUs"
cap = re.search(r"named lines, the 3 CPUs with the highest maxima: \(32 CPUs, every one to [0-9.]+ us\) CPU %d \(" % want[0], h)
assert cap, "caption does not name the worst CPUs"
# the band ends where the lowest CPU runs out of samples: below its max
lowest = min(mx.values()) / 1e3
to = float(re.search(r"every one to ([0-9.]+) us", h).group(1))
assert to <= lowest * 1.1, (to, lowest)
h, svg = exceed(sys.argv[3])
assert 'class="band"' not in svg and len(re.findall(r'<path class="series"', svg)) == 17, "16 CPUs: lines"
PY
# a day's intervals: a heat-map column holds a whole number of them, said
gen 18 600 "$out/c18d.json"
"$RTBENCH" report "$out/c18d.json" -o "$out/c18d.html" 2>"$out/err.txt" || fail "report: $(cat "$out/err.txt")"
python3 - "$out/c18d.json" "$out/c18d.html" <<'PY' && ok "heat map at 600 intervals: a column the max of 3, said; rows say when" || fail "heat map columns"
import json, re, sys
d = json.load(open(sys.argv[1]))
h = open(sys.argv[2]).read()
svg = h[h.index('id="ivheat-irq.timer.nanosleep-0"'):]
svg = svg[:svg.index("</svg>")]
assert "(a column: the max of 3 intervals, " in h, "column not said"
m = next(m for m in d["metrics"] if m["id"].endswith("@cpu5"))
iv = next(iv for iv in m["intervals"] if iv["count"] and iv["max_ns"] == m["max"])
t = "CPU 5: largest interval maximum %.1f us (first in the interval ending at %.0f s)" % (m["max"] / 1e3, iv["end_ns"] / 1e9)
assert t in svg, t
PY

# the fast reader and jansson's tree agree, on good files and on copies the
# fast way must decline
python3 - "$out/c16.json" "$out" <<'PY' || fail "could not make the declined copies"
import json, sys
src, out = sys.argv[1], sys.argv[2]
t = open(src).read()
open(f"{out}/esc.json", "w").write(t.replace('"start_ns"', '"start\\u005fns"', 3))
d = json.load(open(src))
d["metrics"][1]["intervals"][3]["extra"] = 1
json.dump(d, open(f"{out}/bad_unknown.json", "w"))
d["metrics"][1]["intervals"][3]["count"] += 1
json.dump(d, open(f"{out}/bad_count.json", "w"))
d = json.load(open(src))
d["metrics"][2]["rounds"][0]["mean_ns"] = 2.5e4
d["metrics"][2]["intervals"][0]["p50_ns"] = float(d["metrics"][2]["intervals"][0]["p50_ns"])
json.dump(d, open(f"{out}/frac.json", "w"))
PY
for f in "$out/c32.json" "$out/c16.json" "$data/long2.json" "$data/long64.json" "$out/esc.json" \
	"$out/bad_unknown.json" "$out/bad_count.json" "$out/frac.json"; do
	n=${f##*/}
	same=1
	for cmd in "tail -t 100" "check --max-p99-us 100" "compare $data/long2.json"; do
		# shellcheck disable=SC2086
		a=$("$RTBENCH" $cmd "$f" 2>&1; echo "rc=$?")
		# shellcheck disable=SC2086
		b=$(RTB_READER=jansson "$RTBENCH" $cmd "$f" 2>&1; echo "rc=$?")
		[ "$a" = "$b" ] || { same=0; fail "$n: '$cmd' differs with RTB_READER=jansson"; }
	done
	"$RTBENCH" report "$f" -o "$out/a.html" >/dev/null 2>&1
	RTB_READER=jansson "$RTBENCH" report "$f" -o "$out/b.html" >/dev/null 2>&1
	cmp -s "$out/a.html" "$out/b.html" || { same=0; fail "$n: report differs with RTB_READER=jansson"; }
	[ $same = 1 ] && ok "$n: tail, check, compare, report as with jansson's tree"
done
grep -q 'count do not add up\|do not add up' <("$RTBENCH" tail "$out/bad_count.json" 2>&1) &&
	ok "a broken count still refused, in jansson's words" || fail "bad_count.json not refused"
done_test
