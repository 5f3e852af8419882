#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# one_file.sh - a measurement is one bench file plus its registry line
# (docs/porting.md "Adding a measurement"): sched.yield.alone
# (src/bench/yield_alone.c), added with nothing else touched, is
#  1. named in no source file but its own and registry.c (one line there,
#     X(yield_alone)): no id list, no mode flag, no trace-kind switch or
#     option to extend elsewhere;
#  2. listed, outside the default set, with what its struct declares it can
#     do (d: --duration, c: --cpus);
#  3. measured by count (every sample taken, the method said) and, from its
#     declared .can alone, for a time on every CPU (each CPU's metric and
#     the aggregate their sum). A second each; no latency threshold.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out one_file
root=$(cd "$e2e_dir/../.." && pwd)
id=sched.yield.alone
sym=rtb_bench_yield_alone

# 1. no hidden edits
where=$(cd "$root" && grep -rlE "$id|$sym|\<yield_alone\>" src include | sort | tr '\n' ' ')
[ "$where" = "src/bench/registry.c src/bench/yield_alone.c " ] && ok "$id lives in its file and registry.c only" ||
	fail "$id or $sym named in: $where"
nreg=$(grep -cw yield_alone "$root/src/bench/registry.c")
[ "$nreg" = 1 ] && ok "registry.c names it on one line" || fail "registry.c names it on $nreg lines"

# 2. listed with its capabilities, not in the default set
"$RTBENCH" list >"$out/list.txt" || fail "list"
grep -qE "^$id +- +dc- +\* " "$out/list.txt" && ok "$id listed: can d,c; not default" ||
	fail "$id listed as: $(grep "^$id" "$out/list.txt")"

# 3. by count, then for a time on every CPU
n=500
"$RTBENCH" run --tests $id --samples $n --rounds 1 --quiet --idle-latency-us -1 \
	--json "$out/c.json" >/dev/null 2>"$out/c.err" || fail "count run exited $?: $(tail -2 "$out/c.err")"
"$RTBENCH" run --tests $id --cpus all --duration 1s --quiet --idle-latency-us -1 \
	--json "$out/d.json" >/dev/null 2>"$out/d.err" || fail "long run exited $?: $(tail -2 "$out/d.err")"
ncpu=$(getconf _NPROCESSORS_ONLN)
python3 - "$out/c.json" "$out/d.json" $n $ncpu $id <<'PY' && ok "$id by count ($n samples) and for a time on $ncpu CPU(s)" ||
import json, sys
c, d = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
n, ncpu, i = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
m = {x["id"]: x for x in c["metrics"]}[i]
assert m["status"] == "ok" and m["count"] == n == len(m["samples"]), (m["status"], m["count"])
assert "yield" in m["method"], m["method"]
ms = {x["id"]: x for x in d["metrics"]}
per = [ms[f"{i}@cpu{k}"] for k in range(ncpu)] if ncpu > 1 else [ms[i]]
for x in per:
    assert x["status"] == "ok" and x["count"] > 0, (x["id"], x["status"], x["count"])
assert ms[i]["count"] == sum(x["count"] for x in per)
assert d["settings"]["long_run"]["ended"] == "duration", d["settings"]["long_run"]["ended"]
PY
	fail "$id results"
done_test
