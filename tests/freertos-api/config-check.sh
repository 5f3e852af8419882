#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# config-check.sh - our FreeRTOSConfig.h against one FreeRTOS-Kernel
# release's own headers and sources (api-check runs it when it has a
# kernel tree; it builds nothing).
#
#   config-check.sh KERNEL CONFIG CC -- CPPFLAGS... -- SOURCE...
#
# 1. Every config*/INCLUDE_* setting CONFIG defines for this build (its
#    branch for the board: the preprocessor says which) is one the release
#    knows: it appears in the release's include/ or in a source the build
#    compiles. A setting the release renamed or dropped would otherwise be
#    ignored without a word.
# 2. Each kernel SOURCE (relative to KERNEL), preprocessed with CPPFLAGS and
#    -Wundef, leaves no config*/INCLUDE_* name behind: one in the code is a
#    setting this release needs under our configuration that neither CONFIG
#    nor its FreeRTOS.h defines (V11.1.0's tasks.c uses
#    configTIMER_TASK_STACK_DEPTH with kernel-provided static memory even
#    with timers off); one undefined in an #if silently counts as 0.
# Output: one line per finding, then a summary line. Exit 0 when clean,
# 1 on a finding, 2 on bad use.
set -u
[ $# -ge 5 ] || { echo "usage: config-check.sh KERNEL CONFIG CC -- CPPFLAGS... -- SOURCE..." >&2; exit 2; }
kernel=$1 config=$2 cc=$3
shift 3
[ "$1" = -- ] || { echo "config-check.sh: '--' expected before CPPFLAGS" >&2; exit 2; }
shift
flags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do flags+=("$1"); shift; done
[ $# -gt 0 ] && shift
srcs=("$@")
[ -f "$kernel/include/FreeRTOS.h" ] || { echo "config-check.sh: $kernel: no include/FreeRTOS.h" >&2; exit 2; }
[ -f "$config" ] || { echo "config-check.sh: $config: no such file" >&2; exit 2; }
ver=$(sed -n 's/^#define tskKERNEL_VERSION_NUMBER[[:space:]]*"\([^"]*\)".*/\1/p' "$kernel/include/task.h")
ver=${ver:-"(no version)"}
bad=0

# Settings that are ours, not the kernel's (name:why), and settings a
# later release added (name:release): said, never a finding.
ours="configPRIO_BITS:the board's NVIC priority bits: FreeRTOSConfig.h computes the others from it
configKERNEL_INTERRUPT_PRIORITY:V11's ARM_CM4F port sets PendSV and SysTick to the lowest priority itself; board.c gives it to the dual timer"
since='configUSE_EVENT_GROUPS:V11.1.0'
# older - 1 when release $1 (V11.0.1) comes before $2 (V11.1.0)
older() {
	[ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "${1#V}" "${2#V}" | sort -V | head -1)" = "${1#V}" ]
}

# 1. our settings, each known to the release
known=$(mktemp)
trap 'rm -f "$known"' EXIT
cat "$kernel"/include/*.h > "$known"
for s in "${srcs[@]}"; do
	cat "$kernel/$s" "$(dirname "$kernel/$s")"/*.h 2>/dev/null >> "$known"
done
# only what this build defines (the board's branch of CONFIG, not the other's)
active=$(printf '#include "%s"\n' "$(basename "$config")" | "$cc" "${flags[@]}" -I"$(dirname "$config")" -dM -E -x c - 2>/dev/null |
	sed -n -E 's/^#define ((config|INCLUDE_)[A-Za-z0-9_]+).*/\1/p')
[ -n "$active" ] || { echo "config-check.sh: $config defines nothing with these flags" >&2; exit 2; }
n=0
while IFS=: read -r line name; do
	n=$((n + 1))
	why=$(printf '%s\n' "$ours" | sed -n "s/^$name://p")
	first=$(printf '%s\n' "$since" | sed -n "s/^$name://p")
	if [ -n "$why" ]; then
		echo "config-check: $name: ours, not the kernel's ($why)"
	elif [ -n "$first" ] && older "$ver" "$first"; then
		echo "config-check: $name: added in $first; $ver has no such setting (nothing to set there)"
	elif ! grep -qw -- "$name" "$known"; then
		echo "config-check: $name ($(basename "$config"):$line): not in FreeRTOS-Kernel $ver's headers or compiled sources (renamed or removed there?)"
		bad=1
	fi
done < <(grep -n -oE '^[[:space:]]*#[[:space:]]*define[[:space:]]+(config|INCLUDE_)[A-Za-z0-9_]+' "$config" |
	sed -E 's/^([0-9]+):.*define[[:space:]]+/\1:/' | sort -t: -k2 -u | grep -F -w -f <(printf '%s\n' $active))

# 2. the release's sources under our configuration
for s in "${srcs[@]}"; do
	out=$("$cc" "${flags[@]}" -Wundef -E -P "$kernel/$s" 2>&1 >/dev/null |
		grep -oE "\"(config|INCLUDE_)[A-Za-z0-9_]+\" is not defined" | sort -u)
	left=$("$cc" "${flags[@]}" -E -P "$kernel/$s" 2>/dev/null | grep -oE '\b(config|INCLUDE_)[A-Za-z0-9_]+\b' | sort -u)
	for w in $left; do
		echo "config-check: $w: used by $s of FreeRTOS-Kernel $ver under our configuration, defined neither by $(basename "$config") nor by its FreeRTOS.h"
		bad=1
	done
	if [ -n "$out" ]; then
		while read -r w; do
			echo "config-check: $s of FreeRTOS-Kernel $ver: $w in an #if (counts as 0 there)"
		done <<<"$out"
		bad=1
	fi
done
if [ $bad = 0 ]; then
	echo "config-check: FreeRTOS-Kernel $ver: the $n settings of $(basename "$config") are its own (or said above); its ${#srcs[@]} sources leave none undefined"
fi
exit $bad
