#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/kernels.sh - stock Linux against PREEMPT_RT (and any kernels you name)
# in one command: each kernel booted under QEMU with instruction-counted time
# and one vCPU (two for --cmdline variants on arm64), rtbench run inside it
# idle and under loads, every result file sent back framed (RTBF1) over the
# serial console, then `rtbench compare` and `rtbench report` with one
# column per kernel (docs/kernels.md).
#
#   bench/kernels.sh [options] [NAME=VMLINUZ[@APPEND] ...]
#   bench/kernels.sh --arch arm64 --cmdline base= --cmdline 'nohz=nohz_full=1 rcu_nocbs=1 irqaffinity=0'
#
# Kernels: by default Debian 12's stock and -rt images of the same version
# (apt-get download + dpkg-deb -x into the cache; never installed on this
# machine), as "stock", "full" (the stock image booted with preempt=full;
# only where the image's config has PREEMPT_DYNAMIC) and "rt". Or NAME=VMLINUZ[@KERNEL ARGS] for your own builds (config A
# against config B), e.g. a=arch/x86/boot/bzImage b=../b/bzImage@preempt=full
# (the kernel needs the 8250 (arm64: PL011) serial console, initramfs (gzip), devtmpfs,
# POSIX message queues and the RT scheduling classes built in: no modules
# are loaded).
#
# Options:
#   -o DIR           where everything goes (default build/kernels)
#   --cache DIR      downloaded .deb files and unpacked images (default
#                    $RTB_KERNEL_CACHE, else build/kernels-cache)
#   --arch A         the emulated machine: amd64 (default: a PC, QEMU q35)
#                    or arm64 (QEMU's virt board: Cortex-A53, GICv3, the
#                    architected generic timer; Debian's -arm64 kernels, an
#                    arm64 busybox-static, rtbench cross-built static with
#                    aarch64-linux-gnu-gcc). -o then defaults to build/kernels-arm64
#   --abi V          Debian kernel ABI, e.g. 6.1.0-57 (default: the one
#                    linux-image-ARCH depends on now)
#   --kernels LIST   of the defaults, which: stock,full,rt (default all three)
#   --loads LIST     idle,forkexec,io,pipe,cpu,spike (default idle,forkexec,io,pipe;
#                    spike: a known cause, a SCHED_FIFO 96 task "rtbspike"
#                    spinning 2 ms every 23 ms on the measured CPU
#                    (tests/e2e/helpers/spiker.c, built static); there rtla
#                    runs with -a 1000 (stop and keep its trace and the
#                    thread's stack at a 1 ms thread latency) and its trace's
#                    end comes back as LABEL.spike.rtla-timerlat-trace.txt,
#                    beside rtbench's explanation (docs/diagnosis.md))
#   --tests LIST     rtbench --tests (default irq.timer.nanosleep,
#                    ipc.mqueue.wakeup,sync.sem.wakeup,sync.prio_inv)
#   --samples N      samples per measurement (default 2000)
#   --period-us N    timer period (default 1000: one a virtual millisecond)
#   --icount N       QEMU -icount shift (default 3: 8 ns an instruction)
#   --timeout S      wall-clock bound of one kernel's boot and runs (default 1500)
#   --runs N         repeat the whole set N times, run1 ... runN (default 1)
#   --kvm            KVM and real time instead of TCG + icount (see below)
#   --smoke          one kernel (stock), idle, the timer wake-up, 200 samples,
#                    no rtla
#                    (with --arch arm64: about 10 s once built and fetched)
#   --rtbench-static PATH  a static rtbench for the guest (default: built here)
#   --break-us N     the traced pass beside rtla stops at its first sample
#                    over N us (run --break-us): its explanation, window of
#                    events and the blocking task's kernel stack come back
#                    in LABEL.LOAD.traced.txt/.json and .traced.json.break-trace.json
#   --no-rtla        do not run the kernel's own analyzer beside rtbench (by
#                    default, rtla and its libraries go into the initramfs:
#                    the host's (Debian: rtla) for amd64, Debian's rtla:arm64
#                    with libtracefs1, libtraceevent1 and libc6 (downloaded
#                    into the cache, never installed) for arm64 and, per load, right after rtbench's runs and
#                    under the same load: a traced rtbench run of
#                    irq.timer.nanosleep (LABEL.LOAD.traced.json), an
#                    untraced noise.gap (LABEL.LOAD.noise.json),
#                    `rtla timerlat hist` on the same CPU with the same period
#                    and number of periods, and `rtla osnoise top`
#                    (LABEL.LOAD.rtla-timerlat.txt, .rtla-osnoise.txt; read
#                    by compare, report and check as results "from rtla"). A
#                    kernel without the timerlat/osnoise tracers (Debian's
#                    stock amd64 and arm64 configs) says so in the file and in
#                    summary.txt; Debian's -rt images have them
#   --cmdline NAME=OPTIONS  a kernel command-line variant (repeatable): each
#                    kernel is booted once per variant with OPTIONS appended,
#                    as a system of its own labelled KERNEL-NAME (stock-nohz,
#                    rt-nohz); 'base=' for none. NAME: 1-12 of A-Z a-z 0-9 _;
#                    OPTIONS: only A-Z a-z 0-9 _ . , = - and spaces
#                    (docs/kernels.md, "Boot options as systems")
#   --cpus N         vCPUs of the guest (default 1; 2 with --cmdline on
#                    arm64 or --kvm). An x86 guest under -icount hangs
#                    bringing up a second CPU, so amd64 without --kvm
#                    refuses N > 1
#   --measure-cpu N  the CPU the guest's rtbench and rtla measure (default:
#                    the first CPU a variant isolates with isolcpus= or
#                    nohz_full=, else 0); every system is measured there
#   --plan           print the systems (label, image, command line, vCPUs,
#                    measured CPU) and exit: boots and builds nothing
#   --analyze        boot nothing: compare, report and summarize the results
#                    already in -o DIR again (e.g. with a newer rtbench)
#   -j N, --jobs N   parallel jobs of its rtbench builds (default: the -j of
#                    the make that runs it, `make -j2 bench-kernels`, read
#                    from MAKEFLAGS; 1 without one, as plain make)
#
# Output (DIR/runK/): KERNEL/console.log (the whole serial console),
# KERNEL/LABEL.LOAD.json and .txt (ingested), compare.LOAD.txt,
# report.LOAD.html, summary.txt (p50/p99/max per kernel and load, the
# priority-inversion verdicts); DIR/summary.txt puts the runs side by side.
#
# --kvm: where this machine has working KVM (VMX/SVM; `kvm-ok`), the kernels
# boot with -enable-kvm -cpu host, no -icount, and the guest's clock is real
# time on a real CPU through a hypervisor: figures are real latencies of a
# virtual machine (rtbench's fingerprint says so), not instruction counts,
# and they are not emulated, so no --emulation is passed. It cannot be
# exercised on the development machine of this project (its /dev/kvm has no
# VMX/SVM; the Debian kernels do not boot under it).
#
# Exit status: 0 every kernel's results arrived and were compared; 1 a boot
# failed, timed out or sent no (or a damaged) result; 2 bad option; 77 a
# tool or the kernel images are missing (the line says which).
set -u
export LC_ALL=C

