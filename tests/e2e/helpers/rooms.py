#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""rooms.py BUILD [--graph|--prefixes] - the device side's floors, checked.

The device side lives in rooms (docs/architecture.md), lowest floor first:

  1  model                      result model, statistics, histograms, errors,
                                escaping, small libraries
  2  bench_api, trace, output   side by side: none reaches another
  3  bench                      the measurements and their registry
  4  run, host                  the runner; the host-side commands (side by side)
  5  cli                        the entry: src/cli, src/main.c

The host side (src/host, floor 4) has floors of its own, lowest first; a
host room reaches the device rooms below floor 4 and the host floors
below its own:

  4.0  host/base      small libraries: string buffer, id set, atomic write
  4.1  host/read      result files and the formats read as one (rt-tests,
                      rtla, the serial stream)
  4.2  host/stats     statistics: verdicts, tests, special functions, the
                      tail's counts, fit and plan, the gate's rule
  4.3  host/compare   the comparison model, fleet, check's cases, the
                      qualification model
  4.4  host/render    one renderer per format, and what a renderer sees of
                      a command (struct rtb_host)
  4.5  host/cmd       the runner and one ops table per command

A file may include a header of, call a function defined in, or (in a
header) declare or inline-call a function of its own room or of a lower
floor only; a benchmark (bench) only the bench API and the model; the
runner (run) not the trace room: it reaches the second analyzer only
through the hooks of struct rtb_tracer (rtbench/tracer.h, in the model),
which the entry (cli) hands it, NULL in a build without tracing. The port
(src/port/<name>, rtbench/port.h, port_bench.h) is the seam under every
room: any room may reach it, and it may reach the model only.

Three kinds of reach are checked:
  include  A B  - file A has `#include` of header B (direct includes)
  call     A B  - A's object refers to a function or object defined in B's
                  (from `nm` of BUILD/src/**/*.o: an inline function of a
                  header counts where it is compiled in)
  declare  A B  - header A names a function defined in B followed by `(`:
                  a prototype or a call from an inline body (a lower header
                  declaring a higher function is the same as calling it)

And a prefix says its room: every external function and object a room's
objects define, and every static inline function a header defines (the
header's room; nm never sees them), is named rtb_WORD_... (or rtb_WORD),
and each rtb_WORD_ prefix is one room's only (a room may have several; a port's folder is the
port room, as every port defines the same port.h names). PREFIX_KNOWN
lists the prefixes still in several rooms; it only shrinks. --prefixes
prints each room's prefixes; each prefix docs/architecture.md's "Prefixes"
table gives a room must be that room's.

