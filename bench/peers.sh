#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/peers.sh - rtbench against its peers (rt-tests, perf) on the same
# machine, in one run, interleaved, and one table of the pairs.
#
#   bench/peers.sh [--quick] [--rounds N] [--cpu C] [--prio P] [--rtbench PATH]
#                  [--peer-interval-us U] [--pi-seconds S] [--keep DIR]
#                  [--only PAIR,...]
#
# --only: just those pairs (comma list; a name also runs its .raised twin;
# sync.prio_inv and pi_stress are pairs too), e.g. --only
# sync.signal.wakeup,sync.svsem.wakeup,sched.deadline.wakeup for the other
# suites' patterns.
#
# What it needs (it installs nothing; it says what is missing and skips the
# pairs that need it):
#   - root (real-time priorities, mlockall, /dev/cpu_dma_latency)
#   - rtbench (default: build/rtbench, else /tmp/bc/rtbench)
#   - rt-tests: cyclictest ptsematest svsematest pmqtest pi_stress sigwaittest
#     cyclicdeadline
#   - linux-perf: perf (perf bench sched pipe)
#   - jq (reads rtbench's and rt-tests' JSON), coreutils (timeout),
#     util-linux (taskset, chrt), awk
#
# Method (docs/validation.md explains every choice and the results):
#   - Every pair runs R rounds (default 3). In each round both tools run back
#     to back on the same CPU with the same priority and sample count; the
#     order alternates (A B in odd rounds, B A in even ones) so drift hits
#     both alike. Quoted figures: the median over rounds of each round's
#     min, p50, p99 and mean; max is the largest of all rounds (noisy here,
#     reported, not trimmed).
#   - /dev/cpu_dma_latency is held at 0 by this script for the whole run, so
#     every tool runs under the same idle constraint (cyclictest and rtbench
#     also hold 0 themselves by default; the rt-tests IPC tools, perf and
#     pi_stress do not). It is released when the script exits.
#   - Nothing else is changed. The script checks at the end that the
#     scheduler settings it can see are as found, and removes any message
#     queue or SysV semaphore a killed rt-tests tool left behind.
#   - Every command is bounded with timeout(1).
set -u
export LC_ALL=C

QUICK=0
ROUNDS=""
CPU=""
PRIO=80
RTB=""
PEER_INTV=20
PI_SECONDS=""
KEEP=""
ONLY=""

usage() {
	sed -n '2,39p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-0}"
}

while [ $# -gt 0 ]; do
	case "$1" in
	--quick) QUICK=1 ;;
	--rounds) ROUNDS="$2"; shift ;;
	--cpu) CPU="$2"; shift ;;
	--prio) PRIO="$2"; shift ;;
	--rtbench) RTB="$2"; shift ;;
	--peer-interval-us) PEER_INTV="$2"; shift ;;
	--pi-seconds) PI_SECONDS="$2"; shift ;;
	--keep) KEEP="$2"; shift ;;
	--only) ONLY="$2"; shift ;;
	-h|--help) usage 0 ;;
	*) echo "peers.sh: unknown option '$1'" >&2; usage 2 ;;
	esac
	shift
done

HERE=$(cd "$(dirname "$0")" && pwd)
if [ -z "$RTB" ]; then
	for c in "$HERE/../build/rtbench" /tmp/bc/rtbench; do
		[ -x "$c" ] && { RTB=$c; break; }
	done
fi

# --- what this needs -------------------------------------------------------
missing=""
have() { command -v "$1" >/dev/null 2>&1; }
for t in timeout taskset chrt jq awk; do
	have "$t" || missing="$missing $t"
done
if [ -n "$missing" ]; then
	echo "peers.sh: missing required tools:$missing" >&2
	echo "  (Debian: apt-get install coreutils util-linux jq gawk)" >&2
	exit 2
fi
if [ -z "$RTB" ] || [ ! -x "$RTB" ]; then
	echo "peers.sh: no rtbench binary: run 'make' (or 'make HOST=0 BUILD=/tmp/bc'), or pass --rtbench PATH" >&2
	exit 2
