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
