#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once late (its own builds: an aarch64 rtbench, never the build under test)
# cross_build.sh - the README's `make CROSS_COMPILE=aarch64-linux-gnu-`
# builds an aarch64 rtbench with what the TARGET has: the tracer
# (libtracefs) and the host side (libjansson) are probed by compiling and
# linking for the target, and what it lacks is left out with one line
# saying so, never a link error (before, the host's headers were taken for
# the target's: `cannot find -ltraceevent`, with TRACE=0 `-ljansson`). The
# host build probes its own libraries and says nothing when it has them.
# And `make deb` takes the user's -j (MAKEFLAGS) or DEB_BUILD_OPTIONS'
# parallel=N, never a fixed parallel=2 (make -n). Skips without the cross
# compiler (tests/packages.txt: gcc-aarch64-linux-gnu, libc6-dev-arm64-cross).
. "$(dirname "$0")/lib.bash"
test_out cross-build
needs_cmd aarch64-linux-gnu-gcc "apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$root" --no-print-directory "$@"; }

mk -j2 CROSS_COMPILE=aarch64-linux-gnu- BUILD="$out/arm64" all >"$out/log" 2>&1
rc=$?
grep -E '^make: |error|cannot find' "$out/log"
[ $rc -eq 0 ] && ok "make CROSS_COMPILE=aarch64-linux-gnu- exited 0" || { tail -20 "$out/log"; fail "make CROSS_COMPILE=aarch64-linux-gnu- exited $rc"; }
grep -q 'cannot find -l' "$out/log" && fail "a link error"
[ "$(od -An -tx1 -j18 -N2 "$out/arm64/rtbench" 2>/dev/null | tr -d ' \n')" = b700 ] &&
	ok "build/rtbench is an aarch64 executable" || fail "not an aarch64 executable: $(file "$out/arm64/rtbench" 2>&1)"
flags=$(cat "$out/arm64/flags")
# each feature: built in (the target has it), or left out with its one line
for f in "TRACE libtracefs" "HOST libjansson"; do
	set -- $f
	n=$(grep -c "^make: $1=0: aarch64-linux-gnu-gcc cannot build and link against $2" "$out/log")
	case $flags in
	*"-DRTB_HAVE_$1=1"*) [ "$n" -eq 0 ] && ok "$1: the target has $2, built in" || fail "$1 built in and said left out" ;;
	*) [ "$n" -eq 1 ] && ok "$1: the target lacks $2: left out, said in one line" || fail "$1 left out, said $n times" ;;
	esac
done
# the host's own build: its libraries are there (tests/packages.txt), so the probes find them and say nothing
mk -n BUILD="$out/host" all >"$out/host.log" 2>&1 || fail "make -n (host) exited $?"
grep '^make: ' "$out/host.log" && fail "the host build said a feature is left out"
grep -q -- '-DRTB_HAVE_TRACE=1 ' "$out/host.log" && grep -q -- '-DRTB_HAVE_HOST=1 ' "$out/host.log" &&
	ok "host build: tracer and host side found" || fail "host build flags: $(grep -m1 -- '-D_GNU_SOURCE' "$out/host.log")"

# make deb's parallel=N: the user's
deb_opts() { mk -n BUILD="$out/deb" "$@" deb 2>/dev/null | grep -o 'DEB_BUILD_OPTIONS="[^"]*"'; }
[ "$(deb_opts -j3)" = 'DEB_BUILD_OPTIONS="parallel=3 nocheck"' ] && ok "make -j3 deb: parallel=3" || fail "make -j3 deb: $(deb_opts -j3)"
[ "$(deb_opts)" = 'DEB_BUILD_OPTIONS="parallel=1 nocheck"' ] && ok "make deb: parallel=1" || fail "make deb: $(deb_opts)"
o=$(DEB_BUILD_OPTIONS="noopt parallel=5" deb_opts -j3)
[ "$o" = 'DEB_BUILD_OPTIONS="noopt parallel=5 nocheck"' ] && ok "DEB_BUILD_OPTIONS parallel=5 kept over -j3" || fail "DEB_BUILD_OPTIONS: $o"
done_test