here=$(cd "$(dirname "$0")/.." && pwd)
OUT=""
ARCH=amd64
KERNELS_GIVEN=0
CACHE=${RTB_KERNEL_CACHE:-}
ABI=""
KERNELS=stock,full,rt
LOADS=idle,forkexec,io,pipe
TESTS=irq.timer.nanosleep,ipc.mqueue.wakeup,sync.sem.wakeup,sync.prio_inv
SAMPLES=2000
PERIOD=1000
ICOUNT=3
TIMEOUT=1500
BREAK_US=0
RUNS=1
KVM=0
SMOKE=0
ANALYZE=0
RTLA_ON=1
STATIC=""
USER_K=()
CPUS="" MCPU="" PLAN=0 LOADS_GIVEN=0 KN=()
. "$here/bench/kernels/variants.sh"
# die2, skip, num, need_arg; fetch_deb, is_static, elf_machine: shared with
# bench/bigguest.sh
. "$here/bench/guest_lib.sh"
# JOBS - the -j the user gave the make that runs this (MAKEFLAGS: " -j3
# --jobserver-auth=3,4"; a bare -j is unlimited: one per CPU), else 1
JOBS=1
for w in ${MAKEFLAGS:-}; do
	case $w in
	-j) JOBS=$(nproc) ;;
	-j[0-9]*) JOBS=${w#-j} ;;
	--jobs=[0-9]*) JOBS=${w#--jobs=} ;;
	esac
done


while [ $# -gt 0 ]; do
	case $1 in
	-o) need_arg "$@"; OUT=$2; shift ;;
	--cache) need_arg "$@"; CACHE=$2; shift ;;
	--abi) need_arg "$@"; [[ $2 =~ ^[0-9]+\.[0-9]+\.[0-9]+-[0-9]+$ ]] || die2 "--abi: '$2' is not like 6.1.0-57"; ABI=$2; shift ;;
	--arch) need_arg "$@"; case $2 in amd64|arm64) ARCH=$2 ;; *) die2 "--arch: '$2' is not amd64 or arm64" ;; esac; shift ;;
	--kernels) need_arg "$@"; KERNELS=$2; KERNELS_GIVEN=1; shift ;;
	--loads) need_arg "$@"; LOADS=$2; LOADS_GIVEN=1; shift ;;
	--tests) need_arg "$@"; [[ $2 =~ ^[A-Za-z0-9._,]+$ ]] || die2 "--tests: '$2' is not a list of ids"; TESTS=$2; shift ;;
	--samples) need_arg "$@"; num --samples "$2" 10 1000000; SAMPLES=$2; shift ;;
	--period-us) need_arg "$@"; num --period-us "$2" 50 1000000; PERIOD=$2; shift ;;
	--icount) need_arg "$@"; num --icount "$2" 0 10; ICOUNT=$2; shift ;;
	--timeout) need_arg "$@"; num --timeout "$2" 30 86400; TIMEOUT=$2; shift ;;
	--break-us) need_arg "$@"; num --break-us "$2" 1 10000000; BREAK_US=$2; shift ;;
	--runs) need_arg "$@"; num --runs "$2" 1 10; RUNS=$2; shift ;;
	--kvm) KVM=1 ;;
	--smoke) SMOKE=1 ;;
	--analyze) ANALYZE=1 ;;
	--no-rtla) RTLA_ON=0 ;;
	--cmdline) need_arg "$@"; variant_add "$2"; shift ;;
	--cpus) need_arg "$@"; num --cpus "$2" 1 8; CPUS=$2; shift ;;
	--measure-cpu) need_arg "$@"; num --measure-cpu "$2" 0 7; MCPU=$2; shift ;;
	--plan) PLAN=1 ;;
	--rtbench-static) need_arg "$@"; STATIC=$2; shift ;;
	-j|--jobs) need_arg "$@"; num "$1" "$2" 1 1024; JOBS=$2; shift ;;
	-h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*=*) USER_K+=("$1") ;;
	*) die2 "'$1': unknown option (see --help)" ;;
	esac
	shift
