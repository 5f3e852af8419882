#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end: `rtbench doctor` on this machine. Exit 3 when a finding
# weakens, 0 when none does. Every check gives a verdict
# with what it read; it changes nothing (every open is read-only and nothing
# is written but its own output: strace); a recorded snapshot (--root) is
# judged from its files alone; bad arguments get one line and exit 2; a run
# keeps the same findings in its result ("doctor") and names them in its text.
. "$(dirname "$0")/lib.bash"
test_out doctor

"$RTBENCH" doctor >"$out/d.txt" 2>"$out/d.err"
rc=$?
want=0
grep -qE '^  weakens ' "$out/d.txt" && want=3
[ $rc -eq $want ] && ok "doctor exited $rc (3: a finding weakens)" || fail "doctor exited $rc, want $want: $(cat "$out/d.err")"
n=$(grep -cE '^  (ok|weakens|unknown) ' "$out/d.txt")
[ "$n" = 14 ] && ok "14 findings" || fail "$n findings: $(cat "$out/d.txt")"
for c in preemption isolcpus nohz_full rcu_nocbs irq_affinity cpufreq idle_states smt thp \
	rt_throttling timer_migration watchdog virtualization tracing; do
	grep -qE "^  (ok|weakens|unknown) +$c\$" "$out/d.txt" || fail "no finding for $c"
done
[ "$(grep -c '^           read: ' "$out/d.txt")" = 14 ] && ok "each says what it read" || fail "a finding without its reading"
w=$(grep -cE '^  weakens ' "$out/d.txt")
[ "$(grep -c '^           fix:  ..*' "$out/d.txt")" -ge "$w" ] && ok "each weakening finding names its fix" ||
	fail "a weakening finding without a fix"
# this machine is a KVM guest with RT throttling on (PLATFORM.md)
if grep -qw hypervisor /proc/cpuinfo; then
	grep -qE '^  weakens +virtualization' "$out/d.txt" && ok "the VM is named" || fail "VM not found"
fi
rt=$(cat /proc/sys/kernel/sched_rt_runtime_us)
if [ "$rt" != -1 ]; then
	grep -A1 -E '^  weakens +rt_throttling' "$out/d.txt" | grep -q "sched_rt_runtime_us $rt" &&
		ok "RT throttling as read ($rt)" || fail "RT throttling not as read"
fi

# read-only: no open for writing, no write but to stdout/stderr, no change
# of any setting (mount, sysctl, file creation)
if command -v strace >/dev/null; then
	strace -f -qq -o "$out/strace.txt" -e trace=open,openat,openat2,creat,write,pwrite64,writev,mount,umount2,unlink,unlinkat,rename,renameat2,mkdir,mkdirat,rmdir,truncate,ftruncate,chmod,fchmod,fchmodat \
		"$RTBENCH" doctor --cpus 0-1 >/dev/null 2>&1
	bad=$(grep -E 'O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|creat\(|mount\(|umount2\(|unlink|rename|mkdir|rmdir|truncate|chmod' "$out/strace.txt" | grep -v 'ENOENT' | grep -v '^[0-9]* *\+\+\+')
	# the C library and the loader open nothing writable either; writes go to fd 1 or 2
	wr=$(grep -E '^[0-9]+ +(write|pwrite64|writev)\(' "$out/strace.txt" | grep -vE '\((1|2),')
	[ -z "$bad$wr" ] && ok "doctor changed nothing ($(grep -c 'open' "$out/strace.txt") opens, all read-only)" ||
		fail "doctor wrote or changed something: $bad $wr"
else
	fail "strace is needed to show doctor writes nothing (tests/packages.txt)"
fi

# tracing is read through a standard mount (or none), never through another
# program's private mount under /tmp: reading there kept a test's umount
# busy, and its mount was left behind
if [ "$(id -u)" = 0 ] && private_tracefs; then
	"$RTBENCH" doctor >"$out/tmnt.txt" 2>&1
	r=$(grep -A1 -E '^  (ok|weakens|unknown) +tracing$' "$out/tmnt.txt" | sed -n 's/^ *read: //p')
	case $r in
	/tmp* | *"$tmnt"*) fail "doctor read tracing through a mount under /tmp: $r" ;;
	/sys/kernel/tracing:* | /sys/kernel/debug/tracing:* | "tracefs (at no standard place:"* | "tracefs is mounted nowhere the doctor reads"*)
		ok "doctor read tracing beside a private mount: ${r%%:*}" ;;
	*) grep -qF " ${r%%:*} tracefs " /proc/mounts && ok "doctor read tracing through ${r%%:*}" ||
		fail "doctor's tracing reading: $r" ;;
	esac
	unmount_private "$tmnt" && ok "the private mount $tmnt is gone" || fail "private mount $tmnt left"
fi

