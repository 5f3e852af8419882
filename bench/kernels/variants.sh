# SPDX-License-Identifier: Apache-2.0
# bench/kernels/variants.sh - kernel command-line variants for
# bench/kernels.sh (sourced): `--cmdline NAME=OPTIONS`, each variant booted
# on every kernel as a system of its own, labelled KERNEL-NAME
# (docs/kernels.md, "Boot options as systems").
#
# Uses die2 from the caller. Sets VAR_NAMES[i], VAR_OPTS[i].

VAR_NAMES=() VAR_OPTS=()

# variant_add SPEC - check one --cmdline NAME=OPTIONS and keep it. A name
# goes into file names and system labels (KERNEL-NAME), so no '-' or '.';
# the options go onto the kernel command line unquoted, so only what boot
# options are written with: letters, digits, _ . , = - and spaces.
variant_add() {
	local spec=$1 name opts w n
	# the refusal is one printable line whatever was given
	spec=${spec//[^[:print:]]/?}
	case $spec in *=*) ;; *) die2 "--cmdline '$spec': not NAME=OPTIONS (e.g. 'nohz=nohz_full=1 rcu_nocbs=1', 'base=' for none)" ;; esac
	name=${1%%=*} opts=${1#*=}
	[[ $name =~ ^[A-Za-z0-9_]{1,12}$ ]] ||
		die2 "--cmdline '$spec': the name '${name//[^[:print:]]/?}' is not 1 to 12 of A-Z a-z 0-9 _"
	[[ $opts =~ ^[A-Za-z0-9_.,=\ -]*$ ]] ||
		die2 "--cmdline '$spec': the options may hold only A-Z a-z 0-9 _ . , = - and spaces"
	for w in $opts; do
		case $w in
		rtb_*) die2 "--cmdline '$spec': '$w': rtb_* words are the guest's own (what it runs)" ;;
		init=*|rdinit=*|console=*) die2 "--cmdline '$spec': '$w' would take the guest's init or console away" ;;
		esac
	done
	for n in "${VAR_NAMES[@]}"; do
		[ "$n" = "$name" ] && die2 "--cmdline '$spec': a second variant named '$name'"
	done
	VAR_NAMES+=("$name") VAR_OPTS+=("$opts")
}

# variant_cpulist OPTS KEY - the CPUs a CPU-list option names (isolcpus's
# flags, e.g. isolcpus=nohz,domain,1, left out), one a line
variant_cpulist() {
	local w v item a b
	for w in $1; do
		case $w in "$2"=*) ;; *) continue ;; esac
		v=${w#*=}
		for item in ${v//,/ }; do
			[[ $item =~ ^([0-9]+)(-([0-9]+))?$ ]] || continue
			a=${BASH_REMATCH[1]} b=${BASH_REMATCH[3]:-${BASH_REMATCH[1]}}
			[ "$a" -le "$b" ] && [ "$b" -lt 1024 ] && seq "$a" "$b"
		done
	done
}

# variant_isolated OPTS - the CPUs a variant takes away from general work
# (isolcpus=, nohz_full=), one a line, sorted
variant_isolated() {
	{ variant_cpulist "$1" isolcpus; variant_cpulist "$1" nohz_full; } | sort -nu
}

# variant_check_cpus NCPU [HINT] - every CPU a variant names (isolcpus,
# nohz_full, rcu_nocbs, irqaffinity) is one the guest has; HINT ends the
# refusal (why the guest has no more)
variant_check_cpus() {
	local i k c
	for i in "${!VAR_NAMES[@]}"; do
		for k in isolcpus nohz_full rcu_nocbs irqaffinity; do
			for c in $(variant_cpulist "${VAR_OPTS[$i]}" $k); do
				[ "$c" -lt "$1" ] ||
					die2 "--cmdline '${VAR_NAMES[$i]}=${VAR_OPTS[$i]}': $k names CPU $c, the guest has $1 vCPU(s) (0 to $(( $1 - 1 ))${2:+; $2})"
			done
		done
	done
}

# variant_measured_cpu - the CPU the guest's rtbench measures when
# --measure-cpu is not given: the first CPU a variant isolates (every
# variant, the one without isolation too, is measured there, so the
# columns compare like with like), else 0
variant_measured_cpu() {
	local i c
	for i in "${!VAR_NAMES[@]}"; do
		c=$(variant_isolated "${VAR_OPTS[$i]}" | head -1)
		[ -n "$c" ] && { echo "$c"; return; }
	done
	echo 0
}
