#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/bigguest.sh - rtbench on every CPU of a many-CPU guest: Debian's
# stock kernel booted under QEMU TCG (no -icount: several vCPUs) with 16, 64
# (and 256, if asked) vCPUs; inside it `rtbench doctor --cpus all`, then
# `rtbench run -S -D ...` of the timer untraced and with --trace, and the
# noise measurement on every CPU; every result file comes back framed
# (RTBF1) over the serial console and is ingested into DIR/smpN/
# (docs/scale.md). A sibling of bench/kernels.sh: the kernel fetched the same
# way (bench/guest_lib.sh), the same cache, the same framing.
#
# The figures are functional, not latencies: without -icount the guest's
# clock is the host's and each vCPU a host thread time-shared with the
# others on this machine's CPUs. Every run is marked EMULATED (--emulation,
# icount_shift=-1, accel=tcg): the result's fingerprint and every table say
# so. What a guest does show: that an every-CPU run (untraced and traced)
# completes to a whole result on N CPUs, and what rtbench itself costs there
# (the result's "self_cost": the supervisor's and the trace reader's CPU
# time, the events read, the peak resident memory; the file's size).
#
#   bench/bigguest.sh [options]
#
# Options:
#   -o DIR           where everything goes (default build/bigguest)
#   --cache DIR      as bench/kernels.sh's (default $RTB_KERNEL_CACHE, else
#                    build/kernels-cache)
#   --abi V          Debian kernel ABI (default: the one linux-image-amd64
#                    depends on, else the newest image in the cache)
#   --smp LIST       vCPU counts, one boot each (default 16,64)
#   --duration S     seconds of each every-CPU run (default 20)
#   --period-us N    the timer's period (default 1000)
#   --tests LIST     the timer measurement (default irq.timer.nanosleep)
#   --mem MB         guest memory (default 2048)
#   --timeout S      one boot's wall-clock bound (default 840: the machine
#                    lock's 15 minutes, less the build)
#   --diag S         while a run goes, every S seconds: each rtbench
#                    thread's name, state, CPU, user+system ticks and where
#                    it waits (wchan; the kernel stack of one not running),
#                    the trace instance's unread events, the run's last
#                    stderr line (the runs get RTB_DEBUG_STEPS=1: the
#                    supervisor says each step of its set-up and wind-down
#                    with its wall and CPU time) (default 0: none)
#   --pcs S          every S seconds, from the host: each vCPU's program
#                    counter, read through QEMU's gdbstub (gdb), named by
#                    the guest's kernel symbols (booted nokaslr; its
#                    /proc/kallsyms framed back first): DIR/smpN/pcs.txt,
#                    the kernel functions every vCPU was in, counted.
#                    What a guest whose console fell silent is doing
#                    (default 0: none)
#   --pin-events     boot with one CPU online (maxcpus=1); give every event
#                    rtbench records two idle consumers (the top level
#                    and instance rtb-pin, recording off, 4 KiB buffers);
#                    then bring the other CPUs online. rtbench's own
#                    switching of its events then patches no kernel text
#                    (a tracepoint's third probe changes no static key or
#                    call): under TCG at 64 vCPUs each patch's int3 traps
#                    and IPIs held every vCPU for minutes (docs/scale.md)
#   --extra 'ARGS'   more options for every run (e.g. '-D 5s' is --duration)
#   --wd-slack S     the watchdog's bound past a run's planned end
#                    (RTB_WD_SLACK_S, default rtbench's 60 s): at 128
#                    vCPUs TCG starts the measuring threads for minutes
#   --runs LIST      of untraced,traced,traced_hk,noise (default all four;
#                    none: boot, the doctor, power off;
#                    traced_hk: --cpus 1-(N-1), CPU 0 left to the supervisor
#                    and the trace reader)
#
# Output: DIR/smpN/console.log, DIR/smpN/bigN.{doctor,untraced,traced,
# traced_hk,noise}.json (traced_hk: --cpus 1-(N-1), CPU 0 left to the
# supervisor and the trace reader)
# and .txt, DIR/smpN/wall_s and boot_s (boot to the first line of init),
# DIR/summary.tsv (one line per run: vCPUs, run, rtbench's exit status and
# wall time in the guest, complete, how it ended, the self-cost fields,
# events passed over and lost, the file's bytes, the time measured, the
# CPUs that measured nothing and those that measured late ("" none); a run
# that left no file: "missing").
#
# Exit status: 0 every boot brought its results back; 1 a boot failed or
# timed out; 2 bad option; 77 a tool or the kernel is missing.
set -u
export LC_ALL=C

