# SPDX-License-Identifier: Apache-2.0
# tests/e2e/lib.bash - shared helpers for the end-to-end tests (sourced).
# RTBENCH (the binary) and RTB_TEST_OUT (a scratch folder) come from tests/run.sh.
set -u
: "${RTBENCH:?run through tests/run.sh}"
: "${RTB_TEST_OUT:=$(mktemp -d)}"
fails=0

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
done_test() { [ "$fails" -eq 0 ] && exit 0; echo "$fails check(s) failed" >&2; exit 1; }

# needs_rt - skip the test where SCHED_FIFO is not allowed
needs_rt() {
	if ! chrt -f 1 true 2>/dev/null; then
		echo "SKIP: no permission for SCHED_FIFO"
		exit 77
	fi
}
