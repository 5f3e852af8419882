#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: `run --emulation` records the emulator in the fingerprint
# (JSON system.emulation), prints the EMULATED line with the tables, and
# compare prints it too and notes that emulated and real results meet.
. "$(dirname "$0")/lib.bash"
test_out emulation
emu='emulator=qemu-system-x86_64,version=7.2.19,machine=q35,icount_shift=3,vcpus=1,accel=tcg'
"$RTBENCH" run --tests sync.sem.give --samples 200 --quiet --label emu --emulation "$emu" \
	--json "$out/emu.json" >"$out/emu.txt" || fail "emulated run exited $?"
grep -q '^EMULATED: instruction-counted virtual time under QEMU (1 instruction = 2^3 ns)' "$out/emu.txt" &&
	ok "text says EMULATED" || fail "no EMULATED line in the text output"
python3 - "$out/emu.json" <<'PY' && ok "JSON system.emulation" || fail "JSON system.emulation"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema_version"] == 3
assert r["system"]["emulation"] == {"emulator": "qemu-system-x86_64", "version": "7.2.19",
    "machine": "q35", "icount_shift": 3, "vcpus": 1, "accel": "tcg"}, r["system"]["emulation"]
PY
"$RTBENCH" run --tests sync.sem.give --samples 200 --quiet --label noicount \
	--emulation emulator=qemu-system-x86_64,icount_shift=-1 --json "$out/noi.json" >"$out/noi.txt" ||
	fail "run without icount exited $?"
grep -q '^WARNING: EMULATED without instruction counting' "$out/noi.txt" &&
	ok "no icount: warned" || fail "no warning for emulation without icount"
if "$RTBENCH" compare --help >/dev/null 2>&1; then
	"$RTBENCH" run --tests sync.sem.give --samples 200 --quiet --label real \
		--json "$out/real.json" >/dev/null || fail "real run exited $?"
	"$RTBENCH" compare "$out/real.json" "$out/emu.json" "$out/noi.json" >"$out/cmp.txt" 2>&1 ||
		fail "compare exited $?"
	tr -s ' \n' '  ' <"$out/cmp.txt" >"$out/cmp1.txt"   # undo the wrapping
	grep -q 'emu: EMULATED: instruction-counted' "$out/cmp1.txt" && ok "compare prints EMULATED" ||
		fail "compare lacks the EMULATED note"
	grep -q 'emulated and real results meet' "$out/cmp1.txt" && ok "compare notes the meeting" ||
		fail "compare lacks the emulated-meets-real note"
	grep -q 'noicount (emulated, host noise): .* Not compared' "$out/cmp1.txt" && ok "no verdict without icount" ||
		fail "compare drew a verdict from a run without icount"
	grep -q 'emu (emulated, instruction counts): .* Not compared: an instruction count' "$out/cmp1.txt" &&
		ok "instruction counts against real time: each side's own figures, not compared" ||
		fail "compare put instruction counts and real time into one figure"
	grep -q '^ *figures: real time' "$out/cmp.txt" && grep -q '^ *figures: emulated: instruction counts' "$out/cmp.txt" &&
		ok "the head says what each system's figures are" || fail "no figures line per system"
	"$RTBENCH" compare -f csv "$out/real.json" "$out/emu.json" >"$out/cmp.csv" &&
		tr -d '\r' <"$out/cmp.csv" | grep -q ',real,$' && grep -q ',emulated-icount,not-compared' "$out/cmp.csv" &&
		ok "CSV: figures column" || fail "CSV lacks the figures column"
	"$RTBENCH" compare --fleet "$out/real.json" "$out/emu.json" >"$out/fleet.txt" &&
		grep -q "^emu .* E$" "$out/fleet.txt" && ok "fleet marks the emulated system" ||
		fail "fleet does not mark the emulated system"
fi
done_test