# a recorded snapshot: judged from its files, whatever this machine is
"$RTBENCH" doctor --root "$data/doctor/tuned" >"$out/tuned.txt" 2>&1
grep -q "1 weaken, 0 unknown, 13 ok" "$out/tuned.txt" && ok "snapshot judged from its files" ||
	fail "snapshot: $(head -3 "$out/tuned.txt")"

# tracefs there but unreadable: "unknown", never "ok" (it said "nothing
# recording" when it could read nothing), with the error and what it means
# for run --trace. Root reads any mode: the checks drop its DAC override.
cp -r "$data/doctor/vm-2cpu" "$out/notr"
mkdir -p "$out/notr/sys/kernel/tracing/instances"
nodac() { "$@"; }
[ "$(id -u)" = 0 ] && nodac() { setpriv --inh-caps=-dac_override,-dac_read_search \
	--bounding-set=-dac_override,-dac_read_search "$@"; }
for part in sys/kernel/tracing/instances sys/kernel/tracing; do
	chmod 000 "$out/notr/$part"
	nodac "$RTBENCH" doctor --root "$out/notr" >"$out/notr.txt" 2>&1
	chmod 755 "$out/notr/$part"
	r=$(grep -A2 -E '^  (ok|weakens|unknown) +tracing$' "$out/notr.txt")
	grep -qE '^  unknown +tracing$' <<<"$r" && grep -q 'read: /sys/kernel/tracing: not readable (.*Permission denied): no instance or trigger judged' <<<"$r" &&
		grep -q 'why: .*`run --trace` .* cannot trace there' <<<"$r" &&
		ok "$part unreadable: $(sed -n 's/^ *read: //p' <<<"$r")" || fail "$part unreadable: $r"
done
grep -q "1 weaken, 0 unknown, 13 ok" "$out/tuned.txt" && [ ! -e "$data/doctor/tuned/sys/kernel/tracing" ] &&
	ok "a snapshot without tracefs recorded is not unreadable" || fail "a snapshot without tracefs recorded"
# live, as a user: no tracefs to read (root-only, or not mountable), so no "ok"
if [ "$(id -u)" = 0 ] && setpriv --reuid=65534 --regid=65534 --clear-groups "$RTBENCH" --version >/dev/null 2>&1; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$RTBENCH" doctor >"$out/user.txt" 2>&1
	r=$(grep -A1 -E '^  (ok|weakens|unknown) +tracing$' "$out/user.txt")
	if grep -qE '^  unknown' <<<"$r" && grep -qE 'read: .*(not readable \(.*; not root\)|not mountable by it \()' <<<"$r"; then
		ok "as a user: $(sed -n 's/^ *read: //p' <<<"$r")"
	elif d=$(sed -n 's/^ *read: \(\/[^:]*\): .*instance(s))$/\1/p' <<<"$r") && [ -n "$d" ] &&
		setpriv --reuid=65534 --regid=65534 --clear-groups ls "$d/instances" >/dev/null 2>&1; then
		ok "as a user: tracefs at $d is readable to users here, and judged: $(sed -n 's/^ *read: //p' <<<"$r")"
	else
		fail "as a user: $r"
	fi
fi

# every CPU, on the recorded every-CPU snapshot of this
# VM (2 CPUs, /proc/interrupts read twice a second apart): accepted; the
# fixes keep CPU 0 for housekeeping; IRQs by rate, the line whole; --json
"$RTBENCH" doctor --root "$data/doctor/vm-2cpu" --cpus all >"$out/all.txt" 2>&1
rc=$?
[ $rc -eq 3 ] && grep -q "what weakens latency on CPU 0-1" "$out/all.txt" && ok "doctor --cpus all: CPU 0-1, exit 3" ||
	fail "doctor --cpus all: exit $rc: $(head -3 "$out/all.txt")"
grep -q "fix:  isolcpus=domain,managed_irq,1 on the kernel command line (or a cpuset partition); CPU 0 kept for housekeeping" "$out/all.txt" &&
	grep -q "fix:  move them to CPU 0, the housekeeping CPU" "$out/all.txt" && ! grep -q "0-1 on the kernel\|off CPU 0-1" "$out/all.txt" &&
	ok "every CPU measured: the fixes keep CPU 0 for housekeeping" || fail "every-CPU fixes: $(grep 'fix:' "$out/all.txt")"
grep -q "read: 19 of 19 IRQs may run on CPU 0-1; fired there in 1 s: 36 virtio1-req.0 89/s, 42 virtio3-tx 6/s," "$out/all.txt" &&
	ok "IRQs by their rate, busiest first" || fail "IRQ line: $(grep -A1 irq_affinity "$out/all.txt")"
