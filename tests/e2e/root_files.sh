#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# root_files.sh - the repository's root holds only the files it should:
# `git ls-files | grep -v /` lists nothing outside the allow-list below
# (17 byte copies of tests/data fixtures once sat there, swept in because
# tests/data/gen_fixtures.py wrote into the current directory). A new root
# file is added here on purpose, or belongs in a folder. And the fixture
# generator writes next to itself whatever directory it runs in, the same
# bytes as the committed fixtures (fixed seeds). Skips outside a git
# checkout (a release tarball).
. "$(dirname "$0")/lib.bash"
test_out root-files cwd data
allowed=".gitignore LICENSE Makefile README.md"
git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1 || skip "not a git checkout"
extra=$(git -C "$root" ls-files | grep -v / | grep -vxF -f <(tr ' ' '\n' <<<"$allowed"))
[ -z "$extra" ] && ok "root files: only $allowed" || fail "files at the root beyond the allow-list ($allowed): $(echo $extra)"

# the generator writes into its own folder, not the current one
cp "$data/gen_fixtures.py" "$out/data/"
(cd "$out/cwd" && python3 "$out/data/gen_fixtures.py") || fail "gen_fixtures.py exited $?"
[ -z "$(ls -A "$out/cwd")" ] && ok "gen_fixtures.py wrote nothing into the current directory" ||
	fail "gen_fixtures.py wrote into the current directory: $(ls "$out/cwd")"
n=0
for f in "$out"/data/*.json; do
	n=$((n + 1))
	cmp -s "$f" "$data/${f##*/}" || fail "${f##*/} differs from the committed tests/data/${f##*/}"
done
[ $n -eq 17 ] && ok "its 17 fixtures, next to it, byte for byte the committed ones" || fail "$n fixtures written, not 17"
done_test
