#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# (inputs are named *.evil, not *.json: the schema test must not take them for results)
# Strings from result files never reach a terminal raw:
# a file whose every string carries ANSI/OSC sequences, CR/LF and markup
# (tests/data/hostile.py) goes through compare (every format), check and
# report; the text on stdout and stderr holds no control byte but the
# newline, and no line of the file's own starts a line of output. A file
# refused for a bad value gives one line, with the value escaped.
. "$(dirname "$0")/lib.bash"
needs_host
test_out hostile
python3 "$data/hostile.py" "$data/vx.json" "$out/h.evil" || { fail "hostile.py"; done_test; }
python3 "$data/hostile.py" "$data/rtl_hist.json" "$out/h2.evil"
n=0
clean() { # clean FILE WHAT: no control byte but \n, no faked line
	n=$((n + 1))
	python3 - "$1" <<'PY' && ok "$2: clean" || fail "$2: control bytes or a faked line reach the output"
import sys
d = open(sys.argv[1], "rb").read().replace(b"\r\n", b"\n")  # CSV's own line ends
bad = [b for b in d if (b < 0x20 and b != 0x0a) or b == 0x7f]
fake = any(l.startswith(b"FAKE LINE") for l in d.split(b"\n"))
sys.exit(1 if bad or fake else 0)
PY
}
for f in text markdown csv json; do
	"$RTBENCH" compare -f $f "$out/h.evil" "$data/rtl.json" "$out/h2.evil" >"$out/c.$f" 2>"$out/c.$f.err"
	clean "$out/c.$f" "compare -f $f stdout"
	clean "$out/c.$f.err" "compare -f $f stderr"
done
"$RTBENCH" check "$out/h.evil" >"$out/k.txt" 2>&1; clean "$out/k.txt" "check"
"$RTBENCH" check --baseline "$data/vx.json" "$out/h.evil" >"$out/kb.txt" 2>&1; clean "$out/kb.txt" "check --baseline"
"$RTBENCH" report "$out/h.evil" "$data/rtl.json" -o "$out/r.html" >"$out/r.txt" 2>&1; clean "$out/r.txt" "report's terminal output"
# a refused file: one line, its bad value escaped
python3 - "$data/vx.json" "$out/bad.evil" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["metrics"][0]["status"] = "weird\x1b]0;owned\x07\r\nFAKE LINE"
json.dump(r, open(sys.argv[2], "w"))
PY
for cmd in compare check; do
	args=("$out/bad.evil"); [ $cmd = compare ] && args+=("$data/rtl.json")
	err=$("$RTBENCH" $cmd "${args[@]}" 2>&1 >/dev/null); rc=$?
	printf '%s\n' "$err" >"$out/bad.$cmd"
	clean "$out/bad.$cmd" "$cmd refusal"
	[ $rc -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [[ $err == *'\x1b]0;owned\x07\x0d\x0aFAKE LINE'* ]] &&
		ok "$cmd refusal: one line, escaped: $err" || fail "$cmd refusal: rc $rc: $err"
done
# a file name with a newline and an escape in it, in an error line
weird="$out/name"$'\n\e[2J'".evil"
cp "$out/bad.evil" "$weird"
err=$("$RTBENCH" compare "$weird" "$data/rtl.json" 2>&1 >/dev/null)
printf '%s\n' "$err" >"$out/badname"; clean "$out/badname" "file name in an error line"
err=$("$RTBENCH" run --json "$out/no/such"$'\n\e[2J' 2>&1 >/dev/null)
printf '%s\n' "$err" >"$out/badopt"; clean "$out/badopt" "option value in an error line"
echo "hostile files tried: $n outputs checked"
# U+FFFE/U+FFFF are valid UTF-8 but not XML characters:
# the JUnit file stays well-formed (it was refused by every XML parser)
python3 - "$data/vx.json" "$out/ffff.evil" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["label"] = "lab\uffffel\ufffe" + "x\uffff" * 300
r["metrics"][0]["id"] += "\uffff"
json.dump(r, open(sys.argv[2], "w"), ensure_ascii=False)
PY
"$RTBENCH" check "$out/ffff.evil" --junit "$out/ffff.xml" >/dev/null 2>&1
"$RTBENCH" check -f junit "$out/ffff.evil" >"$out/ffff2.xml" 2>/dev/null
python3 -c 'import sys, xml.etree.ElementTree as E; [E.parse(f) for f in sys.argv[1:]]' "$out/ffff.xml" "$out/ffff2.xml" &&
	grep -q 'uFFFF' "$out/ffff.xml" && ok "JUnit with U+FFFF in a label and an id: well-formed XML" ||
	fail "JUnit with U+FFFF: not well-formed"
done_test
