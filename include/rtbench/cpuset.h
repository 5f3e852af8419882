/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - a set of CPUs and the one parser of CPU lists ("0-3,6", the
 * kernel's format) for the whole tree: --cpus, the doctor's --cpus, and
 * every list the system gives (online, isolated, nohz_full, IRQ affinity,
 * siblings, watchdog_cpumask), as wide as a --cpus list may name
 * (RTB_MAX_CPUS); a listed CPU past that is counted, never dropped
 * silently, so what is not judged can be said. */
#ifndef RTBENCH_CPUSET_H
#define RTBENCH_CPUSET_H
#include <stddef.h>
#include <stdint.h>

/* CPUs a set holds (a bitmap of this many): the most CPUs a run measures
 * and explains. A port or board lowers it with -D (RTB_MAX_METRICS,
 * rtbench/result.h, follows it); raising it costs 1/8 byte a set, 2 bytes
 * of every context's CPU list and 8 bytes of each per-CPU table on the
 * supervisor's stack per CPU, and each result's metric table grows with it
 * (RTB_MAX_METRICS). 256: what a QEMU TCG guest here can check (255). */
#ifndef RTB_MAX_CPUS
#define RTB_MAX_CPUS 256
#endif
#if RTB_MAX_CPUS < 1 || RTB_MAX_CPUS > 4096
#error "RTB_MAX_CPUS: from 1 to 4096"
#endif
#define RTB_CPUSET_WORDS ((RTB_MAX_CPUS + 63) / 64)

struct rtb_cpuset {
	uint64_t bits[RTB_CPUSET_WORDS];
};

static inline int rtb_cpuset_has(const struct rtb_cpuset *s, int cpu)
{
	return cpu >= 0 && cpu < RTB_MAX_CPUS && (s->bits[cpu / 64] >> (cpu % 64)) & 1;
}

static inline void rtb_cpuset_set(struct rtb_cpuset *s, int cpu)
{
	if (cpu >= 0 && cpu < RTB_MAX_CPUS)
		s->bits[cpu / 64] |= 1ull << (cpu % 64);
}

static inline void rtb_cpuset_clear(struct rtb_cpuset *s, int cpu)
{
	if (cpu >= 0 && cpu < RTB_MAX_CPUS)
		s->bits[cpu / 64] &= ~(1ull << (cpu % 64));
}

/* rtb_cpuset_count - how many CPUs s holds. */
int rtb_cpuset_count(const struct rtb_cpuset *s);
/* rtb_cpuset_first, rtb_cpuset_last - the lowest / highest CPU in s, -1
 * when empty. */
int rtb_cpuset_first(const struct rtb_cpuset *s);
int rtb_cpuset_last(const struct rtb_cpuset *s);
/* rtb_cpuset_and, rtb_cpuset_andnot - out = a & b, out = a & ~b (out may
 * be a or b). */
void rtb_cpuset_and(struct rtb_cpuset *out, const struct rtb_cpuset *a, const struct rtb_cpuset *b);
void rtb_cpuset_andnot(struct rtb_cpuset *out, const struct rtb_cpuset *a, const struct rtb_cpuset *b);
/* rtb_cpuset_subset - 1 if every CPU of a is in b. */
int rtb_cpuset_subset(const struct rtb_cpuset *a, const struct rtb_cpuset *b);

/* rtb_cpuset_parse - the CPU list s (ranges "a-b" and single CPUs, comma
 * separated; a trailing newline ends it) into *out: every listed CPU
 * below RTB_MAX_CPUS; *beyond (NULL: not wanted) = how many are at or
 * above it. 0, or RTB_EINVAL (empty, an empty item, a reversed range, not
 * a number) with why in err (one phrase; err may be NULL). */
int rtb_cpuset_parse(const char *s, struct rtb_cpuset *out, long *beyond, char *err, size_t len);
/* rtb_parse_cpulist - a list the user gives (--cpus): rtb_cpuset_parse
 * that also refuses a CPU at or above RTB_MAX_CPUS. */
int rtb_parse_cpulist(const char *s, struct rtb_cpuset *out, char *err, size_t len);
/* rtb_cpuset_str - s as a CPU list ("0-2,5"; "" when empty), cut to len. */
void rtb_cpuset_str(const struct rtb_cpuset *s, char *out, size_t len);

#endif
