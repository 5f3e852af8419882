#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# tail_holdout.sh - the hold-out runs that validate `rtbench tail` (docs/tail.md): N pairs of
# back-to-back `rtbench run --duration` runs on every CPU, alternately idle
# and under stress-ng (--load-cmd); the first run of a pair is fitted, the
# second is what bench/tail_holdout.py predicts. Each pair is measured under
# the exclusive lock (one hold per pair, 2 x DUR plus start-up), with the
# load average recorded before it.
#   bench/tail_holdout.sh OUTDIR [PAIRS] [DUR] [INTERVAL]      (default 20 pairs of 60s, 5s intervals)
# HOLDOUT_ARGS: more `run` options for every run (e.g. --count-over-us
# 500,1000,2000, so the tail's spread comes from exact per-interval counts).
# HOLDOUT_UNTIL=HH:MM (UTC): a pair whose lock is taken after it is not
# measured and the script ends (a session's measuring deadline).
set -u
out=${1:?usage: tail_holdout.sh OUTDIR [PAIRS] [DUR] [INTERVAL]}
pairs=${2:-20}
dur=${3:-60s}
iv=${4:-5s}
rtb=${RTBENCH:-build/rtbench}
mkdir -p "$out"
for ((p = 0; p < pairs; p++)); do
	if ((p % 2)); then cond=load; else cond=idle; fi
	for half in a b; do
		args=(run --duration "$dur" --interval "$iv" --cpus all --quiet --label "h$p-$cond-$half"
		      --json "$out/p$p-$cond-$half.json")
		# shellcheck disable=SC2206 # word-split on purpose: a list of options
		[ -n "${HOLDOUT_ARGS:-}" ] && args+=($HOLDOUT_ARGS)
		[ "$cond" = load ] && args+=(--load-cmd 'stress-ng --cpu 2 --io 1 --vm 1 --vm-bytes 64M --quiet')
		printf '%q ' "${args[@]}" >"$out/p$p-$cond-$half.cmd"
	done
	flock -x /tmp/rtbench-rt.lock bash -c '
		if [ -n "'"${HOLDOUT_UNTIL:-}"'" ] && [ "$(date -u +%H:%M)" \> "'"${HOLDOUT_UNTIL:-}"'" ]; then
			echo "pair '"$p"' not measured: past '"${HOLDOUT_UNTIL:-}"' at $(date -u +%FT%TZ)" >>"'"$out"'/log.txt"
			exit 3
		fi
		echo "pair '"$p"' '"$cond"' start $(date -u +%FT%TZ) loadavg $(cat /proc/loadavg)" >>"'"$out"'/log.txt"
		for half in a b; do
			eval "'"$rtb"' $(cat "'"$out"'/p'"$p"'-'"$cond"'-$half.cmd")" >/dev/null 2>>"'"$out"'/stderr.txt" ||
				echo "pair '"$p"' $half failed rc=$?" >>"'"$out"'/log.txt"
		done
		echo "pair '"$p"' '"$cond"' end $(date -u +%FT%TZ) loadavg $(cat /proc/loadavg)" >>"'"$out"'/log.txt"'
	[ $? = 3 ] && break
	sleep 20   # let the others' tests in between holds
done