here=$(cd "$(dirname "$0")/.." && pwd)
OUT=build/bigguest
CACHE=${RTB_KERNEL_CACHE:-}
ABI=""
SMP=16,64
DUR=20
PERIOD=1000
TESTS=irq.timer.nanosleep
MEM=2048
TIMEOUT=840
RUNS=untraced,traced,traced_hk,noise
DIAG=0
PCS=0
PIN=0
EXTRA=""
WDSLACK=""

# die2, skip, num, need_arg; fetch_deb, is_static: shared with bench/kernels.sh
. "$here/bench/guest_lib.sh"
while [ $# -gt 0 ]; do
	case $1 in
	-o) need_arg "$@"; OUT=$2; shift ;;
	--cache) need_arg "$@"; CACHE=$2; shift ;;
	--abi) need_arg "$@"; [[ $2 =~ ^[0-9]+\.[0-9]+\.[0-9]+-[0-9]+$ ]] || die2 "--abi: '$2' is not like 6.1.0-57"; ABI=$2; shift ;;
	--smp) need_arg "$@"; [[ $2 =~ ^[0-9]+(,[0-9]+)*$ ]] || die2 "--smp: '$2' is not a list of vCPU counts"; SMP=$2; shift ;;
	--duration) need_arg "$@"; num --duration "$2" 2 3600; DUR=$2; shift ;;
	--period-us) need_arg "$@"; num --period-us "$2" 50 1000000; PERIOD=$2; shift ;;
	--tests) need_arg "$@"; [[ $2 =~ ^[A-Za-z0-9._,]+$ ]] || die2 "--tests: '$2' is not a list of ids"; TESTS=$2; shift ;;
	--mem) need_arg "$@"; num --mem "$2" 256 65536; MEM=$2; shift ;;
	--timeout) need_arg "$@"; num --timeout "$2" 30 86400; TIMEOUT=$2; shift ;;
	--diag) need_arg "$@"; num --diag "$2" 0 3600; DIAG=$2; shift ;;
	--pcs) need_arg "$@"; num --pcs "$2" 0 3600; PCS=$2; shift ;;
	--pin-events) PIN=1 ;;
	--wd-slack) need_arg "$@"; num --wd-slack "$2" 1 86400; WDSLACK=$2; shift ;;
	--extra) need_arg "$@"; [[ $2 =~ ^[A-Za-z0-9._,=\ -]*$ ]] || die2 "--extra: '$2' has characters other than letters, digits, . _ , = - and spaces"; EXTRA=$2; shift ;;
	--runs) need_arg "$@"; [[ $2 =~ ^(none|(untraced|traced|traced_hk|noise)(,(untraced|traced|traced_hk|noise))*)$ ]] ||
		die2 "--runs: '$2' is not a list of untraced, traced, traced_hk, noise"; RUNS=$2; shift ;;
	-h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) die2 "'$1': unknown option (see --help)" ;;
	esac
	shift
