#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run --duration D --cpus all --raw FILE: every sample streamed to FILE as
# it is measured, and `rtbench raw2csv` (docs/long-runs.md "Every sample to
# disk"):
#  1. 3 s on every CPU, 1 s intervals: the CSV has its header and, per CPU,
#     as many rows as the result's count less what the file says was lost
#     (and settings.raw and the metric's raw_samples / raw_lost agree); each
#     CPU's largest row is the result's max; each second's rows are that
#     interval's count; indices run 0.. with gaps only where samples were
#     lost; the stderr line says the bytes a sample; each interval has its
#     "smi" (a count, or null with settings.smi_note: never a made-up 0).
# 1b. the writer held (RTBENCH_TEST_RAW_HOLD) until every ring overflowed:
#     each CPU's losses in the file (index gaps), the result and the line.
#  2. the file cut mid-frame: raw2csv converts the whole samples, says where
#     it was cut and how much, exit 2; cut before its end frame: the same
#     with "no end frame"; not a raw file / a damaged frame: one line, exit
#     2, nothing written.
#  3. SIGKILL mid-run: the file left converts (exit 2, "cut short"), rows
#     in it.
#  4. refused before measuring, one line, exit 2, no file: the disk too
#     small (RTBENCH_TEST_FREE_BYTES, the port's documented test hook for
#     the free space statvfs reports: the line gives the bytes a sample, the
#     need and the free space), a symlink, a device node, "-".
# No latency threshold anywhere: counts and structure only.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out raw
ncpu=$(getconf _NPROCESSORS_ONLN)

# 1. a whole run, every sample
"$RTBENCH" run --duration 3s --cpus all --interval 1s --quiet --raw "$out/r.bin" --json "$out/r.json" \
	>"$out/r.txt" 2>"$out/r.err"
rc=$?
[ $rc -eq 0 ] || { fail "the 3 s --raw run: exit $rc"; sed 's/^/  | /' "$out/r.err"; }
grep -q "^rtbench: --raw $out/r.bin: [0-9]* samples in [0-9]* bytes (4 bytes a sample), [0-9]* lost" "$out/r.err" &&
	ok "the run's line says what the file holds, 4 bytes a sample" || fail "no --raw line: $(cat "$out/r.err")"
"$RTBENCH" raw2csv "$out/r.bin" -o "$out/r.csv" 2>"$out/c.err"
rc=$?
[ $rc -eq 0 ] && ok "raw2csv of a whole file: exit 0 ($(cat "$out/c.err"))" || fail "raw2csv: exit $rc: $(cat "$out/c.err")"
python3 - "$out/r.json" "$out/r.csv" "$out/r.bin" "$ncpu" <<'PY' || fail "the file against the result"
import csv, json, os, sys
from collections import Counter, defaultdict
d = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2])))
ncpu = int(sys.argv[4])
bad = []
if rows[0] != ["measurement", "metric", "cpu", "index", "second", "latency_ns"]:
    bad.append(f"header {rows[0]}")
rows = rows[1:]
by = defaultdict(list)
for r in rows:
    by[int(r[2])].append(r)
raw = d["settings"]["raw"]
if raw["samples"] != len(rows):
    bad.append(f"settings.raw.samples {raw['samples']} != {len(rows)} rows")
if raw["bytes"] != os.path.getsize(sys.argv[3]) or raw["bytes_per_sample"] != 4 or raw["error"] is not None:
    bad.append(f"settings.raw {raw}")
ms = {m["id"]: m for m in d["metrics"]}
lost_all = 0
for cpu in range(ncpu):
    m = ms.get(f"irq.timer.nanosleep@cpu{cpu}") if ncpu > 1 else ms["irq.timer.nanosleep"]
    rs = by[cpu]
    ex = {k: v["value"] for k, v in m["extras"].items()}
    lost = int(ex["raw_lost"]); lost_all += lost
    if int(ex["raw_samples"]) != len(rs) or len(rs) + lost != m["count"]:
        bad.append(f"cpu{cpu}: {len(rs)} rows + {lost} lost != count {m['count']} (raw_samples {ex['raw_samples']})")
    if not lost and max(int(r[5]) for r in rs) != m["max"]:
        bad.append(f"cpu{cpu}: largest row {max(int(r[5]) for r in rs)} != max {m['max']}")
    idx = [int(r[3]) for r in rs]
    if idx[0] != 0 or any(b <= a for a, b in zip(idx, idx[1:])) or idx[-1] + 1 != m["count"] and not lost:
        bad.append(f"cpu{cpu}: indices not 0.. in order")
    per_s = Counter(int(r[4]) for r in rs)
    ivc = [iv["count"] for iv in m["intervals"]]
    if not lost and [per_s.get(i, 0) for i in range(len(ivc))] != ivc:
        bad.append(f"cpu{cpu}: rows a second {sorted(per_s.items())} != interval counts {ivc}")
    for iv in m["intervals"]:
        if "smi" not in iv or (iv["smi"] is None) != (d["settings"].get("smi_count") is None):
            bad.append(f"cpu{cpu}: interval smi {iv.get('smi')} beside the run's smi_count {d['settings'].get('smi_count')}")
            break
