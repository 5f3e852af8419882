#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/kernels_summary.py on made-up results (no QEMU, no kernel): the
# priority-inversion verdict is the benchmark's word, never the JSON object
# it is stored as (issue 30: summary.txt printed
# "none={'value': 'unbounded', 'reason': '...'}(433->633)").
. "$(dirname "$0")/lib.bash"
test_out kernels-summary run/stock
python3 - "$out/run/stock/stock.idle.json" <<'PY'
import json, sys
def pi(proto, word):
    return {"id": "sync.prio_inv.%s.blocking" % proto, "status": "ok", "count": 100,
            "p50": 433000, "p99": 500000, "max": 600000,
            "extras": {"p50_at_2x_load_ns": {"value": 633000}},
            "verdict": {"value": word, "reason": "blocked p50 433 us under a 200 us load, 633 us under 400"}}
r = {"system": {}, "metrics": [
    {"id": "irq.timer.nanosleep", "status": "ok", "count": 10, "p50": 5000, "p99": 9000, "max": 12000},
    pi("none", "unbounded"), pi("inherit", "bounded"), pi("ceiling", "inconclusive")]}
json.dump(r, open(sys.argv[1], "w"))
PY
python3 "$root/bench/kernels_summary.py" "$out/run" "stock" "idle" || fail "kernels_summary.py exited $?"
cat "$out/run/summary.txt"
s=$(cat "$out/run/summary.txt")
case $s in *"{"* | *"'value'"* | *reason*) fail "a JSON object in summary.txt" ;; *) ok "no JSON object in summary.txt" ;; esac
grep -q 'none=UNBOUNDED(433->633) inherit=BOUNDED(433->633) ceiling=INCONCLUSIVE(433->633)' "$out/run/summary.txt" &&
	ok "the verdicts as words, with blocking p50 at the load and twice it" || fail "verdict words not in summary.txt"
grep -q $'stock\tidle\tsync.prio_inv.none.blocking\tUNBOUNDED' "$out/run/summary.tsv" &&
	ok "summary.tsv has the word" || fail "summary.tsv: $(cat "$out/run/summary.tsv")"
done_test
