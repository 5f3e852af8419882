#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Port-neutral benchmark files: a method text says what a
# figure includes in the words of the port that ran it, so no string in
# src/bench (or the writers in src/output) names a POSIX primitive; the
# port's words come from its table (src/port/<port>/words.c, checked by
# test_words). Comments may name them (they explain the POSIX port), and
# metric ids (ipc.mqueue.*) are stable names, not descriptions. Then the
# POSIX run's own method texts still name what POSIX used.
. "$(dirname "$0")/lib.bash"
words='POSIX|sem_t|sem_post|sem_wait|pthread|PTHREAD|SCHED_|mq_send|mq_receive|sched_yield|clock_nanosleep|CLOCK_MONOTONIC|TIMER_ABSTIME|si_overrun|futex'
found=0
for f in "$root"/src/bench/*.c "$root"/src/output/*.c; do
	# comments stripped by the preprocessor, then every string literal
	hits=$(gcc -fpreprocessed -dD -E -P "$f" 2>/dev/null | grep -o '"[^"]*"' | grep -E "$words")
	if [ -n "$hits" ]; then
		fail "${f#$root/} writes a port's word: $hits"
		found=1
	fi
done
[ $found = 0 ] && ok "no POSIX word in a string of src/bench or src/output"

test_out port_words
"$RTBENCH" run --tests sync.sem.wakeup,ipc.mqueue.wakeup,sync.mutex.wakeup --samples 50 --rounds 1 \
	--quiet --idle-latency-us -1 --json "$out/r.json" >/dev/null 2>&1 || fail "run"
python3 - "$out/r.json" <<'PY' || fail "method texts"
import json, sys
r = json.load(open(sys.argv[1]))
m = {x["id"]: x["method"] for x in r["metrics"]}
assert "sem_post" in m["sync.sem.wakeup"] and "sem_t" in m["sync.sem.wakeup"], m["sync.sem.wakeup"]
assert "mq_send" in m["ipc.mqueue.wakeup"], m["ipc.mqueue.wakeup"]
assert "pthread mutex" in m["sync.mutex.wakeup"], m["sync.mutex.wakeup"]
print("ok: the POSIX run names sem_post, mq_send, pthread mutex")
PY
done_test