fi
if [ "$(id -u)" != 0 ]; then
	echo "peers.sh: needs root (real-time priorities, mlockall, /dev/cpu_dma_latency)" >&2
	exit 2
fi
nopeer=""
for t in cyclictest ptsematest svsematest pmqtest pi_stress sigwaittest cyclicdeadline; do
	have "$t" || nopeer="$nopeer $t"
done
have perf || nopeer="$nopeer perf"
if [ -n "$nopeer" ]; then
	echo "peers.sh: not installed:$nopeer - their pairs are skipped" >&2
	echo "  (Debian: apt-get install rt-tests linux-perf)" >&2
fi
peer_ok() { case " $nopeer " in *" $1 "*) return 1 ;; esac; return 0; }

NCPU=$(getconf _NPROCESSORS_ONLN)
[ -n "$CPU" ] || CPU=$((NCPU - 1))
case "${ROUNDS:-3}$PRIO$CPU$PEER_INTV" in *[!0-9]*) echo "peers.sh: numeric options only" >&2; exit 2 ;; esac
if [ "$PRIO" -lt 3 ] || [ "$PRIO" -gt 95 ]; then
	echo "peers.sh: --prio must be 3..95" >&2; exit 2
fi

# sample counts and rounds: full run ~2.5-3 min, --quick ~1 min
if [ -z "$ROUNDS" ]; then
	ROUNDS=3; [ "$QUICK" = 1 ] && ROUNDS=2
fi
if [ "$QUICK" = 1 ]; then
	N_T20=5000; N_T200=2000; N_T1000=1000; N_SIG=2000; N_IPC=3000; N_CS=5000; N_DL=200
	[ -n "$PI_SECONDS" ] || PI_SECONDS=3
else
	N_T20=20000; N_T200=10000; N_T1000=5000; N_SIG=10000; N_IPC=10000; N_CS=10000; N_DL=500
	[ -n "$PI_SECONDS" ] || PI_SECONDS=10
fi

# --- scratch space, the idle hold, and leaving things as found -------------
WORK=$(mktemp -d /tmp/rtb-peers.XXXXXX) || exit 1
RES=$WORK/results.tsv     # pair tool round n min p50 p99 max mean
: >"$RES"

snapshot() {
	for f in /proc/sys/kernel/sched_rt_runtime_us /proc/sys/kernel/sched_rt_period_us \
		 /proc/sys/kernel/sched_rr_timeslice_ms; do
		printf '%s=%s\n' "$f" "$(cat "$f" 2>/dev/null)"
	done
	for f in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
		[ -r "$f" ] && printf '%s=%s\n' "$f" "$(cat "$f")"
	done
}
snapshot >"$WORK/settings.before"
ipcs -s 2>/dev/null | awk 'NR>3 && $2 ~ /^[0-9]+$/ {print $2}' | sort >"$WORK/sem.before"

cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	# the bounded command running now (its pid is in a file: runners are
	# called inside $(...), a subshell whose variables the trap cannot see)
	if [ -s "$WORK/child" ]; then
		kill -TERM "$(cat "$WORK/child")" 2>/dev/null && sleep 1
	fi
	# the rt-tests IPC tools clean up on SIGTERM; after a SIGKILL they leave these
	rm -f /dev/mqueue/syncmsg0 /dev/mqueue/testmsg0 2>/dev/null
	ipcs -s 2>/dev/null | awk 'NR>3 && $2 ~ /^[0-9]+$/ {print $2}' | sort >"$WORK/sem.after"
	comm -13 "$WORK/sem.before" "$WORK/sem.after" | while read -r id; do
		ipcrm -s "$id" 2>/dev/null && echo "peers.sh: removed SysV semaphore $id left by svsematest" >&2
	done
	snapshot >"$WORK/settings.after"
	if ! cmp -s "$WORK/settings.before" "$WORK/settings.after"; then
		echo "peers.sh: settings changed during the run; restoring:" >&2
		diff "$WORK/settings.before" "$WORK/settings.after" >&2
		while IFS='=' read -r f v; do
			[ -n "$v" ] && [ -w "$f" ] && echo "$v" >"$f"
		done <"$WORK/settings.before"
	fi
	[ -n "${QOSFD:-}" ] && exec {QOSFD}>&-
	if [ -n "$KEEP" ]; then
		mkdir -p "$KEEP" && cp -r "$WORK"/. "$KEEP"/ && echo "raw files kept in $KEEP" >&2
	fi
	rm -rf "$WORK"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Hold /dev/cpu_dma_latency at 0 while this shell lives (the kernel drops the
# request when the descriptor closes). A write that is not 4 bytes is read as
# a hex string.
IDLE_HELD="no"
if [ -w /dev/cpu_dma_latency ] && exec {QOSFD}>/dev/cpu_dma_latency; then
	printf '0' >&"$QOSFD" && IDLE_HELD="0 us"
fi

# run CMD... in the background under timeout so Ctrl-C can end it
bounded() {
	local secs=$1; shift
	timeout -k 5 "$secs" "$@" &
	local pid=$!
	echo "$pid" >"$WORK/child"
	wait "$pid"
	local rc=$?
	: >"$WORK/child"
	return $rc
}

log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# record PAIR TOOL ROUND n min p50 p99 max mean   ("-" for unknown)
record() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$RES"; }

# stats_ns - n min p50 p99 max mean of integer ns values on stdin,
# nearest-rank percentiles (rank ceil(p*n)), as rtbench computes them.
stats_ns() {
	sort -n | awk '
	{ v[++n] = $1; s += $1 }
	function rank(p,   r) { r = int(p * n); if (r < p * n) r++; if (r < 1) r = 1; return v[r] }
	END {
		if (n == 0) { print "0 - - - - -"; exit }
		printf "%d %d %d %d %d %.1f\n", n, v[1], rank(0.5), rank(0.99), v[n], s / n
	}'
}

# --- tool runners: each prints "n min p50 p99 max mean" (ns) or fails ------

# rtb ID SAMPLES [args...] - one rtbench measurement
rtb() {
	local id=$1 n=$2; shift 2
	local j=$WORK/rtb.json
	rm -f "$j"
	bounded $((60 + n / 500)) "$RTB" run --tests "$id" --samples "$n" --cpu "$CPU" \
		--json "$j" --quiet "$@" >/dev/null 2>>"$WORK/rtbench.err" || true
	[ -s "$j" ] || return 1
	jq -r --arg id "$id" '.metrics[] | select(.id == $id and .status == "ok") |
		"\(.count) \(.min) \(.p50) \(.p99) \(.max) \(.mean)"' "$j" | grep . || return 1
}

# cyc PERIOD_US SAMPLES [extra] - cyclictest, every sample via -v, in ns (-N).
# One loop more than SAMPLES: the first (cold) sample is dropped, as rtbench
# keeps its first sample out of the distribution.
cyc() {
	local per=$1 n=$2; shift 2
	bounded $((30 + (n + 1) * per / 1000000 * 3)) cyclictest -N -v -q -m -p "$PRIO" \
		-a "$CPU" -i "$per" -l $((n + 1)) "$@" >"$WORK/cyc.out" 2>>"$WORK/cyc.err" || true
	# cyclictest -x (POSIX timer mode) adds a late timer's overruns to its
	# expected expiry AND steps past the missed periods, so after the first
	# overrun it runs ahead of the timer and every later value is negative
	# (printed 0 by -v). Keep the samples before the first such value; the
	# table's n shows how many were left.
	awk -F: -v badlog="$WORK/cyc.bad" '$1 ~ /^ *0$/ && $2 + 0 > 0 {
		if ($3 + 0 <= 0) { if (!bad) printf "cyclictest %s: non-positive value at sample %d: later samples dropped\n", ARGV[1], $2 >> badlog; bad = 1 }
		if (!bad) print $3 + 0 }' "$WORK/cyc.out" | stats_ns
}