done
if [ $SMOKE = 1 ]; then
	KERNELS=stock LOADS=idle TESTS=irq.timer.nanosleep SAMPLES=200 RUNS=1
	# CI's minute: no rtla beside it (the stock image has no timerlat
	# tracer anyway; its traced and noise runs would add a minute)
	RTLA_ON=0
	[ "$TIMEOUT" = 1500 ] && TIMEOUT=100
fi
for l in ${LOADS//,/ }; do
	case $l in idle|forkexec|io|pipe|cpu|spike) ;; *) die2 "--loads: '$l' is not idle, forkexec, io, pipe, cpu or spike" ;; esac
done
for k in ${KERNELS//,/ }; do
	case $k in stock|full|rt) ;; *) die2 "--kernels: '$k' is not stock, full or rt" ;; esac
done
for u in "${USER_K[@]}"; do
	n=${u%%=*}
	[[ $n =~ ^[A-Za-z0-9_-]{1,24}$ ]] || die2 "'$u': the kernel name '$n' is not 1 to 24 of A-Z a-z 0-9 _ -"
	img=${u#*=}; img=${img%%@*}
	[ -f "$img" ] || die2 "'$u': no kernel image '$img'"
done
# the guest's vCPUs: one unless asked (the figures of the defaults stay
# comparable with every earlier run); two for variants where QEMU can boot
# them under -icount. x86 under -icount stops at "x86: Booting SMP
# configuration" (QEMU 7.2, -cpu max/qemu64/Haswell, q35 and pc, shift 0, 3
# and auto; without -icount, single-threaded TCG boots both CPUs), arm64's
# virt board boots two (PSCI)
if [ -z "$CPUS" ]; then
	CPUS=1
	[ ${#VAR_NAMES[@]} -gt 0 ] && { [ $ARCH = arm64 ] || [ $KVM = 1 ]; } && CPUS=2
fi
[ "$CPUS" -gt 1 ] && [ $ARCH = amd64 ] && [ $KVM = 0 ] &&
	die2 "--cpus $CPUS: an x86 guest under -icount hangs bringing up its second CPU; --arch arm64 boots $CPUS vCPUs under -icount (or --kvm where KVM works)"
if [ $ARCH = amd64 ] && [ $KVM = 0 ]; then
	variant_check_cpus "$CPUS" "an x86 guest under -icount boots one: --arch arm64 --cpus 2"
else
	variant_check_cpus "$CPUS" "--cpus"
fi
[ -n "$MCPU" ] || MCPU=$(variant_measured_cpu)
[ "$MCPU" -lt "$CPUS" ] || die2 "--measure-cpu $MCPU: the guest has $CPUS vCPU(s) (0 to $(( CPUS - 1 )); --cpus)"
[ -n "$OUT" ] || { [ $ARCH = amd64 ] && OUT=build/kernels || OUT=build/kernels-$ARCH; }
mkdir -p "$OUT" || die2 "-o: cannot create '$OUT'"
OUT=$(cd "$OUT" && pwd)
[ -n "$CACHE" ] || CACHE=$here/build/kernels-cache
mkdir -p "$CACHE" || die2 "--cache: cannot create '$CACHE'"
CACHE=$(cd "$CACHE" && pwd)

T0=$(date +%s)
log() { printf '[%4ds] %s\n' $(( $(date +%s) - T0 )) "$*"; }

# ---- the machine ----------------------------------------------------------
# amd64: a PC (q35, -cpu max: the LAPIC timer, the 8250 UART). arm64: QEMU's
# virt board with a Cortex-A53 (ARMv8.0, the core of many embedded boards),
# a GICv3 (virt's default is a GICv2: v3 is chosen, as on i.MX8M-class
# A53 SoCs) and the architected generic timer (the EL1 virtual timer, PPI
# 27, clocksource arch_sys_counter), a PL011 UART. ELF_MACHINE: e_machine's
# two bytes as od prints them, to check a --rtbench-static is for this guest.
case $ARCH in
amd64) QEMU=qemu-system-x86_64 QPKG=qemu-system-x86 QMACHINE=q35 QCPU=max CONSOLE=ttyS0
       EMU_MACHINE=q35 ELF_MACHINE=3e00 CROSS="" ;;
arm64) QEMU=qemu-system-aarch64 QPKG=qemu-system-arm QMACHINE=virt,gic-version=3 QCPU=cortex-a53
       CONSOLE=ttyAMA0 EMU_MACHINE=virt+gicv3+cortex-a53 ELF_MACHINE=b700 CROSS=aarch64-linux-gnu- ;;
esac
[ $KVM = 1 ] && [ $ARCH != amd64 ] && die2 "--kvm: only with --arch amd64 (KVM runs the host's own architecture)"


# ---- tools -------------------------------------------------------------
# BOOTING: this invocation boots guests (not --analyze, not --plan)
BOOTING=1
[ $ANALYZE = 1 ] || [ $PLAN = 1 ] && BOOTING=0
if [ $BOOTING = 1 ]; then
command -v $QEMU >/dev/null || skip "$QEMU missing (apt-get install $QPKG)"
command -v cpio >/dev/null || skip "cpio missing (apt-get install cpio)"
BUSYBOX=""
if [ $ARCH = amd64 ]; then
	for b in /bin/busybox /usr/bin/busybox; do
		if is_static $b; then BUSYBOX=$b; break; fi
	done
	[ -n "$BUSYBOX" ] || skip "no static busybox (apt-get install busybox-static)"
else
	command -v ${CROSS}gcc >/dev/null || skip "${CROSS}gcc missing (apt-get install gcc-aarch64-linux-gnu)"
	BUSYBOX=$CACHE/busybox-static-$ARCH/bin/busybox
	[ -x "$BUSYBOX" ] || fetch_deb busybox-static:$ARCH "$CACHE/busybox-static-$ARCH" ./bin/busybox
	is_static "$BUSYBOX" || { echo "kernels.sh: $BUSYBOX is not a static executable" >&2; exit 1; }
fi
if [ $KVM = 1 ]; then
	[ -w /dev/kvm ] || skip "--kvm: /dev/kvm is missing or not writable"
	grep -qE 'vmx|svm' /proc/cpuinfo || skip "--kvm: this CPU shows no VMX/SVM: KVM cannot run a normal guest here"
fi
QVER=$($QEMU --version | sed -n '1s/.*version \([0-9][0-9.]*\).*/\1/p')
fi
# rtla for the guest: the host's on amd64; on arm64 Debian's rtla:arm64 and
# the packages its binary names (NEEDED: libtracefs.so.1, libtraceevent.so.1,
# libc.so.6 and the loader), each unpacked whole into RTLA_ROOT/PACKAGE
RTLA="" RTLA_ROOT=""
if [ $BOOTING = 1 ] && [ $RTLA_ON = 1 ]; then
	if [ $ARCH != amd64 ]; then
		RTLA_ROOT=$CACHE/rtla-$ARCH
		for p in rtla libtracefs1 libtraceevent1 libc6; do
			[ -d "$RTLA_ROOT/$p" ] && continue
			# a package that cannot be had leaves rtla out, not the run
			( fetch_deb $p:$ARCH "$RTLA_ROOT/$p" . ) >"$CACHE/rtla-$p.log" 2>&1 ||
				{ RTLA_ROOT="" RTLA_NOTE="rtla: not run: $p:$ARCH: $(tail -1 "$CACHE/rtla-$p.log")"; break; }
		done
		[ -n "$RTLA_ROOT" ] && RTLA=$RTLA_ROOT/rtla/usr/bin/rtla
		[ -n "$RTLA_ROOT" ] || log "$RTLA_NOTE"
	elif ! RTLA=$(command -v rtla); then
		RTLA="" RTLA_NOTE="rtla: not run: no rtla on this host (apt-get install rtla)"
	fi
fi

# ---- rtbench: the host one (ingest, compare, report), the static guest one
if [ $PLAN = 0 ]; then
log "building rtbench (host, and static for the guest; $JOBS jobs)"
# its own makes, with -j$JOBS: not the calling make's jobserver, whose
# descriptors a recipe that is not a make does not hand down
rmake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make "$@"; }
rmake -s -C "$here" -j"$JOBS" >"$OUT/build-host.log" 2>&1 || { echo "kernels.sh: host build failed (see $OUT/build-host.log)" >&2; exit 1; }
RTB=$here/build/rtbench
"$RTB" ingest --help >/dev/null 2>&1 || skip "this rtbench has no host side (apt-get install libjansson-dev)"
if [ $ANALYZE = 0 ] && [ -z "$STATIC" ]; then
	if [ $ARCH = amd64 ]; then
		rmake -s -C "$here" -j"$JOBS" HOST=0 LDFLAGS=-static BUILD=build/static >"$OUT/build-static.log" 2>&1
	else
		# the guest's run --trace (the traced pass beside rtla) needs
		# libtracefs and libtraceevent for arm64: Debian's -dev packages'
		# static archives and headers, downloaded like the kernels. If
		# they cannot be had the guest rtbench is built without tracing
		# (its traced pass then says so) and TRACE=0 keeps the cross
		# compiler off the host's own tracefs headers.
		dev=$CACHE/trace-dev-$ARCH sub=static-$ARCH
		for p in libtracefs-dev libtraceevent-dev; do
			[ -d "$dev/$p" ] && continue
			( fetch_deb $p:$ARCH "$dev/$p" ./usr/include ./usr/lib ) >"$CACHE/$p-$ARCH.log" 2>&1 ||
				{ log "the guest rtbench without --trace: $p:$ARCH: $(tail -1 "$CACHE/$p-$ARCH.log")"; sub=static-$ARCH-notrace; break; }
		done
		if [ $sub = static-$ARCH ]; then
			m=aarch64-linux-gnu
			rmake -s -C "$here" -j"$JOBS" HOST=0 TRACE=1 CROSS_COMPILE=$CROSS BUILD=build/$sub \
				TRACE_CFLAGS="-I$dev/libtracefs-dev/usr/include/tracefs -I$dev/libtraceevent-dev/usr/include/traceevent" \
				LDFLAGS="-static -L$dev/libtracefs-dev/usr/lib/$m -L$dev/libtraceevent-dev/usr/lib/$m"
		else
			rmake -s -C "$here" -j"$JOBS" HOST=0 TRACE=0 LDFLAGS=-static CROSS_COMPILE=$CROSS BUILD=build/$sub
		fi >"$OUT/build-static.log" 2>&1
	fi || { echo "kernels.sh: static build failed (see $OUT/build-static.log)" >&2; exit 1; }
	STATIC=$here/build/$([ $ARCH = amd64 ] && echo static || echo $sub)/rtbench
