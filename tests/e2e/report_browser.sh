#!/usr/bin/env bash
# report_browser.sh - open `rtbench report` output in headless Chromium:
# it must render without console errors or blocked loads, every expected
# plot must be laid out with data drawn, and a screenshot is kept as an
# artefact ($RTB_TEST_OUT/report.png). The detector itself is checked on a
# copy of the page with a deliberate script error. Skips (77) without
# Chromium (Debian package `chromium`).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/data
rtb=${RTBENCH:-build/rtbench}
out=${RTB_TEST_OUT:-/tmp}
if ! "$rtb" compare --help >/dev/null 2>&1; then
	echo "SKIP: this build has no compare/report (needs libjansson-dev)"
	exit 77
fi
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "SKIP: chromium not installed (apt-get install chromium)"
	exit 77
fi
html=$out/report.html
rm -f "$html" "$out/report.png"
"$rtb" report "$data/vx.json" "$data/rtl.json" "$data/rtl_hist.json" \
	--title "rtbench report (test fixtures)" -o "$html" || { echo "FAIL: report exit $?"; exit 1; }

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
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
fail=0

chrome "$out/report" "file://$html" --dump-dom
errs=$(console_errors "$out/report.log")
[ -n "$errs" ] && { echo "FAIL: console errors:"; echo "$errs"; fail=1; }
grep -q 'data-js-error="' "$out/report.dom" && { echo "FAIL: script error recorded in the DOM"; fail=1; }
grep -q '</html>' "$out/report.dom" || { echo "FAIL: no DOM dumped"; tail -5 "$out/report.log"; fail=1; }
for m in ctxsw.rr.yield irq.timer.nanosleep sync.sem.take.uncontended ipc.mqueue.wakeup; do
	for kind in hist pct series; do
		grep -q "id=\"$kind-$m\"" "$out/report.dom" || { echo "FAIL: plot $kind-$m missing"; fail=1; }
	done
done
rendered=$(grep -o 'data-plots-rendered="[0-9]*/[0-9]*"' "$out/report.dom" | head -1)
echo "plots rendered: ${rendered:-none}"
[ "$rendered" = 'data-plots-rendered="12/12"' ] || { echo "FAIL: want 12/12 plots rendered"; fail=1; }

timeout 90 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--user-data-dir="$profile" --hide-scrollbars --window-size=1400,3400 \
	--screenshot="$out/report.png" "file://$html" >/dev/null 2>&1
[ -s "$out/report.png" ] || { echo "FAIL: no screenshot"; fail=1; }
echo "screenshot: $out/report.png"

# the detector must see an error when there is one
sed 's|</body>|<script>undefinedFunctionForTheTest();</script></body>|' "$html" >"$out/report-broken.html"
chrome "$out/report-broken" "file://$out/report-broken.html" --dump-dom
if ! grep -q 'data-js-error="' "$out/report-broken.dom" && [ -z "$(console_errors "$out/report-broken.log")" ]; then
	echo "FAIL: a deliberate script error went unnoticed"
	fail=1
fi

[ "$fail" -eq 0 ] && echo "report_browser: all checks passed"
exit "$fail"
