#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# report_browser.sh - open `rtbench report` output in headless Chromium:
# it must render without console errors or blocked loads, every expected
# plot must be laid out with data drawn, and a screenshot is kept as an
# artefact ($RTB_TEST_OUT/report.png). The detector itself is checked on a
# copy of the page with a deliberate script error. Skips (77) without
# Chromium (Debian package `chromium`).
. "$(dirname "$0")/lib.bash"
out=$RTB_TEST_OUT
needs_host
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	skip "chromium not installed (apt-get install chromium)"
fi
html=$out/report.html
rm -f "$html" "$out/report.png"
"$RTBENCH" report "$data/vx.json" "$data/rtl.json" "$data/rtl_hist.json" \
	--title "rtbench report (test fixtures)" -o "$html" || { echo "FAIL: report exit $?"; exit 1; }

scratch_dir
profile=$scratch
chrome() { # chrome OUT_PREFIX URL EXTRA_ARGS... : DOM to PREFIX.dom, log to PREFIX.log
	local pfx=$1 url=$2; shift 2
	timeout 90 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --enable-logging=stderr --v=0 \
		--virtual-time-budget=5000 "$@" "$url" >"$pfx.dom" 2>"$pfx.log"
}
# console errors, uncaught exceptions, CSP-blocked or failed loads
console_errors() {
	grep -E 'CONSOLE|Uncaught|Refused to|net::ERR_|Content Security Policy' "$1" || true
}

chrome "$out/report" "file://$html" --dump-dom
errs=$(console_errors "$out/report.log")
[ -n "$errs" ] && { fail "console errors:"; echo "$errs"; }
grep -q 'data-js-error="' "$out/report.dom" && { fail "script error recorded in the DOM"; }
grep -q '</html>' "$out/report.dom" || { fail "no DOM dumped"; tail -5 "$out/report.log"; }
for m in ctxsw.rr.yield irq.timer.nanosleep sync.sem.take.uncontended ipc.mqueue.wakeup \
	sync.prio_inv.none.blocking sync.prio_inv.inherit.request_to_release sync.prio_inv.ceiling.blocking; do
	for kind in hist pct series; do
		grep -q "id=\"$kind-$m\"" "$out/report.dom" || fail "plot $kind-$m missing"
	done
done
rendered=$(grep -o 'data-plots-rendered="[0-9]*/[0-9]*"' "$out/report.dom" | head -1)
echo "plots rendered: ${rendered:-none}"
# 9 measured metrics (4 + 5 priority-inversion figures) x 4 plots (histogram, percentiles,
# series, the exceedance plot of render_html_tail.c)
[ "$rendered" = 'data-plots-rendered="36/36"' ] || fail "want 36/36 plots rendered"
grep -q 'id="hist-sync.prio_inv.ceiling.request_to_release"' "$out/report.dom" &&
	{ fail "a plot for a skipped figure"; }

timeout 90 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--user-data-dir="$profile" --hide-scrollbars --window-size=1400,3400 \
	--screenshot="$out/report.png" "file://$html" >/dev/null 2>&1
[ -s "$out/report.png" ] || fail "no screenshot"
echo "screenshot: $out/report.png"

# the detector must see an error when there is one
sed 's|</body>|<script>undefinedFunctionForTheTest();</script></body>|' "$html" >"$out/report-broken.html"
chrome "$out/report-broken" "file://$out/report-broken.html" --dump-dom
if ! grep -q 'data-js-error="' "$out/report-broken.dom" && [ -z "$(console_errors "$out/report-broken.log")" ]; then
	fail "a deliberate script error went unnoticed"
fi

# the page's policy allows exactly the scripts it ships, by hash
python3 - "$html" <<'PY' || fail "CSP hashes do not match the page's scripts"
import base64, hashlib, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
csp = re.search(r'Content-Security-Policy" content="([^"]*)"', page).group(1)
assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0], csp
want = set(re.findall(r"'(sha256-[^']+)'", csp))
got = {"sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()
       for s in re.findall(r"<script>(.*?)</script>", page, re.S)}
assert got == want, (got, want)
print("CSP: script-src by hash only,", len(got), "scripts")
PY

# a hostile result file (every string carries markup and control
# sequences, tests/data/hostile.py): nothing from it may run
python3 "$data/hostile.py" "$data/vx.json" "$out/hostile.evil"
python3 "$data/hostile.py" "$data/rtl_hist.json" "$out/hostile2.evil"
"$RTBENCH" report "$out/hostile.evil" "$data/rtl.json" "$out/hostile2.evil" --title "$(printf 'x<img src=y onerror="document.documentElement.setAttribute(\x27data-pwned\x27,\x27title\x27)">')" \
	-o "$out/hostile.html" || fail "report of the hostile file: exit $?"
chrome "$out/hostile" "file://$out/hostile.html" --dump-dom
if grep -q 'data-pwned="' "$out/hostile.dom"; then
	fail "script from a result file ran: $(grep -o 'data-pwned="[^"]*"' "$out/hostile.dom" | head -1)"
fi
grep -q '</html>' "$out/hostile.dom" || fail "hostile page: no DOM dumped"
grep -qiE '<(img|script|svg) [^>]*(onerror|onload)|<script>document' "$out/hostile.dom" &&
	{ fail "markup from the file became elements"; }
herrs=$(console_errors "$out/hostile.log")
[ -n "$herrs" ] && { fail "hostile page: console errors (a blocked script?):"; echo "$herrs"; }
grep -q 'data-plots-rendered="' "$out/hostile.dom" && echo "hostile page: nothing ran; $(grep -o 'data-plots-rendered="[^"]*"' "$out/hostile.dom")" ||
	{ fail "the page's own script did not run on the hostile page"; }

[ "$fails" -eq 0 ] && echo "report_browser: all checks passed"
done_test
