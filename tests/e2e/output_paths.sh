#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Output files as root writes them (a planted link or file must
# not redirect root's write). Each bad path
# is refused with exit 2 and one line before anything is measured (before:
# /proc/x.json, a directory, or one file for --json and --csv measured for
# the whole run, printed "cannot write" after every benchmark, exited 0; a
# device node at the target became a regular file). A symlink planted at
# the old temporary name is not written through. A write that runs out of
# room exits nonzero with the errno text and leaves the good file whole.
. "$(dirname "$0")/lib.bash"
test_out output_paths
quick=(--tests sync.sem.take.uncontended --samples 50 --rounds 1 --quiet --idle-latency-us -1)

refused() { # refused WORD ARGS... : exit 2, one line naming WORD, quickly
	local want=$1; shift
	local t0 err rc dt
	t0=$(date +%s.%N)
	err=$("$RTBENCH" "$@" 2>&1 >/dev/null); rc=$?
	dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
	if [ $rc -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [[ $err == *"$want"* ]] &&
	   awk -v d="$dt" 'BEGIN{exit !(d < 3)}'; then
		ok "$* -> ${dt}s: $err"
	else
		fail "$*: exit $rc after ${dt}s: $err"
	fi
}

if mknod "$out/full" c 1 7 2>/dev/null; then
	refused "character device" run "${quick[@]}" --json "$out/full"
	"$RTBENCH" compare --help >/dev/null 2>&1 && refused "character device" report "$data/vx.json" -o "$out/full"
	[ -c "$out/full" ] && ok "the device node is still a device node" || fail "device node replaced"
else
	echo "(mknod not allowed: device case skipped)"
fi
refused "cannot create a file there" run "${quick[@]}" --json /proc/x.json
mkdir -p "$out/adir"
refused "a directory" run "${quick[@]}" --json "$out/adir"
refused "a directory" run "${quick[@]}" --csv "$out/adir"
refused "--json and --csv" run "${quick[@]}" --json "$out/same" --csv "$out/same"
refused "--json and --raw" run "${quick[@]}" --json "$out/same" --raw "$out/./same"
mkfifo "$out/fifo"
refused "a FIFO" run "${quick[@]}" --raw "$out/fifo"
echo precious >"$out/victim"
ln -s "$out/victim" "$out/link.json"
refused "symbolic link" run "${quick[@]}" --json "$out/link.json"
if "$RTBENCH" compare --help >/dev/null 2>&1; then
	refused "a directory" compare "$data/vx.json" "$data/rtl.json" -o "$out/adir"
	refused "symbolic link" report "$data/vx.json" -o "$out/link.json"
	refused "cannot create a file there" report "$data/vx.json" -o /proc/r.html
fi
[ "$(cat "$out/victim")" = precious ] && ok "symlink target untouched" || fail "symlink target written"

# no command writes onto one of its inputs, or twice to one file: by
# identity (device and inode), not by name (two names can be one file)
if "$RTBENCH" compare --help >/dev/null 2>&1; then
	mkdir -p "$out/in"
	cp "$data/vx.json" "$out/in/X.json"; cp "$data/vx_rerun.json" "$out/in/B.json"
	ln "$out/in/X.json" "$out/in/hard.json"; ln -s "$out/in" "$out/inlink"
	sum0=$(cat "$out/in/X.json" "$out/in/B.json" | md5sum)
	refused "is the input" report "$out/in/X.json" -o "$out/in/X.json"
	refused "is the input" report "$out/in/X.json" -o "$out/inlink/X.json"
	refused "is the input" report "$out/in/X.json" -o "$out/in/hard.json"
	refused "is the input" compare "$out/in/X.json" "$out/in/B.json" -o "$out/in/X.json"
	refused "is the input" compare "$out/in/B.json" "$out/in" -o "$out/in/./X.json"
	refused "is the input" compare --format csv "$out/in/X.json" "$out/in/B.json" -o "$out/in/B.json"
	refused "is the input" check "$out/in/X.json" --junit "$out/in/X.json"
	refused "is the input" check "$out/in/X.json" -o "$out/in/hard.json"
	refused "is the input" check "$out/in/X.json" --baseline "$out/in/B.json" --junit "$out/inlink/B.json"
	refused "-o and --junit" check "$out/in/X.json" -o "$out/j.xml" --junit "$out/j.xml"
	refused "-o and --junit" check "$out/in/X.json" -o "$out/j2.xml" --junit "$out/./j2.xml"
	[ "$(cat "$out/in/X.json" "$out/in/B.json" | md5sum)" = "$sum0" ] && ok "no input was written" ||
		fail "an input was replaced"
	"$RTBENCH" check "$out/in/X.json" -o "$out/j3.txt" --junit "$out/j3.xml" >/dev/null 2>&1
	[ -s "$out/j3.txt" ] && grep -q '<testsuite' "$out/j3.xml" && ok "check -o and --junit to two files: both written" ||
		fail "check -o + --junit: $(ls "$out")"
	cp "$out/r.json" "$out/runout.json" 2>/dev/null || echo '{}' >"$out/runout.json"
	ln "$out/runout.json" "$out/runhard.csv"
	refused "--json and --csv" run "${quick[@]}" --json "$out/runout.json" --csv "$out/runhard.csv"
fi

# asked for: the symlink's target is written, the link stays a link
"$RTBENCH" run "${quick[@]}" --json "$out/link.json" --follow-symlinks >/dev/null 2>&1 &&
	[ -L "$out/link.json" ] && grep -q '"schema"' "$out/victim" && ok "--follow-symlinks writes the target" ||
	fail "--follow-symlinks"

# a symlink planted at the old fixed temporary name is never written through
echo precious >"$out/victim2"
ln -s "$out/victim2" "$out/r.json.tmp"
"$RTBENCH" run "${quick[@]}" --json "$out/r.json" >/dev/null 2>&1; rc=$?
[ $rc -eq 0 ] && [ "$(cat "$out/victim2")" = precious ] && grep -q '"schema"' "$out/r.json" &&
	ok "planted r.json.tmp symlink not followed" || fail "planted temp symlink: rc $rc, victim: $(head -c 40 "$out/victim2")"
[ "$(stat -c %a "$out/r.json")" = 644 ] && ok "mode 0644" || fail "mode $(stat -c %a "$out/r.json")"
ls -A "$out" | grep -q '^\.r\.json\.' && fail "temporary file left behind" || ok "no temporary file left"

# "-" is standard output (a file named "-" was once written): the file
# alone arrives there, once, whole; two outputs cannot share it
rm -f ./-
"$RTBENCH" run "${quick[@]}" --json - >"$out/stdout.json" 2>"$out/stdout.err"; rc=$?
[ $rc -eq 0 ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"]=="rtbench-result" and d["complete"]' "$out/stdout.json" &&
	ok "--json - writes the result, alone, to standard output" || fail "--json -: rc $rc, $(head -c 80 "$out/stdout.json")"
[ -e ./- ] && fail "--json - wrote a file named '-'" || ok "no file named '-'"
"$RTBENCH" run "${quick[@]}" --csv - >"$out/stdout.csv" 2>/dev/null &&
	head -1 "$out/stdout.csv" | grep -q '^label,id,' && [ "$(wc -l <"$out/stdout.csv")" -eq 2 ] &&
	ok "--csv - writes the CSV alone to standard output" || fail "--csv -: $(head -2 "$out/stdout.csv")"
refused "one output at most on standard output" run "${quick[@]}" --json - --csv -
# --raw rows carry each sample's time since the run's start:
# recorded in order, so non-decreasing within a one-thread measurement,
# and within the run's wall time
t0=$(date +%s%N)
"$RTBENCH" run "${quick[@]}" --raw "$out/raw.csv" >/dev/null 2>&1
t1=$(date +%s%N)
python3 - "$out/raw.csv" $(( (t1 - t0) )) <<'PY' && ok "--raw rows carry t_ns, in order, within the run" || fail "--raw t_ns"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and list(rows[0].keys()) == ["metric", "index", "ns", "t_ns"], rows[:1]
t = [int(r["t_ns"]) for r in rows if r["metric"] == "sync.sem.take.uncontended"]
assert len(t) == 50 and all(b >= a for a, b in zip(t, t[1:])), t[:5]
assert 0 < t[0] and t[-1] < int(sys.argv[2]), (t[0], t[-1], sys.argv[2])
PY
# run --histogram: cyclictest -h's histogram after the tables, adding up to the count
"$RTBENCH" run "${quick[@]}" --histogram >"$out/hist.txt" 2>/dev/null &&
	grep -q '^# rtbench sync.sem.take.uncontended (' "$out/hist.txt" &&
	[ "$(awk '/^# rtbench sync.sem.take.uncontended/{f=1} f && /^# Histogram$/{on=1;next} on && /^# Total:/{print s; exit} on{s+=$2}' "$out/hist.txt")" = \
	  "$(awk '/^# rtbench sync.sem.take.uncontended/{f=1} f && /^# Total:/{print $3 + 0; exit}' "$out/hist.txt")" ] &&
	ok "run --histogram prints a histogram whose rows add up to its total" ||
	fail "run --histogram: $(grep -A4 '^# Histogram' "$out/hist.txt" | head -5)"

# no room: RLIMIT_FSIZE (SIGXFSZ ignored) fails writes as a full disk does
cp "$out/r.json" "$out/good.json"
err=$( (trap '' XFSZ; ulimit -f 2; exec "$RTBENCH" run "${quick[@]}" --json "$out/r.json") 2>&1 >/dev/null); rc=$?
echo "$err"
[ $rc -ne 0 ] && ok "a run that could not write its result exits $rc" || fail "exit 0 after a failed write"
[[ $err == *"cannot write $out/r.json: File too large"* ]] && ok "the line gives the errno text" ||
	fail "no errno text: $err"
cmp -s "$out/r.json" "$out/good.json" && ok "the good file is left whole" || fail "the good file was replaced"
ls -A "$out" | grep -q '^\.r\.json\.' && fail "temporary file left behind" || ok "no temporary file left"
# both files of a --duration run fail: both named, and no "left as it was"
# where there was no file
rm -f "$out/n.json" "$out/n.csv"
err=$( (trap '' XFSZ; ulimit -f 0; exec "$RTBENCH" run --duration 1s --quiet --json "$out/n.json" --csv "$out/n.csv") 2>&1 >/dev/null)
[[ $err == *"cannot write $out/n.json: File too large (there was no file, and none was written)"* ]] &&
	[[ $err == *"cannot write $out/n.csv: File too large (there was no file, and none was written)"* ]] &&
	ok "both failed files named, neither said to be left as it was" || fail "two failed files: $err"
# bad input writes nothing and exits 2: frame of a directory, a fractional duration
"$RTBENCH" frame "$out" >"$out/frame.out" 2>"$out/frame.err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$out/frame.out" ] && ok "frame DIR: exit 2, nothing written" ||
	fail "frame DIR: exit $rc, wrote $(head -c 80 "$out/frame.out")"
"$RTBENCH" run --duration 1.5s >/dev/null 2>"$out/frac.err"
rc=$?
[ $rc -eq 2 ] && grep -q "is not a whole number" "$out/frac.err" && ok "--duration 1.5s: not a whole number, exit 2" ||
	fail "--duration 1.5s: exit $rc: $(cat "$out/frac.err")"
done_test
