#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# End-to-end: `rtbench frame` -> a noisy console -> `rtbench ingest` gives the
# files back byte for byte; a truncated, gapped or garbled stream exits 2
# with one line naming the stream line and the file; bad arguments exit 2.
. "$(dirname "$0")/lib.bash"
test_out frame src dst dst2
head -c 5000 /dev/urandom >"$out/src/a.bin"
printf '{"x": 1}\n' >"$out/src/b.json"
: >"$out/src/empty"
"$RTBENCH" frame "$out/src/a.bin" "$out/src/b.json" "$out/src/empty" >"$out/frames.txt" ||
	fail "frame exited $?"
{ echo "[    0.000] Linux version 6.1"; sed 's/$/\r/' "$out/frames.txt"; echo "# "; } >"$out/console.txt"
needs_host
"$RTBENCH" ingest -o "$out/dst" "$out/console.txt" 2>"$out/err.txt" || fail "ingest exited $?: $(cat "$out/err.txt")"
for f in a.bin b.json empty; do
	cmp -s "$out/src/$f" "$out/dst/$f" && ok "$f came back whole" || fail "$f differs"
done
"$RTBENCH" ingest -o "$out/dst2" - <"$out/console.txt" 2>/dev/null && ok "ingest from stdin" || fail "ingest - failed"

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

# --- ingest writes nothing it should not
h=$out/hostile; rm -rf "$h"; mkdir -p "$h/d"
frame_as() { # frame_as NAME FILE...: frames of FILE under NAME on stdout
	local name=$1; shift; mkdir -p "$h/n"; rm -f "$h/n/$name"; cat "$@" >"$h/n/$name"
	"$RTBENCH" frame "$h/n/$name"
}
printf 'precious\n' >"$h/d/keep.txt"; chmod 0600 "$h/d/keep.txt"
frame_as keep.txt "$out/src/b.json" >"$h/over.txt"
err=$("$RTBENCH" ingest -o "$h/d" "$h/over.txt" 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$(cat "$h/d/keep.txt")" = precious ] && [ "$(stat -c %a "$h/d/keep.txt")" = 600 ] &&
	[[ $err == *"exists (--force replaces it)"* ]] && ok "an existing file is not replaced: exit 2" ||
	fail "existing file: exit $rc, now '$(cat "$h/d/keep.txt")': $err"
"$RTBENCH" ingest --force -o "$h/d" "$h/over.txt" 2>/dev/null && cmp -s "$h/d/keep.txt" "$out/src/b.json" &&
	ok "--force replaces it" || fail "--force did not replace"
frame_as .bashrc "$out/src/b.json" >"$h/dot.txt"
err=$("$RTBENCH" ingest --force -o "$h/d" "$h/dot.txt" 2>&1); rc=$?
[ $rc -eq 2 ] && [ ! -e "$h/d/.bashrc" ] && [[ $err == *"beginning with a dot"* ]] &&
	ok "a dot-name is refused (even with --force)" || fail "dot-name: exit $rc, $(ls -a "$h/d"): $err"
{ frame_as twice "$out/src/b.json"; frame_as twice "$out/src/a.bin"; frame_as after.json "$out/src/b.json"; } >"$h/twice.txt"
err=$("$RTBENCH" ingest -o "$h/d" "$h/twice.txt" 2>&1); rc=$?
[ $rc -eq 2 ] && cmp -s "$h/d/twice" "$out/src/b.json" && cmp -s "$h/d/after.json" "$out/src/b.json" &&
	[[ $err == *"twice: refused"*"second file of that name"* ]] && [[ $err == *"2 file(s) written"*"1 refused"* ]] &&
	ok "two files of one name: the first kept, the second refused, the one after written" ||
	fail "same name twice: exit $rc: $err"
# onto its own input: the stream is d2/cap.txt and frames a file called cap.txt
mkdir -p "$h/d2"; frame_as cap.txt "$out/src/b.json" >"$h/d2/cap.txt"; cp "$h/d2/cap.txt" "$h/cap.orig"
err=$("$RTBENCH" ingest --force -o "$h/d2" "$h/d2/cap.txt" 2>&1); rc=$?
[ $rc -eq 2 ] && cmp -s "$h/d2/cap.txt" "$h/cap.orig" && [[ $err == *"is the stream being read"* ]] &&
	ok "ingest --force never writes onto its own input" || fail "own input: exit $rc: $err"
ln "$h/d2/cap.txt" "$h/hard.txt"
err=$("$RTBENCH" ingest --force -o "$h/d2" - <"$h/hard.txt" 2>&1); rc=$?
[ $rc -eq 2 ] && cmp -s "$h/d2/cap.txt" "$h/cap.orig" && ok "... nor through a hard link on stdin (by identity)" ||
	fail "own input by a hard link: exit $rc: $err"
# a line that never ends: bounded memory, a clean exit (no ulimit -v under
# a sanitizer: ASan cannot reserve its shadow memory under one)
mkdir -p "$h/d4"
err=$( { head -c 300000000 /dev/zero | tr '\0' 'y'; echo; cat "$out/frames.txt"; } |
	( [ -n "${RTB_SANITIZE:-}" ] || ulimit -v 200000; "$RTBENCH" ingest -o "$h/d4" - ) 2>&1); rc=$?
[ $rc -eq 0 ] && cmp -s "$h/d4/a.bin" "$out/src/a.bin" &&
	ok "a 300 MB console line under a 200 MB limit: read in bounded memory, the files after it written" ||
	fail "endless line: exit $rc: $err"
err=$( { printf 'RTBF1 D 0 '; head -c 100000 /dev/zero | tr '\0' A; echo; } | "$RTBENCH" ingest -o "$h/d" - 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $err == *"frame line longer than 4096"* ]] && ok "an endless frame line: one line, exit 2" ||
	fail "long frame line: exit $rc: $err"
# out of memory is said as such (a file larger than the address space left)
if [ -z "${RTB_SANITIZE:-}" ]; then
	head -c 70000000 /dev/urandom >"$h/n/big.bin"; "$RTBENCH" frame "$h/n/big.bin" >"$h/big.txt"
	err=$( ( ulimit -v 80000; "$RTBENCH" ingest -o "$h/d" "$h/big.txt" ) 2>&1); rc=$?
	[ $rc -ne 0 ] && [[ $err == *"out of memory"* ]] && ok "out of memory said as such (exit $rc)" ||
		fail "out of memory: exit $rc: $err"
	rm -f "$h/n/big.bin" "$h/big.txt"
fi
# -v escapes what the console sends (an OSC title, a colour, a NUL)
printf 'boot \033]0;pwned\007 \033[31mred\000x\n' >"$h/ctl.txt"; cat "$out/frames.txt" >>"$h/ctl.txt"
mkdir -p "$h/d3"
"$RTBENCH" ingest -v -o "$h/d3" "$h/ctl.txt" 2>"$h/ctl.err"; rc=$?
[ $rc -eq 0 ] && ! grep -q $'\033' "$h/ctl.err" && grep -q 'x1b' "$h/ctl.err" && grep -q 'x00x' "$h/ctl.err" &&
	ok "ingest -v escapes control characters" || fail "-v: exit $rc: $(od -c "$h/ctl.err" | head -3)"
done_test
