#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# Every bad --duration / --interval / --cpus: exit 2, one line on
# stderr naming the option, nothing on stdout, no file written (nothing
# measured: each returns before any set-up).
. "$(dirname "$0")/lib.bash"
test_out long_bad


ncpu=$(getconf _NPROCESSORS_CONF)
bad_input "--duration" run --duration 0
bad_input "--duration" run --duration 0s
bad_input "--duration" run --duration -5s
bad_input "--duration" run --duration 10x
bad_input "--duration" run --duration 999999999d
bad_input "--duration" run --duration 1.5h
bad_input "--duration" run --duration ""
bad_input "--duration" run --duration
bad_input "--cpus" run --duration 3s --cpus "$ncpu"
bad_input "--cpus" run --duration 3s --cpus 0-$((ncpu + 5))
bad_input "--cpus" run --duration 3s --cpus 1-0
bad_input "--cpus" run --duration 3s --cpus ""
bad_input "--cpus" run --duration 3s --cpus 0,,1
bad_input "--cpus" run --duration 3s --cpus 0,
bad_input "--cpus" run --duration 3s --cpus x
# an offline CPU: the kernel's online list, as the test hook names it
printf '0\n' >"$out/online"
RTB_CPU_ONLINE_FILE=$out/online bad_input "--cpus: CPU 1 is offline" run --duration 3s --cpus 0-1
bad_input "--interval" run --duration 10s --interval 20s
bad_input "--interval" run --duration 10s --interval 0
bad_input "--interval" run --interval 5s
bad_input "--interval" run --duration 2d --interval 1s
# at most 1440 intervals (the series does not grow with the run): 24 h of
# 59 s intervals is 1465; the message says what would do
bad_input "--interval: 59 s gives 1465 intervals" run --duration 24h --interval 59s
bad_input "give 120 s or longer" run --duration 2d --interval 119s
# --tests <id>@cpu<N>: that CPU's metric; the CPUs apply to the whole run
bad_input "--tests: 'irq.timer.nanosleep@cpux' is not <id>@cpu<N>" run --duration 3s --tests irq.timer.nanosleep@cpux
bad_input "--tests: some items name a CPU" run --duration 3s --tests irq.timer.nanosleep@cpu0,sync.sem.wakeup
bad_input "name different CPUs" run --duration 3s --tests irq.timer.nanosleep@cpu0,sync.sem.wakeup@cpu1
bad_input "--tests: CPU $ncpu is not on this machine" run --duration 3s --tests irq.timer.nanosleep@cpu$ncpu
bad_input "leave out --cpus" run --duration 3s --cpus 0 --tests irq.timer.nanosleep@cpu0
bad_input "leave out --cpu" run --tests irq.timer.nanosleep@cpu0 --cpu 0
bad_input "--duration: ctxsw.rr.yield cannot run for a time" run --duration 10s --tests ctxsw.rr.yield
bad_input "--duration: sync.sem.give.uncontended cannot run for a time" run --duration 10s --tests irq.timer.nanosleep,sync.sem.give.uncontended
bad_input "--samples" run --duration 10s --samples 100
bad_input "--rounds" run --duration 10s --rounds 3
# --raw for a time streams to a file: not "-", nor onto a disk too small
# (RTBENCH_TEST_FREE_BYTES stands for the free space statvfs reports)
bad_input "--raw -: a --duration run streams every sample to a file" run --duration 10s --raw -
RTBENCH_TEST_FREE_BYTES=1000 bad_input "(4 bytes a sample, one every 200 us" run --duration 10s --raw "$out/x.csv"
[ -e "$out/x.csv" ] && fail "--raw refused for its disk, yet its file was made"
# by count on several CPUs at once (histograms, in rounds): --raw keeping
# more than RTB_RAW_MAX_SAMPLES (samples x CPUs x metrics: mem has 4) or a
# kind that runs on one CPU is refused
if [ "$ncpu" -ge 2 ]; then
	bad_input "--raw: irq.timer.nanosleep would keep 2000001 samples x 2 CPUs x 1 metrics, above the limit of 4000000" \
		run --cpus 0-1 --samples 2000001 --raw "$out/x.csv"
	bad_input "--raw: mem would keep 500001 samples x 2 CPUs x 4 metrics" \
		run --cpus 0-1 --samples 500001 --tests mem --raw "$out/x.csv"
	# the lists of every selected measurement are kept at once: the
	# bound is on their sum (two of 3,000,000 each passed one by one)
	bad_input "--raw: the 2 selected measurements would keep 6000000 samples in all on 2 CPUs" \
		run --cpus 0-1 --samples 1500000 --tests irq.timer.nanosleep,sync.sem.wakeup --raw "$out/x.csv"
	bad_input "--cpus: ctxsw.rr.yield runs on one CPU at a time" run --cpus 0-1 --tests ctxsw.rr.yield
	bad_input "--cpu and --cpus" run --cpus 0-1 --cpu 0
	bad_input "ctxsw.rr.yield runs on one CPU at a time" run --tests ctxsw.rr.yield@cpu0,ctxsw.rr.yield@cpu1
fi
bad_input "--cpus and --cpu" run --cpus 0 --cpu 0
bad_input "--cpu and --cpus" run --duration 10s --cpus 0 --cpu 0
bad_input "--duration" selftest --duration 10s
done_test
