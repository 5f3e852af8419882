#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: a quick run of every measurement writes JSON, CSV and raw CSV
# that hold all of them with sane relations (min <= p50 <= p99 <= max,
# count as asked) and print the study's five tables.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out quick
n=300
"$RTBENCH" run --samples $n --quiet --label quick --json "$out/r.json" --csv "$out/r.csv" \
	--raw "$out/raw.csv" >"$out/r.txt"
rc=$?
[ $rc -eq 0 ] || fail "run exited $rc"
for t in "Table 1" "Table 2" "Table 3" "Table 4" "Table 5"; do
	grep -q "^$t\. " "$out/r.txt" && ok "$t printed" || fail "$t missing from the text output"
done
python3 - "$out/r.json" "$n" <<'PY' || fail "JSON checks"
import json, sys
r = json.load(open(sys.argv[1]))
n = int(sys.argv[2])
assert r["schema"] == "rtbench-result" and r["schema_version"] == 3, "schema"
assert r["system"]["emulation"] is None, "emulation null on a real run"
assert r["label"] == "quick" and r["complete"] is True
ids = {m["id"] for m in r["metrics"]}
want = ["ctxsw.rr.timeslice", "ctxsw.rr.yield", "sync.prio_inv.none.blocking",
        "sync.prio_inv.inherit.blocking", "sync.prio_inv.ceiling.blocking",
        "sync.prio_inv.none.request_to_release", "irq.timer.signal", "irq.timer.nanosleep",
        "sync.sem.take.uncontended", "ipc.mqueue.wakeup"]
for w in want:
    assert w in ids, "missing " + w
for m in r["metrics"]:
    if m["status"] in ("skipped", "failed"):
        assert m["count"] == 0 and "min" not in m, m["id"]
        continue
    assert m["status"] == "ok", (m["id"], m["status"], m["note"])
    assert m["count"] == n == len(m["samples"]), (m["id"], m["count"])
    assert m["min"] <= m["p50"] <= m["p90"] <= m["p99"] <= m["p99_9"] <= m["max"], m["id"]
    assert m["min"] == min(m["samples"]) and m["max"] == max(m["samples"]), m["id"]
    assert sum(m["histogram"]["counts"]) + m["histogram"]["overflow"] == n, m["id"]
    # a wrapped (negative) interval would be ~2^63 ns: no sample can be
    # longer than the measurement's own wall time (not a latency threshold)
    assert 0 <= m["min"] and m["max"] <= m["elapsed_ns"], (m["id"], m["max"], m["elapsed_ns"])
    # schema 2: the rounds add up, and their medians bracket nothing absurd
    assert sum(x["count"] for x in m["rounds"]) == m["count"] or len(m["rounds"]) == 0, m["id"]
    assert all(m["min"] <= x["p50_ns"] <= m["max"] for x in m["rounds"]), m["id"]
# Table 2's verdicts: inheritance and ceiling bound the inversion, none does not
ex = {m["id"]: m.get("extras", {}) for m in r["metrics"]}
# (the decision table itself is tests/unit/test_pi_verdict.c; on a shared VM
# a quick run may come out inconclusive, with its reason, but never the wrong way)
assert ex["sync.prio_inv.none.blocking"]["bounded"]["value"] != 1, "none came out bounded"
assert ex["sync.prio_inv.inherit.blocking"]["bounded"]["value"] != 0, "inherit came out unbounded"
assert ex["sync.prio_inv.ceiling.blocking"]["bounded"]["value"] != 0, "ceiling came out unbounded"
for p in ("none", "inherit", "ceiling"):
    mm = [m for m in r["metrics"] if m["id"] == "sync.prio_inv.%s.blocking" % p][0]
    assert "verdict " in mm["note"], (p, mm["note"])
s = r["settings"]
assert s["rt_granted"] is True and r["system"]["ncpus"] >= 1
c = r["clock"]
assert c["read_ns"] > 0 and c["bare_read_ns"] > 0
# the timestamp as benchmarks take it costs at most 1.5 bare counter reads
assert c["read_ns"] <= 1.5 * c["bare_read_ns"] + 1, (c["read_ns"], c["bare_read_ns"])
print("json ok:", len(r["metrics"]), "metrics")
PY
[ "$(head -1 "$out/r.csv" | cut -d, -f1-3)" = "label,id,status" ] && ok "csv header" || fail "csv header: $(head -1 "$out/r.csv")"
rows=$(($(wc -l <"$out/r.csv") - 1))
metrics=$(python3 -c "import json;print(len(json.load(open('$out/r.json'))['metrics']))")
[ "$rows" -eq "$metrics" ] && ok "csv has one row per metric" || fail "csv rows $rows != metrics $metrics"
[ "$(grep -c '^ipc.mqueue.wakeup,' "$out/raw.csv")" -eq $n ] && ok "raw csv has every sample" || fail "raw csv sample count"
ls "$out"/*.tmp >/dev/null 2>&1 && fail "temporary files left behind"
done_test
