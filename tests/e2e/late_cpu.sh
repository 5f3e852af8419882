#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: a CPU whose measuring thread began after the run's stop is
# said not measured, never "ok" with no samples (docs/long-runs.md, "CPUs
# measured late"). A 2 s run on CPUs 0 and 1 whose CPU 1 driver thread
# begins only once the run's stop flag is set (RTB_TEST_LATE_CPU=1: as the
# 112 CPUs of a 128-vCPU TCG guest whose threads started after the stop;
# it waits on the flag, the one deterministic way):
#   - CPU 1's metric is "partial", its note "not measured: its thread
#     started X s after the run's stop", in JSON, text and CSV; CPU 0's is
#     measured ("ok", samples, no such note);
#   - the run says it: a DEGRADED warning, settings.long_run
#     cpus_not_measured "1", the text's "not measured: CPU(s) 1" line, the
#     aggregate "1 of 2 CPUs measured" and partial; the file is
#     schema-valid (zz_schema validates it too).
# The wait is the run's own end, never a sleep.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out late_cpu
[ -e /sys/devices/system/cpu/cpu1 ] && [ "$(cat /sys/devices/system/cpu/cpu1/online 2>/dev/null || echo 1)" = 1 ] ||
	skip "needs CPU 1 online"

RTB_TEST_LATE_CPU=1 "$RTBENCH" run -D 2s --cpus 0,1 --tests irq.timer.nanosleep --period-us 1000 \
	--json "$out/r.json" --csv "$out/r.csv" >"$out/r.txt" 2>"$out/err"
rc=$?
[ $rc -eq 0 ] && ok "exit 0" || { fail "exit $rc"; sed 's/^/  | /' "$out/err"; }

python3 - "$out/r.json" <<'PY' || fail "CPU 1 not said not measured"
import json, sys
r = json.load(open(sys.argv[1]))
bad = []
ms = {m["id"]: m for m in r["metrics"]}
c0, c1 = ms.get("irq.timer.nanosleep@cpu0"), ms.get("irq.timer.nanosleep@cpu1")
agg = ms.get("irq.timer.nanosleep")
if not c0 or not c1 or not agg:
    bad.append("metrics %s" % sorted(ms))
else:
    if c1["status"] != "partial": bad.append("cpu1 status %s" % c1["status"])
    if c1.get("count"): bad.append("cpu1 count %r" % c1.get("count"))
    if "not measured: its thread started" not in (c1.get("note") or ""): bad.append("cpu1 note %r" % c1.get("note"))
    if "not measured" in (c0.get("note") or ""): bad.append("cpu0 note %r" % c0.get("note"))
    if not c0.get("count"): bad.append("cpu0 no samples")
    if agg["status"] != "partial": bad.append("aggregate status %s" % agg["status"])
    if "1 of 2 CPUs measured" not in (agg.get("note") or ""): bad.append("aggregate note %r" % agg.get("note"))
lr = r["settings"]["long_run"]
if lr.get("cpus_not_measured") != "1": bad.append("cpus_not_measured %r" % lr.get("cpus_not_measured"))
if not any("DEGRADED" in w and "CPUs not measured" in w and w.endswith(": CPU 1") for w in r["warnings"]): bad.append("no warning: %r" % r["warnings"])
if r["degraded"] is not True: bad.append("degraded %r" % r["degraded"])
# (the schema: e2e/zz_schema validates every result file the tests left)
for b in bad:
    print("  | " + b)
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && ok "JSON: CPU 1 partial and not measured, CPU 0 measured, the run says it"

has "$out/r.txt" "not measured: CPU(s) 1 (measuring threads began after the run's stop)"
has "$out/r.txt" "not measured: its thread started"
python3 - "$out/r.csv" <<'PY' && ok "CSV: CPU 1 partial, its note; CPU 0 ok" || fail "CSV"
import csv, sys
rows = {r["id"]: r for r in csv.DictReader(open(sys.argv[1], newline=""))}
c0, c1 = rows["irq.timer.nanosleep@cpu0"], rows["irq.timer.nanosleep@cpu1"]
ok = c1["status"] == "partial" and "not measured: its thread started" in c1["note"] and c0["status"] == "ok"
sys.exit(0 if ok else 1)
PY
done_test