"$RTBENCH" doctor --root "$data/doctor/vm-2cpu" --cpus all --json >"$out/all.json"
rc=$?
python3 - "$out/all.json" <<'PY' && [ $rc -eq 3 ] && ok "doctor --json: the result's doctor object, exit 3" || fail "doctor --json: exit $rc"
import json, sys
d = json.load(open(sys.argv[1]))["doctor"]
assert d["cpus"] == "0-1" and len(d["findings"]) == 14 and d["weakens"] >= 1, d
irq = [f for f in d["findings"] if f["check"] == "irq_affinity"][0]
assert irq["verdict"] == "weakens" and "more" in irq["read"] and not irq["read"].endswith("..."), irq
PY
# a hostile file's escapes stay escaped in the JSON too
"$RTBENCH" doctor --root "$data/doctor/tuned" --json >"$out/t.json"
rc=$?
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["doctor"]; sys.exit(0 if d["weakens"]==1 else 1)' "$out/t.json" &&
	[ $rc -eq 3 ] && ok "doctor --json on the tuned snapshot" || fail "doctor --json tuned: exit $rc"

# a snapshot with CPUs 0-127 online: --cpus all judges every one (it judged
# 0-63 and did not say so); one the snapshot lists as not online is refused
cp -r "$data/doctor/vm-2cpu" "$out/big"
echo 0-127 >"$out/big/sys/devices/system/cpu/online"
"$RTBENCH" doctor --root "$out/big" --cpus all --json >"$out/big.json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["doctor"]; sys.exit(0 if d["cpus"]=="0-127" and not [f for f in d["findings"] if f["check"]=="cpus"] else 1)' "$out/big.json" &&
	ok "--cpus all on 128 online CPUs judges 0-127" || fail "--cpus all on 0-127: $(head -c 300 "$out/big.json")"
"$RTBENCH" doctor --root "$out/big" --cpus 100 >/dev/null 2>&1
[ $? -ne 2 ] && ok "--cpus 100 of 0-127 judged" || fail "--cpus 100 of 0-127 refused"

# bad arguments: one line, exit 2 (a --root that is no directory)
long=$(printf 'x%.0s' $(seq 3100))
for args in "--cpus x" "--cpus 64" "--budget-us -1" "--bogus" "--cpus" "--root /nonexistent --cpus 1" \
	"--root /etc/hostname" "--root $long"; do
	"$RTBENCH" doctor $args >"$out/bad.out" 2>"$out/bad.err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$out/bad.err")" = 1 ] && [ ! -s "$out/bad.out" ] &&
		ok "doctor $args: exit 2, $(cat "$out/bad.err")" || fail "doctor $args: exit $rc, $(cat "$out/bad.err")"
done

# a run keeps the findings in its result and names the weakening ones
needs_rt
"$RTBENCH" run --tests irq.timer.nanosleep --samples 50 --rounds 1 --json "$out/r.json" >"$out/r.txt" 2>"$out/r.err"
rc=$?
[ $rc -eq 0 ] && ok "run exited 0" || fail "run exited $rc: $(tail -2 "$out/r.err")"
cpu=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["settings"]["cpu"])' "$out/r.json")
"$RTBENCH" doctor --cpus "$cpu" >"$out/d2.txt"
python3 - "$out/r.json" "$out/d2.txt" <<'PY' || fail "the run's doctor findings"
import json, re, sys
r = json.load(open(sys.argv[1]))
d = r["doctor"]
assert d["cpus"] == str(r["settings"]["cpu"]), d["cpus"]
assert len(d["findings"]) == 14, len(d["findings"])
text = open(sys.argv[2]).read()
got = dict(re.findall(r"^  (ok|weakens|unknown) +(\S+)$", text, re.M)[i][::-1] for i in range(14))
for f in d["findings"]:
    # the run holds the idle latency: its idle verdict may only be better
    if f["check"] != "idle_states":
        assert got[f["check"]] == f["verdict"], (f, got[f["check"]])
    assert f["read"] and f["why"], f
    assert (f["fix"] != "") == (f["verdict"] != "ok"), f
assert d["weakens"] == sum(f["verdict"] == "weakens" for f in d["findings"])
# the live IRQ sample, begun with the run's set-up and read again at its
# end: its two reads at least 0.25 s apart (IRQ_SAMPLE_NS), the rates over
# the time between them as it was
irq = [f for f in d["findings"] if f["check"] == "irq_affinity"][0]
m = re.search(r"fired there in ([0-9.]+) s", irq["read"])
assert not m or float(m.group(1)) >= 0.25, irq["read"]
print("run's doctor:", d["weakens"], "weaken;", m.group(0) if m else "no IRQ sample")
PY
if python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["doctor"]["weakens"] == 0)' "$out/r.json"; then
	grep -q "^doctor:  .* weaken CPU $cpu:" "$out/r.txt" && ok "the run's text names them" || fail "no doctor line in the run's text"
fi
done_test
