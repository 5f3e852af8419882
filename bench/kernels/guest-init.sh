#!/bin/busybox sh
# rtbench guest init: run the suite idle and under each load, frame each
# result file onto the serial console (RTBF1), power off.
. /guest-setup.sh
LABEL=guest LOADS=idle TESTS=irq.timer.nanosleep SAMPLES=200 PERIOD=1000 EMU=""
for w in $(cat /proc/cmdline); do
	v=${w#*=}
	case $w in
	rtb_label=*) LABEL=$v ;;
	rtb_loads=*) LOADS=$v ;;
	rtb_tests=*) TESTS=$v ;;
	rtb_samples=*) SAMPLES=$v ;;
	rtb_period=*) PERIOD=$v ;;
	rtb_emu=*) EMU=$v ;;
	rtb_rtla=*) RTLA=$v ;;
	rtb_break=*) BREAK=$v ;;
	rtb_cpu=*) CPU=$v ;;
	esac
done
# rtla beside rtbench: the kernel's own tracers, when it has them
RTLA_WHY=""
if [ "${RTLA:-0}" = 1 ] && [ -x /bin/rtla ]; then
	mkdir -p /sys/kernel/tracing
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	for t in timerlat osnoise; do
		grep -qw $t /sys/kernel/tracing/available_tracers 2>/dev/null ||
			RTLA_WHY="${RTLA_WHY:+$RTLA_WHY; }no $t tracer in this kernel (CONFIG_$(echo $t | tr a-z A-Z)_TRACER not set)"
	done
fi
# the same number of periods as rtbench's samples, in whole seconds (rtla's
# -d), at least 1
DUR=$(( (SAMPLES * PERIOD + 999999) / 1000000 ))
[ $DUR -ge 1 ] || DUR=1
echo "rtbench-guest: $(uname -r) $(cat /sys/kernel/realtime 2>/dev/null | sed 's/1/PREEMPT_RT/') label $LABEL loads $LOADS"
# the board as the kernel drives it: its clocks and the timer interrupt's
# line (on arm64 the interrupt controller is named in it)
ce=$(cat /sys/devices/system/clockevents/clockevent0/current_device 2>/dev/null)
echo "rtbench-guest: clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource), clockevent $ce"
# several CPUs: which one is measured, and what the command line made of
# them (the kernel's own view: isolcpus= and nohz_full= as it took them)
if [ -n "${CPU:-}" ]; then
	d=/sys/devices/system/cpu
	echo "rtbench-guest: measuring CPU $CPU of $(cat $d/online); isolated: '$(cat $d/isolated 2>/dev/null)'; nohz_full: '$(cat $d/nohz_full 2>/dev/null)'"
	# the CPUs the kernel keeps general work off: is the measured one among them?
	iso=$( { tr ',' '\n' <$d/isolated; tr ',' '\n' <$d/nohz_full; } 2>/dev/null | grep -c -x "$CPU")
	[ "${iso:-0}" -gt 0 ] && echo "rtbench-guest: CPU $CPU is isolated" ||
		echo "rtbench-guest: CPU $CPU is not isolated"
