/* rtbench host - `rtbench compare` command line and its four renderings
 * (text, markdown, CSV, JSON) of the comparison model in compare.h. */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare.h"
#include "host/host.h"

enum cmp_format { FMT_TEXT, FMT_MARKDOWN, FMT_CSV, FMT_JSON };

/* The rows of every table: statistic name, and which figure. */
enum row { ROW_COUNT, ROW_MEAN, ROW_STDDEV, ROW_P50, ROW_P99, ROW_MAX, NROWS };
static const char *const row_names[NROWS] = { "count", "mean", "stddev", "p50", "p99", "max" };

static double row_value(const struct rtb_rf_metric *m, enum row r)
{
	switch (r) {
	case ROW_COUNT: return (double)m->count;
	case ROW_MEAN: return m->mean;
	case ROW_STDDEV: return m->stddev;
	case ROW_P50: return (double)m->pct[0];
	case ROW_P99: return (double)m->pct[2];
	default: return (double)m->max;
	}
}

/* row_diff - the relative difference shown beside a row (NAN: none shown). */
static double row_diff(const struct rtb_cmp_cell *ce, enum row r)
{
	if (!ce->has_diff)
		return NAN;
	switch (r) {
	case ROW_MEAN: return ce->d_mean;
	case ROW_P99: return ce->d_p99;
	case ROW_MAX: return ce->d_max;
	default: return NAN;
	}
}

static void fmt_row_value(char *buf, size_t len, const struct rtb_cmp_metric *cm,
			  const struct rtb_cmp_cell *ce, enum row r)
{
	if (!ce->usable)
		snprintf(buf, len, "-");
	else if (r == ROW_COUNT)
		snprintf(buf, len, "%llu", (unsigned long long)ce->m->count);
	else
		rtb_cmp_fmt_time(buf, len, row_value(ce->m, r), cm->unit);
}

static int shown(const struct rtb_cmp_metric *cm)
{
	return cm->nusable >= 2;
}

static void table_title(struct rtb_sb *b, const struct rtb_cmp_metric *cm, int md)
{
	if (cm->study_table)
		rtb_sb_printf(b, "%s - ", cm->study_table);
	rtb_sb_printf(b, "%s", cm->title[0] ? cm->title : cm->id);
	rtb_sb_printf(b, md ? " (`%s`)" : " [%s]", cm->id);
}

/* wrap - append text, wrapped at `width` columns, each line after the
 * first indented by `indent` spaces. */