done
for n in ${SMP//,/ }; do num --smp "$n" 1 288; done
[ "$PCS" = 0 ] || command -v gdb >/dev/null || skip "--pcs needs gdb (apt-get install gdb)"
mkdir -p "$OUT" || die2 "-o: cannot create '$OUT'"
OUT=$(cd "$OUT" && pwd)
[ -n "$CACHE" ] || CACHE=$here/build/kernels-cache
mkdir -p "$CACHE" || die2 "--cache: cannot create '$CACHE'"
CACHE=$(cd "$CACHE" && pwd)
T0=$(date +%s)
log() { printf '[%4ds] %s\n' $(( $(date +%s) - T0 )) "$*"; }

QEMU=qemu-system-x86_64
command -v $QEMU >/dev/null || skip "$QEMU missing (apt-get install qemu-system-x86)"
command -v cpio >/dev/null || skip "cpio missing (apt-get install cpio)"
BUSYBOX=""
for b in /bin/busybox /usr/bin/busybox; do is_static $b && { BUSYBOX=$b; break; }; done
[ -n "$BUSYBOX" ] || skip "no static busybox (apt-get install busybox-static)"
QVER=$($QEMU --version | sed -n '1s/.*version \([0-9][0-9.]*\).*/\1/p')

# ---- rtbench: the host one (ingest), the static guest one (with tracing)
log "building rtbench (host, and static for the guest)"
rmake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make "$@"; }
rmake -s -C "$here" -j2 >"$OUT/build-host.log" 2>&1 || { echo "bigguest.sh: host build failed (see $OUT/build-host.log)" >&2; exit 1; }
rmake -s -C "$here" -j2 HOST=0 LDFLAGS=-static BUILD=build/static >"$OUT/build-static.log" 2>&1 ||
	{ echo "bigguest.sh: static build failed (see $OUT/build-static.log)" >&2; exit 1; }
RTB=$here/build/rtbench STATIC=$here/build/static/rtbench
is_static "$STATIC" || { echo "bigguest.sh: $STATIC is not static" >&2; exit 1; }
"$RTB" ingest --help >/dev/null 2>&1 || skip "this rtbench has no host side (apt-get install libjansson-dev)"

# ---- the kernel: Debian's stock image, as bench/kernels.sh fetches it
if [ -z "$ABI" ]; then
	ABI=$(apt-cache depends linux-image-amd64:amd64 2>/dev/null |
		sed -n 's/.*Depends: linux-image-\([0-9.]*-[0-9]*\)-amd64\(:amd64\)\{0,1\}$/\1/p' | head -1)
	[ -n "$ABI" ] || ABI=$(ls "$CACHE" | sed -n 's/^linux-image-\([0-9.]*-[0-9]*\)-amd64_.*\.deb$/\1/p' | sort -V | tail -1)
	[ -n "$ABI" ] || skip "cannot tell the Debian kernel version (apt-get update, or --abi)"
fi
KDIR=$CACHE/linux-image-$ABI-amd64
[ -f "$KDIR/boot/vmlinuz-$ABI-amd64" ] ||
	fetch_deb linux-image-$ABI-amd64:amd64 "$KDIR" "./boot/vmlinuz-$ABI-amd64" "./boot/config-$ABI-amd64"
KERNEL=$KDIR/boot/vmlinuz-$ABI-amd64

# ---- the initramfs: what to run comes on the kernel command line
root=$OUT/initramfs
rm -rf "$root"
mkdir -p "$root"/{bin,proc,sys,dev,tmp}
cp "$BUSYBOX" "$root/bin/busybox"
cp "$STATIC" "$root/bin/rtbench"
cp "$here/bench/kernels/guest-setup.sh" "$root/guest-setup.sh"
# --diag's sampler runs at a real-time priority (busybox has no chrt): a
# static helper, `fifo PRIO PID`, built here
if [ "$DIAG" -gt 0 ]; then
	printf '%s\n' '#include <sched.h>' '#include <stdlib.h>' \
		'int main(int c, char **v) { struct sched_param p = { .sched_priority = c > 2 ? atoi(v[1]) : 0 };' \
		'  return c > 2 && !sched_setscheduler(atoi(v[2]), SCHED_FIFO, &p) ? 0 : 1; }' >"$OUT/fifo.c"
	cc -static -O2 -o "$root/bin/fifo" "$OUT/fifo.c" || { echo "bigguest.sh: cannot build the static fifo helper" >&2; exit 1; }
