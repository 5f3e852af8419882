#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# tests/run.sh itself: the summary line stays "N passed, N failed, N skipped"
# alone on its line; NOT RUN (exit 78) counts apart and does not fail
# RTB_NO_SKIP=1 (make check), but only for a test whose log declares a need
# of an external tree from the runner's fixed list (FREERTOS_KERNEL_PATH)
# that the user did not name; any other exit 78 fails, and a skip still fails
# RTB_NO_SKIP=1; the lanes (side, once, and late: left by the plain pass to
# the sanitizer pass under RTB_ONCE_LATER=1). Runs the runner on made-up
# tests (RTB_E2E_DIR).
. "$(dirname "$0")/lib.bash"
runner=$(cd "$(dirname "$0")/.." && pwd)/run.sh
w=$RTB_TEST_OUT/runner
rm -rf "$w" && mkdir -p "$w/build"
unset FREERTOS_KERNEL_PATH

# suite NAME: tests... - a folder of made-up e2e tests, one per argument
# "file:exit:line"
suite() {
	local d=$w/$1; shift
	mkdir -p "$d"
	for t in "$@"; do
		local f=${t%%:*} rest=${t#*:}
		printf 'echo "%s"\nexit %s\n' "${rest#*:}" "${rest%%:*}" >"$d/$f.sh"
	done
}
# run SUITE [ENV...] - the runner on SUITE: output in $out, status in $rc
run() {
	local d=$w/$1; shift
	out=$(env -u RTB_NO_SKIP -u FREERTOS_KERNEL_PATH -u RTB_SANITIZE -u RTB_LANES -u RTB_ONCE_LATER "$@" RTB_E2E_DIR="$d" bash "$runner" "$w/build" 2>&1)
	rc=$?
}
has() { grep -qxF -- "$1" <<<"$out"; }

suite ok a_pass:0:fine b_kernel:78:"NOT RUN: needs FreeRTOS-Kernel (FREERTOS_KERNEL_PATH): none at ../FreeRTOS-Kernel"
run ok RTB_NO_SKIP=1
[ $rc = 0 ] && ok "NOT RUN with a declared FREERTOS_KERNEL_PATH need: make check passes" || fail "rc $rc: $out"
has "1 passed, 0 failed, 0 skipped" && ok "summary line unchanged, alone on its line" || fail "no exact summary line: $out"
has "1 not run for want of an external source tree (FREERTOS_KERNEL_PATH)" && ok "not-run count on its own line" ||
	fail "no not-run line: $out"
has "NOT RUN  e2e/b_kernel  needs FreeRTOS-Kernel (FREERTOS_KERNEL_PATH)" && ok "NOT RUN line names the tree and the variable" ||
	fail "no NOT RUN line: $out"
grep -A1 -xF "1 passed, 0 failed, 0 skipped" <<<"$out" | tail -1 | grep -q '^1 not run' &&
	ok "the not-run line follows the summary" || fail "order: $out"

run ok RTB_NO_SKIP=1 FREERTOS_KERNEL_PATH=/nonexistent
[ $rc = 1 ] && has "1 passed, 1 failed, 0 skipped" &&
	ok "a tree the user named: NOT RUN is refused (FAIL)" || fail "FREERTOS_KERNEL_PATH set, rc $rc: $out"

suite other c_var:78:"NOT RUN: needs Some tree (HOME)" d_bare:78:"nothing declared" \
	e_pkg:78:"NOT RUN: needs libfoo-dev (FREERTOS_KERNEL_PATH_X)"
run other
[ $rc = 1 ] && has "0 passed, 3 failed, 0 skipped" && has "0 not run for want of an external source tree (FREERTOS_KERNEL_PATH)" &&
	ok "exit 78 without an allowed declaration fails (3 of 3)" || fail "rc $rc: $out"

suite skip a_pass:0:fine f_skip:77:"SKIP: libfoo-dev not installed"
run skip RTB_NO_SKIP=1
[ $rc = 1 ] && has "1 passed, 0 failed, 1 skipped" && ok "a skip still fails make check" || fail "rc $rc: $out"
run skip
[ $rc = 0 ] && ok "a skip passes a plain test run" || fail "rc $rc: $out"
# lanes: a test tagged "side" runs beside the measuring lane, counted the
# same; "once" is not repeated by a sanitizer pass and says so
suite lanes a_pass:0:fine g_fail:1:broken
printf '#!/usr/bin/env bash\n# rtb-test: side\necho side\nexit 0\n' >"$w/lanes/s_side.sh"
printf '#!/usr/bin/env bash\n# rtb-test: side once\necho built\nexit 0\n' >"$w/lanes/o_once.sh"
run lanes
[ $rc = 1 ] && has "3 passed, 1 failed, 0 skipped" && grep -q '^failed: e2e/g_fail$' <<<"$out" &&
	ok "side and measuring lanes counted together, the failure named" || fail "lanes: rc $rc: $out"
run lanes RTB_SANITIZE=asan
[ $rc = 1 ] && has "2 passed, 1 failed, 0 skipped" && grep -q '^ONCE  e2e/o_once ' <<<"$out" &&
	ok "a sanitizer pass does not repeat a once test, and says so" || fail "once: rc $rc: $out"
run lanes RTB_LANES=1
[ $rc = 1 ] && has "3 passed, 1 failed, 0 skipped" && ok "RTB_LANES=1: one lane, same counts" || fail "one lane: rc $rc: $out"
# "late" (make check: RTB_ONCE_LATER=1): the plain pass leaves it to the
# sanitizer pass, which runs it; without RTB_ONCE_LATER it is a once test
suite late a_pass:0:fine
printf '#!/usr/bin/env bash\n# rtb-test: side once late\necho built\nexit 0\n' >"$w/late/l_late.sh"
run late RTB_ONCE_LATER=1
[ $rc = 0 ] && has "1 passed, 0 failed, 0 skipped" && grep -q '^LATER e2e/l_late ' <<<"$out" &&
	ok "late: the plain pass leaves it to the sanitizer pass, and says so" || fail "late, plain: rc $rc: $out"
run late RTB_ONCE_LATER=1 RTB_SANITIZE=asan
[ $rc = 0 ] && has "2 passed, 0 failed, 0 skipped" && ! grep -q '^ONCE' <<<"$out" &&
	ok "late: the sanitizer pass runs it" || fail "late, sanitizer: rc $rc: $out"
run late
[ $rc = 0 ] && has "2 passed, 0 failed, 0 skipped" && ok "late without RTB_ONCE_LATER: runs in the plain pass" ||
	fail "late, no RTB_ONCE_LATER: rc $rc: $out"
done_test