if lost_all != raw["lost"]:
    bad.append(f"settings.raw.lost {raw['lost']} != the CPUs' {lost_all}")
for b in bad:
    print(b)
print(f"{len(rows)} rows on {ncpu} CPUs, {lost_all} lost")
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && ok "every sample: rows = count - lost per CPU, max, per-second counts, indices"

# 1b. the writer held until every ring overflowed (RTBENCH_TEST_RAW_HOLD):
#     the losses counted per CPU, in the file where they were (the gaps in
#     index), in the result and on the run's line; rows + lost = count
RTBENCH_TEST_RAW_HOLD=1 "$RTBENCH" run --duration 200s --cpus all --interval 1s --period-us 50 --quiet \
	--raw "$out/l.bin" --json "$out/l.json" --ready "$out/l.ready" >/dev/null 2>"$out/l.err" &
pid=$!
at_exit "kill -9 $pid 2>/dev/null"
lostseen() { python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))["settings"]["raw"]["lost"] > 0 else 1)' "$1" 2>/dev/null; }
if wait_measuring "$out/l.ready" $pid; then
	for ((i = 0; i < 2000; i++)); do lostseen "$out/l.json" && break; alive $pid || break; sleep 0.1; done
	kill -INT $pid
fi
wait $pid
rc=$?
grep -q "^rtbench: --raw $out/l.bin: [0-9]* samples in [0-9]* bytes (4 bytes a sample), [1-9][0-9]* lost" "$out/l.err" &&
	[ $rc -eq 0 ] && ok "losses said on the run's line: $(grep -- '--raw' "$out/l.err")" ||
	fail "held writer: exit $rc: $(cat "$out/l.err")"
"$RTBENCH" raw2csv "$out/l.bin" -o "$out/l.csv" 2>"$out/lc.err" || fail "raw2csv of the lossy file: $(cat "$out/lc.err")"
python3 - "$out/l.json" "$out/l.csv" "$ncpu" "$out/lc.err" <<'PY' && ok "losses: per CPU rows + lost = count, gaps in index = lost, said by raw2csv" || fail "the lossy file against the result"
import csv, json, re, sys
from collections import defaultdict
d = json.load(open(sys.argv[1])); ncpu = int(sys.argv[3])
by = defaultdict(list)
for r in list(csv.reader(open(sys.argv[2])))[1:]:
    by[int(r[2])].append(int(r[3]))
ms = {m["id"]: m for m in d["metrics"]}
bad, total = [], 0
for cpu in range(ncpu):
    m = ms.get(f"irq.timer.nanosleep@cpu{cpu}") if ncpu > 1 else ms["irq.timer.nanosleep"]
    lost = int(m["extras"]["raw_lost"]["value"]); total += lost
    idx = by[cpu]
    gaps = sum(b - a - 1 for a, b in zip(idx, idx[1:])) + idx[0]
    if not lost or len(idx) + lost != m["count"] or gaps + (m["count"] - 1 - idx[-1]) != lost:
        bad.append(f"cpu{cpu}: {len(idx)} rows, {lost} lost, gaps {gaps}, count {m['count']}")
if total != d["settings"]["raw"]["lost"] or f"{total} lost" not in open(sys.argv[4]).read():
    bad.append(f"total lost {total}: settings {d['settings']['raw']['lost']}, raw2csv: {open(sys.argv[4]).read()}")
[print(b) for b in bad]; sys.exit(1 if bad else 0)
PY