fi
if [ $ANALYZE = 0 ]; then
	is_static "$STATIC" || die2 "--rtbench-static: '$STATIC' is not a static executable"
	[ "$(elf_machine "$STATIC")" = $ELF_MACHINE ] || die2 "--rtbench-static: '$STATIC' is not an $ARCH executable"
fi
fi

# ---- kernels -------------------------------------------------------------
# NAMES[i], IMAGES[i], APPENDS[i]
NAMES=() IMAGES=() APPENDS=()
fetch_debian() {
	if [ -z "$ABI" ]; then
		# no package lists yet (a fresh machine): fetch them once, as root
		if ! apt-cache show linux-image-$ARCH:$ARCH >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
			log "apt-get update (no package lists)"
			apt-get update -q >"$CACHE/apt-update.log" 2>&1
		fi
		ABI=$(apt-cache depends linux-image-$ARCH:$ARCH 2>/dev/null |
			sed -n "s/.*Depends: linux-image-\([0-9.]*-[0-9]*\)-$ARCH\(:$ARCH\)\{0,1\}\$/\1/p" | head -1)
		[ -n "$ABI" ] || ABI=$(ls "$CACHE" 2>/dev/null | sed -n "s/^linux-image-\([0-9.]*-[0-9]*\)-${ARCH}_.*\.deb\$/\1/p" | sort -V | tail -1)
		if [ -z "$ABI" ]; then
			[ $ARCH = "$(dpkg --print-architecture)" ] || dpkg --print-foreign-architectures | grep -qx $ARCH ||
				skip "cannot tell the Debian $ARCH kernel version: apt knows no $ARCH packages (as root: dpkg --add-architecture $ARCH && apt-get update), or give --abi"
			skip "cannot tell the Debian kernel version (apt-get update, or --abi)"
		fi
	fi
	local flavour dir
	for flavour in $ARCH rt-$ARCH; do
		dir=$CACHE/linux-image-$ABI-$flavour
		# the image and its config (which says whether preempt=full
		# means anything); no modules are loaded in the guest
		[ -f "$dir/boot/vmlinuz-$ABI-$flavour" ] && [ -f "$dir/boot/config-$ABI-$flavour" ] ||
			fetch_deb linux-image-$ABI-$flavour:$ARCH "$dir" "./boot/vmlinuz-$ABI-$flavour" "./boot/config-$ABI-$flavour"
	done
}
if [ $ANALYZE = 1 ]; then
	[ -f "$OUT/kernels.txt" ] || die2 "--analyze: no $OUT/kernels.txt (not a bench/kernels.sh output directory)"
	read -r -a NAMES <"$OUT/kernels.txt"
	# the loads the boots ran (older folders have no loads.txt: --loads)
	if [ $LOADS_GIVEN = 0 ] && [ -f "$OUT/loads.txt" ]; then
		read -r LOADS <"$OUT/loads.txt"
		[[ $LOADS =~ ^[a-z]+(,[a-z]+)*$ ]] || die2 "--analyze: $OUT/loads.txt is not a list of loads"
	fi
