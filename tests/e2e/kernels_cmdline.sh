#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once (bench/kernels.sh --plan and --analyze: no QEMU, no measuring rtbench)
# kernels_cmdline.sh - `bench/kernels.sh --cmdline NAME=OPTIONS`: kernel
# command-line variants as systems. --plan lists what would boot without
# booting or building: each kernel once per variant, labelled KERNEL-NAME,
# the variant's options after the kernel's own; two vCPUs on arm64, the
# measured CPU the one a variant isolates. Bad variants are refused with
# one line naming what is wrong, exit 2, before anything is written. And
# --analyze puts each system's boot options and the guest's measured CPU
# (its console's "measuring CPU" line) into summary.txt.
. "$(dirname "$0")/lib.bash"
test_out kernels-cmdline k/run1/stock-base k/run1/stock-nohz img
ks=$root/bench/kernels.sh
: >"$out/img/a" && : >"$out/img/b"

# the plan: 2 kernels x 2 variants, arm64, measured CPU 1
"$ks" --plan --arch arm64 -o "$out/p" --cmdline base= --cmdline 'nohz=nohz_full=1 rcu_nocbs=1 irqaffinity=0' \
	a="$out/img/a" b="$out/img/b@preempt=full" >"$out/plan" 2>&1
rc=$?
cat "$out/plan"
[ $rc -eq 0 ] && ok "--plan exited 0" || fail "--plan exited $rc"
grep -qx 'systems: 4; guest: arm64, 2 vCPU(s), rtbench measures CPU 1' "$out/plan" &&
	ok "arm64 with variants: 2 vCPUs, CPU 1 (the isolated one) measured" || fail "plan header wrong"
grep -qx "a-base: $out/img/a \[\]" "$out/plan" &&
	grep -qx "a-nohz: $out/img/a \[nohz_full=1 rcu_nocbs=1 irqaffinity=0\]" "$out/plan" &&
	grep -qx "b-base: $out/img/b \[preempt=full\]" "$out/plan" &&
	grep -qx "b-nohz: $out/img/b \[preempt=full nohz_full=1 rcu_nocbs=1 irqaffinity=0\]" "$out/plan" &&
	ok "each kernel once per variant, KERNEL-NAME, the kernel's own options first" || fail "plan systems wrong"
"$ks" --plan --arch arm64 -o "$out/p" --cmdline base= --cmdline thr=threadirqs a="$out/img/a" >"$out/plan2" 2>&1
grep -qx 'systems: 2; guest: arm64, 2 vCPU(s), rtbench measures CPU 0' "$out/plan2" &&
	ok "no variant isolates a CPU: CPU 0 measured" || fail "plan2: $(cat "$out/plan2")"
"$ks" --plan -o "$out/p" a="$out/img/a" >"$out/plan3" 2>&1
grep -qx 'systems: 1; guest: amd64, 1 vCPU(s), rtbench measures CPU 0' "$out/plan3" && grep -qx "a: $out/img/a \[\]" "$out/plan3" &&
	ok "no --cmdline: one system per kernel, one vCPU, as before" || fail "plan3: $(cat "$out/plan3")"