# 2. cut and damaged files
size=$(stat -c %s "$out/r.bin")
head -c $((size - 37)) "$out/r.bin" >"$out/cut.bin"
"$RTBENCH" raw2csv "$out/cut.bin" -o "$out/cut.csv" 2>"$out/cut.err"
rc=$?
[ $rc -eq 2 ] && grep -q "cut short: its last [0-9]* bytes (from byte [0-9]*) are not a whole frame" "$out/cut.err" &&
	[ -s "$out/cut.csv" ] && ok "cut mid-frame: exit 2, converted, said: $(tail -1 "$out/cut.err")" ||
	fail "cut file: exit $rc: $(cat "$out/cut.err")"
end_len=$((16 + 24 * ncpu))
head -c $((size - end_len)) "$out/r.bin" >"$out/noend.bin"
"$RTBENCH" raw2csv "$out/noend.bin" -o "$out/noend.csv" 2>"$out/noend.err"
rc=$?
[ $rc -eq 2 ] && grep -q "has no end frame" "$out/noend.err" &&
	[ "$(wc -l <"$out/noend.csv")" -eq "$(wc -l <"$out/r.csv")" ] &&
	ok "cut before its end frame: every sample converted, exit 2, said" ||
	fail "no end frame: exit $rc: $(cat "$out/noend.err")"
echo "not a raw file" >"$out/text.bin"
expect 2 "$RTBENCH" raw2csv "$out/text.bin" -o "$out/text.csv"
grep -q "not an rtbench raw file.*(nothing written)" "$out/e" && [ "$(wc -l <"$out/e")" -eq 1 ] && [ ! -e "$out/text.csv" ] &&
	ok "not a raw file: one line, exit 2, nothing written" || fail "text file: $(cat "$out/e")"
cp "$out/r.bin" "$out/dmg.bin"
hl=$(python3 -c 'import sys,struct; b=open(sys.argv[1],"rb").read(12); print(12+struct.unpack("<H",b[10:12])[0])' "$out/r.bin")
printf '\377\377\377\177' | dd of="$out/dmg.bin" bs=1 seek=$((hl + 4)) conv=notrunc status=none
expect 2 "$RTBENCH" raw2csv "$out/dmg.bin" -o "$out/dmg.csv"
grep -q "longer than 1 MiB" "$out/e" && [ ! -e "$out/dmg.csv" ] && ok "a damaged frame: one line, exit 2, nothing written" ||
	fail "damaged: $(cat "$out/e")"

# 3. SIGKILL once the first interval was written: the file left converts
"$RTBENCH" run --duration 60s --cpus all --interval 1s --quiet --raw "$out/k.bin" --json "$out/k.json" \
	--ready "$out/k.ready" >/dev/null 2>"$out/k.err" &
pid=$!
at_exit "kill -9 $pid 2>/dev/null"
if wait_measuring "$out/k.ready" $pid && wait_intervals "$out/k.json" 1 $pid; then
	kill -9 $pid
	wait $pid 2>/dev/null
	"$RTBENCH" raw2csv "$out/k.bin" -o "$out/k.csv" 2>"$out/kc.err"
	rc=$?
	n=$(($(wc -l <"$out/k.csv") - 1))
	[ $rc -eq 2 ] && grep -q "cut short" "$out/kc.err" && [ "$n" -gt 0 ] &&
		ok "killed mid-run: $n samples converted, exit 2: $(tail -1 "$out/kc.err")" ||
		fail "killed run: exit $rc, $n rows: $(cat "$out/kc.err")"
else
	fail "the run to kill never wrote an interval: $(cat "$out/k.err")"
fi

# 4. refusals before measuring
refused() { # WANT ARGS...: exit 2, one line naming WANT, no "measuring"
	local want=$1; shift
	"$RTBENCH" run --duration 10s --cpus all --quiet "$@" >"$out/o" 2>"$out/e"
	local rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$out/e")" -eq 1 ] && grep -q -- "$want" "$out/e" && ! grep -q measuring "$out/e" &&
		ok "refused: $(cat "$out/e")" || fail "$*: exit $rc: $(cat "$out/e")"
}
RTBENCH_TEST_FREE_BYTES=100000 refused "4 bytes a sample.*100000 bytes free" --raw "$out/full.bin"
[ -e "$out/full.bin" ] && fail "the refused run made its file"
ln -sf /dev/null "$out/link.bin"
refused "symbolic link" --raw "$out/link.bin"
[ -c /dev/null ] || fail "/dev/null is not a device any more"
refused "refusing to replace it" --raw /dev/null
refused "give a file" --raw -
done_test