# rtt TOOL SAMPLES [raise] - ptsematest / svsematest / pmqtest on one CPU.
# They report whole microseconds: min, avg (2 decimals in their JSON), max.
# With "raise", the receiver is lifted to PRIO+1 as soon as it runs at PRIO
# (before its sender starts, when in time), so the placement matches
# rtbench's (waiter one level above the waker); a round whose raise failed
# is a failed round, not a figure.
rtt() {
	local tool=$1 n=$2 raise=${3:-}
	local j=$WORK/rtt.json
	rm -f "$j"
	timeout -k 5 $((30 + n * (PEER_INTV + 50) / 1000000)) "$tool" -a "$CPU" -p "$PRIO" \
		-i "$PEER_INTV" -l "$n" -q --json="$j" >/dev/null 2>>"$WORK/rtt.err" &
	local pid=$!
	echo "$pid" >"$WORK/child"
	local raised=1
	if [ -n "$raise" ]; then
		raise_receiver "$pid" "$tool" || raised=0
	fi
	wait "$pid"
	: >"$WORK/child"
	[ -s "$j" ] && [ "$raised" = 1 ] || return 1
	jq -r '.thread["0"] | "\(.sender.samples) \(.receiver.min * 1000) - - \(.receiver.max * 1000) \(.receiver.avg * 1000)"' "$j"
}

# raise_receiver TIMEOUT_PID TOOL - find TOOL's receiver thread (the first
# worker: its main thread creates it 10 ms before the sender) once it has set
# its own SCHED_FIFO priority, and lift it one level, before the sender exists
# when we are in time (then every sample runs raised). False when the tool
# ended first: a short run (-i 20, 3000 samples: ~0.1 s) could end before a
# loaded machine's polling found it, and its figures were then recorded as
# raised though they were not (seen in all six attempts at load 9).
raise_receiver() {
	local tpid=$1 tool=$2 pid="" i t p
	for i in $(seq 1 2000); do
		[ -z "$pid" ] && pid=$(pgrep -P "$tpid" -x "$tool" | head -1)
		if [ -n "$pid" ]; then
			t=$(ls "/proc/$pid/task" 2>/dev/null | sort -n | sed -n '2p')
			[ -n "$t" ] && read -r p < <(awk '{print $40}' "/proc/$pid/task/$t/stat" 2>/dev/null)
			if [ -n "$t" ] && [ "${p:-}" = "$PRIO" ]; then
				chrt -f -p $((PRIO + 1)) "$t" >/dev/null 2>&1 && return 0
			fi
		fi
		kill -0 "$tpid" 2>/dev/null || break
		sleep 0.001
	done
	echo "peers.sh: could not raise $tool's receiver (it ended first): that round is not recorded as raised" >&2
	return 1
}

# perfpipe LOOPS - perf bench sched pipe, threaded (-T) like rtbench's
# tasks, pinned and at SCHED_FIFO PRIO; prints its usecs/op as a mean in ns.
perfpipe() {
	local loops=$1
	bounded 60 taskset -c "$CPU" chrt -f "$PRIO" perf bench sched pipe -T -l "$loops" \
		>"$WORK/perf.out" 2>>"$WORK/perf.err" || true
	awk -v n="$loops" '/usecs\/op/ { printf "%d - - - - %.1f\n", n, $1 * 1000; f = 1 } END { exit !f }' "$WORK/perf.out"
}

# wanted PAIR - run it (--only: PAIR or its name without .raised is listed)
wanted() {
	[ -z "$ONLY" ] && return 0
	case ",$ONLY," in *",$1,"*|*",${1%.raised},"*) return 0 ;; esac
	return 1
}

# cdl JOBS - cyclicdeadline, one thread, a 10 ms period (its -i 1000
# default needs HRTICK in debugfs sched_features, which this script does not
# change), JOBS periods; its JSON gives whole us: min, avg, max.
cdl() {
	local n=$1 j=$WORK/cdl.json
	rm -f "$j"
	bounded $((30 + n / 50)) cyclicdeadline -i 10000 -D $(((n + 99) / 100)) -q --json="$j" \
		>/dev/null 2>>"$WORK/cdl.err" || true
	[ -s "$j" ] || return 1
	jq -r '.thread["0"] | "\(.cycles) \(.min * 1000) - - \(.max * 1000) \(.avg * 1000)"' "$j"
}

