#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/fresh.sh - the fresh-machine rehearsal: run .ci/run exactly as CI
# does, but inside a clean Debian 12 root that has nothing this machine had
# installed by hand.
#
#   tests/fresh.sh [--rev REV] [--keep] [--cmd 'COMMAND']
#   make check-fresh
#
# Why: a fresh clone on a groomed machine hides a missing install step (a
# package a test needs that was only ever installed by hand, or pulled in as
# a Recommends). CI's machines are new; this root is newer still.
#
# Steps:
#   1. A minbase Debian 12 (bookworm) root made by debootstrap from the
#      mirror and suites apt already uses here (the first run caches the
#      bootstrap as a tarball in $RTB_FRESH_CACHE; later runs unpack it).
#   2. apt's sources and settings copied from this machine, so the root
#      reaches the same archive; then the README's bare-image step
#      (`apt-get install make gcc libc6-dev`) and git for the clone.
#   3. A fresh `git clone` of REV (default HEAD) at /ci/rtbench, with a
#      read-only copy of ../shared beside it when there is one (as CI has).
#   4. /proc, /sys (with tracefs), /dev and /run/rtbench (the lock and CPU
#      claims: the knobs are the machine's) bound in (rslave: nothing mounted
#      inside propagates back), then `CI=true bash .ci/run` inside, with an
#      environment as bare as CI's.
#   5. Everything unmounted; the root removed (--keep leaves it, unmounted).
# Exit status: .ci/run's. Needs root, debootstrap and the network to the
# Debian archive (it installs debootstrap when missing). It is not part of
# .ci/run (it runs .ci/run).
set -euo pipefail
# one compound command: bash reads it whole before running it, so editing
# this file during a rehearsal cannot change the rehearsal under way
{
here=$(cd "$(dirname "$0")/.." && pwd)
rev=HEAD keep=0 cmd='bash .ci/run'
while [ $# -gt 0 ]; do
	case $1 in
	--rev) rev=${2:?--rev needs a revision}; shift 2 ;;
	--keep) keep=1; shift ;;
	--cmd) cmd=${2:?--cmd needs a command}; shift 2 ;;
	-h|--help) sed -n '3,30p' "$0"; exit 0 ;;
	*) echo "fresh.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
	esac
done
[ "$(id -u)" = 0 ] || { echo "fresh.sh: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
if ! command -v debootstrap >/dev/null; then
	echo "fresh: installing debootstrap (apt-get install --no-install-recommends debootstrap)"
	{ apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >/dev/null; } ||
		{ echo "fresh.sh: needs debootstrap, and apt-get could not install it" >&2; exit 2; }
fi
sha=$(git -C "$here" rev-parse --verify "$rev^{commit}" 2>/dev/null) ||
	{ echo "fresh.sh: '$rev' is not a commit of $here" >&2; exit 2; }

cache=${RTB_FRESH_CACHE:-/var/cache/rtbench-fresh}
work=${RTB_FRESH_DIR:-/var/tmp/rtbench-fresh}
root=$work/root
mkdir -p "$cache" "$work"
t0=$(date +%s)
say() { printf 'fresh: [%4ss] %s\n' "$(($(date +%s) - t0))" "$*"; }

# the mounts below $root, deepest first
mounts_below() {
	awk -v r="$root" '$5 == r || index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r
}
unmount_all() {
	local m
	for m in $(mounts_below); do umount -l "$m" 2>/dev/null || true; done
}
# the processes whose root is $root (a test's own process group, such as
# timeout's, escapes a signal sent to ours)
inside() {
	local d r
	for d in /proc/[0-9]*; do
		r=$(readlink "$d/root" 2>/dev/null) || continue
		case $r in "$root" | "$root (deleted)") echo "${d#/proc/}" ;; esac
	done
}
# stop them: TERM first (an rtbench stopped so restores what it set), up
# to 10 s for them to end, then KILL
stop_inside() {
	local p i
	p=$(inside)
	[ -n "$p" ] || return 0
	kill -TERM $p 2>/dev/null || true
	for i in $(seq 100); do
		[ -n "$(inside)" ] || return 0
		sleep 0.1
	done
	kill -KILL $(inside) 2>/dev/null || true
}
# never delete a root that still has anything mounted in it
remove_root() {
	unmount_all
	if [ -n "$(mounts_below)" ]; then
		echo "fresh.sh: still mounted below $root, not removing it:" >&2
		mounts_below >&2
		return 1
	fi
	rm -rf --one-file-system "$root"
}
trap 'rc=$?; stop_inside; if [ $keep = 1 ]; then unmount_all; else remove_root || true; fi; exit $rc' EXIT
trap 'exit 130' INT TERM

