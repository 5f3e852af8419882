#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/guest_lib.sh - what the guest benches share (bench/kernels.sh,
# bench/bigguest.sh): their refusals and option checks, a Debian package
# fetched into the cache and unpacked, and the checks of a static guest
# executable. Sourced; fetch_deb expects CACHE (the cache directory) and the
# function log of the script sourcing it.

# die2 MSG: a refusal, one line naming the script, exit 2
die2() { echo "${0##*/}: $*" >&2; exit 2; }
# skip MSG: a tool or the kernel missing, exit 77
skip() { echo "SKIP: $*"; exit 77; }
# num OPT VALUE MIN MAX: VALUE a whole number from MIN to MAX, else refused
num() { [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] || die2 "$1: '$2' is not a whole number from $3 to $4"; }
# need_arg "$@": the option $1 has a value
need_arg() { [ $# -ge 2 ] || die2 "$1: needs a value"; }

# fetch_deb PKG DIR MEMBER...: PKG (name:arch) downloaded into the cache
# once (apt-get download; never installed), the MEMBERs (./boot/...) of it
# unpacked into DIR (replaced whole, so a half-unpacked DIR is never used).
fetch_deb() {
	local pkg=$1 dir=$2 base=${1%%:*} debarch=${1#*:} deb
	shift 2
	deb=$(ls "$CACHE"/${base}_*_$debarch.deb 2>/dev/null | sort -V | tail -1)
	if [ -z "$deb" ]; then
		log "apt-get download $pkg (into $CACHE)"
		if ! (cd "$CACHE" && apt-get download "$pkg" >"$CACHE/apt-$base.log" 2>&1); then
			[ "$debarch" = "$(dpkg --print-architecture)" ] ||
				dpkg --print-foreign-architectures | grep -qx "$debarch" ||
				skip "cannot download $pkg: apt knows no $debarch packages (as root: dpkg --add-architecture $debarch && apt-get update; nothing $debarch gets installed)"
			skip "cannot download $pkg (no network or no such package; see $CACHE/apt-$base.log)"
		fi
		deb=$(ls "$CACHE"/${base}_*_$debarch.deb | sort -V | tail -1)
	fi
	rm -rf "$dir.tmp"
	mkdir -p "$dir.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir.tmp" "$@" ||
		{ echo "kernels.sh: cannot unpack $deb" >&2; exit 1; }
	rm -rf "$dir"
	mv "$dir.tmp" "$dir"
}

# static: no dynamic loader named inside (busybox-static, not busybox)
is_static() { [ -x "$1" ] && ! LC_ALL=C grep -q '/ld-linux' "$1"; }
elf_machine() { od -An -tx1 -j18 -N2 "$1" 2>/dev/null | tr -d ' \n'; }
