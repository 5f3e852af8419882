#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# reader_memory.sh - the result-file reader has a memory budget relative to
# its input: a 21 MB file of empty arrays under "system" made compare use
# 1.0 GB (each [] ~110 bytes of JSON tree); now it is refused in one line,
# exit 2, before the tree passes 64 MiB + 24 bytes a byte. And a file
# within the budget that the process's memory limit (ulimit -v) stops was
# reported as "malformed JSON at line -1, column -1": now "out of memory".
. "$(dirname "$0")/lib.bash"
needs_host
test_out reader_memory
python3 - "$data/vx.json" "$out" <<'PY'
import json, sys
src, out = sys.argv[1:3]
s = json.dumps(json.load(open(src)))
i = s.index('"system": {') + len('"system": {')
open(f"{out}/arrays.evil", "w").write(s[:i] + '"junk": [' + ",".join(["[]"] * 7000000) + '], ' + s[i:])
open(f"{out}/dense.evil", "w").write(s[:i] + '"junk": [' + ",".join(["1"] * 5000000) + '], ' + s[i:])
PY
# peak - run "$@", print its exit status and peak RSS in KiB (stderr in $out/e)
peak() {
	python3 - "$out/e" "$@" <<'PY'
import resource, subprocess, sys
with open(sys.argv[1], "w") as e:
    rc = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=e)
print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
}
read -r rc kb < <(peak "$RTBENCH" compare "$out/arrays.evil" "$data/vx.json")
size=$(stat -c %s "$out/arrays.evil")
[ "$rc" -eq 2 ] && [ "$(wc -l <"$out/e")" -eq 1 ] && grep -q "refused: reading its JSON needs more than" "$out/e" &&
	ok "21 MB of empty arrays refused in one line, exit 2: $(cut -c1-150 "$out/e")..." ||
	fail "empty arrays: exit $rc: $(cat "$out/e")"
# the tree's budget plus the malloc headers of its many small blocks and
# the file's buffer, in the plain build (the ASan build keeps freed memory
# in quarantine and shadows it)
budget_kb=$(( (64 * 1048576 + 24 * size) / 1024 ))
asan=0
ldd "$RTBENCH" 2>/dev/null | grep -q libasan && asan=1
if [ $asan -eq 1 ]; then
	ok "peak RSS $kb KiB (ASan build: not bounded here)"
else
	[ "$kb" -lt $((budget_kb * 3 / 2)) ] && ok "peak RSS $kb KiB under 1.5 x the budget ($budget_kb KiB)" ||
		fail "peak RSS $kb KiB for a $size-byte file (budget $budget_kb KiB)"
fi
# a limit of the process's own: said as out of memory (ASan cannot start
# under a small ulimit -v: not tried there)
if [ $asan -eq 0 ]; then
	err=$( (ulimit -v 150000 && "$RTBENCH" compare "$out/dense.evil" "$data/vx.json") 2>&1 >/dev/null); rc=$?
	[ $rc -eq 2 ] && [[ $err == *"out of memory reading its JSON"* ]] && [[ $err != *malformed* ]] &&
		ok "under ulimit -v: $err" || fail "under ulimit -v: exit $rc: $err"
else
	ok "under ulimit -v: this build cannot start there (ASan), not tried"
fi
# a file within its budget is read as before
expect 0 "$RTBENCH" compare "$data/long64.json" "$data/long64.json"
done_test
