#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# cpus256_host.sh - the host commands read a traced every-CPU result of
# RTB_MAX_CPUS (256) CPUs with every trace component: a file of the shape
# such a run writes (each CPU's metric, the aggregate, and five component
# metrics "<id>.trace.<name>@cpuN" a CPU plus the aggregate's, 1542
# metrics), made from tests/data/long2.json (a real 2-CPU --duration run)
# by giving each measured metric five component copies and spreading it
# over 256 CPUs (bench/scale_file.py). compare shows every CPU's every
# component, check judges all 1542, tail every CPU, the report's heat map
# a row a CPU, and the fast reader agrees with jansson's whole tree.
. "$(dirname "$0")/lib.bash"
test_out cpus256-host
needs_cmd python3 "apt-get install python3"
python3 - "$data/long2.json" "$out/src.json" <<'EOF' || fail "making the traced source exited $?"
import json, sys
d = json.load(open(sys.argv[1]))
names = ["expiry_to_irq", "irq_to_handler", "handler_to_waking", "waking_to_switch", "switch_to_stamp"]
out = list(d["metrics"])
for m in d["metrics"]:
    base, at, cpu = m["id"].partition("@")
    for n in names:
        c = json.loads(json.dumps(m))
        c["id"] = f"{base}.trace.{n}{at}{cpu}"
        c["title"] = f"{n} (kernel trace)"
        for k in ("intervals", "rounds", "worst", "trace"):
            c.pop(k, None)
        out.append(c)
d["metrics"] = out
json.dump(d, open(sys.argv[2], "w"))
EOF
python3 "$root/bench/scale_file.py" --cpus 256 --intervals 10 "$out/src.json" "$out/c256.json" ||
	fail "scale_file.py exited $?"
n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['metrics']))" "$out/c256.json")
[ "$n" = 1542 ] && ok "256 CPUs x (1 + 5 components) + 6: 1542 metrics" || fail "$n metrics, want 1542"

expect 0 "$RTBENCH" compare "$out/c256.json" "$out/c256.json"
c=$(grep -cE '\[irq\.timer\.nanosleep\.trace\.[a-z_]+@cpu[0-9]+\]' "$out/o")
[ "$c" = 1280 ] && ok "compare: 256 CPUs x 5 components" || fail "compare: $c component tables, want 1280"
grep -q 'irq.timer.nanosleep.trace.switch_to_stamp@cpu255' "$out/o" && ok "compare: CPU 255's last component" ||
	fail "compare: no CPU 255 component"
expect 0 "$RTBENCH" check "$out/c256.json" --max-p99-us 1000000
has "$out/o" "1542 measurements, 1542 passed, 0 failed"
expect 0 "$RTBENCH" tail "$out/c256.json"
cp "$out/o" "$out/tail.fast"
c=$(grep -cE 'irq\.timer\.nanosleep@cpu[0-9]+:' "$out/o")
[ "$c" = 256 ] && ok "tail: every CPU" || fail "tail: $c CPUs, want 256"
RTB_READER=jansson "$RTBENCH" tail "$out/c256.json" >"$out/tail.jansson" 2>&1
cmp -s "$out/tail.fast" "$out/tail.jansson" && ok "tail: the fast reader = jansson's tree" ||
	fail "tail: the fast reader differs from jansson's: $(diff "$out/tail.fast" "$out/tail.jansson" | head -5)"
expect 0 "$RTBENCH" report "$out/c256.json" -o "$out/c256.html"
c=$(grep -o 'class="heatrow" data-cpu="[0-9]*"' "$out/c256.html" | sort -u | wc -l)
[ "$c" -ge 256 ] && ok "report: a heat-map row for each of 256 CPUs" || fail "report: $c heat-map rows"
grep -q 'switch_to_stamp' "$out/c256.html" && ok "report: the components shown" || fail "report: no component"
done_test