KNOWN below lists reaches allowed to break the rule (none: the rooms were
reworked until it was empty); the check fails on any other, and on a KNOWN line that no longer
breaks it (take it out: the list only shrinks). --graph prints the include and call counts between
rooms instead.
"""
import collections
import glob
import os
import re
import subprocess
import sys

FLOOR = {'port': 0, 'model': 1, 'bench_api': 2, 'trace': 2, 'output': 2,
         'bench': 3, 'run': 4, 'host': 4, 'cli': 5}

# the host side's own floors (src/host/<room>/), under FLOOR['host']
HOST_FLOOR = {'host/base': 0, 'host/read': 1, 'host/stats': 2, 'host/compare': 3,
              'host/render': 4, 'host/cmd': 5}
# a file directly in src/host, in none of the host's rooms, is a finding;
# True only while the host side was one flat room
HOST_FLAT = False

# the public headers (include/rtbench) and the room each belongs to
HEADER_ROOM = {
    'bench.h': 'bench_api',
    'doctor.h': 'model', 'emulation.h': 'model', 'err.h': 'model',
    'escape.h': 'model', 'frame.h': 'model', 'hist.h': 'model',
    'hmetric.h': 'model', 'rawfmt.h': 'model', 'rawring.h': 'model', 'longopt.h': 'model', 'cpuset.h': 'model', 'mem.h': 'model', 'selfcost.h': 'model', 'kagg.h': 'model', 'inject.h': 'model',
    'platform.h': 'model', 'result.h': 'model', 'sink.h': 'model',
    'stat_names.h': 'model', 'stats.h': 'model', 'words.h': 'model',
    'trace_model.h': 'model', 'ctx.h': 'model', 'tracer.h': 'model',
    'output.h': 'output', 'text_hist.h': 'output',
    'trace.h': 'trace', 'trace_stream.h': 'trace',
    'port.h': 'port', 'port_bench.h': 'port', 'port_trace.h': 'port',
}

# Reaches that break the floors (empty; keep it empty: a new
# reach that breaks the floors is a design to change, not a line to add).
# One a line: KIND FROM TO.
KNOWN = """
"""


def room_of(path):
    """room_of - the room of a repository path, None outside the rooms"""
    parts = path.split('/')
    if parts[0] == 'include' and len(parts) == 3 and parts[1] == 'rtbench':
        return HEADER_ROOM.get(parts[2], '?')
    if parts[0] != 'src':
        return None
    if len(parts) == 2:
        return 'cli' if parts[1] == 'main.c' else None
    if parts[1] == 'port':
        return 'port'
    if parts[1] == 'host':
        if len(parts) == 3:
            return 'host' if HOST_FLAT else '?'
        room = 'host/' + parts[2]
        return room if room in HOST_FLOOR and len(parts) == 4 else '?'
    return parts[1] if parts[1] in FLOOR else '?'


def floor(r):
    """floor - a room's floor as a sortable pair: (device floor, host floor)"""
    if r in HOST_FLOOR:
        return (FLOOR['host'], HOST_FLOOR[r])
    return (FLOOR[r], -1)


def floor_name(r):
    f = floor(r)
    return '%d' % f[0] if f[1] < 0 else '%d.%d' % f


# rooms that may reach fewer than the floors below them: a benchmark sees
# the bench API, the model and the port, not the trace or the writers; the
# runner reaches the trace room only through the tracer the entry hands it
# (rtbench/tracer.h, model: a table of hooks), never by a call, a
# declaration or an include of the room's own headers
ONLY = {'bench': {'bench_api', 'model'}, 'port': {'model'},
        'run': {'model', 'bench_api', 'output', 'bench'}}


def allowed(a, b):
    """allowed - may room a reach room b"""
    if '?' in (a, b):
        return False
    if a == b or b == 'port':
        return True
    if a in HOST_FLOOR and b in HOST_FLOOR:
        return HOST_FLOOR[b] < HOST_FLOOR[a]
    # between the host's rooms and the device side, the host is one room
    a = 'host' if a in HOST_FLOOR else a
    b = 'host' if b in HOST_FLOOR else b
    if a == b:
        return True
    if a in ONLY:
        return b in ONLY[a]
    return FLOOR[b] < FLOOR[a]


def sources(root):
    out = []
    for pat in ('include/rtbench/*.h', 'src/*.c', 'src/*/*.[ch]', 'src/host/*/*.[ch]',
                'src/port/posix/*.[ch]'):
        out += glob.glob(os.path.join(root, pat))
    return sorted(set(os.path.relpath(p, root) for p in out))


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def includes(root, path):
    """includes - the repository paths of PATH's direct quoted includes"""
    found = []
    with open(os.path.join(root, path)) as f:
        for line in f:
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            name = m.group(1)
            for d in (os.path.dirname(path), 'include', 'src', 'src/port/posix'):
                cand = os.path.normpath(os.path.join(d, name))
                if os.path.exists(os.path.join(root, cand)):
                    found.append(cand)
                    break
    return found


def symbols(root, build):
    """symbols - {symbol: defining source}, {source: symbols it refers to}"""
    defs, refs = {}, {}
    for obj in glob.glob(os.path.join(build, 'src', '**', '*.o'), recursive=True):
        src = os.path.relpath(obj, build)[:-2] + '.c'
        if not os.path.exists(os.path.join(root, src)):
            continue  # a stale object (its source moved or went)
        out = subprocess.run(['nm', obj], capture_output=True, text=True, check=True).stdout
        used = set()
        for line in out.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in 'TDBRGS':
                defs[p[2]] = src
            elif len(p) == 2 and p[0] == 'U':
                used.add(p[1])
        refs[src] = used
    return defs, refs