elif [ ${#USER_K[@]} -gt 0 ]; then
	for u in "${USER_K[@]}"; do
		NAMES+=("${u%%=*}")
		img=${u#*=}
		IMAGES+=("$(cd "$(dirname "${img%%@*}")" && pwd)/$(basename "${img%%@*}")")
		case $img in *@*) APPENDS+=("${img#*@}") ;; *) APPENDS+=("") ;; esac
	done
else
	fetch_debian
	stock_dir=$CACHE/linux-image-$ABI-$ARCH/boot rt_dir=$CACHE/linux-image-$ABI-rt-$ARCH/boot
	: >"$OUT/left-out.txt"
	for k in ${KERNELS//,/ }; do
		case $k in
		stock) NAMES+=(stock); IMAGES+=("$stock_dir/vmlinuz-$ABI-$ARCH"); APPENDS+=("") ;;
		full)
			# without PREEMPT_DYNAMIC the kernel ignores preempt=full:
			# "full" would be the stock kernel under another name
			if ! grep -qx 'CONFIG_PREEMPT_DYNAMIC=y' "$stock_dir/config-$ABI-$ARCH"; then
				why="full: not run: linux-image-$ABI-$ARCH has no PREEMPT_DYNAMIC ($(grep -m1 -E '^(# )?CONFIG_PREEMPT_DYNAMIC[= ]' "$stock_dir/config-$ABI-$ARCH" || echo 'CONFIG_PREEMPT_DYNAMIC absent') in its config), so preempt=full would be ignored"
				[ $KERNELS_GIVEN = 1 ] && die2 "--kernels $why"
				log "$why"
				echo "$why" >>"$OUT/left-out.txt"
				continue
			fi
			NAMES+=(full); IMAGES+=("$stock_dir/vmlinuz-$ABI-$ARCH"); APPENDS+=("preempt=full") ;;
		rt) NAMES+=(rt); IMAGES+=("$rt_dir/vmlinuz-$ABI-rt-$ARCH"); APPENDS+=("") ;;
		esac
	done
