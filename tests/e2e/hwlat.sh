#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: hardware and firmware latency (hw.hwlat, after rt-tests'
# hwlatdetect) and the SMI count every run records.
#  1. Where the kernel has no hwlat tracer (the development VM's), hw.hwlat
#     is SKIPPED with "not applicable: this kernel has no hwlat tracer"
#     and the run goes on; where it has one, hw.hwlat measured windows
#     (windows > 0, every sample over the 10 us threshold) and the
#     kernel's tracer is put back as found.
#  2. Either way nothing is left behind: the top-level tracer and the
#     mounts are as before the run.
#  3. Every run's result records the SMIs the CPUs counted during it
#     (settings.smi_count, x86 MSR_SMI_COUNT through /dev/cpu/N/msr) or
#     says why not ("not readable here: ...", naming modprobe msr when the
#     driver is not loaded), in the JSON and in the text.
. "$(dirname "$0")/lib.bash"
test_out hwlat
[ "$(id -u)" = 0 ] || skip "the hwlat tracer and the msr driver need root"

tracer_of() {
	local d
	for d in /sys/kernel/tracing /sys/kernel/debug/tracing; do
		[ -r $d/current_tracer ] && { cat $d/current_tracer; return; }
	done
	echo "(tracefs not mounted)"
}
before=$(tracer_of)
# (in the background only to know its pid: its own mount would be
# /tmp/rtbench-tracefs.<pid>.*; other runs on the machine have theirs)
"$RTBENCH" run --tests hw.hwlat,sched.yield --samples 200 --rounds 1 --json "$out/r.json" >"$out/r.txt" 2>"$out/r.err" &
pid=$!
wait $pid
rc=$?
[ $rc -eq 0 ] && ok "run exited 0" || fail "exit $rc: $(tail -2 "$out/r.err")"
python3 - "$out/r.json" <<'PY' && ok "hw.hwlat: $(tr -s ' \n' ' ' <"$out/hw.txt")" || fail "hw.hwlat: $(grep -A3 '^hw.hwlat' "$out/r.txt")"
import json, sys
r = json.load(open(sys.argv[1]))
m = next(m for m in r["metrics"] if m["id"] == "hw.hwlat")
notes = m.get("note") or ""
if m["status"] == "skipped":
    # the kernel says which tracers it has: here no hwlat
    assert "not applicable: this kernel has no hwlat tracer" in notes or "tracefs" in notes, notes
    assert m["count"] == 0
else:
    assert m["status"] in ("ok", "partial"), m["status"]
    ex = {k: v["value"] for k, v in m["extras"].items()}
    assert ex["windows"] > 0 and ex["threshold_us"] == 10, ex
    assert ex["windows_over"] == m["count"], (ex, m["count"])
    assert m["count"] == 0 or m["min"] >= 10000, m["min"]
# the run went on: the other measurement has its samples
y = next(m for m in r["metrics"] if m["id"].startswith("sched.yield"))
assert y["count"] > 0, y
open(sys.argv[1].replace("r.json", "hw.txt"), "w").write("%s: %s" % (m["status"], notes or m["count"]))
PY
after=$(tracer_of)
[ "$before" = "$after" ] && ok "the kernel's tracer is as before ($after)" || fail "tracer $before -> $after"
grep -q "/tmp/rtbench-tracefs\.$pid\." /proc/mounts && fail "left: $(grep "rtbench-tracefs\.$pid\." /proc/mounts)" ||
	ok "no tracefs mount of the run's left"

python3 - "$out/r.json" <<'PY' && ok "the run records its SMI count: $(grep '^SMIs:' "$out/r.txt")" || fail "no SMI record: $(grep -i smi "$out/r.txt")"
import json, sys
s = json.load(open(sys.argv[1]))["settings"]
assert "smi_count" in s, s.keys()
if s["smi_count"] is None:
    assert s["smi_note"].startswith("not readable here: "), s["smi_note"]
else:
    assert isinstance(s["smi_count"], int) and s["smi_count"] >= 0, s["smi_count"]
PY
grep -qE "^SMIs: +([0-9]+ on all CPUs during the run|not readable here: )" "$out/r.txt" && ok "the text says it" ||
	fail "text: $(grep -i smi "$out/r.txt")"
done_test
