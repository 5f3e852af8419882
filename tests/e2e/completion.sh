#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# completion.sh - contrib/bash-completion/rtbench offers, after -f/--format,
# exactly the formats each command accepts: every word it offers is
# accepted by the command, none is a word of the help's prose ("default",
# "or"), and check's lava-results is there (it once offered "default"
# and "or" and missed lava-results). Runs the completion function with a
# stand-in for bash-completion's _init_completion (not needed installed).
. "$(dirname "$0")/lib.bash"
test_out completion
needs_host

_init_completion() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }
_filedir() { COMPREPLY=(); }
complete() { :; }
. "$root/contrib/bash-completion/rtbench"

# offered CMD OPT - the words completed after "rtbench CMD OPT "
offered() {
	COMP_WORDS=(rtbench "$1" "$2" ""); COMP_CWORD=3; COMPREPLY=()
	_rtbench "$RTBENCH"
	printf '%s\n' "${COMPREPLY[@]}" | sort
}
for cmd in compare check; do
	for opt in -f --format; do
		words=$(offered "$cmd" "$opt")
		[ -n "$words" ] || { fail "$cmd $opt: nothing offered"; continue; }
		for w in $words; do
			case $cmd in
			compare) "$RTBENCH" compare "$data/vx.json" "$data/rtl.json" -f "$w" >/dev/null 2>"$out/e" ;;
			check) "$RTBENCH" check "$data/vx.json" --max-p99-us 100000 -f "$w" >/dev/null 2>"$out/e" ;;
			esac
			[ $? -ne 2 ] || fail "$cmd $opt offers '$w', which $cmd refuses: $(cat "$out/e")"
		done
		case " $(echo $words) " in *" default "* | *" or "*) fail "$cmd $opt offers help prose: $(echo $words)" ;; esac
	done
done
[ "$(offered compare -f | tr '\n' ' ')" = "csv json markdown text " ] && ok "compare -f: csv json markdown text" ||
	fail "compare -f offers: $(offered compare -f | tr '\n' ' ')"
[ "$(offered check -f | tr '\n' ' ')" = "junit lava lava-results text " ] && ok "check -f: junit lava lava-results text" ||
	fail "check -f offers: $(offered check -f | tr '\n' ' ')"
done_test