static void wrap(struct rtb_sb *b, const char *first, const char *text, size_t indent,
		 size_t width)
{
	size_t col = strlen(first);
	const char *p = text;

	rtb_sb_puts(b, first);
	while (*p) {
		size_t wl = strcspn(p, " ");

		if (col > indent && col + 1 + wl > width) {
			rtb_sb_printf(b, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > strlen(first) || (col > indent && p != text)) {
			rtb_sb_puts(b, " ");
			col++;
		}
		rtb_sb_printf(b, "%.*s", (int)wl, p);
		col += wl;
		p += wl;
		while (*p == ' ')
			p++;
	}
	rtb_sb_puts(b, "\n");
}

/* ---- text -------------------------------------------------------------- */

static void render_text(struct rtb_sb *b, const struct rtb_cmp *c)
{
	size_t i, k, n;
	char v[48], d[32];
	int w[RTB_CMP_MAX_SYS];

	rtb_sb_printf(b, "rtbench compare: %zu systems; differences are against the first\n", c->nsys);
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_rf *r = &c->sys[i];

		rtb_sb_printf(b, "  [%zu] %-20s %s", i + 1, c->labels[i], r->path);
		if (r->tool_name[0] || r->date_utc[0])
			rtb_sb_printf(b, "  (%s %s%s%s)", r->tool_name, r->tool_version,
				      r->date_utc[0] ? ", " : "", r->date_utc);
		rtb_sb_puts(b, "\n");
	}
	rtb_sb_printf(b, "significance: %s; significant if p < %g\n", rtb_cmp_test_name(c), c->alpha);
	for (i = 0; i < c->nnotes; i++)
		wrap(b, "note: ", c->notes[i], 6, 100);
	for (i = 0; i < c->nsys; i++)
		w[i] = (int)(strlen(c->labels[i]) > 10 ? strlen(c->labels[i]) : 10);

	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];
		const char *tu = rtb_cmp_time_unit(cm->unit, 0);
		char head[40];

		if (!shown(cm))
			continue;
		rtb_sb_puts(b, "\n");
		table_title(b, cm, 0);
		rtb_sb_puts(b, "\n");
		snprintf(head, sizeof(head), "times in %s", tu);
		rtb_sb_printf(b, "%-16s", head);
		for (i = 0; i < c->nsys; i++) {
			rtb_sb_printf(b, "  %*s", w[i], c->labels[i]);
			if ((int)i != cm->base && cm->base >= 0)
				rtb_sb_printf(b, " %8s", "vs first");
		}
		rtb_sb_puts(b, "\n");
		for (n = 0; n < NROWS; n++) {
			rtb_sb_printf(b, "%-16s", row_names[n]);
			for (i = 0; i < c->nsys; i++) {
				fmt_row_value(v, sizeof(v), cm, &cm->cell[i], (enum row)n);
				rtb_sb_printf(b, "  %*s", w[i], v);
				if ((int)i == cm->base || cm->base < 0)
					continue;
				d[0] = 0;
				if (isfinite(row_diff(&cm->cell[i], (enum row)n)))
					rtb_cmp_fmt_pct(d, sizeof(d), row_diff(&cm->cell[i], (enum row)n));
				rtb_sb_printf(b, " %8s", d);
			}
			rtb_sb_puts(b, "\n");
		}
		for (n = 0; n < 2; n++) {
			rtb_sb_printf(b, "%-16s", n == 0 ? "Mann-Whitney p" : "significant");
			for (i = 0; i < c->nsys; i++) {
				const struct rtb_cmp_cell *ce = &cm->cell[i];

				if ((int)i == cm->base || !ce->has_diff)
					snprintf(v, sizeof(v), "-");
				else if (!ce->has_test)
					snprintf(v, sizeof(v), "not tested");
				else if (n == 0)
					rtb_cmp_fmt_p(v, sizeof(v), ce->mwu.p);
				else
					snprintf(v, sizeof(v), "%s", ce->significant ? "yes" : "no");
				rtb_sb_printf(b, "  %*s", w[i], v);
				if ((int)i != cm->base && cm->base >= 0)
					rtb_sb_printf(b, " %8s", "");
			}
			rtb_sb_puts(b, "\n");
		}
		for (i = 0; i < cm->nnotes; i++)
			wrap(b, "note: ", cm->notes[i], 6, 100);
		if (cm->summary[0])
			wrap(b, "summary: ", cm->summary, 9, 100);
	}
	/* what could not be compared, so nothing disappears silently */
	n = 0;
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];
		struct rtb_sb line = { 0 };

		if (shown(cm))
			continue;
		if (!n++)
			rtb_sb_puts(b, "\nnot compared (fewer than two systems have figures):\n");
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_rf_metric *m = cm->cell[i].m;

			rtb_sb_printf(&line, "%s%s: %s", i ? "; " : "", c->labels[i],
				      !m ? "not in file" : cm->cell[i].usable ? "measured" : m->status);
			if (m && !cm->cell[i].usable && m->note[0])
				rtb_sb_printf(&line, " (%s)", m->note);
		}
		snprintf(v, sizeof(v), "  %s: ", cm->id);
		wrap(b, v, rtb_sb_cstr(&line), 4, 100);
		rtb_sb_free(&line);
	}
}

/* ---- markdown ---------------------------------------------------------- */

/* md_cell - text safe inside a markdown table cell */
static void md_cell(struct rtb_sb *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			rtb_sb_puts(b, "\\|");
		else if (*s == '\n')
			rtb_sb_puts(b, " ");
		else
			rtb_sb_printf(b, "%c", *s);
	}
}

