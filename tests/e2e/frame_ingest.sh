#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: `rtbench frame` -> a noisy console -> `rtbench ingest` gives the
# files back byte for byte; a truncated, gapped or garbled stream exits 2
# with one line naming the stream line and the file; bad arguments exit 2.
. "$(dirname "$0")/lib.bash"
out=$RTB_TEST_OUT/frame
rm -rf "$out"
mkdir -p "$out/src" "$out/dst"
head -c 5000 /dev/urandom >"$out/src/a.bin"
printf '{"x": 1}\n' >"$out/src/b.json"
: >"$out/src/empty"
"$RTBENCH" frame "$out/src/a.bin" "$out/src/b.json" "$out/src/empty" >"$out/frames.txt" ||
	fail "frame exited $?"
{ echo "[    0.000] Linux version 6.1"; sed 's/$/\r/' "$out/frames.txt"; echo "# "; } >"$out/console.txt"
if ! "$RTBENCH" compare --help >/dev/null 2>&1; then
	echo "SKIP: this build has no host side (ingest needs libjansson-dev)"; exit 77
fi
"$RTBENCH" ingest -o "$out/dst" "$out/console.txt" 2>"$out/err.txt" || fail "ingest exited $?: $(cat "$out/err.txt")"
for f in a.bin b.json empty; do
	cmp -s "$out/src/$f" "$out/dst/$f" && ok "$f came back whole" || fail "$f differs"
done
"$RTBENCH" ingest -o "$out/dst" - <"$out/console.txt" 2>/dev/null && ok "ingest from stdin" || fail "ingest - failed"

bad() { # bad WANT_IN_MESSAGE FILE
	local err rc
	err=$("$RTBENCH" ingest -o "$out/dst" "$2" 2>&1 >/dev/null); rc=$?
	[ $rc -eq 2 ] || { fail "$2: exit $rc, want 2"; return; }
	[ "$(printf '%s\n' "$err" | grep -c .)" -eq 1 ] || { fail "$2: more than one line: $err"; return; }
	case $err in *"$1"*) ok "$(basename "$2"): $err" ;; *) fail "$2: '$err' lacks '$1'" ;; esac
}
head -n 40 "$out/console.txt" >"$out/trunc.txt"
bad "a.bin: truncated" "$out/trunc.txt"
sed '10d' "$out/console.txt" >"$out/gap.txt"
bad "gap.txt:10: a.bin: sequence gap: chunk 8 where 7 was due" "$out/gap.txt"
sed '/^RTBF1 D 10 /s/^\(RTBF1 D 10 .\)./\1!/' "$out/console.txt" >"$out/garbled.txt"
bad "garbled.txt:13: a.bin: chunk 10: bad base64" "$out/garbled.txt"
awk '/^RTBF1 D 10 / { c = substr($4, 2, 1); $4 = substr($4, 1, 1) (c == "A" ? "B" : "A") substr($4, 3) } { print }' \
	"$out/console.txt" >"$out/flipped.txt"
bad "flipped.txt:13: a.bin: chunk 10: CRC mismatch" "$out/flipped.txt"
echo "no frames here" >"$out/none.txt"
bad "no RTBF1 file in the stream" "$out/none.txt"

err=$("$RTBENCH" frame "$out/nosuch" 2>&1 >"$out/stdout"); rc=$?
[ $rc -eq 2 ] && [ ! -s "$out/stdout" ] && ok "frame: missing file: $err" || fail "frame missing file: exit $rc"
cp "$out/src/b.json" "$out/src/bad name.json"
err=$("$RTBENCH" frame "$out/src/b.json" "$out/src/bad name.json" 2>&1 >"$out/stdout"); rc=$?
[ $rc -eq 2 ] && [ ! -s "$out/stdout" ] && ok "frame: bad name, nothing written: $err" ||
	fail "frame bad name: exit $rc"
err=$("$RTBENCH" ingest -o "$out/nodir" "$out/console.txt" 2>&1); rc=$?
[ $rc -eq 2 ] && ok "ingest: $err" || fail "ingest to a missing dir: exit $rc"
done_test
