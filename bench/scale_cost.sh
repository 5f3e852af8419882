#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/scale_cost.sh - what rtbench itself costs per CPU (docs/scale.md):
# every-CPU runs here (-S), untraced and --trace, of the timer at 100 us and
# at 1 ms, the pipe round trip and the noise, each for a short and a long
# time; from each result's "self_cost" (the supervisor's and the trace
# reader's CPU time, the events read, the peak resident memory) and its
# file size, the cost table; with the results of bench/bigguest.sh's 16-
# and 64-vCPU guests (EMULATED: QEMU TCG) beside them, the cost model and
# its plot (bench/scale_model.py).
#
#   flock -x /work/machine.lock bench/scale_cost.sh [-o DIR] [--short S]
#         [--long S] [--guest DIR]... [--model-only]
#
#   -o DIR        where the results, the table and the plot go (default
#                 build/scale-cost)
#   --short S     seconds of each run (default 5)
#   --long S      seconds of the second timer and noise runs, for "flat in
#                 length" (default 20)
#   --guest DIR   a bench/bigguest.sh output folder (repeatable): its
#                 results join the table, marked EMULATED
#   --model-only  run nothing: the table, model and plot from DIR again
#
# Run it alone on the machine (the reader's events per second of its own
# CPU is a figure of this machine). About 3 minutes with the defaults.
# Output: DIR/cost.tsv (one line a run), DIR/model.txt (the model's
# constants and, per measurement, the CPUs one housekeeping CPU keeps up
# with), DIR/scale.svg (gnuplot, when installed).
set -u
export LC_ALL=C
here=$(cd "$(dirname "$0")/.." && pwd)
OUT=build/scale-cost SHORT=5 LONG=20 MODEL_ONLY=0
GUESTS=()
die2() { echo "scale_cost.sh: $*" >&2; exit 2; }
num() { [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] || die2 "$1: '$2' is not a whole number from $3 to $4"; }
while [ $# -gt 0 ]; do
	case $1 in
	-o) [ $# -ge 2 ] || die2 "-o: needs a value"; OUT=$2; shift ;;
	--short) [ $# -ge 2 ] || die2 "--short: needs a value"; num --short "$2" 2 3600; SHORT=$2; shift ;;
	--long) [ $# -ge 2 ] || die2 "--long: needs a value"; num --long "$2" 2 86400; LONG=$2; shift ;;
	--guest) [ $# -ge 2 ] || die2 "--guest: needs a value"; [ -d "$2" ] || die2 "--guest: no folder '$2'"; GUESTS+=("$2"); shift ;;
	--model-only) MODEL_ONLY=1 ;;
	-h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) die2 "'$1': unknown option (see --help)" ;;
	esac
	shift
done
mkdir -p "$OUT/native" || die2 "-o: cannot create '$OUT'"
RTB=$here/build/rtbench
if [ $MODEL_ONLY = 0 ]; then
	make -s -C "$here" -j2 >/dev/null || { echo "scale_cost.sh: build failed" >&2; exit 1; }
	[ "$(id -u)" = 0 ] || echo "scale_cost.sh: not root: --trace runs will be untraced (said in their results)" >&2
	# NAME SECONDS TRACED ARGS...: one every-CPU run, its result kept
	one() {
		local name=$1 s=$2 tr=$3
		shift 3
		local f=$OUT/native/$name.${s}s.$([ "$tr" = 1 ] && echo traced || echo untraced)
		echo "scale_cost.sh: $name, ${s} s, $([ "$tr" = 1 ] && echo traced || echo untraced)"
		"$RTB" run --quiet -S -D "${s}s" "$@" $([ "$tr" = 1 ] && echo --trace) --json "$f.json" >"$f.txt" 2>&1 ||
			echo "scale_cost.sh: $name: exit $? (see $f.txt)" >&2
	}
	for tr in 0 1; do
		one timer1000 "$SHORT" $tr --tests irq.timer.nanosleep --period-us 1000
		one timer100 "$SHORT" $tr --tests irq.timer.nanosleep --period-us 100
		one pipe "$SHORT" $tr --tests ipc.pipe.roundtrip
		one noise "$SHORT" $tr --tests noise.gap
		one timer1000 "$LONG" $tr --tests irq.timer.nanosleep --period-us 1000
		one noise "$LONG" $tr --tests noise.gap
	done
fi
python3 "$here/bench/scale_model.py" "$OUT" "${GUESTS[@]}"
