#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once
# The device side's floors (docs/architecture.md): a room includes,
# calls and declares only what its own room and the floors below it define
# (model; bench_api, trace, output side by side; bench; run and host; cli),
# a benchmark only the bench API and the model, the port only the model,
# the runner the trace room only through the tracer's hooks (rtbench/
# tracer.h) that the entry hands it -
# as e2e/port_headers guards the port seam. Reads the sources and the
# build's objects (nm), runs no rtbench: no lock needed.
# Each rtb_WORD_ prefix of an external name or a header's static inline
# is one room's only (PREFIX_KNOWN:
# those still in several, shrinking; `--prefixes` prints them by room).
# tests/e2e/helpers/rooms.py holds the floors, the header map and the
# KNOWN list of reaches that still break them (it only shrinks: a line
# that no longer breaks the floors fails too); inside the runner and the
# entry no two files call each other round (ONE_WAY). `python3
# tests/e2e/helpers/rooms.py build --graph` prints the graph between rooms.
. "$(dirname "$0")/lib.bash"
needs_cmd nm binutils
needs_cmd python3 python3
build=$(dirname "$RTBENCH")
if out=$(python3 "$e2e_dir/helpers/rooms.py" "$build" 2>&1); then
	ok "$(tail -n 1 <<<"$out")"
else
	fail "the rooms' floors are broken:"
	printf '%s\n' "$out" >&2
fi
done_test