fi
grep -E "arch_timer|LOC:" /proc/interrupts | sed 's/^ */rtbench-guest: timer irq: /; s/  */ /g'
for load in $(echo "$LOADS" | tr , ' '); do
	set -- run --quiet --label "$LABEL" --tests "$TESTS" --samples "$SAMPLES" --period-us "$PERIOD"
	[ -n "$EMU" ] && set -- "$@" --emulation "$EMU"
	[ -n "${CPU:-}" ] && set -- "$@" --cpu "$CPU"
	case $load in
	idle) LC="" ;;
	cpu) set -- "$@" --load cpu; LC="" ;;
	forkexec) LC='while :; do /bin/rtbench --version >/dev/null; done' ;;
	io) LC='while :; do dd if=/dev/zero of=/tmp/io.bin bs=64k count=256 conv=fsync 2>/dev/null; rm -f /tmp/io.bin; done' ;;
	pipe) LC='while :; do dd if=/dev/zero bs=4k count=2048 2>/dev/null | cat >/dev/null; done' ;;
	# the spiker's last argument is the file it writes once spinning
	# (without it it exits 2 with its usage and the spike load measures
	# nothing)
	spike) LC='exec /bin/spiker rtbspike 0 96 2000 23 100000 /tmp/spiker.ready' ;;
	*) LC="" ;;
	esac
	[ -n "$LC" ] && set -- "$@" --load-cmd "$LC"
	f=/tmp/$LABEL.$load
	echo "rtbench-guest: $load: start"
	/bin/rtbench "$@" --json "$f.json" >"$f.txt" 2>&1
	echo "rtbench-guest: $load: exit $?"
	[ -f "$f.json" ] && /bin/rtbench frame "$f.json" "$f.txt"
	rm -f "$f.json"
	[ "${RTLA:-0}" = 1 ] || continue
	# rtbench traced (its IRQ-entry component: expiry_to_irq) and its
	# noise, then rtla on the same CPU (0, or rtb_cpu's) under the same
	# load: the two tools interleaved within one boot. The trace is kept
	# whole and read after the pass (--trace-events): a streaming reader
	# would share the guest's one CPU with the measurement. noise.gap
	# untraced, at its own default length (--samples would cap its gaps),
	# noise from 5 us on both sides: in this guest one iteration of
	# rtbench's counter-read loop takes about 1 us of virtual time
	# (clock_gettime: no invariant TSC under TCG), so at 1 us every
	# iteration was a gap (98% "noise"); osnoise at -T 1 under icount
	# counts its own loop as noise too (~100% seen on arm64)
	for what in traced noise; do
		if [ $what = traced ]; then
			set -- run --quiet --label "$LABEL" --tests irq.timer.nanosleep --samples "$SAMPLES" \
				--period-us "$PERIOD" --cpu "${CPU:-0}" --trace --trace-events /tmp/ev
			[ "${BREAK:-0}" != 0 ] && set -- "$@" --break-us "$BREAK"
		else
			set -- run --quiet --label "$LABEL" --tests noise.gap --cpu "${CPU:-0}" --noise-threshold-us 5
		fi
		[ -n "$EMU" ] && set -- "$@" --emulation "$EMU"
		[ "$load" = cpu ] && set -- "$@" --load cpu
		[ -n "$LC" ] && set -- "$@" --load-cmd "$LC"
		/bin/rtbench "$@" --json "$f.$what.json" >"$f.$what.txt" 2>&1
		echo "rtbench-guest: $load: $what exit $?"
		rm -f /tmp/ev.*
		# a break's window of events beside the result (--break-us)
		[ -f "$f.$what.json" ] && /bin/rtbench frame "$f.$what.json" "$f.$what.txt" \
			$(ls "$f.$what.json.break-trace.json" 2>/dev/null)
		rm -f "$f.$what.json" "$f.$what.json.break-trace.json"
	done
	for tool in timerlat osnoise; do
		o=$f.rtla-$tool.txt
		if [ ! -x /bin/rtla ]; then
			echo "# rtla: not in the initramfs (no rtla for this guest: see the host's log)" >"$o"
		elif [ -n "$RTLA_WHY" ]; then
			echo "# rtla: not run: $RTLA_WHY" >"$o"
		else
			lp=""
			if [ -n "$LC" ]; then sh -c "$LC" >/dev/null 2>&1 & lp=$!; fi
			[ "$load" = cpu ] && { sh -c 'while :; do :; done' & lp=$!; }
			# timerlat: the thread at SCHED_FIFO 95 (cyclictest's and
			# rtbench's usual), 100 ns buckets up to 1 ms, in ns;
			# osnoise: 90 ms of every 100 ms (rtbench's noise.gap
			# spins 90 of 100 ms too), noise from 5 us (as noise.gap here)
			if [ $tool = timerlat ]; then
				set -- rtla timerlat hist -c "${CPU:-0}" -p "$PERIOD" -d "${DUR}s" -P f:95 -n -b 100 -E 10000
				# the known cause: rtla's own diagnosis (6.1: -a stops at
				# the threshold, saves the trace and the stack at the IRQ)
				[ "$load" = spike ] && set -- "$@" -a 1000
			else
				set -- rtla osnoise top -q -c "${CPU:-0}" -p 100000 -r 90000 -T 5 -d 2s -P f:95
			fi
			echo "# rtla-cmd: $*" >"$o"
			[ -n "$EMU" ] && echo "# rtla-emu: $EMU" >>"$o"
			# the rtbench result of this boot it stands beside (report)
			echo "# rtla-beside: $LABEL" >>"$o"
			"$@" >>"$o" 2>&1
			echo "# rtla: exit $? (load $load)" >>"$o"
			[ -n "$lp" ] && { kill $lp; wait $lp; } 2>/dev/null
			if [ -f timerlat_trace.txt ]; then
				tail -n 120 timerlat_trace.txt >"$f.rtla-timerlat-trace.txt"
				rm -f timerlat_trace.txt
				/bin/rtbench frame "$f.rtla-timerlat-trace.txt"
			fi
		fi
		/bin/rtbench frame "$o"
	done
done
echo "rtbench-guest: done"
sync
poweroff -f
