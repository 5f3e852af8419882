#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# lava_def.sh - contrib/lava, the LAVA test definition: its YAML has the
# fields of Linaro test-definitions' "Lava-Test-Shell Test Definition 1.0"
# (metadata name/format/description/maintainer/os/scope/devices, params,
# run steps) with the parameters the issue names (tests, samples, period,
# load, thresholds); its script runs rtbench for real (two measurements,
# short) and writes output/result.txt in the form send-to-lava.sh parses
# (its two egrep patterns, re-stated from automated/utils/send-to-lava.sh);
# send-results.sh turns each line into a lava-test-case call accepted by a
# stub checking LAVA's documented usage, and without the helper prints the
# <LAVA_SIGNAL_TESTCASE ...> lines the helper prints.
. "$(dirname "$0")/lib.bash"
test_out lava_def bin
needs_host
python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml not installed"
python3 - "$root/contrib/lava/rtbench.yaml" <<'PY' || fail "contrib/lava/rtbench.yaml"
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
md = d["metadata"]
assert md["format"] == "Lava-Test-Shell Test Definition 1.0", md["format"]
for k in ("name", "description", "maintainer", "os", "scope", "devices"):
    assert md.get(k), "metadata." + k
for p in ("TESTS", "SAMPLES", "PERIOD", "LOAD", "MAX_P99_US", "MAX_US", "BASELINE"):
    assert p in d["params"] and isinstance(d["params"][p], str), "params." + p
steps = d["run"]["steps"]
assert any("rtbench.sh" in s for s in steps) and any("result.txt" in s for s in steps), steps
for p in ("TESTS", "SAMPLES", "PERIOD", "LOAD", "MAX_P99_US", "MAX_US", "BASELINE"):
    assert any("${%s}" % p in s for s in steps), p
PY
cp -r "$root/contrib/lava" "$out/lava"
cd "$out/lava" || exit 1
RTBENCH="$RTBENCH" ./rtbench.sh -t sync.sem.take.uncontended,ipc.mqueue.wakeup -n 300 -m 100000 -s true \
	>"$out/run.log" 2>&1 || { echo "FAIL: rtbench.sh"; cat "$out/run.log"; exit 1; }
res=output/result.txt
[ "$(wc -l <"$res")" -eq 2 ] || { fail "want 2 result lines"; cat "$res" "$out/run.log"; }
while read -r line; do
	echo "$line" | grep -Eiq ".*+ (pass|fail|skip)+ .*+" || fail "send-to-lava.sh would not parse: $line"
	echo "$line" | grep -Eq '^[A-Za-z0-9._-]+ pass [0-9]+\.[0-9]+ us$' || fail "unexpected line: $line"
done <"$res"
[ -s output/junit.xml ] && [ -s output/rtbench.json ] || fail "artefacts missing"
# with the helper: a stub that checks LAVA's usage
cat >"$out/bin/lava-test-case" <<'STUB'
#!/bin/sh
id=$1; shift
echo "$id" | grep -Eq '^[A-Za-z0-9._-]+$' || { echo "bad id" >&2; exit 1; }
[ "$1" = --result ] && case $2 in pass|fail|skip|unknown) ;; *) false ;; esac || { echo "bad result" >&2; exit 1; }
echo "called $id $*"
STUB
chmod +x "$out/bin/lava-test-case"
PATH="$out/bin:$PATH" ./send-results.sh "$res" >"$out/with" 2>&1
[ "$(grep -c '^called ' "$out/with")" -eq 2 ] || { fail "lava-test-case calls"; cat "$out/with"; }
grep -q '^called ipc.mqueue.wakeup --result pass --measurement [0-9.]* --units us$' "$out/with" ||
	{ fail "call form"; cat "$out/with"; }
# without it: the signal lines, as `rtbench check -f lava` prints them
./send-results.sh "$res" >"$out/without"
"$RTBENCH" check output/rtbench.json --max-p99-us 100000 -f lava >"$out/direct"
diff "$out/without" "$out/direct" || fail "signal lines differ"
[ "$fails" -eq 0 ] && echo "lava_def: ok"
done_test
