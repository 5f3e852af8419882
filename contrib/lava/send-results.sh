#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# send-results.sh RESULT_FILE - report result.txt to LAVA: Linaro
# test-definitions' automated/utils/send-to-lava.sh when this directory sits
# in that tree (automated/linux/rtbench/), else the same thing inline: one
# lava-test-case call per line, or the <LAVA_SIGNAL_TESTCASE ...> line the
# helper would print when it is absent.
here=$(dirname "$0")
for s in "$here/../../utils/send-to-lava.sh" "$here/../../automated/utils/send-to-lava.sh"; do
	[ -x "$s" ] && exec "$s" "$1"
done
[ -f "$1" ] || { echo "WARNING: result file is missing!"; exit 0; }
while read -r id result measurement units; do
	[ -n "$id" ] || continue
	if command -v lava-test-case >/dev/null 2>&1; then
		if [ -n "$measurement" ]; then
			lava-test-case "$id" --result "$result" --measurement "$measurement" --units "$units"
		else
			lava-test-case "$id" --result "$result"
		fi
	else
		echo "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=$id RESULT=$result${measurement:+ MEASUREMENT=$measurement UNITS=$units}>"
	fi
done <"$1"
