#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# tests/install-deps.sh - install the Debian packages the tests need, as
# listed in tests/packages.txt (the one list; each entry's comment says which
# test needs it). Used by `make check` and so by .ci/run.
#
# Says what it installs. Installs only as root with apt-get; otherwise names
# what is missing and how to install it, and returns 0 (the tests that need a
# missing package then skip, which `make check` counts as a failure).
set -u
list=$(dirname "$0")/packages.txt
missing=
for p in $(grep -v '^[[:space:]]*#' "$list" | sed 's/#.*//'); do
	if ! dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
# e2e/kernels_smoke_arm64 downloads arm64 packages (a kernel, busybox-static)
# with apt-get download, never installing them: apt must list arm64
need_arch=
dpkg --print-foreign-architectures 2>/dev/null | grep -qx arm64 ||
	[ "$(dpkg --print-architecture 2>/dev/null)" = arm64 ] || need_arch=arm64
if [ -n "$need_arch" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "install-deps: adding the arm64 architecture to apt's lists (dpkg --add-architecture arm64; nothing arm64 is installed)"
		dpkg --add-architecture arm64 && apt-get update -q >/dev/null ||
			echo "install-deps: could not add arm64: e2e/kernels_smoke_arm64 will skip"
	else
		echo "install-deps: apt lists no arm64 packages (e2e/kernels_smoke_arm64 needs them): sudo dpkg --add-architecture arm64 && sudo apt-get update"
	fi
fi
if [ -z "$missing" ]; then
	echo "install-deps: every package in tests/packages.txt is installed; installing nothing"
	exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: missing (not root, or no apt-get: not installing):$missing"
	echo "install-deps: to install them: sudo apt-get install -y --no-install-recommends$missing"
	exit 0
fi
echo "install-deps: installing (from tests/packages.txt):$missing"
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $missing >/dev/null; }; then
	echo "install-deps: apt-get could not install every package; the tests that need one will skip"
fi
exit 0
