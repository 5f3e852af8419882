#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""guest_pcs.py PCS.RAW [KALLSYMS.gz] - bigguest.sh --pcs: each sample of
the guest's vCPUs' program counters (gdb's "info threads" through QEMU's
gdbstub, the guest booted nokaslr) named by the guest kernel's text
symbols (its /proc/kallsyms, framed back), counted: which kernel
functions the vCPUs were in at each sample, most first, and which vCPU
sat where when fewer than four did. An address below the kernel's text
(user space) is "user"."""
import bisect
import gzip
import re
import sys


def load_syms(path):
    addrs, names = [], []
    try:
        with gzip.open(path, 'rt', errors='replace') as f:
            for line in f:
                p = line.split()
                if len(p) >= 3 and p[1] in 'tT':
                    addrs.append(int(p[0], 16))
                    names.append(p[2])
    except OSError:
        return [], []
    order = sorted(range(len(addrs)), key=addrs.__getitem__)
    return [addrs[i] for i in order], [names[i] for i in order]


def name(pc, addrs, names):
    if pc < 0xffff800000000000:
        return 'user'
    i = bisect.bisect_right(addrs, pc) - 1
    if i < 0 or pc - addrs[i] > 0x100000:
        return '0x%x' % pc
    return names[i]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    addrs, names = load_syms(sys.argv[2]) if len(sys.argv) > 2 else ([], [])
    samples, cur = [], None
    with open(sys.argv[1], errors='replace') as f:
        for line in f:
            if line.startswith('T '):
                cur = (line.split()[1], [])
                samples.append(cur)
                continue
            m = re.search(r'0x([0-9a-f]{8,16})', line)
            c = re.search(r'CPU#(\d+)', line) or re.search(r'Thread \d+\.(\d+)', line)
            if cur and m:
                cur[1].append((int(c.group(1)) if c else -1, int(m.group(1), 16)))
    if not addrs:
        print('(no kernel symbols: addresses unnamed)')
    for t, pcs in samples:
        where = {}
        for cpu, pc in pcs:
            where.setdefault(name(pc, addrs, names) if addrs else '0x%x' % pc, []).append(cpu)
        parts = []
        for sym, cpus in sorted(where.items(), key=lambda kv: -len(kv[1])):
            parts.append('%s x%d%s' % (sym, len(cpus), ' (CPU %s)' % ','.join(map(str, cpus))
                                       if len(cpus) < 4 else ''))
        print('t=%s s, %d vCPUs: %s' % (t, len(pcs), '; '.join(parts)))


if __name__ == '__main__':
    main()
