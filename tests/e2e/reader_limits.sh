#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The result-file reader refuses early and works in linear time (issue 9,
# item 11): /dev/zero is refused before a byte is read (it was read up to
# 1 GiB), a negative stddev, a mean outside min..max (a negative mean of
# latencies) and histogram totals that wrap past 2^64 are refused (they
# were accepted), and 100k metrics load and compare in seconds (ids were
# matched pairwise: 100 s). Inputs are *.evil, not results for the schema test.
. "$(dirname "$0")/lib.bash"
if ! "$RTBENCH" compare --help >/dev/null 2>&1; then
	echo "SKIP: this build has no compare/report (needs libjansson-dev)"; exit 77
fi
data=$(cd "$(dirname "$0")/../data" && pwd)
out=$RTB_TEST_OUT/reader_limits
rm -rf "$out"; mkdir -p "$out"
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
if [ -n "${RTB_SANITIZE:-}" ]; then
	echo "(sanitizer build: the 100k-metric run is left to the plain build)"; done_test
fi
t0=$(date +%s.%N)
timeout 120 "$RTBENCH" compare -f csv "$out/big.evil" "$out/big.evil" >"$out/big.csv" 2>"$out/big.err"; rc=$?
dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
rows=$(grep -c '^many\.m' "$out/big.csv")
[ $rc -eq 0 ] && [ "$rows" -ge 100000 ] && ok "100k metrics compared in ${dt}s ($rows rows)" ||
	fail "100k metrics: rc $rc after ${dt}s, $rows rows: $(head -2 "$out/big.err")"
rm -f "$out/big.evil" "$out/big.csv"
done_test
