#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# report_qualify.sh - `rtbench report --qualify LONG.json CYCLICTEST.json`:
# the qualification page of a long run with cyclictest beside it, on known
# files (tests/data/long64.json, 64 CPUs of 1000 samples, and
# rttests/cyclictest_2cpu.json) with a doctor section added:
# - every CPU of both files a row of the figures, cyclictest's max as its
#   file says;
# - the OSADL-form histogram (one line per CPU of each file), the interval
#   maxima, the crossing rates (the all-CPU count the sum of the CPUs'),
#   `rtbench tail`'s text with the plan, the doctor's findings (a weakening
#   one marked), the fingerprint;
# - every table says what it includes; no script on the page;
# - --threshold-us A,B: one crossing table each; --plan without --qualify:
#   refused in one line.
. "$(dirname "$0")/lib.bash"
test_out report_qualify
needs_host

python3 - "$data/long64.json" "$out/long.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["doctor"] = {"cpus": "0-63", "budget_ns": 0, "weakens": 1, "unknown": 0, "findings": [
    {"check": "rt_throttling", "verdict": "weakens", "read": "sched_rt_runtime_us 950000 of 1000000",
     "why": "RT tasks stop for 50000 us of every 1000000 us", "fix": "sysctl kernel.sched_rt_runtime_us=-1"},
    {"check": "smt", "verdict": "ok", "read": "no SMT sibling", "why": "siblings share a core", "fix": "-"}]}
json.dump(d, open(sys.argv[2], "w"))
PY
expect 0 "$RTBENCH" report --qualify "$out/long.json" "$data/rttests/cyclictest_2cpu.json" -o "$out/q.html"
python3 - "$out/q.html" "$data/rttests/cyclictest_2cpu.json" <<'PY' && ok "the page: figures, plots, rates, plan, doctor, system" || fail "the qualification page"
import html, json, re, sys
page = open(sys.argv[1]).read()
ct = json.load(open(sys.argv[2]))
def rows(after):
    sec = page[page.index(after):]
    sec = sec[:sec.index("</table>")]
    return [[html.unescape(re.sub("<[^>]+>", "", c)).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r)]
            for r in re.findall(r"<tr[^>]*>(.*?)</tr>", sec)]
fig = rows("<h3>Figures per CPU</h3>")
labels = [r[0] for r in fig[1:]]
assert "synthetic-64cpu all CPUs" in labels and all("synthetic-64cpu CPU %d" % c in labels for c in range(64)), labels[:5]
for cpu in ("0", "1"):
    r = next(r for r in fig if r[0].endswith("cyclictest CPU " + cpu))
    assert float(r[7]) == float(ct["thread"][cpu]["max"]), (r, ct["thread"][cpu]["max"])
    assert int(r[1]) == sum(ct["thread"][cpu]["histogram"].values()) + int(r[8]), r
assert "Every sample each file kept for that CPU" in page
# the OSADL plot: a line for every CPU of each file, a linear latency axis
osadl = re.search(r'<svg[^>]*id="osadl-irq.timer.nanosleep-all"[^>]*>(.*?)</svg>', page, re.S).group(1)
assert len(re.findall(r'<path class="series"', osadl)) == 66, len(re.findall(r'<path class="series"', osadl))
for f, k in (("0", 64), ("1", 2)):  # a panel per file, side by side
    pan = re.search(r'<svg[^>]*id="osadl-irq.timer.nanosleep-%s"[^>]*>(.*?)</svg>' % f, page, re.S).group(1)
    assert len(re.findall(r'<path class="series"', pan)) == k, (f, k)
assert "samples per 1 us" in osadl and "latency (" in osadl
assert re.search(r'<svg[^>]*id="ivmax-irq.timer.nanosleep"', page)
# crossings over 100 us: the all-CPU count is the CPUs' sum
cr = rows("<th>over 100.000 us</th>")
k = {r[0]: int(r[1]) for r in cr if r[0].startswith("synthetic") and "to" not in r[1]}
assert k["synthetic-64cpu all CPUs"] == sum(v for n, v in k.items() if "CPU " in n and "all" not in n), k
assert "per CPU-hour" in page and "95%" in page
assert "The tail and the plan" in page and "a run of 24 h" in page, "no plan"
doc = rows('<h2 id="doctor">')
assert any(r[0] == "rt_throttling" and r[1] == "weakens" for r in doc), doc
assert '<tr class="weakens"><td>rt_throttling' in page
assert '<h2 id="system">' in page and "Fingerprint" in page
assert "<script" not in page
print("rows", len(fig) - 1, "crossings over 100 us", k["synthetic-64cpu all CPUs"])
PY
expect 0 "$RTBENCH" report --qualify "$out/long.json" --threshold-us 50,100 -o "$out/q2.html"
[ "$(grep -o '<th>over [0-9.]* us</th>' "$out/q2.html" | tr '\n' ' ')" = "<th>over 50.000 us</th> <th>over 100.000 us</th> " ] &&
	ok "--threshold-us 50,100: a crossing table each" || fail "crossing tables: $(grep -o '<th>over [0-9.]* us</th>' "$out/q2.html")"
expect 2 "$RTBENCH" report "$out/long.json" --plan 24 -o "$out/q3.html"
[ "$(wc -l <"$out/e")" -eq 1 ] && has "$out/e" "--threshold-us and --plan: options of --qualify"
done_test
