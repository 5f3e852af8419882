#!/usr/bin/env bash
# rtbench selftest: a known delay injected inside every measured path shows
# up in that figure's median (the tool's own known-answer check).
. "$(dirname "$0")/lib.bash"
needs_rt
"$RTBENCH" selftest --samples 1000 --delays-us 5,20 --quiet
rc=$?
[ $rc -eq 0 ] || fail "selftest exited $rc"
done_test
