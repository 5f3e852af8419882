#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# report_share.sh - `rtbench report` overlays runs of different lengths as
# shares of each run's own samples, and says so on the plot: the same
# distribution measured five times as long draws the same histogram (raw
# counts drew the longer run five times higher in every bin).
. "$(dirname "$0")/lib.bash"
test_out report_share
needs_host

# vx_hist.json five times over: every bucket, count and round x5
python3 - "$data/vx_hist.json" "$out/long.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["label"] = "five-times-longer"
for m in d["metrics"]:
    m["count"] *= 5
    for b in m.get("histogram", {}).get("buckets", []):
        b[2] *= 5
    for r in m.get("rounds", []) if isinstance(m.get("rounds"), list) else []:
        r["count"] *= 5
json.dump(d, open(sys.argv[2], "w"))
PY
expect 0 "$RTBENCH" report "$data/vx_hist.json" "$out/long.json" -o "$out/r.html"
# the histogram plot of ctxsw.rr.yield: its two series' outlines
python3 - "$out/r.html" >"$out/paths" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
svg = page[page.index('id="hist-ctxsw.rr.yield"'):]
svg = svg[:svg.index('</svg>')]
print('axis: ' + ('share of samples per bin' if '>share of samples per bin' in svg else 'no share label'))
for d in re.findall(r'<path class="series"[^>]* d="([^"]*)"', svg):
    print(d)
PY
[ "$(wc -l <"$out/paths")" -eq 3 ] || fail "want a label and two histogram paths: $(head -c 300 "$out/paths")"
grep -q "share of samples per bin" "$out/paths" && ok "the y axis says share of samples" ||
	fail "the histogram's axis does not say what it shows"
grep -q "each run&#39;s share of its own samples" "$out/r.html" && ok "the title says so" ||
	fail "the histogram's title does not say the runs are normalised"
[ "$(sed -n 2p "$out/paths")" = "$(sed -n 3p "$out/paths")" ] &&
	ok "one distribution, 1x and 5x as long: the same outline" ||
	fail "the 5x run is drawn differently from the 1x run of the same distribution"
done_test
