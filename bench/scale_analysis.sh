#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scale_analysis.sh - the host commands on a big server's day: a 256-CPU,
# 1440-interval result file made from a real 2-CPU run (bench/scale_file.py
# from tests/data/long2.json; a second one, another draw, as the baseline
# of compare and check), and the wall time of tail, compare, check and
# report on it, each the median of N runs (default 5), with the peak
# memory. --linearity adds tail and report on 64, 128 CPUs and 360, 720
# intervals (the time should grow in proportion to CPUs x intervals).
#
#   bench/scale_analysis.sh [--runs N] [--linearity] [DIR]     (DIR: /tmp/rtb-scale)
#   RTBENCH=path/to/rtbench  the binary timed (default build/rtbench)
#   LOCK=/work/machine.lock  time under flock -x LOCK (the files are made outside it)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5 lin=0
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--linearity) lin=1; shift ;;
	-*) echo "usage: $0 [--runs N] [--linearity] [DIR]" >&2; exit 2 ;;
	*) break ;;
	esac
done
dir=${1:-/tmp/rtb-scale}
bin=$(realpath "${RTBENCH:-build/rtbench}")
mkdir -p "$dir"

make_file() { # CPUS INTERVALS SEED OUT
	[ -s "$4" ] || python3 bench/scale_file.py --cpus "$1" --intervals "$2" --seed "$3" \
		tests/data/long2.json "$4"
}
make_file 256 1440 43 "$dir/c256i1440.json"
make_file 256 1440 44 "$dir/c256i1440b.json"
if [ $lin = 1 ]; then
	make_file 64 1440 43 "$dir/c64i1440.json"
	make_file 128 1440 43 "$dir/c128i1440.json"
	make_file 256 360 43 "$dir/c256i360.json"
	make_file 256 720 43 "$dir/c256i720.json"
fi

# one_cmd NAME ARGS...: N runs, the median, min and max wall time, the
# largest peak memory
one_cmd() {
	local name=$1; shift
	local t=() mem=0 i s e m
	for ((i = 0; i < runs; i++)); do
		s=$(date +%s.%N)
		/usr/bin/time -f %M -o "$dir/mem" "$bin" "$@" >"$dir/out.$name" 2>&1 || [ $? -eq 1 ]
		e=$(date +%s.%N)
		t+=("$(echo "$e - $s" | bc)")
		m=$(tail -n 1 "$dir/mem")
		[ "$m" -gt "$mem" ] && mem=$m
	done
	printf '%s\n' "${t[@]}" | sort -n | awk -v n="$name" -v mem="$mem" \
		'{ v[NR] = $1 } END { printf "%-34s %8.2f %8.2f %8.2f %8.0f\n", n, v[int((NR + 1) / 2)], v[1], v[NR], mem / 1024 }'
}

table() {
	local a=$dir/c256i1440.json b=$dir/c256i1440b.json
	echo "rtbench: $bin; $runs runs each; $(nproc) CPUs; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "file: $(basename "$a") $(($(stat -c %s "$a") / 1000000)) MB (256 CPUs x 1440 intervals)"
	printf '%-34s %8s %8s %8s %8s\n' command "median s" "min s" "max s" "peak MB"
	one_cmd "tail -t 100" tail -t 100 "$a"
	one_cmd "compare A B" compare "$a" "$b"
	one_cmd "check --baseline B (3 rules)" check "$a" --baseline "$b" --max-p99-us 100 \
		--rate-below 100:1e-6
	one_cmd "report -o F.html" report "$a" -o "$dir/report.html"
	echo "report page: $(($(stat -c %s "$dir/report.html") / 1000)) kB"
	if [ $lin = 1 ]; then
		for f in c64i1440 c128i1440 c256i360 c256i720; do
			one_cmd "tail -t 100 $f" tail -t 100 "$dir/$f.json"
			one_cmd "report $f" report "$dir/$f.json" -o "$dir/$f.html"
		done
	fi
}

if [ -n "${LOCK:-}" ]; then
	export -f table one_cmd
	export dir bin runs lin
	flock -x "$LOCK" bash -c table
else
	table
fi