fi

# the variants: each kernel once per --cmdline, as KERNEL-NAME, the
# variant's options after the kernel's own (preempt=full for full)
if [ $ANALYZE = 0 ] && [ ${#VAR_NAMES[@]} -gt 0 ]; then
	KN=("${NAMES[@]}") KI=("${IMAGES[@]}") KA=("${APPENDS[@]}")
	NAMES=() IMAGES=() APPENDS=()
	for i in "${!KN[@]}"; do
		for v in "${!VAR_NAMES[@]}"; do
			NAMES+=("${KN[$i]}-${VAR_NAMES[$v]}") IMAGES+=("${KI[$i]}")
			a="${KA[$i]} ${VAR_OPTS[$v]}" a=${a# } APPENDS+=("${a% }")
		done
	done
fi
if [ $PLAN = 1 ]; then
	echo "systems: ${#NAMES[@]}; guest: $ARCH, $CPUS vCPU(s), rtbench measures CPU $MCPU"
	for i in "${!NAMES[@]}"; do
		echo "${NAMES[$i]}: ${IMAGES[$i]} [${APPENDS[$i]}]"
	done
	exit 0
fi

# ---- the initramfs -----------------------------------------------------
# One image for every kernel; what to run comes on the kernel command line
# (rtb_* words, read by init from /proc/cmdline).
build_initramfs() {
	local root=$OUT/initramfs
	rm -rf "$root"
	mkdir -p "$root"/{bin,proc,sys,dev,tmp}
	cp "$BUSYBOX" "$root/bin/busybox"
	cp "$STATIC" "$root/bin/rtbench"
	# the spike load's known cause, static for the guest's architecture
	case ",$LOADS," in *,spike,*)
		${CROSS:-}gcc -static -O2 -o "$root/bin/spiker" "$here/tests/e2e/helpers/spiker.c" ||
			{ echo "kernels.sh: cannot build the spiker for the spike load" >&2; exit 1; } ;;
	esac
	# rtla (dynamic: libtracefs, libtraceevent, libc) with the loader and
	# libraries the host's copy names, at the same paths
	if [ -n "$RTLA_ROOT" ]; then
		# the guest's own: the loader at the path the binary names
		# (PT_INTERP /lib/ld-linux-aarch64.so.1), the libraries where
		# its default search path looks (the multiarch directories)
		local f m=aarch64-linux-gnu
		cp -L "$RTLA" "$root/bin/rtla"
		mkdir -p "$root/lib/$m" "$root/usr/lib/$m"
		cp -L "$RTLA_ROOT/libc6/lib/ld-linux-aarch64.so.1" "$root/lib/" &&
		cp -L "$RTLA_ROOT/libc6/lib/$m/libc.so.6" "$root/lib/$m/" &&
		for f in libtracefs1/usr/lib/$m/libtracefs.so.1 libtraceevent1/usr/lib/$m/libtraceevent.so.1; do
			cp -L "$RTLA_ROOT/$f" "$root/usr/lib/$m/" || return 1
		done || { echo "kernels.sh: rtla:$ARCH's libraries are not where expected in $RTLA_ROOT" >&2; exit 1; }
	elif [ -n "$RTLA" ]; then
		local lib
		cp -L "$RTLA" "$root/bin/rtla"
		for lib in $(ldd "$RTLA" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
			mkdir -p "$root$(dirname "$lib")"
			cp -L "$lib" "$root$lib"
		done
	fi
	# the guest's /init (bench/kernels/guest-init.sh): what to run comes
	# on the kernel command line (rtb_* words)
	cp "$here/bench/kernels/guest-init.sh" "$root/init"
	cp "$here/bench/kernels/guest-setup.sh" "$root/guest-setup.sh"
	chmod 755 "$root/init"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT/initramfs.cpio.gz"
}
if [ $ANALYZE = 0 ]; then
	log "initramfs: busybox ($BUSYBOX) + static rtbench"
	build_initramfs
	echo "${NAMES[*]}" >"$OUT/kernels.txt"
	echo "$LOADS" >"$OUT/loads.txt"
	# the variants and the kernels they were booted on (per-kernel compares)
	echo "${VAR_NAMES[*]}" >"$OUT/variants.txt"
	echo "${KN[*]}" >"$OUT/kernels-base.txt"
fi

# ---- boot one kernel -----------------------------------------------------
# boot NAME IMAGE APPEND DIR: the console in DIR/console.log, the results
# ingested into DIR. 0 ok; 1 failed (the reason printed).
boot() {
	local name=$1 image=$2 extra=$3 dir=$4 emu qargs rc t1
	mkdir -p "$dir"
	rm -f "$dir"/*.json "$dir"/*.txt "$dir/console.log"
	emu="emulator=$QEMU,version=$QVER,machine=$EMU_MACHINE,icount_shift=$ICOUNT,vcpus=$CPUS,accel=tcg"
	qargs=(-M $QMACHINE -m 1G -display none -monitor none -no-reboot -serial "file:$dir/console.log"
	       -kernel "$image" -initrd "$OUT/initramfs.cpio.gz")
	local append="console=$CONSOLE loglevel=1 panic=-1 rtb_label=$name rtb_loads=$LOADS rtb_tests=$TESTS rtb_samples=$SAMPLES rtb_period=$PERIOD rtb_rtla=$RTLA_ON rtb_break=$BREAK_US"
	# several vCPUs: the one to measure (one vCPU: as before, no --cpu)
	[ "$CPUS" -gt 1 ] && append="$append rtb_cpu=$MCPU"
	if [ $KVM = 1 ]; then
		qargs+=(-enable-kvm -cpu host -smp $CPUS)
	else
		# icount: one vCPU on x86 (with -smp 2 the boot hangs; arm64
		# boots several, run one at a time by QEMU's round-robin);
		# without icount the figures are emulation noise (PORTS.md)
		qargs+=(-cpu $QCPU -smp $CPUS -icount "shift=$ICOUNT,align=off,sleep=off" -rtc clock=vm)
		append="$append rtb_emu=$emu"
	fi
	[ -n "$extra" ] && append="$append $extra"
	echo "$extra" >"$dir/boot-options.txt"
	echo "$QEMU ${qargs[*]} -append \"$append\"" >"$dir/qemu.cmd"
	t1=$(date +%s)
	timeout -k 10 "$TIMEOUT" $QEMU "${qargs[@]}" -append "$append" </dev/null >"$dir/qemu.out" 2>&1
	rc=$?
	echo $(( $(date +%s) - t1 )) >"$dir/wall_s"
	if [ $rc = 124 ] || [ $rc = 137 ]; then
		echo "kernels.sh: $name: timed out after ${TIMEOUT}s (console: $dir/console.log)" >&2
		return 1
	fi
	[ $rc = 0 ] || { echo "kernels.sh: $name: qemu exited $rc ($(head -c 300 "$dir/qemu.out"))" >&2; return 1; }
	grep -q '^rtbench-guest: done' "$dir/console.log" ||
		{ echo "kernels.sh: $name: the guest did not finish (console: $dir/console.log)" >&2; return 1; }
	"$RTB" ingest -o "$dir" "$dir/console.log" 2>"$dir/ingest.log" ||
		{ echo "kernels.sh: $name: $(tail -1 "$dir/ingest.log")" >&2; return 1; }
	local l
	for l in ${LOADS//,/ }; do
		[ -f "$dir/$name.$l.json" ] || { echo "kernels.sh: $name: no result for load $l (see $dir/$name.$l.txt, $dir/console.log)" >&2; return 1; }
	done
	return 0
}

# ---- summary: p50/p99/max per kernel and load, PI verdicts -------------------
summarize() { # summarize RUNDIR -> RUNDIR/summary.txt (and .tsv)
	python3 "$here/bench/kernels_summary.py" "$1" "${NAMES[*]}" "$LOADS"
}

# systems RUNDIR: each system's boot options and, with several vCPUs, the
# CPU its rtbench measured and whether the kernel isolated it, as the guest
# reported them (nothing when every system booted with no options on 1 vCPU)
systems() {
	local n f out=""
	for n in "${NAMES[@]}"; do
		f=$1/$n
		out+="$(printf '%s: boot options [%s]' "$n" "$(cat "$f/boot-options.txt" 2>/dev/null)")"
		out+="$(tr -d '\r' <"$f/console.log" 2>/dev/null |
			sed -n 's/^rtbench-guest: \(measuring CPU .*\|CPU [0-9]* is .*isolated\)$/; \1/p' | tr -d '\n')"$'\n'
	done
	grep -qE '\[.+\]|measuring CPU' <<<"$out" || return 0
	printf '\nSystems (kernel-variant): boot options and the measured CPU, as each guest reported them\n%s' "$out"
}

# variants_compare RUNDIR LOAD: with --cmdline variants, per kernel its
# variants side by side, the first variant (e.g. base=) the reference:
# compare.LOAD.KERNEL.txt (the measurements) and compare.LOAD.noise.KERNEL.txt
# (the noise pass, where it ran)
variants_compare() {
	local run=$1 l=$2 k v what f files
	[ -s "$OUT/variants.txt" ] && [ -s "$OUT/kernels-base.txt" ] || return 0
	for k in $(cat "$OUT/kernels-base.txt"); do
		for what in "" noise.; do
			files=()
			for v in $(cat "$OUT/variants.txt"); do
				f=$run/$k-$v/$k-$v.$l.${what}json
				[ -f "$f" ] && files+=("$f")
			done
			[ ${#files[@]} -gt 1 ] || continue
			"$RTB" compare "${files[@]}" >"$run/compare.$l.$what$k.txt" 2>&1 ||
				{ echo "kernels.sh: compare $l ${what}$k failed (see $run/compare.$l.$what$k.txt)" >&2; status=1; }
		done
	done
}

# ---- the runs ------------------------------------------------------------------
# analyze_run R: compare and report per load, one column per kernel; summary
analyze_run() {
	local r=$1 run=$OUT/run$1 l n files
	for l in ${LOADS//,/ }; do
		files=()
		for n in "${NAMES[@]}"; do
			[ -f "$run/$n/$n.$l.json" ] && files+=("$run/$n/$n.$l.json")
		done
		# rtla's timerlat beside them, where it ran ("from rtla")
		for n in "${NAMES[@]}"; do
			grep -qs '^# RTLA timerlat histogram' "$run/$n/$n.$l.rtla-timerlat.txt" &&
				files+=("$run/$n/$n.$l.rtla-timerlat.txt")
		done
		[ ${#files[@]} -gt 0 ] || continue
		if [ ${#files[@]} -gt 1 ] && ! "$RTB" compare "${files[@]}" >"$run/compare.$l.txt" 2>&1; then
			echo "kernels.sh: compare $l failed (see $run/compare.$l.txt)" >&2
			status=1
		fi
		if ! "$RTB" report -t "rtbench: kernels under load '$l' (run $r)" -o "$run/report.$l.html" \
			"${files[@]}" 2>"$run/report.$l.err"; then
			echo "kernels.sh: report $l failed: $(cat "$run/report.$l.err")" >&2
			status=1
		fi
		variants_compare "$run" "$l"
	done
	summarize "$run"
	systems "$run" >>"$run/summary.txt"
	# what the defaults left out, and why, with the figures
	[ -s "$OUT/left-out.txt" ] && cat "$OUT/left-out.txt" >>"$run/summary.txt"
	log "run $r: summary"
	cat "$run/summary.txt"
}

# side_by_side N: the runs side by side, to show how well they repeat
side_by_side() {
	python3 - "$OUT" "$1" <<'PY' >"$OUT/summary.txt"
import os, sys
out, runs = sys.argv[1], int(sys.argv[2])
data, order = {}, []
for r in range(1, runs + 1):
    p = os.path.join(out, "run%d" % r, "summary.tsv")
    if not os.path.exists(p):
        continue
    for line in open(p):
        f = line.rstrip("\n").split("\t")
        if len(f) < 4:
            continue
        key = tuple(f[:3])
        if key not in data:
            data[key] = {}
            order.append(key)
        data[key][r] = f[3:]
print("The runs side by side (times in virtual us: p50 / p99 / max; priority-inversion verdicts)")
# the first column as wide as the longest system label (stock-nohz)
w = max([6] + [len(k[0]) for k in order])
print("%-*s %-9s %-36s %s" % (w, "kernel", "load", "measurement", "".join("%-22s" % ("run %d" % r) for r in range(1, runs + 1))))
for key in order:
    cells = []
    for r in range(1, runs + 1):
        v = data[key].get(r)
        if v is None:
            cells.append("-")
        elif len(v) == 3:
            cells.append("/".join("%.1f" % (int(x) / 1000.0) for x in v))
        else:
            cells.append(v[0])
    print("%-*s %-9s %-36s %s" % (w, key[0], key[1], key[2], "".join("%-22s" % c for c in cells)))
# whether the runs repeat: -icount fixes the instruction clock, not where
# QEMU's main loop meets the vCPU, so reruns are not bit-identical (docs/
# kernels.md); say, per statistic, in how many cells every run gave the same
# figure to the ns, and the widest spread (max - min over the mean)
if runs > 1:
    same, spread, n = [0, 0, 0], [0.0, 0.0, 0.0], 0
    for key in order:
        v = [data[key].get(r) for r in range(1, runs + 1)]
        if any(x is None or len(x) != 3 for x in v):
            continue
        n += 1
        for k in range(3):
            xs = [int(x[k]) for x in v]
            same[k] += len(set(xs)) == 1
            if sum(xs) > 0:
                spread[k] = max(spread[k], (max(xs) - min(xs)) / (sum(xs) / len(xs)))
    print("Agreement of the %d runs over %d timed cells: p50 identical in %d, p99 in %d, max in %d; "
          "widest spread p50 %.1f%%, p99 %.1f%%, max %.1f%% (not bit-identical reruns: docs/kernels.md)"
          % (runs, n, same[0], same[1], same[2], 100 * spread[0], 100 * spread[1], 100 * spread[2]))
PY
	cat "$OUT/summary.txt"
}

status=0
if [ $ANALYZE = 1 ]; then
	RUNS=$(ls -d "$OUT"/run[0-9]* 2>/dev/null | wc -l)
	[ "$RUNS" -gt 0 ] || die2 "--analyze: no run directories in $OUT"
	for r in $(seq 1 "$RUNS"); do analyze_run "$r"; done
	[ "$RUNS" -gt 1 ] && side_by_side "$RUNS"
	exit $status
fi
for r in $(seq 1 "$RUNS"); do
	run=$OUT/run$r
	mkdir -p "$run"
	for i in "${!NAMES[@]}"; do
		n=${NAMES[$i]}
		log "run $r: booting $n ($(basename "${IMAGES[$i]}")${APPENDS[$i]:+ ${APPENDS[$i]}}), loads $LOADS"
		if boot "$n" "${IMAGES[$i]}" "${APPENDS[$i]}" "$run/$n"; then
			log "run $r: $n done in $(cat "$run/$n/wall_s") s: $(ls "$run/$n" | grep -c '\.json$') result file(s)"
		else
			status=1
		fi
	done
	analyze_run "$r"
done
[ "$RUNS" -gt 1 ] && side_by_side "$RUNS"
log "all done: wall time $(( $(date +%s) - T0 )) s; results in $OUT"
exit $status
