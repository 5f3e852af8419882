/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what an rt-tests --json file's command line and start
 * time say, in rtbench's terms (the settings its options state, the date
 * as ISO 8601). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "host/read/rttests_int.h"

/* rtb_rtt_iso_date - "Wed, 02 Dec 2026 16:29:01 +0000" -> "2026-12-02T16:29:01Z" */
json_t *rtb_rtt_iso_date(const char *s)
{
	struct tm tm;
	char buf[32];
	const char *end;

	memset(&tm, 0, sizeof(tm));
	end = s ? strptime(s, "%a, %d %b %Y %H:%M:%S", &tm) : NULL;
	if (!end || !strstr(end, "+0000"))
		return json_string("");
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_string(buf);
}

/* rtb_rtt_digits - s is a decimal number of digits only ("", " 7", "+8", "1e3"
 * are not), at most RTB_RTT_MAX_VALUE; into *v. */
int rtb_rtt_digits(const char *s, size_t n, long long *v)
{
	long long x = 0;
	size_t i;

	if (!n)
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		x = x * 10 + (s[i] - '0');
		if (x > RTB_RTT_MAX_VALUE)
			return 0;
	}
	*v = x;
	return 1;
}

/* opt_value - the value of option `sh` (-p80, -p 80) or `lg` (--priority=80,
 * --priority 80) in the command line's words w[0..n), or NULL. */
static const char *opt_value(char **w, int n, const char *sh, const char *lg)
{
	size_t ls = strlen(lg);

	for (int i = 1; i < n; i++) {
		if (sh && !strcmp(w[i], sh))
			return i + 1 < n ? w[i + 1] : NULL;
		if (sh && !strncmp(w[i], sh, 2) && w[i][1] != '-' && w[i][2])
			return w[i] + 2;
		if (!strncmp(w[i], lg, ls) && w[i][ls] == '=')
			return w[i] + ls + 1;
		if (!strcmp(w[i], lg))
			return i + 1 < n ? w[i + 1] : NULL;
	}
	return NULL;
}

static int opt_flag(char **w, int n, const char *sh, const char *lg)
{
	for (int i = 1; i < n; i++)
		if ((sh && !strcmp(w[i], sh)) || !strcmp(w[i], lg))
			return 1;
	return 0;
}

/* rtb_rtt_cmdline_settings - what the tool's command line says into settings:
 * -i/--interval (us) as period_ns, -p/--priority as prio (and
 * rt_requested), -a/--affinity as cpu (one CPU) or cpus (a list),
 * -D/--duration as duration ("10", "5m" as written), -l/--loops,
 * -m/--mlockall as mlocked, -h/--histogram as histogram_us. Options not
 * given are not recorded (the tool's defaults are its own). */
void rtb_rtt_cmdline_settings(const char *cmd, json_t *set)
{
	char buf[1024], *w[64], *save = NULL, *tok;
	const char *v;
	long long x;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", cmd);
	for (tok = strtok_r(buf, " \t", &save); tok && n < 64; tok = strtok_r(NULL, " \t", &save))
		w[n++] = tok;
	if ((v = opt_value(w, n, "-i", "--interval")) && rtb_rtt_digits(v, strlen(v), &x))
		json_object_set_new(set, "period_ns", json_integer((json_int_t)(x * 1000)));
	/* cyclictest's -p is the measuring thread's own priority: rtbench's
	 * measuring_prio, not its --prio base (the thread runs 2 above it) */
	if ((v = opt_value(w, n, "-p", "--priority")) && rtb_rtt_digits(v, strlen(v), &x)) {
		json_object_set_new(set, "measuring_prio", json_integer((json_int_t)x));
		json_object_set_new(set, "rt_requested", json_boolean(x > 0));
	}
	if ((v = opt_value(w, n, "-a", "--affinity")) && v[0] != '-') {
		if (rtb_rtt_digits(v, strlen(v), &x))
			json_object_set_new(set, "cpu", json_integer((json_int_t)x));
		else
			json_object_set_new(set, "cpus", json_string(v));
	}
	if ((v = opt_value(w, n, "-D", "--duration")))
		json_object_set_new(set, "duration", json_string(v));
	if ((v = opt_value(w, n, "-l", "--loops")) && rtb_rtt_digits(v, strlen(v), &x))
		json_object_set_new(set, "loops", json_integer((json_int_t)x));
	if ((v = opt_value(w, n, "-h", "--histogram")) && rtb_rtt_digits(v, strlen(v), &x))
		json_object_set_new(set, "histogram_us", json_integer((json_int_t)x));
	if (opt_flag(w, n, "-m", "--mlockall"))
		json_object_set_new(set, "mlocked", json_true());
}
