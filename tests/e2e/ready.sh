#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: how a script knows measuring has begun (run/ready.c).
# "rtbench: measuring ID on CPU LIST" on stderr even under --quiet, once per
# measurement, after set-up; --ready FILE holds the same line (rewritten
# for the next measurement, atomically); a symlink, device node or "-" as
# FILE is bad input. wait_measuring (lib.bash) is what the tests use.
. "$(dirname "$0")/lib.bash"
test_out ready
cpu=$(( $(nproc) - 1 ))

"$RTBENCH" run --tests irq.timer.nanosleep,sync.sem.wakeup --samples 200 --rounds 2 --quiet \
	--ready "$out/r1" --json "$out/r1.json" >"$out/r1.txt" 2>"$out/r1.err" &
pid=$!
wait_measuring "$out/r1" $pid && ok "wait_measuring saw the run measuring: $(cat "$out/r1")" ||
	fail "wait_measuring: no ready file"
wait $pid
rc=$?
[ $rc -eq 0 ] && ok "the run exited 0" || fail "exit $rc: $(tail -2 "$out/r1.err")"
# one line per measurement under --quiet, in order, nothing else
want="rtbench: measuring irq.timer.nanosleep on CPU $cpu
rtbench: measuring sync.sem.wakeup on CPU $cpu"
got=$(grep -v "^rtbench: measuring sync.sem.wakeup.xcpu" "$out/r1.err" | grep -v '^WARNING' || true)
[ "$(grep -c '^rtbench: measuring ' "$out/r1.err")" -ge 2 ] && [[ $got == "$want"* ]] &&
	ok "--quiet stderr: one 'measuring' line per measurement" || fail "stderr: $(cat "$out/r1.err")"
grep -q "^measuring sync.sem.wakeup" "$out/r1" && [ "$(wc -l <"$out/r1")" = 1 ] &&
	ok "--ready holds the last measurement's line" || fail "--ready: $(cat "$out/r1")"
ls -a "$out" | grep -q '^\.r1\.' && fail "a temporary file left beside --ready" || ok "no temporary file left"

ln -s "$out/elsewhere" "$out/link"
bad_input "is a symbolic link" run --ready "$out/link" --samples 10
[ -e "$out/elsewhere" ] && fail "wrote through the symlink" || ok "nothing written through the symlink"
bad_input "character device" run --ready /dev/null --samples 10
bad_input "--ready -: give a file" run --ready - --samples 10
bad_input "--ready: an option of run" selftest --ready "$out/x"
done_test
