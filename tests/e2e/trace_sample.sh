#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: a traced run on several CPUs that explains only some of them
# (--trace-cpus, docs/scale.md: where one reader cannot keep up, the
# explanation is sampled, and the result says so). `run --trace -D 2s
# --cpus all --trace-cpus LAST`: settings.trace names the explained and the
# unexplained CPUs and why; the explained CPU's metric carries its trace
# part, each other CPU's none and a note saying it was measured, not
# explained; a warning says it; the aggregate's note names the CPUs it
# explains; each traced metric's trace.lost_events is a count (per CPU).
# Without --trace-cpus the cost model chooses (run/run_trace.c): on 2 CPUs
# it explains both and says its figures (settings.trace.choices); with the
# reader's capacity forced small (RTB_TRACE_READER_EVS, for tests) it
# samples one CPU and says so, and --trace-cpus all still explains both.
# And the option's bad input: refused in one line, exit 2. No latency
# figure is read. Under ~10 s on a 2-CPU guest.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out trace_sample
needs_trace
[ "$(nproc)" -ge 2 ] || skip "needs 2 CPUs (one explained, one not)"
last=$(( $(nproc) - 1 ))

"$RTBENCH" run --trace --trace-cpus 0 --samples 100 --quiet >/dev/null 2>"$out/bad1.err"
[ $? -eq 2 ] && grep -q -- '--trace-cpus: needs a run on several CPUs' "$out/bad1.err" &&
	ok "--trace-cpus on one CPU: refused, exit 2" || fail "--trace-cpus on one CPU: $(cat "$out/bad1.err")"
"$RTBENCH" run --trace-cpus 0 --cpus all -D 1s --quiet >/dev/null 2>"$out/bad2.err"
[ $? -eq 2 ] && grep -q -- '--trace-cpus: needs --trace' "$out/bad2.err" &&
	ok "--trace-cpus without --trace: refused, exit 2" || fail "--trace-cpus without --trace: $(cat "$out/bad2.err")"
"$RTBENCH" run --trace --trace-cpus 1-x --cpus all -D 1s --quiet >/dev/null 2>"$out/bad3.err"
[ $? -eq 2 ] && [ "$(wc -l <"$out/bad3.err")" = 1 ] && grep -q -- "--trace-cpus: '1-x'" "$out/bad3.err" &&
	ok "--trace-cpus 1-x: one line, exit 2" || fail "--trace-cpus 1-x: $(cat "$out/bad3.err")"

"$RTBENCH" run --trace --trace-cpus "$last" --cpus all -D 2s --tests irq.timer.nanosleep --quiet \
	--json "$out/s.json" >"$out/s.txt" 2>"$out/s.err"
rc=$?
python3 - "$out/s.json" "$last" <<'PY' && [ $rc -eq 0 ] &&
import json, sys
r = json.load(open(sys.argv[1]))
last = int(sys.argv[2])
t = r["settings"]["trace"]
assert t["traced"] is True, t
assert t["explained_cpus"] == str(last), t
want_un = "0" if last == 1 else "0-%d" % (last - 1)
assert t["unexplained_cpus"] == want_un, t
assert "not listed in --trace-cpus" in t["unexplained_why"], t
assert any("explained on CPUs %d only" % last in w for w in r["warnings"]), r["warnings"]
m = {x["id"]: x for x in r["metrics"]}
ex = m["irq.timer.nanosleep@cpu%d" % last]
assert "trace" in ex and ex["trace"]["samples"] > 0, "the explained CPU has no trace part"
assert isinstance(ex["trace"]["lost_events"], int) and ex["trace"]["lost_events"] >= 0
for c in range(last):
    u = m["irq.timer.nanosleep@cpu%d" % c]
    assert "trace" not in u, "CPU %d was to be left unexplained" % c
    assert "measured, not explained" in u["note"], u["note"]
    assert u["count"] > 0, "CPU %d measured nothing" % c
agg = m["irq.timer.nanosleep"]
assert "explained on CPUs %d only, not on %s" % (last, want_un) in agg["note"], agg["note"]
sc = r["self_cost"]
assert sc["trace_reader"]["events"] > 0 and sc["trace_reader"]["cpu_ns"] > 0, sc
PY
	ok "--trace-cpus $last: explained and unexplained CPUs said (settings.trace, notes, warning)" ||
	fail "--trace-cpus $last: exit $rc: $(tail -2 "$out/s.err")"

# the cost model's choice: both on 2 CPUs; sampled when the reader is slow
for how in model slow all; do
	case $how in
	model) env=; opt= ;;
	slow) env=10000; opt= ;;
	all) env=10000; opt="--trace-cpus all" ;;
	esac
	RTB_TRACE_READER_EVS=$env "$RTBENCH" run --trace $opt --cpus 0-1 -D 1s --tests irq.timer.nanosleep \
		--quiet --json "$out/$how.json" >"$out/$how.txt" 2>"$out/$how.err"
	rc=$?
	python3 - "$out/$how.json" "$how" <<'PY' && [ $rc -eq 0 ] &&
import json, sys
r = json.load(open(sys.argv[1]))
how = sys.argv[2]
t = r["settings"]["trace"]
assert t["traced"] is True, t
c = t["choices"][0]
assert c["id"] == "irq.timer.nanosleep" and c["ncpus"] == 2, c
assert c["explain_all"] == "--trace-cpus all", c
assert c["events_per_cpu_s"] > 0 and c["reader_events_s"] > 0 and c["reader_share"] == 0.5, c
m = {x["id"]: x for x in r["metrics"]}
traced = [cpu for cpu in (0, 1) if "trace" in m["irq.timer.nanosleep@cpu%d" % cpu]]
if how == "model":
    assert c["by"] == "model" and c["n_max"] >= 2 and c["explained_cpus"] == "0-1", c
    assert "docs/scale.md" in c["reader_events_s_from"], c
    assert "unexplained_cpus" not in t, t
    assert traced == [0, 1], traced
    assert c["run_reader_events_s"] is None or c["run_reader_events_s"] > 0, c
elif how == "slow":
    assert c["by"] == "model" and c["n_max"] == 0 and c["reader_events_s"] == 10000, c
    assert c["reader_events_s_from"].startswith("RTB_TRACE_READER_EVS"), c
    assert c["explained_cpus"] == "0" and c["nexplained"] == 1, c
    assert t["explained_cpus"] == "0" and t["unexplained_cpus"] == "1", t
    assert "cost model" in t["unexplained_why"] and "--trace-cpus all" in t["unexplained_why"], t
    assert any("the cost model: 2 CPUs" in w and "1 explained" in w for w in r["warnings"]), r["warnings"]
    assert traced == [0], traced
    assert "measured, not explained (the cost model" in m["irq.timer.nanosleep@cpu1"]["note"]
    # the run's own figures, against the forced capacity: said when they
    # would have kept both CPUs
    rn = c["run_n_max"]
    assert rn is None or rn >= 0, c
    said = any("this run's own figures" in w for w in r["warnings"])
    assert said == (rn is not None and rn >= 2), (rn, r["warnings"])
else:
    assert c["by"] == "option" and c["explained_cpus"] == "0-1", c
    assert "unexplained_cpus" not in t, t
    assert traced == [0, 1], traced
PY
	ok "cost model, $how: the CPUs explained and why said (settings.trace.choices)" ||
		fail "cost model, $how: exit $rc: $(tail -2 "$out/$how.err")"
done
grep -q "the cost model: 2 CPUs" "$out/slow.txt" && ok "cost model: its choice said in the text output" ||
	fail "cost model: the text output does not say the model's choice"
done_test
