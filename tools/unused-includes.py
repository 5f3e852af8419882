#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tools/unused-includes.py - find (and with --apply remove) the #include
lines of src/ and include/ that no build needs.

An include is removed only when all of these hold:
  1. include-what-you-use (Debian: iwyu), when installed, lists it among the
     lines the file should remove, and nothing IWYU would have the file add
     instead (a header, a struct to forward-declare) comes in through it
     (so a file keeps what it uses itself, even where another header brings
     it in as well; a header keeps what it needs for itself);
  2. with the line blanked (line numbers kept, so __LINE__ does not move),
     every translation unit that reads the file still compiles with the
     build's own flags (-Werror: an implicit declaration or a missing
     prototype is an error) in every build checked: the host build (make
     all unit), and the FreeRTOS port against tests/freertos-api for
     BOARD=sim and BOARD=mps2-an500;
  3. every object compiled from it is byte for byte the same as before (-g0):
     an include that only changed an #ifdef's outcome is kept;
  4. a header alone still compiles (each header is self-contained).
The FreeRTOS kernel's own headers are kept (KEEP below): without a kernel
tree only tests/freertos-api stands in for them.
Candidates are tried one after another on the tree as the earlier removals
left it, so two includes that each stand in for the other are not both
dropped. Run from the top of the checkout: tools/unused-includes.py [--apply]
"""
import concurrent.futures as cf
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

TMP = tempfile.mkdtemp(prefix="rtb-incl-")
INC_RE = re.compile(r'^\s*#\s*include\s*([<"][^>"]+[>"])')
# The FreeRTOS kernel's headers: checked here only against tests/freertos-api
# (declarations, not the kernel), whose FreeRTOS.h lacks what the real one
# brings (FreeRTOSConfig.h, the port's macros): never judged unused here.
KEEP = {'"FreeRTOS.h"', '"task.h"', '"queue.h"', '"semphr.h"', '"timers.h"', '<sys/types.h>'}


def make_cmds(args):
    """The compile commands make would run (make -n -B), as argv lists."""
    out = subprocess.run(["make", "-n", "-B", "V=1"] + args, capture_output=True, text=True).stdout
    cmds = []
    for line in out.replace("\\\n", " ").splitlines():
        line = line.strip()
        if not re.search(r"\s-o\s", line) or not re.search(r"\S+\.c(\s|$)", line):
            continue
        argv = shlex.split(line)
        if not argv or argv[0].endswith(("ar", "ld")):
            continue
        srcs = [a for a in argv if a.endswith(".c")]
        if len(srcs) != 1:
            continue
        cmds.append(argv)
    return cmds


def normalise(argv, n):
    """argv compiling to a scratch object, no debug info, no dep files."""
    out, skip = [], False
    src = None
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a in ("-MMD", "-MP") or a.startswith("-g") or a.endswith(".a") or a.startswith("-l") or \
                a.startswith("-Wl,"):
            continue
        if a.endswith(".c"):
            src = a
        out.append(a)
    if "-c" not in out:
        out.append("-c")
    obj = os.path.join(TMP, "o%d.o" % n)
    return src, out + ["-g0", "-o", obj], obj


def compile_one(cmd):
    """(ok, digest) of one compile."""
    argv, obj = cmd
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode:
        return False, p.stderr
    with open(obj, "rb") as f:
        return True, hashlib.sha256(f.read()).hexdigest()


def deps(argv):
    """The files (relative) one TU reads."""
    a = [x for x in argv if x not in ("-c",)]
    i = a.index("-o")
    a = a[:i] + a[i + 2:]
    p = subprocess.run(a + ["-MM", "-MG"], capture_output=True, text=True)
    files = p.stdout.replace("\\\n", " ").split(":", 1)[-1].split()
    return {os.path.normpath(f) for f in files}


def iwyu_removals(argv, want):
    """({file: set(include text)} that include-what-you-use says to remove,
    {file: set(what it says to add)}: ("inc", "<x.h>") or ("fwd", "name"))."""
    a = ["include-what-you-use"] + [x for x in argv[1:] if x not in ("-c",) and not x.startswith("-f")
                                    and not x.startswith("-m") and x != "-pthread"]
    i = a.index("-o")
    a = a[:i] + a[i + 2:]
    a[1:1] = ["-Xiwyu", "--no_comments", "-Xiwyu", "--check_also=*.h"]
    p = subprocess.run(a, capture_output=True, text=True)
    res, add, cur, adding = {}, {}, None, None
    for line in p.stderr.splitlines():
        m = re.match(r"^(\S+) should add these lines:", line)
        if m:
            adding = os.path.normpath(m.group(1))
            add.setdefault(adding, set())
            continue
        if adding:
            if not line.strip():
                adding = None
                continue
            m = INC_RE.match(line)
            f = re.match(r"^struct (\w+);", line)
            if m:
                add[adding].add(("inc", m.group(1)))
            elif f:
                add[adding].add(("fwd", f.group(1)))
            continue
        m = re.match(r"^(\S+) should remove these lines:", line)
        if m:
            cur = os.path.normpath(m.group(1))
            res.setdefault(cur, set())
            continue
        if cur and line.startswith("- "):
            m = INC_RE.match(line[2:])
            if m:
                res[cur].add(m.group(1))
            continue
        if cur and not line.strip():
            cur = None
        m = re.match(r"^\((\S+) has correct #includes", line)
        if m:
            res.setdefault(os.path.normpath(m.group(1)), set())
    return ({f: s for f, s in res.items() if f in want},
            {f: s for f, s in add.items() if f in want})


def provides(flags, inc, adds):
    """Whether header inc (as written, with these -I/-D flags) brings in
    something the file is to add instead (IWYU's add list: a header, or the
    definition of a struct it would forward-declare): then the file uses
    what inc gives it, and inc stays."""
    if not adds:
        return False
    p = subprocess.run(flags + ["-x", "c", "-", "-MM", "-MG"], input="#include %s\n" % inc,
                       capture_output=True, text=True)
    closure = p.stdout.replace("\\\n", " ").split(":", 1)[-1].split()
    for kind, name in adds:
        if kind == "inc":
            n = name[1:-1]
            if any(c == n or c.endswith("/" + n) for c in closure):
                return True
        else:
            for c in closure:
                try:
                    if re.search(r"\bstruct\s+%s\s*\{" % name, open(c, errors="replace").read()):
                        return True
                except OSError:
                    pass
    return False


def main():
    apply = "--apply" in sys.argv
    host = make_cmds(["all", "unit"])
    fw = []
    for board in ("sim", "mps2-an500"):
        fw += make_cmds(["PORT=freertos", "BOARD=" + board, "FW_BUILD=" + os.path.join(TMP, board),
                         "api-check"])
    cmds = []
    srcs = []
    for n, argv in enumerate(host + fw):
        src, a, obj = normalise(argv, n)
        cmds.append((a, obj))
        srcs.append(src)
    files = sorted(os.path.normpath(os.path.join(d, f)) for top in ("src", "include")
                   for d, _, fs in os.walk(top) for f in fs if f.endswith((".c", ".h")))
    # a header alone compiles: one syntax-only TU each, with the host flags
    # (the port headers with their port's)
    host_flags = [x for x in normalise(host[0], 0)[1] if x.startswith(("-I", "-D", "-std", "-W"))]
    fw_flags = [x for x in normalise(fw[0], 0)[1] if x.startswith(("-I", "-D", "-std", "-W"))]
    self_tu = {}
    for f in files:
        if f.endswith(".h"):
            fl = fw_flags if "/freertos/" in f else host_flags
            self_tu[f] = [host[0][0], "-x", "c", "-fsyntax-only"] + fl + [f]

    print("%d compile commands, %d files" % (len(cmds), len(files)), flush=True)
    with cf.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        base = list(ex.map(compile_one, cmds))
        for (ok, d), (a, _) in zip(base, cmds):
            if not ok:
                sys.exit("baseline does not compile: %s\n%s" % (" ".join(a), d))
        dep = list(ex.map(lambda c: deps(c[0]), cmds))
        readers = {f: [i for i, d in enumerate(dep) if f in d] for f in files}
        cand, adds, flags_of = {}, {}, {}
        for i, (a, _) in enumerate(cmds):
            for f in dep[i]:
                flags_of.setdefault(f, [a[0]] + [x for x in a if x.startswith(("-I", "-D", "-std"))])
        if shutil.which("include-what-you-use"):
            seen = set()
            jobs = []
            for i, (a, _) in enumerate(cmds):
                if srcs[i] in seen:
                    continue
                seen.add(srcs[i])
                jobs.append(ex.submit(iwyu_removals, a, set(files)))
            for j in jobs:
                rem, add = j.result()
                for f, s in rem.items():
                    # a header judged in several TUs: remove only what all agree on
                    cand[f] = s if f not in cand else cand[f] & s
                for f, s in add.items():
                    adds.setdefault(f, set()).update(s)
        else:
            print("include-what-you-use not installed: every include is a candidate", flush=True)
            for f in files:
                cand[f] = None
        hdr_dep = dict(zip(self_tu, ex.map(lambda t: deps(t[:-1] + ["-o", "/dev/null", t[-1]]),
                                              self_tu.values())))
        removed = []
        for f in files:
            if f not in cand or not readers[f]:
                continue
            orig = open(f).read()
            lines = orig.split("\n")
            gone = set()
            for ln, text in enumerate(lines):
                m = INC_RE.match(text)
                if not m or m.group(1) in KEEP or (cand[f] is not None and m.group(1) not in cand[f]):
                    continue
                if f in flags_of and provides(flags_of[f], m.group(1), adds.get(f)):
                    continue
                trial = lines[:]
                trial[ln] = ""
                with open(f, "w") as fh:
                    fh.write("\n".join(trial))
                tus = readers[f]
                res = list(ex.map(compile_one, [cmds[i] for i in tus]))
                ok = all(r[0] and r[1] == base[i][1] for r, i in zip(res, tus))
                for h, tu in self_tu.items():
                    if ok and (h == f or f in hdr_dep[h]):
                        ok = subprocess.run(tu, capture_output=True).returncode == 0
                if ok:
                    lines = trial
                    gone.add(ln)
                    removed.append((f, ln + 1, text.strip()))
                    print("unused: %s:%d: %s" % (f, ln + 1, text.strip()), flush=True)
                with open(f, "w") as fh:
                    fh.write("\n".join(lines))
            if not apply:
                with open(f, "w") as fh:
                    fh.write(orig)
            elif gone:
                # drop the blanked lines; where one was a group's last, its
                # separating blank line goes with it
                out = []
                for i, l in enumerate(lines):
                    if i in gone:
                        continue
                    if not l and out and not out[-1] and i > 0 and (i - 1) in gone:
                        continue
                    out.append(l)
                with open(f, "w") as fh:
                    fh.write("\n".join(out))
    print("%d includes unused" % len(removed))
    shutil.rmtree(TMP, ignore_errors=True)


if __name__ == "__main__":
    main()