# refusals: exit 2, one line naming the fault
refuse() { # refuse WHAT EXPECTED-TEXT ARGS...
	local what=$1 want=$2 rc
	shift 2
	"$ks" --plan -o "$out/p" "$@" a="$out/img/a" >"$out/r.out" 2>"$out/r.err"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$out/r.err")" -eq 1 ] && grep -qF -- "$want" "$out/r.err" && [ ! -s "$out/r.out" ]; then
		ok "refused: $what"
	else
		fail "$what: rc $rc, stdout '$(cat "$out/r.out")', stderr '$(cat "$out/r.err")'"
	fi
}
refuse "a shell character" "the options may hold only A-Z a-z 0-9 _ . , = - and spaces" --cmdline 'x=a;reboot'
refuse "a quote" "the options may hold only" --cmdline "x=isolcpus='1'"
refuse "a newline" "the options may hold only" --cmdline $'x=threadirqs\nrtb_cpu=0'
refuse "no =" "not NAME=OPTIONS" --cmdline nohz
refuse "a '-' in the name" "the name 'x-y' is not 1 to 12 of A-Z a-z 0-9 _" --cmdline x-y=
refuse "a 13-character name" "is not 1 to 12 of" --cmdline abcdefghijklm=
refuse "an empty name" "the name '' is not" --cmdline =threadirqs
refuse "the same name twice" "a second variant named 'x'" --cmdline x= --cmdline x=nowatchdog
refuse "the guest's own words" "rtb_* words are the guest's own" --cmdline 'x=rtb_cpu=1'
refuse "the guest's init" "would take the guest's init or console away" --cmdline 'x=init=sh'
refuse "the guest's console" "would take the guest's init or console away" --cmdline 'x=console=ttyS1'
"$ks" --plan -o "$out/p" --cmdline >"$out/r.out" 2>"$out/r.err"
[ $? -eq 2 ] && [ "$(cat "$out/r.err")" = "kernels.sh: --cmdline: needs a value" ] && ok "refused: --cmdline without a value" ||
	fail "--cmdline without a value: $(cat "$out/r.err")"
refuse "CPU 1 on a 1-vCPU x86 guest" "isolcpus names CPU 1, the guest has 1 vCPU(s) (0 to 0; an x86 guest under -icount boots one" --cmdline iso=isolcpus=1
refuse "a CPU the arm64 guest lacks" "isolcpus names CPU 3, the guest has 2 vCPU(s)" --arch arm64 --cmdline 'x=isolcpus=nohz,domain,3'
refuse "two vCPUs on x86 under -icount" "--cpus 2: an x86 guest under -icount hangs" --cpus 2
refuse "--measure-cpu past the guest" "--measure-cpu 2: the guest has 2 vCPU(s)" --arch arm64 --cpus 2 --measure-cpu 2
[ ! -e "$out/p/run1" ] && ok "nothing booted or built" || fail "$out/p/run1 exists"

# --analyze: the systems' boot options and measured CPU, from each guest's console
d=$out/k
echo "stock-base stock-nohz" >"$d/kernels.txt"
: >"$d/run1/stock-base/boot-options.txt"
echo "nohz_full=1 rcu_nocbs=1 irqaffinity=0" >"$d/run1/stock-nohz/boot-options.txt"
printf 'rtbench-guest: measuring CPU 1 of 0-1; isolated: %s; nohz_full: %s\r\nrtbench-guest: CPU 1 is not isolated\r\n' "''" "''" >"$d/run1/stock-base/console.log"
printf 'rtbench-guest: measuring CPU 1 of 0-1; isolated: %s; nohz_full: %s\r\nrtbench-guest: CPU 1 is isolated\r\n' "''" "'1'" >"$d/run1/stock-nohz/console.log"
"$ks" --analyze -o "$d" >"$out/log" 2>&1
rc=$?
[ $rc -eq 77 ] && { grep -m1 '^SKIP' "$out/log"; exit 77; }
[ $rc -eq 0 ] && ok "--analyze exited 0" || fail "--analyze exited $rc: $(tail -3 "$out/log")"
grep -qxF "stock-base: boot options []; measuring CPU 1 of 0-1; isolated: ''; nohz_full: ''; CPU 1 is not isolated" "$d/run1/summary.txt" &&
	grep -qxF "stock-nohz: boot options [nohz_full=1 rcu_nocbs=1 irqaffinity=0]; measuring CPU 1 of 0-1; isolated: ''; nohz_full: '1'; CPU 1 is isolated" "$d/run1/summary.txt" &&
	ok "summary.txt: each system's boot options and measured CPU" || fail "summary.txt: $(cat "$d/run1/summary.txt")"
done_test
