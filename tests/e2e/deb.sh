#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once late (its own builds, a package or a QEMU guest; `make check` runs it in the sanitizer pass, whose side lane is short: tests/run.sh)
# deb.sh - the Debian package: build it from a copy of the tree with
# `dpkg-buildpackage -us -uc -b` (nocheck, parallel=2), check its contents
# (program, man pages: one per command, every document and schema --help
# names, bash completion), install
# it and run `rtbench list` and `rtbench check` from the installed path,
# then remove it again (when it was not installed before). Not root:
# extracts instead of installing, and says so. Skips (77) without
# dpkg-buildpackage (Debian packages dpkg-dev debhelper fakeroot).
# RTB_LINTIAN=1 also runs lintian (slow, so not by default: the one tag it
# reports is explained in debian/rtbench.lintian-overrides).
. "$(dirname "$0")/lib.bash"
test_out deb src/rtbench
for t in dpkg-buildpackage dh fakeroot; do
	command -v $t >/dev/null || skip "$t not installed (apt-get install dpkg-dev debhelper fakeroot)"
done
# a copy of the tracked (and new, unignored) files: the build writes beside the tree
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	(cd "$root" && git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T -)
else
	tar -C "$root" --exclude=./build --exclude=./debian/rtbench --exclude=./debian/.debhelper -cf - .
fi | tar -xf - -C "$out/src/rtbench"
(cd "$out/src/rtbench" && DEB_BUILD_OPTIONS="parallel=2 nocheck" dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1 ||
	{ echo "FAIL: dpkg-buildpackage"; tail -30 "$out/build.log"; exit 1; }
deb=$(ls "$out"/src/rtbench_*_*.deb | grep -v dbgsym | head -1)
echo "built $(basename "$deb")"
dpkg-deb -c "$deb" >"$out/contents"
for f in ./usr/bin/rtbench ./usr/share/man/man1/rtbench.1.gz \
	./usr/share/bash-completion/completions/rtbench \
	./usr/share/doc/rtbench/rtbench-result.schema.json ./usr/share/doc/rtbench/copyright; do
	grep -q " $f\$" "$out/contents" || fail "$f not in the package"
done
# every document and schema the help texts name (docs/X is /usr/share/doc/rtbench/X),
# and a man page per command
cmds=$("$RTBENCH" --help | awk '/^commands:/{on=1; next} on && /^  [a-z]/{print $1} on && /^$/{exit}')
for d in $({ "$RTBENCH" --help; for c in $cmds; do "$RTBENCH" "$c" --help 2>&1; done; } |
	grep -oE 'docs/[A-Za-z0-9_.-]+\.(md|json)' | sort -u); do
	grep -q " ./usr/share/doc/rtbench/${d#docs/}\$" "$out/contents" || fail "$d (named by --help) not in the package"
done
for c in $cmds; do
	grep -q " ./usr/share/man/man1/rtbench-$c.1.gz\$" "$out/contents" || fail "no man page rtbench-$c(1)"
done
if [ "${RTB_LINTIAN:-0}" = 1 ] && command -v lintian >/dev/null; then
	lintian --fail-on error,warning "$deb" || fail "lintian"
fi
if [ "$(id -u)" = 0 ]; then
	was=$(dpkg-query -W -f '${Status}' rtbench 2>/dev/null | grep -c 'install ok installed')
	dpkg -i "$deb" >"$out/install.log" 2>&1 || { echo "FAIL: dpkg -i"; cat "$out/install.log"; exit 1; }
	bin=/usr/bin/rtbench
	dpkg -L rtbench | grep -qx "$bin" || fail "dpkg -L lacks $bin"
	cleanup() { [ "$was" = 1 ] || dpkg --purge rtbench >/dev/null 2>&1; }
	at_exit cleanup
else
	echo "not root: extracting instead of installing"
	dpkg-deb -x "$deb" "$out/root"
	bin=$out/root/usr/bin/rtbench
fi
"$bin" list >"$out/list" || fail "$bin list"
grep -q '^ipc.mqueue.wakeup ' "$out/list" || fail "$bin list lacks ipc.mqueue.wakeup"
"$bin" check --baseline "$data/vx.json" "$data/vx_rerun.json" >/dev/null ||
	{ fail "the installed rtbench check"; }
dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/man/man1/rtbench.1.gz | zcat | grep -q '^\.SS rtbench check' ||
	{ fail "the man page has no check section"; }
# the copied tree is not a result of this test run (zz_schema.sh scans $RTB_TEST_OUT)
rm -rf "$out/src/rtbench"
[ "$fails" -eq 0 ] && echo "deb: ok ($bin list: $(($(wc -l <"$out/list") - 1)) measurements)"
done_test
