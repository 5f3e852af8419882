#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# The result-file reader refuses early and works in linear time
# (a hostile file must not hang it): /dev/zero is refused before a byte is read (it was read up to
# 1 GiB), a negative stddev, a mean outside min..max (a negative mean of
# latencies) and histogram totals that wrap past 2^64 are refused (they
# were accepted), and 100k metrics load and compare in seconds (ids were
# matched pairwise: 100 s). Inputs are *.evil, not results for the schema test.
. "$(dirname "$0")/lib.bash"
needs_host
test_out reader_limits
refused() { # refused WORD FILE...
	local want=$1; shift
	local err rc
	err=$(timeout 20 "$RTBENCH" compare "$@" 2>&1 >/dev/null); rc=$?
	[ $rc -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [[ $err == *"$want"* ]] &&
		ok "refused: $err" || fail "$*: rc $rc: $err"
}
refused "character device" /dev/zero "$data/vx.json"
python3 - "$data/vx.json" "$out" <<'PY'
import json, sys, copy
src, out = sys.argv[1], sys.argv[2]
r = json.load(open(src))
def put(name, f):
    x = copy.deepcopy(r); f(x["metrics"][0]); json.dump(x, open(f"{out}/{name}.evil", "w"))
put("neg_stddev", lambda m: m.__setitem__("stddev", -1.0))
put("neg_mean", lambda m: m.__setitem__("mean", -5.0))
def wrap(m):
    m.pop("samples", None)
    # 5 + 2 * (2^63 - 1) wraps to 3 in 64 bits: "count": 3 matched the wrapped total
    m["histogram"] = {"sub_bits": 7, "top_bit": 36, "underflow": 2**63 - 1, "overflow": 2**63 - 1,
                      "buckets": [[1000, 1001, 5]]}
    m["count"] = 3
put("hist_wrap", wrap)
# figures that cannot be statistics of the metric's samples (refused, not drawn)
m0 = r["metrics"][0]
def p90_above_max(m): m["p90"] = m["max"] + 1
put("p90_above_max", p90_above_max)
def neg_p999(m): m["p99_9"] = -5
put("neg_p999", neg_p999)
def p999_below_p99(m): m["p99_9"] = m["p50"]; m["p99"] = max(m["p99"], m["p50"] + 1)
put("pct_order", p999_below_p99)
def sample_out(m): m["samples"][0] = m["max"] + 1000
put("sample_out", sample_out if m0.get("samples") else lambda m: None)
def round_out(m): m["rounds"][0]["p50_ns"] = m["max"] + 1000; m["rounds"][0]["p99_ns"] = m["max"] + 2000
put("round_out", round_out if m0.get("rounds") else lambda m: None)
# 100k metrics
big = copy.deepcopy(r)
m0 = big["metrics"][0]
m0.pop("samples", None); m0.pop("histogram", None); m0.pop("rounds", None)
big["metrics"] = []
for i in range(100000):
    m = dict(m0); m["id"] = "many.m%06d" % i
    big["metrics"].append(m)
json.dump(big, open(f"{out}/big.evil", "w"))
PY
refused "negative stddev" "$out/neg_stddev.evil" "$data/vx.json"
refused "mean outside" "$out/neg_mean.evil" "$data/vx.json"
refused "overflow" "$out/hist_wrap.evil" "$data/vx.json"
refused '"p90" is' "$out/p90_above_max.evil" "$data/vx.json"
refused '"p99_9" is -5, outside min..max' "$out/neg_p999.evil" "$data/vx.json"
refused '"p99_9"' "$out/pct_order.evil" "$data/vx.json"
refused "outside min..max" "$out/sample_out.evil" "$data/vx.json"
refused "outside the metric's min..max" "$out/round_out.evil" "$data/vx.json"
# rt-tests input: 400k threads on 8192 CPUs (grouping per CPU was threads x
# CPUs), and a "cpu" no machine has
python3 - "$out" <<'PY'
import json, sys
def rtt(n, cpu):
    th = {str(i): {"cycles": 10, "min": 1, "avg": 2.0, "max": 3, "cpu": cpu(i), "histogram": {"2": 10}}
          for i in range(n)}
    return {"file_version": 1, "cmdline:": "cyclictest -t", "rt_test_version:": "2.40",
            "start_time": "Wed, 02 Dec 2026 16:34:06 +0000",
            "sysinfo": {"sysname": "Linux", "nodename": "x", "release": "6", "version": "#1",
                        "machine": "x86_64", "realtime": 0},
            "num_threads": n, "resolution_in_ns": 0, "thread": th}
json.dump(rtt(400000, lambda i: i % 8192), open(sys.argv[1] + "/rtt400k.evil", "w"))
json.dump(rtt(3, lambda i: 10**9 * i), open(sys.argv[1] + "/rttcpu.evil", "w"))
PY
refused "not a CPU number" "$out/rttcpu.evil" "$data/vx.json"
if [ -n "${RTB_SANITIZE:-}" ]; then
	echo "(sanitizer build: the 400k-thread and 100k-metric reads are left to the plain build)"; done_test
fi
t0=$SECONDS
timeout 200 "$RTBENCH" check "$out/rtt400k.evil" >"$out/rtt400k.txt" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "8193 measurements" "$out/rtt400k.txt" &&
	ok "rt-tests file of 400k threads on 8192 CPUs read in $((SECONDS - t0)) s" ||
	fail "400k threads: rc $rc after $((SECONDS - t0)) s: $(tail -1 "$out/rtt400k.txt")"
t0=$(date +%s.%N)
timeout 120 "$RTBENCH" compare -f csv "$out/big.evil" "$out/big.evil" >"$out/big.csv" 2>"$out/big.err"; rc=$?
dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
rows=$(grep -c '^many\.m' "$out/big.csv")
[ $rc -eq 0 ] && [ "$rows" -ge 100000 ] && ok "100k metrics compared in ${dt}s ($rows rows)" ||
	fail "100k metrics: rc $rc after ${dt}s, $rows rows: $(head -2 "$out/big.err")"
rm -f "$out/big.evil" "$out/big.csv"
done_test