fi
cat >"$root/init" <<'INIT'
#!/bin/busybox sh
# many-CPU guest init: doctor, the timer untraced and traced, the noise,
# each on every CPU; each result framed onto the console; power off.
# diag PID F: every DIAG s while PID runs, its threads (name, state, CPU,
# utime+stime ticks, priority, wchan; the kernel stack of the main, trace
# and watchdog threads when asleep), the trace instances' unread events,
# F's last line (SIGUSR1 asks rtbench for its status line)
diag() {
	local pid=$1 txt=$2 t c
	while kill -0 "$pid" 2>/dev/null; do
		sleep "$DIAG"
		kill -USR1 "$pid" 2>/dev/null || break # its status line (F)
		sleep 1
		echo "rtbench-diag: $(cut -d' ' -f1 /proc/uptime) s"
		for t in /proc/$pid/task/*; do
			c=$(cat "$t/comm" 2>/dev/null)
			# stat past "pid (comm) ": field k of stat is $((k - 2))
			set -- $(sed 's/^.*) //' "$t/stat" 2>/dev/null)
			[ $# -ge 37 ] || continue
			echo "rtbench-diag:  $c ${t##*/} st=$1 cpu=${37} ticks=$((${12} + ${13})) (user ${12} sys ${13}) prio=${16} wchan=$(cat "$t/wchan" 2>/dev/null)"
			case $1$c in [SD]rtbench|[SD]rtb-trace|[SD]rtb-watchdog) head -6 "$t/stack" 2>/dev/null | sed 's/^/rtbench-diag:    /' ;; esac
		done
		for i in /sys/kernel/tracing/instances/*/per_cpu; do
			[ -d "$i" ] || continue
			echo "rtbench-diag:  ${i%/per_cpu}: entries $(cat $i/cpu*/stats 2>/dev/null | awk '/^entries/ {e+=$2} /^overrun/ {o+=$2} END {print e+0, "overrun", o+0}')"
		done
		echo "rtbench-diag:  last: $(tail -n 1 "$txt" 2>/dev/null | head -c 300)"
	done
}
. /guest-setup.sh
mkdir -p /sys/kernel/tracing && mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
for w in $(cat /proc/cmdline); do
	v=${w#*=}
	case $w in
	rtb_label=*) LABEL=$v ;;
	rtb_dur=*) DUR=$v ;;
	rtb_period=*) PERIOD=$v ;;
	rtb_tests=*) TESTS=$v ;;
	rtb_emu=*) EMU=$v ;;
	rtb_runs=*) RUNS=$v ;;
	rtb_diag=*) DIAG=$v ;;
	rtb_extra=*) EXTRA=$(echo "$v" | tr '+' ' ') ;;
	rtb_pcs=*) PCS=$v ;;
	rtb_pin=*) PIN=$v ;;
	esac
done
# --pin-events: with CPU 0 alone online, rtbench's events get two idle
# consumers (each enable here patches text with no other CPU to trap or
# to send IPIs to), then the other CPUs come up. The events are
# src/port/posix/trace.c's rtb_posix_events (one missing here is patched
# by rtbench as before: slower, not wrong)
if [ "${PIN:-0}" = 1 ]; then
	T=/sys/kernel/tracing
	mkdir -p $T/instances/rtb-pin
	for d in $T $T/instances/rtb-pin; do
		echo 0 >$d/tracing_on
		echo 4 >$d/buffer_size_kb
		for e in irq_vectors/local_timer_entry timer/hrtimer_start timer/hrtimer_expire_entry \
			sched/sched_waking sched/sched_wakeup sched/sched_switch sched/sched_pi_setprio \
			irq_vectors/local_timer_exit irq/irq_handler_entry irq/irq_handler_exit \
			irq/softirq_entry irq/softirq_exit nmi/nmi_handler irq_vectors/reschedule_entry \
			irq_vectors/reschedule_exit irq_vectors/call_function_entry irq_vectors/call_function_exit \
			irq_vectors/call_function_single_entry irq_vectors/call_function_single_exit \
			irq_vectors/irq_work_entry irq_vectors/irq_work_exit irq_vectors/x86_platform_ipi_entry \
			irq_vectors/x86_platform_ipi_exit; do
			[ -f $d/events/$e/enable ] && echo 1 >$d/events/$e/enable
		done
	done
	for c in /sys/devices/system/cpu/cpu[0-9]*/online; do echo 1 >$c; done
	echo "rtbench-guest: events pinned, $(grep -c ^processor /proc/cpuinfo) CPUs online at $(cut -d' ' -f1 /proc/uptime) s"
fi
# --pcs: the kernel's text symbols, for the host's program counters
if [ "${PCS:-0}" -gt 0 ]; then
	grep ' [tT] ' /proc/kallsyms | gzip -1 >/tmp/$LABEL.kallsyms.gz
	rtbench frame /tmp/$LABEL.kallsyms.gz
	rm -f /tmp/$LABEL.kallsyms.gz