# pair_run PAIR ROUND TOOL1 CMD1 TOOL2 CMD2 [TOOL3 CMD3]: run them all,
# in this order in odd rounds and in the reverse order in even ones (A B /
# B A), and record each.
pair_run() {
	local pair=$1 r=$2 out i; shift 2
	wanted "$pair" || return 0
	local -a tools=() cmds=() order=()
	while [ $# -ge 2 ]; do tools+=("$1"); cmds+=("$2"); shift 2; done
	for i in "${!tools[@]}"; do order+=("$i"); done
	if [ $((r % 2)) = 0 ]; then
		local -a rev=()
		for ((i = ${#order[@]} - 1; i >= 0; i--)); do rev+=("${order[$i]}"); done
		order=("${rev[@]}")
	fi
	for i in "${order[@]}"; do
		if out=$(eval "${cmds[$i]}"); then
			# shellcheck disable=SC2086
			record "$pair" "${tools[$i]}" "$r" $out
		else
			record "$pair" "${tools[$i]}" "$r" 0 - - - - -
			log "  $pair: ${tools[$i]} failed (round $r)"
		fi
	done
}

# --- the run ----------------------------------------------------------------
log "rtbench: $RTB; CPU $CPU of $NCPU; base priority $PRIO; $ROUNDS rounds; idle latency held: $IDLE_HELD"
START=$(date +%s)
PI_RTB=$WORK/pi.tsv; : >"$PI_RTB"

# other_rt - user-space real-time threads not started by this script (other
# users of the machine: they preempt or throttle every tool alike)
other_rt() {
	ps -eLo pid,ppid,cls,rtprio,psr,comm --no-headers 2>/dev/null |
		awk -v me=$$ '($3 == "FF" || $3 == "RR") && $2 != 2 && $1 != me && $2 != me' |
		grep -v -e ' rtbench$' -e ' cyclictest$' -e 'sematest$' -e ' pmqtest$' -e ' perf$' -e ' pi_stress$'
}
OTHER=$WORK/other_rt.txt; : >"$OTHER"

for r in $(seq 1 "$ROUNDS"); do
	log "round $r of $ROUNDS"
	other_rt | sed "s/^/round $r: /" >>"$OTHER"
	if peer_ok cyclictest; then
		# rtbench's timer task runs at --prio + 2: give it PRIO-2 so both
		# measuring threads run at SCHED_FIFO PRIO.
		for per in 20 200 1000; do
			eval "n=\$N_T$per"
			pair_run "timer.nanosleep.${per}us" "$r" \
				rtbench "rtb irq.timer.nanosleep $n --period-us $per --prio $((PRIO - 2))" \
				cyclictest "cyc $per $n" \
				"cyclictest --secaligned" "cyc $per $n --secaligned"
		done
		pair_run "timer.signal.200us" "$r" \
			rtbench "rtb irq.timer.signal $N_SIG --period-us 200 --prio $((PRIO - 2))" \
			"cyclictest -x" "cyc 200 $N_SIG -x" \
			"cyclictest -x --secaligned" "cyc 200 $N_SIG -x --secaligned"
	fi
	# IPC wake-ups: rtbench's waiter at PRIO+1, waker at PRIO, one CPU; the
	# last two are the other suites' patterns with an rt-tests peer
	for p in "sync.sem.wakeup svsematest" "sync.mutex.wakeup ptsematest" "ipc.mqueue.wakeup pmqtest" \
		"sync.signal.wakeup sigwaittest" "sync.svsem.wakeup svsematest"; do
		set -- $p
		peer_ok "$2" || continue
		pair_run "$1" "$r" rtbench "rtb $1 $N_IPC --prio $PRIO" \
			"$2" "rtt $2 $N_IPC"
		pair_run "$1.raised" "$r" rtbench "rtb $1 $N_IPC --prio $PRIO" \
			"$2+chrt" "rtt $2 $N_IPC raise"
	done
	if peer_ok cyclicdeadline; then
		pair_run "sched.deadline.wakeup" "$r" \
			rtbench "rtb sched.deadline.wakeup $N_DL --period-us 10000 --prio $PRIO" \
			cyclicdeadline "cdl $N_DL"
	fi
	if peer_ok perf; then
		pair_run "ipc.pipe.roundtrip" "$r" rtbench "rtb ipc.pipe.roundtrip $N_CS --prio $PRIO" \
			"perf-pipe-T" "perfpipe $N_CS"
		pair_run "ctxsw.rr.yield" "$r" rtbench "rtb ctxsw.rr.yield $N_CS --prio $PRIO" \
			"perf-pipe-T" "perfpipe $N_CS"
	fi
	# priority inversion: rtbench's verdict per protocol, every round
	wanted sync.prio_inv || continue
	j=$WORK/rtb.json; rm -f "$j"
	bounded 120 "$RTB" run --tests sync.prio_inv --cpu "$CPU" --prio "$PRIO" --json "$j" \
		--quiet >/dev/null 2>>"$WORK/rtbench.err"
	[ -s "$j" ] && jq -r --arg r "$r" '.metrics[] | select(.id | endswith(".blocking")) |
		"\($r)\t\(.id)\t\(.extras.bounded.value // "-")\t\(.extras.load_slope.value // "-")\t\(.p50 // "-")"' "$j" >>"$PI_RTB"
done

PI_OUT="pi_stress not run"
if peer_ok pi_stress && wanted pi_stress; then
	# pi_stress puts its admin thread on the first CPU of its mask and its
	# inversion group on the next: give it the CPU below ours and ours, so
	# the group runs on the CPU rtbench measures on.
	if [ "$CPU" -gt 0 ]; then mask="$((CPU - 1)),$CPU"; else mask="0"; fi
	log "pi_stress: $PI_SECONDS s, one group, CPU mask $mask"
	uni=""; [ "$CPU" = 0 ] && uni="--uniprocessor"
	rm -f "$WORK/pi.json"
	bounded $((PI_SECONDS + 30)) taskset -c "$mask" pi_stress -g 1 --duration "$PI_SECONDS" \
		--mlockall --quiet $uni --json="$WORK/pi.json" >"$WORK/pi.out" 2>&1
	pirc=$?
	inv=$(jq -r '.inversion // "?"' "$WORK/pi.json" 2>/dev/null || echo "?")
	if [ "$pirc" = 0 ]; then
		PI_OUT="PASSED: $inv inversions in ${PI_SECONDS} s, no deadlock (watchdog quiet)"
	else
		PI_OUT="FAILED (exit $pirc): $(tr '\n' ' ' <"$WORK/pi.out" | cut -c1-120)"
	fi
fi
ELAPSED=$(($(date +%s) - START))

# --- the table ----------------------------------------------------------------
# note - what differs between the two tools of a pair
note() {
	case "$1" in
	timer.nanosleep.*) echo "same method: clock_nanosleep(TIMER_ABSTIME) on CLOCK_MONOTONIC, stamp - expiry; SCHED_FIFO $PRIO on CPU $CPU, mlocked, idle latency 0; first sample dropped from all. rtbench's first expiry is 1 ms ahead at any phase, like plain cyclictest's; --secaligned puts cyclictest's on multiples of the period" ;;
	timer.signal.*) echo "rtbench stamps at signal-HANDLER entry (sigsuspend); cyclictest -x stamps after sigwait() returns: rtbench adds the signal frame set-up; expiry grid as above" ;;
	sync.sem.wakeup) echo "rtbench: POSIX sem_t (futex) post; svsematest: SysV semop (ipc syscall). Peer as shipped: receiver and sender at EQUAL prio $PRIO, so its figure adds the sender's path to block; peer whole us (min floor-quantised), no percentiles: compare means" ;;
	sync.mutex.wakeup) echo "same primitive (pthread mutex, no protocol). Peer as shipped: equal prio $PRIO (adds the sender's path to block); whole us, no percentiles: compare means" ;;
	ipc.mqueue.wakeup) echo "same primitive (POSIX mq, 8-byte messages). Peer as shipped: equal prio $PRIO (adds the sender's mq_receive until it blocks); whole us, no percentiles: compare means" ;;
	sync.signal.wakeup) echo "same path: pthread_kill(SIGUSR1) -> the thread in sigwait() returning; stamps sender before the kill, receiver after sigwait, one CPU. Peer as shipped: EQUAL prio $PRIO (adds the sender's path to block); whole us, no percentiles: compare means" ;;
	sync.svsem.wakeup) echo "same primitive (SysV semop +1 -> the thread in semop -1). Peer as shipped: EQUAL prio $PRIO (adds the sender's path to block); whole us, no percentiles: compare means" ;;
	sched.deadline.wakeup) echo "same method: SCHED_DEADLINE, runtime 60% of a 10 ms period, deadline = period, unpinned; stamp after sched_yield - period start, periods counted from the first job's stamp. Peer whole us (CLOCK_MONOTONIC_RAW), min/avg/max only: compare means" ;;
	*.raised) echo "peer's receiver lifted to SCHED_FIFO $((PRIO + 1)) with chrt as soon as it runs at $PRIO (before its sender starts, when in time): same placement as rtbench (waiter above waker, one CPU); rounds whose raise failed are failed rounds" ;;
	ipc.pipe.roundtrip) echo "same op: 2 writes + 2 reads + 2 switches between threads (perf -T) on CPU $CPU at FIFO $PRIO; perf gives only a mean (usecs/op): compare means. rtbench 1-byte, perf 4-byte messages" ;;
	ctxsw.rr.yield) echo "NOT equivalent: one yield switch vs a pipe round trip (2 switches + 2 writes + 2 reads). Ratio column 'mean' = 2 x yield / perf op: the switch share of a round trip" ;;
	esac
}

