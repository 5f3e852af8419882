#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# zz_schema.sh - every result file the test suite wrote in this run (under
# $RTB_TEST_OUT: run_quick, load, nort, emulation, ... ; named zz_ so
# tests/run.sh runs it after them), plus the committed fixtures and the
# JSON golden file, validated against docs/rtbench-result.schema.json with
# a real validator (Debian python3-jsonschema). Each problem is one line:
# file, JSON path, and what to do, e.g.
#   quick/r.json: metrics/3: key 'trace' is not in the schema: add it to
#   docs/rtbench-result.schema.json (metric) and docs/json-schema.md
. "$(dirname "$0")/lib.bash"
out=$RTB_TEST_OUT
if ! python3 -c 'import jsonschema' 2>/dev/null; then
	skip "python3-jsonschema not installed (apt-get install python3-jsonschema)"
fi
python3 - "$root/docs/rtbench-result.schema.json" "$out" "$data" <<'PY'
import glob, json, os, re, sys
import jsonschema

schema_path, out, data = sys.argv[1:4]
schema = json.load(open(schema_path))
jsonschema.Draft7Validator.check_schema(schema)
v = jsonschema.Draft7Validator(schema)
# results the suite wrote, not copies of the source tree (deb.sh builds from one)
# (bad_*.json anywhere: the deliberately broken fixtures, e.g. e2e/root_files'
# copy of tests/data)
files = sorted(f for f in glob.glob(os.path.join(out, "**", "*.json"), recursive=True)
               if "/tests/" not in f[len(out):] and "/src/rtbench/" not in f[len(out):]
               and not os.path.basename(f).startswith("bad_"))
suite = 0
for f in sorted(glob.glob(os.path.join(data, "*.json"))):
    if not os.path.basename(f).startswith("bad_"):   # bad_*: deliberately broken inputs
        files.append(f)
# check FILE - (is a result, its problem lines): one file, validated
def check(f):
    try:
        d = json.load(open(f))
    except Exception:
        return False, []              # not JSON (a truncated test file): not a result
    if not isinstance(d, dict) or d.get("schema") != "rtbench-result":
        return False, []
    name = os.path.relpath(f, out) if f.startswith(out) else os.path.relpath(f, os.path.dirname(data))
    lines = []
    for e in sorted(v.iter_errors(d), key=lambda e: list(map(str, e.absolute_path))):
        where = "/".join(map(str, e.absolute_path)) or "(top level)"
        part = "metric" if re.match(r"metrics/\d+$", where) else where
        if e.validator == "additionalProperties":
            for k in re.findall(r"'([^']+)'", e.message.split(" were unexpected")[0].split(" was unexpected")[0]):
                if k in (e.instance or {}) and k not in e.schema.get("properties", {}):
                    lines.append(f"{name}: {where}: key '{k}' is not in the schema: add it to "
                                 f"docs/rtbench-result.schema.json ({part}) and docs/json-schema.md")
        else:
            lines.append(f"{name}: {where}: {e.message[:300]}")
        lines.append(None)            # one problem counted
    return True, lines

# two processes (the validator takes ~0.6 s for a 350 kB result: most of
# this test's time), the files' lines printed in their order
from concurrent.futures import ProcessPoolExecutor
problems = nfiles = 0
with ProcessPoolExecutor(max_workers=2) as pool:
    for f, (is_result, lines) in zip(files, pool.map(check, files)):
        if not is_result:
            continue
        nfiles += 1
        suite += f.startswith(out)
        for l in lines:
            if l is None:
                problems += 1
            else:
                print(l)
print(f"{nfiles} result files checked ({suite} written by this test run), {problems} problems")
if suite == 0:
    print("FAIL: no result file from this test run was found under", out)
    sys.exit(1)
sys.exit(1 if problems else 0)
PY