def reaches(root, build):
    """reaches - every (kind, from, to, what) between two rooms"""
    out = []
    files = sources(root)
    for f in files:
        if room_of(f) is None:
            continue
        for h in includes(root, f):
            if room_of(h) is not None and room_of(h) != room_of(f):
                out.append(('include', f, h, os.path.basename(h)))
    defs, refs = symbols(root, build)
    if 'rtb_run' not in defs or 'rtb_metric_new' not in defs:
        raise SystemExit('FAIL: no objects of the rooms in %s/src: build first' % build)
    for f, used in refs.items():
        if room_of(f) is None:
            continue
        for s in used:
            g = defs.get(s)
            if g and room_of(g) is not None and room_of(g) != room_of(f):
                out.append(('call', f, g, s))
    # a header naming a function of another room, followed by "("
    byname = {s: g for s, g in defs.items() if room_of(g) not in (None, 'port')}
    for f in files:
        if not f.endswith('.h') or room_of(f) in (None, 'port'):
            continue
        with open(os.path.join(root, f)) as fh:
            text = strip_comments(fh.read())
        for s in set(re.findall(r'\b([A-Za-z_]\w*)\s*\(', text)):
            g = byname.get(s)
            if g and room_of(g) != room_of(f):
                out.append(('declare', f, g, s))
    return out


# rooms whose files call one way only: no cycle of calls between two of
# their files (the runner: runner.c -> drivers -> the shared parts; the
# entry: parse -> check -> outputs). Found from the objects, as calls are.
ONE_WAY = ('run', 'cli')


def cycles(root, build):
    """cycles - each set of a ONE_WAY room's files that call each other
    round (strongly connected, more than one file), as sorted lists"""
    defs, refs = symbols(root, build)
    graph = collections.defaultdict(set)
    for f, used in refs.items():
        for s in used:
            g = defs.get(s)
            if g and g != f and room_of(f) == room_of(g) and room_of(f) in ONE_WAY:
                graph[f].add(g)
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


# Prefixes that name several rooms (see prefixes()): none, as the odd
# sides were renamed; keep it empty (a new prefix is one room's). One a
# line: PREFIX ROOM ROOM...
PREFIX_KNOWN = """
"""


def prefix_of(sym):
    """prefix_of - rtb_WORD_ of an rtb_ symbol (rtb_run and rtb_run_setup
    both rtb_run_), None for another name"""
    m = re.match(r'rtb_([a-z0-9]+)', sym)
    return 'rtb_%s_' % m.group(1) if m else None


def prefixes(defs):
    """prefixes - {prefix: {room: [symbol@file]}} of every external function
    and object the rooms' objects define (a port's folder is the port room:
    every port defines the same port.h names)"""
    out = collections.defaultdict(lambda: collections.defaultdict(list))
    for s, g in defs.items():
        r, p = room_of(g), prefix_of(s)
        if r not in (None, '?') and p:
            out[p][r].append('%s@%s' % (s, os.path.basename(g)))
    return out


def header_inlines(root):
    """header_inlines - {name: header} of every static inline function the
    headers define (include/rtbench, src/**, the ports' too): nm never sees
    them, yet every file that includes the header calls them by that name,
    so their prefix says a room as an external name's does. The name is
    the word before the first "(" between "static inline" and the body
    (an __attribute__((...)) taken out first)."""
    out = {}
    heads = glob.glob(os.path.join(root, 'include/rtbench/*.h')) + \
        glob.glob(os.path.join(root, 'src/**/*.h'), recursive=True)
    for h in sorted(heads):
        rel = os.path.relpath(h, root)
        with open(h) as fh:
            text = strip_comments(fh.read())
        for m in re.finditer(r'\bstatic\s+inline\b([^{;]*)[{;]', text):
            decl = re.sub(r'__attribute__\s*\(\(.*?\)\)', ' ', m.group(1), flags=re.S)
            name = re.search(r'(\w+)\s*\(', decl)
            if not name:
                raise SystemExit('FAIL: %s: a static inline whose name this check cannot read: %s' % (
                    rel, ' '.join(m.group(0).split())[:80]))
            out.setdefault(name.group(1), rel)
    return out


