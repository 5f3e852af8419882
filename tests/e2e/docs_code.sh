#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# docs_code.sh - claims the README and docs/ make about what a command does,
# held against what the command says of itself (STYLE.md: "docs and code
# agree: a claim in a doc is checked by a test where it can be").
# - compare's significance test: the README's "Comparing systems" names the
#   test compare's own verdict line names, and no doc shows compare's old
#   Mann-Whitney output without saying it is the old compare (the
#   README once said "a two-sided Mann-Whitney U test on the kept samples").
. "$(dirname "$0")/lib.bash"
test_out docs_code
needs_host

readme=$root/README.md
# section TITLE FILE - the lines of the "## TITLE" section of FILE
section() { awk -v t="## $1" '$0 == t { f = 1; next } f && /^## / { exit } f' "$2"; }

# compare's verdict line: "verdict: <test> on ..."
v=$("$RTBENCH" compare "$data/vx.json" "$data/rtl.json" | grep -m1 '^verdict: ')
test_name=${v#verdict: }; test_name=${test_name%% on *}
[ -n "$test_name" ] && ok "compare's verdict test: $test_name" || fail "no verdict line in compare's output"
cmp_sec=$(section "Comparing systems" "$readme" | tr '\n' ' ' | tr -s ' ')
case $cmp_sec in *"$test_name"*) ok "README's Comparing systems names it" ;;
*) fail "README's Comparing systems does not name compare's test ($test_name)" ;; esac
case $cmp_sec in *"Mann-Whitney U test on the kept samples"*)
	fail "README's Comparing systems says compare tests by Mann-Whitney on the kept samples" ;; esac
for f in "$readme" "$root"/docs/*.md; do
	grep -q '^significance: two-sided Mann-Whitney' "$f" || continue
	grep -q "schema 1's compare" "$f" && ok "${f#$root/} marks its Mann-Whitney output as the old compare" ||
		fail "${f#$root/} shows compare's Mann-Whitney output as today's"
done
# the README's "What do you want to do?" commands: every option of each
# `build/rtbench run` there is one run accepts (parsed up to a final
# --help, which stops before anything runs)
sec=$(section "What do you want to do?" "$readme")
n=0
while IFS= read -r cmd; do
	read -ra args <<<"${cmd#build/rtbench run }"
	err=$("$RTBENCH" run "${args[@]}" --help 2>&1 >/dev/null) && n=$((n + 1)) ||
		fail "README's 'run ${args[*]}' is refused: $err"
done < <(printf '%s\n' "$sec" | grep -o 'build/rtbench run [^`]*')
[ "$n" -ge 3 ] && ok "the README's $n run commands parse" || fail "only $n run commands found in What do you want to do?"
# and the two commands stay as they are
grep -q '^make run      # build and run the study' "$readme" && grep -q '^make check    # install what the tests need' "$readme" &&
	ok "make run / make check documented" || fail "the two commands are gone from the README"
done_test