# 1. the clean root
remove_root
src=/etc/apt/sources.list.d/debian.sources
mirror=$(awk '/^URIs:/ { print $2; exit }' "$src" 2>/dev/null || true)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
tarball=$cache/bookworm-minbase.tgz
if [ ! -s "$tarball" ]; then
	say "debootstrap --make-tarball (bookworm, minbase) from $mirror: once, cached in $cache"
	rm -rf "$work/tb"
	debootstrap --variant=minbase --make-tarball="$tarball.part" bookworm "$work/tb" "$mirror" >"$work/debootstrap-tarball.log" 2>&1 ||
		{ tail -n 20 "$work/debootstrap-tarball.log" >&2; exit 1; }
	mv "$tarball.part" "$tarball"
	rm -rf "$work/tb"
fi
say "debootstrap --variant=minbase bookworm $root"
debootstrap --variant=minbase --unpack-tarball="$tarball" bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
	{ tail -n 20 "$work/debootstrap.log" >&2; exit 1; }

# 2. the same archive as this machine, then the README's bare-image step
if [ -f "$src" ]; then
	rm -f "$root/etc/apt/sources.list"
	cp "$src" "$root/etc/apt/sources.list.d/"
fi
for f in /etc/apt/apt.conf.d/*; do
	grep -q 'Check-Valid-Until\|Check-Date' "$f" 2>/dev/null && cp "$f" "$root/etc/apt/apt.conf.d/"
done
cp /etc/resolv.conf "$root/etc/resolv.conf"

# 4. (before the installs: apt's scripts want /proc and /dev)
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys"
mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev"
# rtbench's lock and CPU claims: the knobs they guard (the RR quantum, RT
# throttling) are the machine's, so a run inside the root and one outside
# must meet (apart, each saw the other's quantum as "found")
mkdir -p /run/rtbench "$root/run/rtbench"
mount --bind /run/rtbench "$root/run/rtbench"
if [ -d /sys/kernel/tracing ] && ! mountpoint -q "$root/sys/kernel/tracing"; then
	mount -t tracefs nodev "$root/sys/kernel/tracing" 2>/dev/null || true
fi

in_root() {
	chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}
say "apt-get install make gcc libc6-dev git (the README's bare-image step, and git for the clone)"
in_root sh -c 'apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends make gcc libc6-dev git ca-certificates >/dev/null' ||
	{ echo "fresh.sh: the bare-image install failed" >&2; exit 1; }

# 3. a fresh clone, shared/ read-only beside it
mkdir -p "$root/ci"
git clone -q --no-hardlinks "$here" "$root/ci/rtbench"
git -C "$root/ci/rtbench" checkout -q "$sha"
if [ -d "$here/../shared" ]; then
	cp -r "$here/../shared" "$root/ci/shared"
	chmod -R a-w "$root/ci/shared"
fi

say "CI=true $cmd in /ci/rtbench at $(git -C "$here" log -1 --format='%h %s' "$sha" | cut -c1-60)"
set +e
in_root CI=true bash -c "cd /ci/rtbench && $cmd"
rc=$?
set -e
say "exit status $rc"
exit $rc
}