def with_inlines(root, defs):
    """with_inlines - defs and the headers' static inlines, for the prefix
    checks (an inline's name never shadows an object's definition)"""
    both = dict(header_inlines(root))
    both.update(defs)
    return both


def check_prefixes(defs):
    """check_prefixes - each rtb_ prefix names one room: failures, as lines"""
    fails = []
    known = {line.split()[0]: set(line.split()[1:]) for line in PREFIX_KNOWN.splitlines() if line.strip()}
    table = prefixes(defs)
    bare = sorted('%s@%s' % (s, os.path.basename(g)) for s, g in defs.items()
                  if room_of(g) not in (None, '?') and not prefix_of(s) and s != 'main'
                  and not s.startswith('_'))  # the compiler's own (ASan's __odr_asan.*)
    if bare:
        fails.append('FAIL: %d external names without rtb_ (make them static or name their room): %s' % (
            len(bare), ' '.join(bare[:6]) + (' ...' if len(bare) > 6 else '')))
    for p in sorted(table):
        rooms = table[p]
        if len(rooms) < 2 or set(rooms) <= known.get(p, set()):
            continue
        fails.append('FAIL: prefix %s is used in %d rooms: %s (a prefix says its room: rename the '
                     'fewer side; docs/architecture.md, "Prefixes")' % (p, len(rooms), '; '.join(
                         '%s: %s' % (r, ' '.join(sorted(v)[:4]) + (' ...' if len(v) > 4 else ''))
                         for r, v in sorted(rooms.items()))))
    for p in sorted(known):
        now = set(table.get(p, ()))
        if len(now) < 2:
            fails.append('FAIL: PREFIX_KNOWN lists %s, which now names one room: take it out' % p)
        elif now < known[p]:
            fails.append('FAIL: PREFIX_KNOWN lists %s in %s, now only in %s: shorten the line' % (
                p, ' '.join(sorted(known[p])), ' '.join(sorted(now))))
    return fails


def check_doc_prefixes(root, defs):
    """check_doc_prefixes - each prefix docs/architecture.md's "Prefixes"
    table gives a room is that room's (a rename reaches the docs): failures"""
    fails, table, rows = [], prefixes(defs), 0
    built = {r for rooms in table.values() for r in rooms}
    with open(os.path.join(root, 'docs', 'architecture.md')) as f:
        text = f.read()
    sec = text.split('\n## Prefixes\n', 1)
    if len(sec) < 2:
        return ['FAIL: docs/architecture.md has no "## Prefixes" section']
    for line in sec[1].split('\n## ', 1)[0].splitlines():
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) != 2 or cells[0] in ('room', '') or set(cells[0]) <= set('-'):
            continue
        rows += 1
        if cells[0] not in built:
            continue  # a room this build leaves out (TRACE=0: trace)
        for name in re.findall(r'`(rtb_[a-z0-9_]+)`', cells[1]):
            p = prefix_of(name)
            if cells[0] not in table.get(p, {}):
                fails.append('FAIL: docs/architecture.md, "Prefixes": %s is not room %s\'s (%s)' % (
                    name, cells[0], 'it is %s\'s' % ', '.join(sorted(table[p])) if p in table else 'no such prefix'))
    if rows < len(HOST_FLOOR):
        fails.append('FAIL: docs/architecture.md, "Prefixes": %d rows, a table of the rooms expected' % rows)
    return fails


