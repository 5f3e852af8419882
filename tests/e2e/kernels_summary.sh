#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# bench/kernels_summary.py on made-up results (no QEMU, no kernel): the
# priority-inversion verdict is the benchmark's word, never the JSON object
# it is stored as (summary.txt once printed
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

# rtbench beside rtla: the traced rtbench file and rtla's text
# made up with known p50s; the ratios are rtbench / rtla; a kernel where
# rtla could not run says why
mkdir -p "$out/run/rt"
python3 - "$out/run" <<'PY'
import json, sys, shutil
d = sys.argv[1]
for k in ("stock", "rt"):
    json.dump({"system": {}, "metrics": [
        {"id": "irq.timer.nanosleep", "status": "ok", "count": 1000, "p50": 5000, "p99": 6000, "max": 7000},
        {"id": "irq.timer.nanosleep.trace.expiry_to_irq", "status": "ok", "count": 1000, "p50": 1300, "p99": 1500, "max": 1600},
        {"id": "irq.timer.nanosleep.trace.irq_to_handler", "status": "ok", "count": 1000, "p50": 400, "p99": 500, "max": 600},
        {"id": "noise.gap@cpu0", "status": "ok", "count": 10, "p50": 2000, "p99": 3000, "max": 3000,
         "extras": {"noise_us_per_s": {"value": 1500.0, "unit": "us/s"}}}]},
        open("%s/%s/%s.idle.traced.json" % (d, k, k), "w"))
json.dump({"system": {}, "metrics": [
    {"id": "irq.timer.nanosleep", "status": "ok", "count": 1000, "p50": 5000, "p99": 6000, "max": 7000}]},
    open("%s/rt/rt.idle.json" % d, "w"))
open("%s/stock/stock.idle.rtla-timerlat.txt" % d, "w").write(
    "# rtla-cmd: rtla timerlat hist -c 0 -p 1000 -d 1s\n# rtla: not run: no timerlat tracer in this kernel (CONFIG_TIMERLAT_TRACER not set)\n")
open("%s/stock/stock.idle.rtla-osnoise.txt" % d, "w").write(
    "# rtla: not run: no osnoise tracer in this kernel (CONFIG_OSNOISE_TRACER not set)\n")
PY
cp "$root/tests/data/rtla/timerlat_hist.txt" "$out/run/rt/rt.idle.rtla-timerlat.txt"
cat >"$out/run/rt/rt.idle.rtla-osnoise.txt" <<'TXT'
# rtla-cmd: rtla osnoise top -q -c 0 -p 100000 -r 90000 -T 1 -d 2s -P f:95
                                          Operating System Noise
duration:   0 00:00:02 | time is in us
CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI          IRQ      Softirq       Thread
  0 #19          1710000         2565    99.85000         45           12            0            0           40            0            3
TXT
python3 "$root/bench/kernels_summary.py" "$out/run" "stock rt" "idle" || fail "kernels_summary.py exited $? (rtla)"
cat "$out/run/summary.txt"
# rt: thread 5.0 / 5.1 = 0.98, IRQ entry 1.30 / 1.3 = 1.00, noise 1500 / 1500 = 1.00
grep -Eq '^rt +idle +5\.0 +5\.1 +0\.98 +1\.30 +0\.40 +1\.3 +1\.00 +1500\.0 +1500\.0 +1\.00' "$out/run/summary.txt" &&
	ok "rtbench, rtla and their ratio per kernel and load" || fail "no rtla row for rt"
grep -Eq '^stock +idle +5\.0 +- +- .*no osnoise tracer in this kernel.*no timerlat tracer in this kernel' "$out/run/summary.txt" &&
	ok "a kernel without the tracers says why" || fail "no reason for stock"

# the report puts each rtla file beside the rtbench result it names
# (`# rtla-beside: LABEL`, kernels.sh writes it) with the ratio rtbench / rtla:
# tests/data/rtl.json's timer p50 7.565 us over rtla's 5.1 us is 1.48
{ echo "# rtla-beside: rtlinux-like"; cat "$root/tests/data/rtla/timerlat_hist.txt"; } >"$out/rt.rtla-timerlat.txt"
"$RTBENCH" report -o "$out/rtla.html" "$root/tests/data/rtl.json" "$out/rt.rtla-timerlat.txt" 2>"$out/rtla.err" ||
	fail "report with an rtla file: $(cat "$out/rtla.err")"
python3 - "$out/rtla.html" <<'PY' && ok "the report: rtbench beside rtla, p50/p99/max and their ratio" || fail "no rtbench-beside-rtla table"
import re, sys
s = open(sys.argv[1]).read()
i = s.index('<section id="rtla">'); sec = s[i:s.index("</section>", i)]
cells = re.findall(r"<td>(.*?)</td>", sec)
assert cells[:5] == ["rtla:rt.rtla-timerlat", "rtlinux-like", "7.565", "5.100", "<b>1.48</b>"], cells
PY
done_test
