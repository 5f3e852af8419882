#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once
# What a portable file can reach of the OS: rtbench/port.h
# gives benchmarks, the core and the writers only the port's
# rtb_port_types.h - the objects they allocate (opaque storage), the port's
# constants and the inline clock reads - never the port's implementation
# header, so no POSIX threading, semaphore, queue or signal API is in scope
# there, and a benchmark that used one would not compile. Checked by what
# the compiler includes (gcc -H), and by probes that must fail to compile.
# On the FreeRTOS port (its API declarations in tests/freertos-api, no
# kernel needed) a benchmark sees FreeRTOS.h for the static buffers, not
# the task, queue or semaphore API. Runs no rtbench: no lock needed.
. "$(dirname "$0")/lib.bash"
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here" || exit 1
cc=${CC:-gcc}
command -v "$cc" >/dev/null || { echo "SKIP: no $cc"; exit 77; }
tmp=$RTB_TEST_OUT/port_headers
rm -rf "$tmp"; mkdir -p "$tmp"

posix=(-std=c11 -D_GNU_SOURCE -DRTB_VERSION=\"x\" -Iinclude -Isrc -Isrc/port/posix)
os_headers='(^|/)(pthread|semaphore|mqueue|signal|unistd|sched|fcntl|dirent|spawn)\.h$|/sys/(stat|mman|wait|syscall|socket|ioctl|resource)\.h$'

# headers FILE FLAGS... - every header the compiler opens for FILE
headers() {
	local f=$1; shift
	"$cc" "$@" -H -fsyntax-only "$f" 2>&1 >/dev/null | sed -n 's/^\.\.* //p'
}

n=0 bad=0
for f in src/model/*.c src/bench_api/*.c src/trace/*.c src/output/*.c src/bench/*.c src/run/*.c; do
	n=$((n + 1))
	hits=$(headers "$f" "${posix[@]}" | grep -E "$os_headers" | tr '\n' ' ')
	if [ -n "$hits" ]; then
		fail "$f reaches an OS header through its includes: $hits"
		bad=1
	fi
done
[ $bad = 0 ] && ok "none of $n files in the device-side rooms (src/model, bench_api, trace, output, bench, run) includes a POSIX API header"

# the port's own files do see it (the check above would catch nothing if
# the include tree were not what -H lists)
headers src/port/posix/sync.c "${posix[@]}" | grep -qE '(^|/)semaphore\.h$' ||
	fail "src/port/posix/sync.c does not include semaphore.h: the -H check sees nothing"

bad=0
# probe BODY - a benchmark file that includes rtbench/bench.h and BODY
probe() {
	printf '#include "rtbench/bench.h"\n%s\n' "$1" >"$tmp/probe.c"
	"$cc" "${posix[@]}" -Werror=implicit-function-declaration -fsyntax-only "$tmp/probe.c" \
		>"$tmp/probe.log" 2>&1
}
probe 'static rtb_bsem_t s; static rtb_mutex_t m; static rtb_mq_t q; static rtb_thread_t t;
void f(void); void f(void) { (void)rtb_bsem_give(&s); (void)rtb_mutex_lock(&m); (void)q; (void)t; }' ||
	fail "a benchmark cannot allocate the port's objects: $(head -3 "$tmp/probe.log")"
for body in 'static sem_t s;' 'static pthread_mutex_t m;' 'static mqd_t q;' \
	    'void f(void); void f(void) { (void)pthread_self(); }' \
	    'void f(void); void f(void) { (void)sigaction(0, 0, 0); }' \
	    'void f(void); void f(void) { (void)getpid(); }'; do
	if probe "$body"; then
		fail "a benchmark file compiles with: $body"
		bad=1
	fi
done
[ $bad = 0 ] && ok "a benchmark file that names sem_t, pthread_mutex_t, mqd_t, pthread_self, sigaction or getpid does not compile"

# nor one that changes the process or the system behind the runner: the
# port's system side (rtbench/port.h) is not in a benchmark's scope
# (rtbench/bench.h gives rtbench/port_bench.h); the helpers that do it
# on the runner's terms are (rtb_knob_change records the old value)
bad=0
for call in 'rtb_port_knob_set(RTB_KNOB_RR_TIMESLICE_MS, 1)' 'rtb_port_journal_unlock(), 0' \
	    'rtb_thread_create(0, 0, 0, 0)' 'rtb_port_self_sched(RTB_SCHED_FIFO, RTB_PRIO_HIGH, 0)' \
	    'rtb_port_output("x", 0, 0)' 'rtb_port_spawn_load("true", 0)' 'rtb_port_lock_memory()'; do
	if probe "int f(void); int f(void) { return ($call); }"; then
		fail "a benchmark file compiles with: $call"
		bad=1
	fi
done
probe 'int f(struct rtb_ctx *c); int f(struct rtb_ctx *c) { return rtb_knob_change(c, RTB_KNOB_RR_TIMESLICE_MS, 1); }' ||
	{ fail "rtb_knob_change is not in a benchmark's scope: $(head -3 "$tmp/probe.log")"; bad=1; }
hits=$(grep -l '#include "rtbench/port.h"' src/bench/*.c src/bench/*.h 2>/dev/null | tr '\n' ' ')
[ -z "$hits" ] || { fail "a benchmark includes the port's system side itself: $hits"; bad=1; }
[ $bad = 0 ] && ok "a benchmark cannot set a knob, take the settings lock, create a thread, reschedule itself, write a file, spawn or lock memory through the port; rtb_knob_change it can"

# FreeRTOS: a benchmark sees FreeRTOS.h (static buffers), not task.h,
# queue.h or semphr.h (the API the port's own files call)
fr=(-std=c11 -D_GNU_SOURCE -DRTB_VERSION=\"x\" -Iinclude -Isrc -Isrc/port/freertos
    -Isrc/port/freertos/board -Isrc/port/freertos/board/sim -Itests/freertos-api)
bad=0
for f in src/bench/*.c; do
	all=$(headers "$f" "${fr[@]}")
	grep -q 'rtbench/port\.h$' <<<"$all" || continue # needs no port (pi_verdict.c)
	grep -q 'FreeRTOS\.h$' <<<"$all" || { fail "$f: not compiled against the FreeRTOS port"; bad=1; continue; }
	hits=$(grep -E '(^|/)(task|queue|semphr|pthread|semaphore|mqueue)\.h$' <<<"$all" | tr '\n' ' ')
	if [ -n "$hits" ]; then
		fail "$f (FreeRTOS) reaches the RTOS API: $hits"
		bad=1
	fi
done
[ $bad = 0 ] && ok "on the FreeRTOS port no benchmark includes task.h, queue.h or semphr.h"
done_test