static void render_markdown(struct rtb_sb *b, const struct rtb_cmp *c)
{
	size_t i, k, n;
	char v[48], d[32];

	rtb_sb_puts(b, "# rtbench compare\n\n| # | system | file |\n|---|---|---|\n");
	for (i = 0; i < c->nsys; i++) {
		rtb_sb_printf(b, "| %zu | ", i + 1);
		md_cell(b, c->labels[i]);
		rtb_sb_puts(b, " | ");
		md_cell(b, c->sys[i].path);
		rtb_sb_puts(b, " |\n");
	}
	rtb_sb_printf(b, "\nDifferences are against the first system. Significance: %s; "
		      "significant if p < %g.\n", rtb_cmp_test_name(c), c->alpha);
	if (c->nnotes)
		rtb_sb_puts(b, "\n");
	for (i = 0; i < c->nnotes; i++) {
		rtb_sb_puts(b, "- note: ");
		md_cell(b, c->notes[i]);
		rtb_sb_puts(b, "\n");
	}
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];

		if (!shown(cm))
			continue;
		rtb_sb_puts(b, "\n## ");
		table_title(b, cm, 1);
		rtb_sb_printf(b, "\n\n| %s |", rtb_cmp_time_unit(cm->unit, 1));
		for (i = 0; i < c->nsys; i++) {
			rtb_sb_puts(b, " ");
			md_cell(b, c->labels[i]);
			rtb_sb_puts(b, " |");
			if ((int)i != cm->base)
				rtb_sb_puts(b, " vs first |");
		}
		rtb_sb_puts(b, "\n|---|");
		for (i = 0; i < c->nsys; i++)
			rtb_sb_puts(b, (int)i != cm->base ? "---:|---:|" : "---:|");
		rtb_sb_puts(b, "\n");
		for (n = 0; n < NROWS + 1; n++) {
			rtb_sb_printf(b, "| %s |", n < NROWS ? row_names[n] : "Mann-Whitney p");
			for (i = 0; i < c->nsys; i++) {
				const struct rtb_cmp_cell *ce = &cm->cell[i];

				d[0] = 0;
				if (n < NROWS) {
					fmt_row_value(v, sizeof(v), cm, ce, (enum row)n);
					if (isfinite(row_diff(ce, (enum row)n)))
						rtb_cmp_fmt_pct(d, sizeof(d), row_diff(ce, (enum row)n));
				} else if ((int)i == cm->base || !ce->has_diff) {
					snprintf(v, sizeof(v), "-");
				} else if (!ce->has_test) {
					snprintf(v, sizeof(v), "not tested");
				} else {
					rtb_cmp_fmt_p(v, sizeof(v), ce->mwu.p);
					snprintf(d, sizeof(d), "%s", ce->significant ?
						 "**significant**" : "not significant");
				}
				rtb_sb_printf(b, " %s |", v);
				if ((int)i != cm->base)
					rtb_sb_printf(b, " %s |", d);
			}
			rtb_sb_puts(b, "\n");
		}
		if (cm->nnotes)
			rtb_sb_puts(b, "\n");
		for (i = 0; i < cm->nnotes; i++) {
			rtb_sb_puts(b, "- note: ");
			md_cell(b, cm->notes[i]);
			rtb_sb_puts(b, "\n");
		}
		if (cm->summary[0]) {
			rtb_sb_puts(b, "\n**Summary.** ");
			md_cell(b, cm->summary);
			rtb_sb_puts(b, "\n");
		}
	}
}

/* ---- CSV --------------------------------------------------------------- */

static void csv_field(struct rtb_sb *b, const char *s, int last)
{
	if (strpbrk(s, ",\"\r\n")) {
		rtb_sb_puts(b, "\"");
		for (; *s; s++)
			rtb_sb_puts(b, *s == '"' ? "\"\"" : (char[2]){ *s, 0 });
		rtb_sb_puts(b, "\"");
	} else {
		rtb_sb_puts(b, s);
	}
	rtb_sb_puts(b, last ? "\r\n" : ",");
}

static void render_csv(struct rtb_sb *b, const struct rtb_cmp *c)
{
	size_t i, k;
	char v[64];

	/* one row per metric and system, raw units (ns) as in the files */
	rtb_sb_puts(b, "metric,study_table,system,file,role,status,unit,count,mean,stddev,"
		    "p50,p99,max,d_mean_pct,d_p99_pct,d_max_pct,test,p_value,significant\r\n");
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];

		if (cm->nusable < 1)
			continue;
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_cmp_cell *ce = &cm->cell[i];
			const struct rtb_rf_metric *m = ce->m;

			csv_field(b, cm->id, 0);
			csv_field(b, cm->study_table ? cm->study_table : "", 0);
			csv_field(b, c->labels[i], 0);
			csv_field(b, c->sys[i].path, 0);
			csv_field(b, (int)i == cm->base ? "baseline" : "compared", 0);
			csv_field(b, m ? m->status : "absent", 0);
			csv_field(b, cm->unit, 0);
			if (ce->usable) {
				rtb_sb_printf(b, "%llu,%.1f,%.1f,%lld,%lld,%lld,",
					      (unsigned long long)m->count, m->mean, m->stddev,
					      (long long)m->pct[0], (long long)m->pct[2],
					      (long long)m->max);
			} else {
				rtb_sb_puts(b, ",,,,,,");
			}
			if (ce->has_diff) {
				double dd[3] = { ce->d_mean, ce->d_p99, ce->d_max };
				int j;

				for (j = 0; j < 3; j++) {
					if (isfinite(dd[j]))
						rtb_sb_printf(b, "%.2f", dd[j] * 100);
					rtb_sb_puts(b, ",");
				}
			} else {
				rtb_sb_puts(b, ",,,");
			}
			if (ce->has_test) {
				snprintf(v, sizeof(v), "%.6g", ce->mwu.p);
				rtb_sb_printf(b, "mann-whitney-u%s,%s,%s\r\n",
					      ce->dist.from_hist || cm->cell[cm->base].dist.from_hist ?
					      "-histogram" : "", v, ce->significant ? "yes" : "no");
			} else {
				rtb_sb_puts(b, ",,\r\n");
			}
		}
	}
}