fi
echo "rtbench-guest: init $(cut -d' ' -f1 /proc/uptime) s after boot, $(grep -c ^processor /proc/cpuinfo) CPUs online"
rtbench doctor --cpus all --json >/tmp/$LABEL.doctor.json 2>/tmp/$LABEL.doctor.txt
echo "rtbench-guest: doctor exit $?"
rtbench frame /tmp/$LABEL.doctor.json /tmp/$LABEL.doctor.txt
NCPU=$(grep -c ^processor /proc/cpuinfo)
for what in $(echo "$RUNS" | tr , ' '); do
	[ "$what" = none ] && continue
	set -- run --quiet --label "$LABEL.$what" -D "${DUR}s" --emulation "$EMU" $EXTRA
	case $what in
	untraced) set -- "$@" -S --tests "$TESTS" --period-us "$PERIOD" ;;
	traced) set -- "$@" -S --tests "$TESTS" --period-us "$PERIOD" --trace ;;
	# CPU 0 left to the supervisor and the trace reader: the cost
	# model's question (does one housekeeping CPU keep up?)
	traced_hk) set -- "$@" --cpus 1-$((NCPU - 1)) --tests "$TESTS" --period-us "$PERIOD" --trace ;;
	noise) set -- "$@" -S --tests noise.gap --noise-threshold-us 5 ;;
	esac
	f=/tmp/$LABEL.$what
	t0=$(cut -d' ' -f1 /proc/uptime)
	echo "rtbench-guest: $what: start: rtbench $*"
	# --diag: the supervisor says each step of its set-up and wind-down
	# as it begins and ends (RTB_DEBUG_STEPS): the last line says where
	# a run that does not end is
	[ "${DIAG:-0}" -gt 0 ] && export RTB_DEBUG_STEPS=1
	rtbench "$@" --json "$f.json" >"$f.txt" 2>&1 &
	pid=$!
	# the sampler at a real-time priority: measuring threads that hold
	# every CPU leave a time-shared one nothing to run on
	if [ "${DIAG:-0}" -gt 0 ]; then
		diag $pid "$f.txt" &
		fifo 98 $!
	fi
	wait $pid
	echo "rtbench-guest: $what: exit $? after $(cut -d' ' -f1 /proc/uptime) - $t0 s"
	[ -f "$f.json" ] && rtbench frame "$f.json" "$f.txt"
	rm -f "$f.json"
done
echo "rtbench-guest: done"
sync
poweroff -f
INIT
chmod 755 "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT/initramfs.cpio.gz"

# pcs_sample QPID DIR: while QEMU runs, every PCS s each vCPU's program
# counter through the gdbstub (gdb stops the guest for the read, then
# detaches): "T <seconds>" then gdb's thread lines, into DIR/pcs.raw
pcs_sample() {
	local q=$1 d=$2 t0
	t0=$(date +%s)
	while kill -0 "$q" 2>/dev/null; do
		sleep "$PCS"
		[ -S "$d/gdb.sock" ] || continue
		echo "T $(( $(date +%s) - t0 ))" >>"$d/pcs.raw"
		timeout 60 gdb -nx -batch -ex 'set pagination off' -ex "target remote $d/gdb.sock" \
			-ex 'info threads' -ex 'detach' </dev/null 2>/dev/null | grep -E '^[ *] +[0-9]+ +Thread' >>"$d/pcs.raw"
	done
}

