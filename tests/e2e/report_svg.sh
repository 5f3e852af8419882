#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# report_svg.sh - the report's plots say what they draw,
# on a made-up traced --cpus run (tests/data/long64.json's aggregate and CPUs
# 0-1, with kernel-trace components of known means) beside cyclictest:
# - the stacked components bar of the all-CPU figure stacks only its own
#   components (not CPU 0's and CPU 1's, not rtbench_minus_trace) and its
#   total is their sum; a file without components says so, not "0.00 us";
# - latency over time: each system's max, p99 and p50 differ in dash or
#   width; the legend is above the plot area, never over the data;
# - the maximum of each interval: the all-CPU line is drawn first (under),
#   so the CPU that holds the maximum shows;
# - in Chromium at 1400 px: the page is no wider, no plot text is clipped.
. "$(dirname "$0")/lib.bash"
test_out report_svg
needs_host
python3 - "$data/long64.json" "$out/traced.json" <<'PY'
import json, copy, sys
r = json.load(open(sys.argv[1]))
ms = {m["id"]: m for m in r["metrics"]}
def comp(m, name, mean):
    x = copy.deepcopy(m)
    at = m["id"].find("@")
    x["id"] = (m["id"] if at < 0 else m["id"][:at]) + ".trace." + name + ("" if at < 0 else m["id"][at:])
    x["mean"] = mean
    return x
out = [ms["irq.timer.nanosleep"], ms["irq.timer.nanosleep@cpu0"], ms["irq.timer.nanosleep@cpu1"]]
for m, k in ((out[1], 1.0), (out[2], 1.3), (out[0], 1.15)):
    for name, mean in (("expiry_to_irq", 2000), ("irq_to_handler", 1000), ("switch_to_stamp", 1500)):
        out.append(comp(m, name, int(mean * k)))
    out.append(comp(m, "rtbench_minus_trace", int(1500 * k)))   # the difference: never stacked
r["metrics"] = out
r["settings"]["long_run"]["cpus"] = "0-1"
r["settings"]["long_run"]["ncpus"] = 2
json.dump(r, open(sys.argv[2], "w"))
PY
"$RTBENCH" report "$out/traced.json" "$data/rttests/cyclictest_2cpu.json" -o "$out/r.html" || fail "report exited $?"
python3 - "$out/r.html" <<'PY' && ok "components, series and interval-max plots" || fail "the report's SVG"
import re, sys
page = open(sys.argv[1]).read()
def svg(pid):
    m = re.search(r'<svg[^>]*id="%s"[^>]*>(.*?)</svg>' % re.escape(pid), page, re.S)
    assert m, "no plot " + pid
    return m.group(1)
# 1: the aggregate's components, their sum, the untraced file said
c = svg("comp-irq.timer.nanosleep")
names = re.findall(r'<rect[^>]*><title>([^<:]*): mean ([0-9.]+) us</title>', c)
assert sorted(n for n, _ in names) == ["expiry_to_irq", "irq_to_handler", "switch_to_stamp"], names
tot = float(re.search(r'data-total-us="([0-9.]+)"', c).group(1))
assert abs(tot - sum(float(v) for _, v in names)) < 0.01 and abs(tot - 5.175) < 0.01, (tot, names)
assert "not traced" in c and "0.00 us" not in c, c[-400:]
# 2: max / p99 / p50 of each system told apart by dash or width
s = svg("series-irq.timer.nanosleep")
paths = re.findall(r'<path class="series" fill="none" stroke="([^"]+)" stroke-width="([^"]+)"((?: stroke-dasharray="[^"]*")?) d=', s)
by = {}
for col, w, dash in paths:
    by.setdefault(col, []).append((w, dash))
assert len(by) == 2 and all(len(v) == 3 and len(set(v)) == 3 for v in by.values()), by
frame_top = float(re.search(r'class="frame"[^>]* y="([0-9.]+)"|<rect class="frame" x="[0-9.]+" y="([0-9.]+)"', s).group(0).split('y="')[1].split('"')[0])
leg = re.search(r'<g class="legend" data-outside="1">(.*?)</g>', s, re.S)
assert leg, "legend not outside the plot area"
ys = [float(y) for y in re.findall(r'<text x="[0-9.]+" y="([0-9.]+)"', leg.group(1))]
assert ys and max(ys) < frame_top, (ys, frame_top)
# 3: the all-CPU maximum line under the CPUs' lines
iv = svg("ivmax-irq.timer.nanosleep-0")
strokes = re.findall(r'<path class="series" fill="none" stroke="([^"]+)"', iv)
assert strokes[0] == "#bbb" and len(strokes) == 3, strokes
print("components", names, "total", tot, "; series", by)
PY
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
	# the page without its script policy, plus a script that measures it
	python3 - "$out/r.html" "$out/measure.html" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page)
js = """<script>window.addEventListener("load", function () {
  var d = document.documentElement, bad = [];
  d.setAttribute("data-sw", d.scrollWidth);
  document.querySelectorAll("svg.plot").forEach(function (s) {
    var v = s.getBoundingClientRect();
    s.querySelectorAll("text").forEach(function (t) {
      var b = t.getBoundingClientRect();   /* with its rotation */
      if (b.left < v.left - 0.5 || b.top < v.top - 0.5 || b.right > v.right + 0.5 || b.bottom > v.bottom + 0.5)
        bad.push(s.id + ": " + t.textContent);
    });
  });
  d.setAttribute("data-clipped", bad.join(" / "));
});</script></body>"""
open(sys.argv[2], "w").write(page.replace("</body>", js))
PY
	scratch_dir
	timeout 90 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$scratch" --window-size=1400,3000 --virtual-time-budget=5000 \
		--dump-dom "file://$out/measure.html" >"$out/measure.dom" 2>/dev/null
	sw=$(grep -o 'data-sw="[0-9]*"' "$out/measure.dom" | grep -o '[0-9]*')
	clipped=$(grep -o 'data-clipped="[^"]*"' "$out/measure.dom")
	[ -n "$sw" ] && [ "$sw" -le 1400 ] && ok "page width $sw px at a 1400 px window" || fail "page width ${sw:-unknown} at 1400 px"
	[ "$clipped" = 'data-clipped=""' ] && ok "no plot text outside its plot" || fail "clipped: $clipped"
else
	echo "note: no chromium: the width and clipping checks did not run"
fi
done_test