/* ---- JSON -------------------------------------------------------------- */

static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *jstrs(char **l, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < n; i++)
		json_array_append_new(a, json_string(l[i]));
	return a;
}

static int render_json(struct rtb_sb *b, const struct rtb_cmp *c)
{
	json_t *root = json_object(), *sys = json_array(), *mets = json_array();
	size_t i, k;
	char *text;

	if (!root || !sys || !mets) {
		json_decref(root);
		json_decref(sys);
		json_decref(mets);
		return RTB_ENOMEM;
	}
	json_object_set_new(root, "schema", json_string("rtbench-compare"));
	json_object_set_new(root, "schema_version", json_integer(1));
	json_object_set_new(root, "test", json_string(rtb_cmp_test_name(c)));
	json_object_set_new(root, "alpha", json_real(c->alpha));
	for (i = 0; i < c->nsys; i++) {
		json_array_append_new(sys, json_pack("{s:s, s:s}", "label", c->labels[i],
						     "file", c->sys[i].path));
	}
	json_object_set_new(root, "systems", sys);
	json_object_set_new(root, "notes", jstrs(c->notes, c->nnotes));
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];
		json_t *jm, *cells = json_array();

		if (cm->nusable < 1 || !cells) {
			json_decref(cells);
			continue;
		}
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_cmp_cell *ce = &cm->cell[i];
			json_t *jc = json_pack("{s:s, s:s}", "system", c->labels[i], "status",
					       ce->m ? ce->m->status : "absent");

			if (!jc)
				continue;
			json_object_set_new(jc, "baseline", json_boolean((int)i == cm->base));
			if (ce->usable) {
				json_object_set_new(jc, "count", json_integer((json_int_t)ce->m->count));
				json_object_set_new(jc, "mean", jnum(ce->m->mean));
				json_object_set_new(jc, "stddev", jnum(ce->m->stddev));
				json_object_set_new(jc, "p50", json_integer(ce->m->pct[0]));
				json_object_set_new(jc, "p99", json_integer(ce->m->pct[2]));
				json_object_set_new(jc, "max", json_integer(ce->m->max));
			}
			if (ce->has_diff) {
				json_object_set_new(jc, "d_mean", jnum(ce->d_mean));
				json_object_set_new(jc, "d_p99", jnum(ce->d_p99));
				json_object_set_new(jc, "d_max", jnum(ce->d_max));
			}
			if (ce->has_test) {
				json_object_set_new(jc, "test", json_pack(
					"{s:s, s:b, s:f, s:f, s:f, s:o, s:o, s:f, s:b}",
					"name", "mann-whitney-u",
					"on_histogram", ce->dist.from_hist ||
						cm->cell[cm->base].dist.from_hist,
					"n1", ce->mwu.n1, "n2", ce->mwu.n2, "u1", ce->mwu.u1,
					"z", jnum(ce->mwu.z), "p", jnum(ce->mwu.p),
					"p_b_gt_a", ce->mwu.p_b_gt_a,
					"significant", ce->significant));
			}
			json_array_append_new(cells, jc);
		}
		jm = json_pack("{s:s, s:s, s:o, s:s, s:o, s:o, s:s}",
			       "id", cm->id, "title", cm->title,
			       "study_table", cm->study_table ? json_string(cm->study_table) : json_null(),
			       "unit", cm->unit, "systems", cells,
			       "notes", jstrs(cm->notes, cm->nnotes), "summary", cm->summary);
		if (jm)
			json_array_append_new(mets, jm);
	}
	json_object_set_new(root, "metrics", mets);
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	json_decref(root);
	if (!text)
		return RTB_ENOMEM;
	rtb_sb_puts(b, text);
	rtb_sb_puts(b, "\n");
	free(text);
	return 0;
}

/* ---- command line ------------------------------------------------------ */