# ---- one boot a vCPU count
status=0
printf 'vcpus\trun\texit\twall_s\tcomplete\tended\tsupervisor_cpu_ns\tprocess_cpu_ns\tpeak_rss_bytes\treader_cpu_ns\treader_events\tskipped\tevents_lost\tfile_bytes\tmeasured_ns\tcpus_not_measured\tcpus_late\n' >"$OUT/summary.tsv"
for n in ${SMP//,/ }; do
	dir=$OUT/smp$n label=big$n
	mkdir -p "$dir"
	rm -f "$dir"/*.json "$dir"/*.txt "$dir/console.log"
	emu="emulator=$QEMU,version=$QVER,machine=q35,icount_shift=-1,vcpus=$n,accel=tcg"
	# more than 255 vCPUs need x2APIC IDs: the split irqchip and an IOMMU
	# with interrupt remapping (QEMU's rule for q35). QEMU 7.2 (Debian 12)
	# has them only with KVM: under TCG it refuses ("current -smp
	# configuration requires kernel irqchip and X2APIC API support"), so
	# 255 vCPUs is this machine's most
	mach=q35
	[ "$n" -gt 255 ] && mach=q35,kernel-irqchip=split
	qargs=(-M $mach -cpu max -smp "$n" -m "$MEM" -accel tcg,thread=multi -display none -monitor none -no-reboot
	       -serial "file:$dir/console.log" -kernel "$KERNEL" -initrd "$OUT/initramfs.cpio.gz")
	[ "$n" -gt 255 ] && qargs+=(-device intel-iommu,intremap=on,eim=on)
	append="console=ttyS0 loglevel=1 panic=-1 rtb_label=$label rtb_dur=$DUR rtb_period=$PERIOD rtb_tests=$TESTS rtb_runs=$RUNS rtb_diag=$DIAG rtb_extra=${EXTRA// /+} rtb_emu=$emu"
	# an unknown NAME=VALUE on the kernel's command line is init's
	# environment, and so every run's
	[ -n "$WDSLACK" ] && append="$append RTB_WD_SLACK_S=$WDSLACK"
	# --pcs: the gdbstub on a socket of our own; fixed kernel addresses
	if [ "$PCS" -gt 0 ]; then
		rm -f "$dir/gdb.sock" "$dir/pcs.raw"
		qargs+=(-gdb "unix:$dir/gdb.sock,server=on,wait=off")
		append="$append nokaslr rtb_pcs=$PCS"
	fi
	[ "$PIN" = 1 ] && append="$append maxcpus=1 rtb_pin=1"
	echo "$QEMU ${qargs[*]} -append \"$append\"" >"$dir/qemu.cmd"
	log "smp $n: booting ($(basename "$KERNEL"), TCG, no -icount; runs of ${DUR} s)"
	t1=$(date +%s)
	timeout -k 10 "$TIMEOUT" $QEMU "${qargs[@]}" -append "$append" </dev/null >"$dir/qemu.out" 2>&1 &
	qpid=$!
	[ "$PCS" -gt 0 ] && pcs_sample "$qpid" "$dir" &
	wait $qpid
	rc=$?
	echo $(( $(date +%s) - t1 )) >"$dir/wall_s"
	sed -n 's/^rtbench-guest: init \([0-9.]*\) s after boot.*/\1/p' "$dir/console.log" >"$dir/boot_s"
	if [ $rc = 124 ] || [ $rc = 137 ]; then
		echo "bigguest.sh: smp $n: timed out after ${TIMEOUT}s (console: $dir/console.log)" >&2
		status=1
	elif [ $rc != 0 ]; then
		echo "bigguest.sh: smp $n: qemu exited $rc ($(head -c 300 "$dir/qemu.out"))" >&2
		status=1
	elif ! grep -q '^rtbench-guest: done' "$dir/console.log"; then
		echo "bigguest.sh: smp $n: the guest did not finish (console: $dir/console.log)" >&2
		status=1
	fi
	"$RTB" ingest -o "$dir" "$dir/console.log" 2>"$dir/ingest.log" || status=1
	if [ "$PCS" -gt 0 ]; then
		wait # the sampler
		python3 "$here/bench/guest_pcs.py" "$dir/pcs.raw" "$dir/$label.kallsyms.gz" >"$dir/pcs.txt" ||
			echo "bigguest.sh: smp $n: --pcs: no symbols named (see $dir/pcs.raw)" >&2
	fi
	log "smp $n: $(cat "$dir/wall_s") s wall, init $(cat "$dir/boot_s" 2>/dev/null || echo '?') s after boot; $(ls "$dir" | grep -c '\.json$') result file(s)"
	python3 "$here/bench/bigguest_summary.py" "$dir" "$n" >>"$OUT/summary.tsv" || status=1
done
log "summary ($OUT/summary.tsv; figures EMULATED: QEMU TCG, functional, not latencies)"
column -t -s $'\t' "$OUT/summary.tsv"
exit $status
