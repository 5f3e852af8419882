#!/bin/sh -e
# SPDX-License-Identifier: Apache-2.0
# rtbench.sh - the LAVA test (rtbench.yaml, Linaro test-definitions style):
# install rtbench (Debian package, or a build from this tree), run the
# measurements, and write output/result.txt in the format Linaro's
# automated/utils/send-to-lava.sh reads ("<id> <pass|fail|skip> <value> us"
# per measurement, from `rtbench check -f lava-results`). The result JSON,
# the text tables and a JUnit file stay in output/ as artefacts.
#
# Environment: RTBENCH=/path/to/rtbench to use a given binary.

OUTPUT="$(pwd)/output"
TESTS="" SAMPLES="" PERIOD="200" LOAD="none" MAX_P99_US="" MAX_US=""
BASELINE="" MAX_REGRESS_PCT="10" SKIP_INSTALL="false"

usage() {
	echo "Usage: $0 [-t tests] [-n samples] [-i period_us] [-l none|cpu|CMD] [-m max_p99_us]" \
	     "[-M max_us] [-b baseline.json] [-r max_regress_pct] [-s true|false]" >&2
	exit 1
}

while getopts "t:n:i:l:m:M:b:r:s:h" opt; do
	case "$opt" in
	t) TESTS="$OPTARG" ;;
	n) SAMPLES="$OPTARG" ;;
	i) PERIOD="$OPTARG" ;;
	l) LOAD="$OPTARG" ;;
	m) MAX_P99_US="$OPTARG" ;;
	M) MAX_US="$OPTARG" ;;
	b) BASELINE="$OPTARG" ;;
	r) MAX_REGRESS_PCT="$OPTARG" ;;
	s) SKIP_INSTALL="$OPTARG" ;;
	*) usage ;;
	esac
done

[ "$(id -u)" = 0 ] || echo "WARNING: not root: rtbench runs without real-time priority (results marked degraded)"
mkdir -p "$OUTPUT"
rm -f "$OUTPUT/result.txt"

rtb=${RTBENCH:-}
if [ -z "$rtb" ]; then
	if [ "$SKIP_INSTALL" != "true" ] && ! command -v rtbench >/dev/null; then
		# the packaged rtbench, else a build of this tree
		if ! { apt-get update -q && apt-get install -y -q rtbench; } >/dev/null 2>&1; then
			apt-get install -y -q --no-install-recommends make gcc libc6-dev libjansson-dev >/dev/null
			make -C ../.. -j"$(nproc)" >/dev/null
			rtb=$(cd ../.. && pwd)/build/rtbench
		fi
	fi
	rtb=${rtb:-$(command -v rtbench)}
fi

set -- run --json "$OUTPUT/rtbench.json" --period-us "$PERIOD" --quiet
[ -n "$TESTS" ] && set -- "$@" --tests "$TESTS"
[ -n "$SAMPLES" ] && set -- "$@" --samples "$SAMPLES"
case "$LOAD" in
none|"") ;;
cpu) set -- "$@" --load cpu ;;
*) set -- "$@" --load-cmd "$LOAD" ;;
esac
echo "running: $rtb $*"
rc=0
"$rtb" "$@" | tee "$OUTPUT/rtbench.txt" || rc=$?
if [ ! -s "$OUTPUT/rtbench.json" ]; then
	echo "rtbench-run fail" >"$OUTPUT/result.txt"
	exit 0
fi
[ "$rc" = 0 ] || echo "rtbench run exited $rc: the measurements written are reported"

set -- check "$OUTPUT/rtbench.json" -f lava-results -o "$OUTPUT/result.txt" --junit "$OUTPUT/junit.xml"
[ -n "$MAX_P99_US" ] && set -- "$@" --max-p99-us "$MAX_P99_US"
[ -n "$MAX_US" ] && set -- "$@" --max-us "$MAX_US"
[ -n "$BASELINE" ] && set -- "$@" --baseline "$BASELINE" --max-regress-pct "$MAX_REGRESS_PCT"
# exit 1 = a figure failed: that is a test result, reported per case, not an error here
"$rtb" "$@" || [ $? = 1 ]
cat "$OUTPUT/result.txt"
