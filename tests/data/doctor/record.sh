#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# record.sh DIR - copy the files `rtbench doctor` reads (src/port/posix/doctor*.c)
# from this system into DIR, so `rtbench doctor --root DIR` and
# tests/unit/test_doctor.c judge the recorded system (vm-2cpu: this VM, for
# doctor --cpus all). Reads only; the kernel
# command line is kept up to " -- " (what follows is init's, not the kernel's).
set -eu
dir=${1:?usage: record.sh DIR}
cp_one() {
	[ -f "$1" ] || return 0
	mkdir -p "$dir$(dirname "$1")"
	cat "$1" >"$dir$1" 2>/dev/null || rm -f "$dir$1"
}
for f in /sys/kernel/realtime /proc/sys/kernel/version /sys/kernel/debug/sched/preempt \
	/sys/devices/system/cpu/isolated /sys/devices/system/cpu/nohz_full /sys/devices/system/cpu/online \
	/proc/interrupts /sys/kernel/mm/transparent_hugepage/enabled \
	/proc/sys/kernel/sched_rt_runtime_us /proc/sys/kernel/sched_rt_period_us \
	/proc/sys/kernel/timer_migration /proc/sys/kernel/watchdog /proc/sys/kernel/nmi_watchdog \
	/proc/sys/kernel/watchdog_cpumask /proc/sys/kernel/watchdog_thresh \
	/sys/hypervisor/type /sys/class/dmi/id/sys_vendor /proc/cpuinfo \
	/proc/irq/*/effective_affinity_list /proc/irq/*/smp_affinity_list \
	/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor \
	/sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/name \
	/sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/latency \
	/sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/disable \
	/sys/devices/system/cpu/cpu[0-9]*/topology/thread_siblings_list; do
	cp_one "$f"
done
mkdir -p "$dir/proc"
sed 's/ -- .*//' /proc/cmdline >"$dir/proc/cmdline"
# a second read of /proc/interrupts a second later: the doctor weighs the
# IRQs on the measured CPUs by how often they fired in between
sleep 1
cat /proc/interrupts >"$dir/proc/interrupts.after"
echo 1000 >"$dir/proc/interrupts.after_ms"
