/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the values of a long run's options: --duration,
 * --interval (a time with a unit) and --cpus (a CPU list), parsed in full
 * with a one-line reason for anything refused. */
#ifndef RTBENCH_LONGOPT_H
#define RTBENCH_LONGOPT_H
#include <stddef.h>
#include <stdint.h>
#include "rtbench/cpuset.h" /* --cpus: RTB_MAX_CPUS, the one CPU-list parser */
/* the longest --duration: the watchdog's deadline is 32-bit milliseconds
 * (49 days); 30 days leaves room for its grace */
#define RTB_MAX_DURATION_NS (30LL * 86400 * 1000000000LL)

/* the most intervals a long run keeps (a day of the default minute): the
 * series, in memory and in the result file, never grows past this */
#define RTB_MAX_INTERVALS 1440
#define RTB_MAX_INTERVALS_STR "1440"
/* the default interval of a run of at least ten minutes (a shorter one:
 * a tenth of it in whole seconds, at least 1 s) */
#define RTB_DEFAULT_INTERVAL_NS 60000000000LL

/* rtb_parse_time_ns - "90s", "30m", "24h", "2d" (a whole number, then one
 * unit; a bare number is seconds) into ns, from 1 s to max_ns. 0, or
 * RTB_EINVAL (not such a time) / RTB_ERANGE (longer than max_ns) with why
 * (one phrase) in err. */
int rtb_parse_time_ns(const char *s, int64_t max_ns, int64_t *ns, char *err, size_t len);

/* rtb_parse_interval - the interval of a run of duration_ns. given: the
 * --interval value in *interval_ns, checked: not longer than the duration,
 * at most RTB_MAX_INTERVALS in it (the last one may be partial). Not
 * given: chosen into *interval_ns: RTB_DEFAULT_INTERVAL_NS, grown to whole
 * seconds for a run that would have more than RTB_MAX_INTERVALS of it
 * (*grown = 1), ten intervals of whole seconds (at least 1 s) for a run
 * shorter than ten minutes. 0, or RTB_EINVAL with why (one phrase) in err. */
int rtb_parse_interval(int64_t duration_ns, int given, int64_t *interval_ns, int *grown,
		       char *err, size_t len);

/* rtb_parse_tests_cpus - --tests items that name a CPU's metric
 * ("irq.timer.nanosleep@cpu1", the id a --cpus run gives it): the ids
 * without the suffix into out (comma-separated, each once), the CPUs named
 * into *cpus, *named = 1 if any item named one (0: none did, out = tests).
 * The CPUs apply to every measurement of the run, so either every item
 * names its CPUs or none does, and every id names the same ones. 0, or
 * RTB_EINVAL with why (one phrase) in err. */
int rtb_parse_tests_cpus(const char *tests, char *out, size_t outlen, struct rtb_cpuset *cpus,
			 int *named, char *err, size_t len);

#endif
