/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the fleet view (fleet.h) as text, markdown and CSV: one
 * row per system, per measurement its median and p99 (us for ns figures). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "host/compare/fleet.h"
#include "host/render/render.h"

static void cell(char *buf, size_t len, double v, const char *unit)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		rtb_cmp_fmt_time(buf, len, v, unit);
}

/* not_whole - a line for each system whose run is not whole (judge.h):
 * its figures cover only what was measured, and it ranks last. */
static void not_whole(struct rtb_sb *b, const struct rtb_fleet *f, const char *mark)
{
	for (size_t i = 0; i < f->nsys; i++)
		if (f->why[f->order[i]])
			rtb_sb_printf(b, "\n%s %s: not a whole run (%s): its figures cover only what was "
				      "measured; ranked last", mark, f->sys[f->order[i]].label, f->why[f->order[i]]);
	rtb_sb_puts(b, "\n");
}

static int render_fleet_text(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_fleet *f = h->fleet;
	size_t i, k, w = 6;
	char v[48];

	rtb_sb_printf(b, "rtbench compare --fleet: %zu systems, %zu measurements; median / p99 "
		      "in us; rows sorted by %s\n", f->nsys, f->nids, f->sort);
	/* emulated instruction counts rank beside real times only if said */
	for (i = 0; i < f->nsys && rtb_rf_kind(&f->sys[i]) == RTB_RF_REAL; i++)
		;
	rtb_sb_puts(b, i < f->nsys ? "figures: 'E' marks an emulated system (instruction counts on the "
		    "emulator's model, or host noise without -icount), not real time\n\n" : "\n");
	for (i = 0; i < f->nsys; i++)
		w = strlen(f->sys[i].label) > w ? strlen(f->sys[i].label) : w;
	for (k = 0; k < f->nids; k++)
		rtb_sb_printf(b, "  [%zu] %s\n", k + 1, f->ids[k]);
	rtb_sb_printf(b, "\n%-*s", (int)w, "system");
	for (k = 0; k < f->nids; k++) {
		char h50[16], h99[16];

		snprintf(h50, sizeof(h50), "[%zu] p50", k + 1);
		snprintf(h99, sizeof(h99), "p99");
		rtb_sb_printf(b, "  %9s %9s", h50, h99);
	}
	rtb_sb_puts(b, "\n");
	for (i = 0; i < f->nsys; i++) {
		size_t s = f->order[i];

		rtb_sb_printf(b, "%-*s", (int)w, f->sys[s].label);
		for (k = 0; k < f->nids; k++) {
			cell(v, sizeof(v), f->p50[s * f->nids + k], f->units[k]);
			rtb_sb_printf(b, "  %9s", v);
			cell(v, sizeof(v), f->p99[s * f->nids + k], f->units[k]);
			rtb_sb_printf(b, " %9s", v);
		}
		rtb_sb_printf(b, "%s%s\n", rtb_rf_kind(&f->sys[s]) != RTB_RF_REAL ? "  E" : "",
			      f->why[s] ? "  *" : "");
	}
	not_whole(b, f, "*");
	return 0;
}

static int render_fleet_markdown(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_fleet *f = h->fleet;
	size_t i, k;
	char v[48];

	rtb_sb_printf(b, "# rtbench fleet\n\n%zu systems; median / p99 in µs; rows sorted by %s.\n\n"
		      "| system | file |", f->nsys, f->sort);
	for (k = 0; k < f->nids; k++) {
		rtb_sb_puts(b, " ");
		rtb_render_md_cell(b, f->ids[k]);
		rtb_sb_puts(b, " p50 | p99 |");
	}
	rtb_sb_puts(b, "\n|---|---|");
	for (k = 0; k < f->nids; k++)
		rtb_sb_puts(b, "---:|---:|");
	rtb_sb_puts(b, "\n");
	for (i = 0; i < f->nsys; i++) {
		size_t s = f->order[i];

		rtb_sb_puts(b, "| ");
		rtb_render_md_cell(b, f->sys[s].label);
		rtb_sb_puts(b, f->why[s] ? " (not whole)" : "");
		rtb_sb_puts(b, rtb_rf_kind(&f->sys[s]) != RTB_RF_REAL ? " (emulated) | " : " | ");
		rtb_render_md_cell(b, f->sys[s].path);
		rtb_sb_puts(b, " |");
		for (k = 0; k < f->nids; k++) {
			cell(v, sizeof(v), f->p50[s * f->nids + k], f->units[k]);
			rtb_sb_printf(b, " %s |", v);
			cell(v, sizeof(v), f->p99[s * f->nids + k], f->units[k]);
			rtb_sb_printf(b, " %s |", v);
		}
		rtb_sb_puts(b, "\n");
	}
	not_whole(b, f, "-");
	return 0;
}

static int render_fleet_csv(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_fleet *f = h->fleet;
	size_t i, k;
	char v[64];

	/* raw units as in the files (ns), like compare's CSV */
	rtb_sb_puts(b, "system,file,whole");
	for (k = 0; k < f->nids; k++) {
		char hd[300];

		/* an id is any text the file held: a field of its own */
		for (int q = 0; q < 2; q++) {
			rtb_sb_puts(b, ",");
			snprintf(hd, sizeof(hd), "%s.%s", f->ids[k], q ? "p99" : "p50");
			rtb_render_csv_field(b, hd, -1);
		}
	}
	rtb_sb_puts(b, ",figures\r\n");
	for (i = 0; i < f->nsys; i++) {
		size_t s = f->order[i];

		rtb_render_csv_field(b, f->sys[s].label, 0);
		rtb_render_csv_field(b, f->sys[s].path, 0);
		rtb_render_csv_field(b, f->why[s] ? "false" : "true", 0);
		for (k = 0; k < f->nids; k++) {
			double a = f->p50[s * f->nids + k], z = f->p99[s * f->nids + k];

			v[0] = 0;
			if (!isnan(a))
				snprintf(v, sizeof(v), "%.0f", a);
			rtb_render_csv_field(b, v, 0);
			v[0] = 0;
			if (!isnan(z))
				snprintf(v, sizeof(v), "%.0f", z);
			rtb_render_csv_field(b, v, 0);
		}
		/* real or emulated (the last column: read by name) */
		rtb_render_csv_field(b, rtb_rf_kind_token(&f->sys[s]), 1);
	}
	return 0;
}

const struct rtb_render rtb_render_fleet_text = { "text", NULL, render_fleet_text };
const struct rtb_render rtb_render_fleet_markdown = { "markdown", "md", render_fleet_markdown };
const struct rtb_render rtb_render_fleet_csv = { "csv", NULL, render_fleet_csv };
