/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the fleet view's model (fleet.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/stat_names.h"
#include "host/compare/fleet.h"
#include "host/stats/judge.h"
#include "host/base/strbuf.h"

/* qsort has no context argument: the sort column, set just before it */
static const struct rtb_fleet *sort_f;
static long sort_col;     /* -1 file, -2 label, else k * 2 + (0 p50 | 1 p99) */

static int by_key(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct rtb_fleet *f = sort_f;
	double vx, vy;

	/* a run that is not whole never ranks above a whole one */
	if (!f->why[x] != !f->why[y])
		return f->why[x] ? 1 : -1;
	if (sort_col == -1)
		return strcmp(f->sys[x].path, f->sys[y].path);
	if (sort_col == -2)
		return strcmp(f->sys[x].label, f->sys[y].label);
	vx = (sort_col & 1 ? f->p99 : f->p50)[x * f->nids + (size_t)sort_col / 2];
	vy = (sort_col & 1 ? f->p99 : f->p50)[y * f->nids + (size_t)sort_col / 2];
	if (isnan(vx) || isnan(vy))
		return isnan(vx) - isnan(vy) ? isnan(vx) - isnan(vy) : (x > y) - (x < y);
	return vx < vy ? -1 : vx > vy ? 1 : (x > y) - (x < y);
}

int rtb_fleet_build(struct rtb_fleet *f, const struct rtb_rf *files, size_t n, const char *key)
{
	size_t i, j, k, cap = 0;

	memset(f, 0, sizeof(*f));
	f->sys = files;
	f->nsys = n;
	for (i = 0; i < n; i++)
		cap += files[i].nmetrics;
	f->ids = calloc(cap + 1, sizeof(*f->ids));
	f->units = calloc(cap + 1, sizeof(*f->units));
	f->order = calloc(n + 1, sizeof(*f->order));
	f->why = calloc(n + 1, sizeof(*f->why));
	if (!f->ids || !f->units || !f->order || !f->why)
		return RTB_ENOMEM;
	for (i = 0; i < n; i++) {
		char why[400];

		if (!rtb_judge_run(&files[i], why, sizeof(why)) && !(f->why[i] = rtb_sb_strdup_printf("%s", why)))
			return RTB_ENOMEM;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < files[i].nmetrics; j++) {
			const struct rtb_rf_metric *m = &files[i].metrics[j];

			if (!m->has_stats)
				continue;
			for (k = 0; k < f->nids && strcmp(f->ids[k], m->id); k++)
				;
			if (k == f->nids) {
				f->ids[f->nids] = m->id;
				f->units[f->nids++] = m->unit;
			}
		}
	}
	f->p50 = malloc((n * f->nids + 1) * sizeof(double));
	f->p99 = malloc((n * f->nids + 1) * sizeof(double));
	if (!f->p50 || !f->p99)
		return RTB_ENOMEM;
	for (i = 0; i < n; i++) {
		f->order[i] = i;
		for (k = 0; k < f->nids; k++) {
			const struct rtb_rf_metric *m = rtb_rf_find(&files[i], f->ids[k]);
			int ok = m && !strcmp(m->unit, f->units[k]);
			double v;

			f->p50[i * f->nids + k] = ok && rtb_judge_stat(m, RTB_STAT_P50, &v) ? v : NAN;
			f->p99[i * f->nids + k] = ok && rtb_judge_stat(m, RTB_STAT_P99, &v) ? v : NAN;
		}
	}
	sort_col = -1;
	snprintf(f->sort, sizeof(f->sort), "file name");
	if (key && !strcmp(key, "label")) {
		sort_col = -2;
		snprintf(f->sort, sizeof(f->sort), "label");
	} else if (key && strcmp(key, "file")) {
		size_t idlen = strcspn(key, ":");
		const char *fig = key[idlen] ? key + idlen + 1 : RTB_STAT_KEY(P50);
		int p99 = !strcmp(fig, RTB_STAT_KEY(P99));

		if (!p99 && strcmp(fig, RTB_STAT_KEY(P50)))
			return RTB_EINVAL;
		for (k = 0; k < f->nids; k++)
			if (strlen(f->ids[k]) == idlen && !strncmp(f->ids[k], key, idlen))
				break;
		if (k == f->nids)
			return RTB_EINVAL;
		sort_col = (long)(k * 2 + p99);
		snprintf(f->sort, sizeof(f->sort), "%s %s, ascending", f->ids[k], fig);
	}
	sort_f = f;
	qsort(f->order, n, sizeof(*f->order), by_key);
	return 0;
}

void rtb_fleet_free(struct rtb_fleet *f)
{
	for (size_t i = 0; f->why && i < f->nsys; i++)
		free(f->why[i]);
	free(f->why);
	free(f->ids);
	free(f->units);
	free(f->p50);
	free(f->p99);
	free(f->order);
	memset(f, 0, sizeof(*f));
}