us() { awk -v v="$1" 'BEGIN { if (v == "-" || v == "") printf "%9s", "-"; else printf "%9.2f", v / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || a == "" || b == "" || b + 0 == 0) printf "%9s", "-"; else printf "%9.2f", a / b }'; }

# agg PAIR TOOL -> "rounds n min p50 p99 max mean": median over rounds, max of max
agg() {
	awk -F'\t' -v p="$1" -v t="$2" '
	function med(a, k,   i, j, x, m) {
		for (i = 2; i <= k; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
		if (k == 0) return "-"
		return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	$1 == p && $2 == t && $4 > 0 {
		k++; n += $4
		if ($5 != "-") { kmin++; mn[kmin] = $5 } ; if ($6 != "-") { k50++; m50[k50] = $6 }
		if ($7 != "-") { k99++; m99[k99] = $7 } ; if ($9 != "-") { kme++; mme[kme] = $9 }
		if ($8 != "-" && ($8 + 0 > mx + 0 || mx == "")) mx = $8
	}
	END {
		if (k == 0) { print "0 0 - - - - -"; exit }
		printf "%d %d %s %s %s %s %s\n", k, n, med(mn, kmin), med(m50, k50), med(m99, k99), (mx == "" ? "-" : mx), med(mme, kme)
	}' "$RES"
}

{
echo
echo "rtbench against its peers - $(uname -r), $NCPU CPUs, CPU $CPU, SCHED_FIFO $PRIO, idle latency held $IDLE_HELD, $ROUNDS rounds interleaved (A B / B A), ${ELAPSED} s"
echo "figures in us: median over rounds of each round's min, p50, p99, mean; max = largest of all rounds. n = samples over all rounds."
echo "ratio = rtbench / peer. '-': the tool does not report it."
printf '%-44s %7s %9s %9s %9s %9s %9s\n' "pair / tool" "n" "min" "p50" "p99" "max" "mean"
for pair in $(cut -f1 "$RES" | awk '!s[$0]++'); do
	tools=$(awk -F'\t' -v p="$pair" '$1 == p { print $2 }' "$RES" | awk '!s[$0]++')
	ta=$(echo "$tools" | sed -n 1p)
	read -r _ na a_min a_50 a_99 a_max a_mean <<<"$(agg "$pair" "$ta")"
	echo "$pair"
	printf '  %-42s %7s %s %s %s %s %s\n' "$ta" "$na" "$(us "$a_min")" "$(us "$a_50")" "$(us "$a_99")" "$(us "$a_max")" "$(us "$a_mean")"
	while read -r tb; do
		[ -n "$tb" ] || continue
		read -r _ nb b_min b_50 b_99 b_max b_mean <<<"$(agg "$pair" "$tb")"
		printf '  %-42s %7s %s %s %s %s %s\n' "$tb" "$nb" "$(us "$b_min")" "$(us "$b_50")" "$(us "$b_99")" "$(us "$b_max")" "$(us "$b_mean")"
		if [ "$pair" = ctxsw.rr.yield ]; then
			a2=$(awk -v v="$a_mean" 'BEGIN { print (v == "-") ? "-" : 2 * v }')
			printf '  %-42s %7s %s %s %s %s %s\n' "  ratio 2 x yield / perf op" "" "$(ratio - -)" "$(ratio - -)" "$(ratio - -)" "$(ratio - -)" "$(ratio "$a2" "$b_mean")"
		else
			printf '  %-42s %7s %s %s %s %s %s\n' "  ratio rtbench/$tb" "" "$(ratio "$a_min" "$b_min")" "$(ratio "$a_50" "$b_50")" "$(ratio "$a_99" "$b_99")" "$(ratio "$a_max" "$b_max")" "$(ratio "$a_mean" "$b_mean")"
		fi
		case "$tb" in ptsematest*|svsematest*|pmqtest*|sigwaittest*|cyclicdeadline*)
			awk -v a="$a_min" -v b="$b_min" 'BEGIN { if (a != "-" && b != "-")
				printf "  %-42s rtbench %.2f us %s peer %d us + 1 us quantum: %s\n", "  min check (peer in whole us)", a / 1000, (a / 1000 < b / 1000 + 1) ? "<" : ">=", b / 1000, (a / 1000 < b / 1000 + 1) ? "not above the peer" : "ABOVE the peer" }' ;;
		esac
	done <<<"$(echo "$tools" | sed 1d)"
	echo "  note: $(note "$pair")"
done
if wanted sync.prio_inv; then
echo "sync.prio_inv (rtbench, per round: bounded verdict from tCyclicTask's blocking at load L and 2L; slope ns/ns)"
for proto in none inherit ceiling; do
	awk -F'\t' -v p="sync.prio_inv.$proto.blocking" '$2 == p { v = v sprintf(" r%s:%s(slope %.2f, p50 %.1f us)", $1, ($3 == 1 ? "bounded" : ($3 == 0 ? "UNBOUNDED" : "?")), $4, $5 / 1000) } END { printf "  %-10s%s\n", substr(p, 15, index(substr(p, 15), ".") - 1), v }' "$PI_RTB"
done
fi
wanted pi_stress && echo "  pi_stress (PI mutexes, 1 inversion group on CPU $CPU, --mlockall): $PI_OUT"
if [ -s "$OTHER" ]; then
	echo "WARNING: other real-time threads ran during this run (not this script's): $(awk '{print $NF}' "$OTHER" | sort -u | tr '\n' ' ')"
fi
[ -s "$WORK/cyc.bad" ] && echo "cyclictest -x: $(wc -l <"$WORK/cyc.bad") runs lost their expiry bookkeeping after an overrun (samples after it dropped; see docs/validation.md)"
wanted sync.prio_inv && echo "  expected: none UNBOUNDED, inherit and ceiling bounded in rtbench; pi_stress PASSED (its inversions complete only if inheritance works)"
}