def print_prefixes(defs):
    """print_prefixes - room: its prefixes (number of names), lowest floor first"""
    byroom = collections.defaultdict(list)
    for p, rooms in prefixes(defs).items():
        for r, v in rooms.items():
            byroom[r].append('%s(%d)' % (p, len(v)))
    for r in sorted(byroom, key=lambda r: (floor(r), r)):
        print('%-13s %s' % (r, ' '.join(sorted(byroom[r]))))


def main():
    build = sys.argv[1]
    root = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
    if '--prefixes' in sys.argv:
        print_prefixes(with_inlines(root, symbols(root, build)[0]))
        return 0
    all_reach = reaches(root, build)
    unknown = sorted({f for _, f, _, _ in all_reach if room_of(f) == '?'} |
                     {g for _, _, g, _ in all_reach if room_of(g) == '?'})
    if '--graph' in sys.argv:
        for kind in ('include', 'call'):
            edges = collections.Counter()
            for k, f, g, _ in all_reach:
                if k == kind:
                    edges[(room_of(f), room_of(g))] += 1
            print('%s edges between rooms (from -> to: count, ! = breaks the floors):' % kind)
            for (a, b), n in sorted(edges.items(), key=lambda e: (tuple(-x for x in floor(e[0][0])) if '?' not in e[0] else (9, 9), e[0])):
                print('  %-12s -> %-12s %4d%s' % (a, b, n, '' if allowed(a, b) else '  !'))
        return 0
    rc = 0
    for u in unknown:
        print('FAIL: %s is in no room (tests/e2e/helpers/rooms.py: FLOOR, HEADER_ROOM)' % u)
        rc = 1
    bad = collections.defaultdict(set)
    for kind, f, g, what in all_reach:
        a, b = room_of(f), room_of(g)
        if '?' in (a, b) or allowed(a, b):
            continue
        bad[(kind, f, g)].add(what)
    known = set(tuple(line.split()) for line in KNOWN.splitlines() if line.strip())
    for key in sorted(bad):
        if key in known:
            continue
        kind, f, g = key
        fa, fb = floor(room_of(f)), floor(room_of(g))
        if room_of(f) not in HOST_FLOOR or room_of(g) not in HOST_FLOOR:
            fa, fb = fa[0], fb[0]
        why = (' (side by side)' if fa == fb else ' (a higher room)' if fb > fa else
               ' (a lower room it may not reach%s)' % (
                   ': only through the tracer the entry hands in, rtbench/tracer.h'
                   if (room_of(f), room_of(g)) == ('run', 'trace') else ''))
        print('FAIL: %s %s (%s, floor %s) -> %s (%s, floor %s): %s%s' % (
            kind, f, room_of(f), floor_name(room_of(f)), g, room_of(g), floor_name(room_of(g)),
            ' '.join(sorted(bad[key])[:4]), why))
        rc = 1
    for key in sorted(known - set(bad)):
        print('FAIL: KNOWN lists "%s", which no longer breaks the floors: take it out' % ' '.join(key))
        rc = 1
    for comp in cycles(root, build):
        print('FAIL: %s call each other round (room %s calls one way only: tests/e2e/helpers/rooms.py '
              'ONE_WAY)' % (', '.join(comp), room_of(comp[0])))
        rc = 1
    defs = with_inlines(root, symbols(root, build)[0])
    for line in check_prefixes(defs) + check_doc_prefixes(root, defs):
        print(line)
        rc = 1
    npre = len(prefixes(defs))
    nknown = len([l for l in PREFIX_KNOWN.splitlines() if l.strip()])
    nfiles = len({f for _, f, _, _ in all_reach})
    print('%d reaches between rooms from %d files; %d break the floors, all %d of them KNOWN; '
          '%d rtb_ prefixes, %d of them in one room' % (
              len(all_reach), nfiles, len(bad), len(known), npre, npre - nknown) if rc == 0 else
        '%d reaches break the floors (%d KNOWN)' % (len(bad), len(known)))
    return rc


if __name__ == '__main__':
    sys.exit(main())