static void compare_usage(FILE *f)
{
	fprintf(f,
		"usage: rtbench compare [options] A.json B.json [C.json ...]\n"
		"\n"
		"Side-by-side tables of result files written by `rtbench run --json`:\n"
		"one table per measurement, one column per system (first = baseline),\n"
		"relative differences of mean, p99 and max, a two-sided Mann-Whitney U\n"
		"test per system against the first, notes where runs were measured\n"
		"differently, and a one-sentence summary per measurement.\n"
		"\n"
		"options:\n"
		"  -f, --format FMT   text (default), markdown, csv or json\n"
		"  -o, --output FILE  write to FILE (atomically) instead of stdout\n"
		"  -a, --alpha A      significance level, 0 < A < 1 (default %g)\n"
		"  -h, --help         this help\n"
		"\n"
		"exit status: 0 ok, 2 bad input or options, 1 other failure\n",
		RTB_CMP_DEFAULT_ALPHA);
}

/* emit - write the rendered text to stdout or atomically to `out`. */
static int emit(const char *prog, const char *out, const struct rtb_sb *b)
{
	if (b->failed) {
		fprintf(stderr, "rtbench %s: out of memory\n", prog);
		return 1;
	}
	if (!out) {
		if (fwrite(rtb_sb_cstr(b), 1, b->len, stdout) != b->len || fflush(stdout)) {
			fprintf(stderr, "rtbench %s: stdout: %s\n", prog, strerror(errno));
			return 1;
		}
		return 0;
	}
	if (rtb_write_atomic(out, rtb_sb_cstr(b), b->len) < 0) {
		fprintf(stderr, "rtbench %s: %s: %s\n", prog, out, strerror(errno));
		return 1;
	}
	return 0;
}

int rtb_host_compare(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum cmp_format fmt = FMT_TEXT;
	double alpha = RTB_CMP_DEFAULT_ALPHA;
	const char *out = NULL;
	struct rtb_rf *files = NULL;
	struct rtb_cmp c;
	struct rtb_sb b = { 0 };
	size_t nfiles;
	char *end;
	int opt, rc;

	/* main may have run getopt already: 0 makes glibc start afresh */
	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":f:o:a:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (!strcmp(optarg, "text"))
				fmt = FMT_TEXT;
			else if (!strcmp(optarg, "markdown") || !strcmp(optarg, "md"))
				fmt = FMT_MARKDOWN;
			else if (!strcmp(optarg, "csv"))
				fmt = FMT_CSV;
			else if (!strcmp(optarg, "json"))
				fmt = FMT_JSON;
			else {
				fprintf(stderr, "rtbench compare: --format %s: not text, markdown, csv or json\n",
					optarg);
				return 2;
			}
			break;
		case 'o':
			out = optarg;
			break;
		case 'a':
			errno = 0;
			alpha = strtod(optarg, &end);
			if (errno || end == optarg || *end || !(alpha > 0 && alpha < 1)) {
				fprintf(stderr, "rtbench compare: --alpha %s: not a number between 0 and 1\n",
					optarg);
				return 2;
			}
			break;
		case 'h':
			compare_usage(stdout);
			return 0;
		case ':':
			fprintf(stderr, "rtbench compare: %s: needs a value\n", argv[optind - 1]);
			return 2;
		default:
			if (optopt)
				fprintf(stderr, "rtbench compare: -%c: unknown option (see --help)\n", optopt);
			else
				fprintf(stderr, "rtbench compare: %s: unknown option (see --help)\n",
					argv[optind - 1]);
			return 2;
		}
	}
	nfiles = (size_t)(argc - optind);
	if (nfiles < 2) {
		fprintf(stderr, "rtbench compare: %s: need at least two result files (see --help)\n",
			nfiles ? argv[optind] : "no files given");
		return 2;
	}
	if (nfiles > RTB_CMP_MAX_SYS) {
		fprintf(stderr, "rtbench compare: %s: more than %d result files\n",
			argv[optind + RTB_CMP_MAX_SYS], RTB_CMP_MAX_SYS);
		return 2;
	}
	rc = rtb_cmp_load("compare", argv + optind, nfiles, &files);
	if (rc)
		return rc;
	if (rtb_cmp_build(&c, files, nfiles, alpha)) {
		fprintf(stderr, "rtbench compare: out of memory\n");
		rtb_cmp_free(&c);
		rtb_cmp_free_files(files, nfiles);
		return 1;
	}
	switch (fmt) {
	case FMT_TEXT: render_text(&b, &c); break;
	case FMT_MARKDOWN: render_markdown(&b, &c); break;
	case FMT_CSV: render_csv(&b, &c); break;
	case FMT_JSON:
		if (render_json(&b, &c))
			b.failed = 1;
		break;
	}
	rc = emit("compare", out, &b);
	rtb_sb_free(&b);
	rtb_cmp_free(&c);
	rtb_cmp_free_files(files, nfiles);
	return rc;
}
