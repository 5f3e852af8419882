/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the HTML report's plots (render_html_plots.c), used by the
 * page (render_html.c): each draws one inline <svg class="plot"> of one
 * measurement into b. */
#ifndef RTB_HOST_RENDER_HTML_H
#define RTB_HOST_RENDER_HTML_H

#include "host/compare/compare.h"
#include "host/base/strbuf.h"

/* One system's data in a plot. */
struct rtb_html_series {
	int sys;                        /* index into the comparison's systems */
	const char *label, *color;
	const struct rtb_dist *d;       /* samples, else histogram buckets */
	const struct rtb_rf_metric *m;  /* the file's metric (raw samples, if any) */
};

/* Each plot function also writes the data it drew to csv (NULL: none),
 * header first, in the file's unit (ns shown as us), one row per bin,
 * point or column, so the page offers each plot's data as CSV. */
/* rtb_html_plot_histogram - the n systems' histograms, each as its share of its own samples, log axis. */
void rtb_html_plot_histogram(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
			     const struct rtb_html_series *s, int n, struct rtb_sb *csv);
/* rtb_html_plot_percentiles - the n systems' quantiles on a "nines" axis. */
void rtb_html_plot_percentiles(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
			       const struct rtb_html_series *s, int n, struct rtb_sb *csv);
/* rtb_html_plot_series - latency over sample index (raw samples only):
 * every sample, or per pixel column its min and max. */
void rtb_html_plot_series(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
			  const struct rtb_html_series *s, int n, struct rtb_sb *csv);
/* rtb_html_plot_1us - the n metrics' 1 us bins (rtb_rf_bins_1us: rtbench's
 * "histogram_1us" or a file's own 1 us histogram), each as its share of
 * its samples, linear latency axis to 3 x the highest p99.9, as plot pid
 * titled "<what>, 1 us bins ..."; 0 (nothing drawn) unless every metric
 * has true 1 us bins (to the axis' end). The bins drawn go to csv (NULL:
 * none). */
int rtb_html_plot_1us(struct rtb_sb *b, const char *pid, const char *what,
		      const struct rtb_rf_metric *const *m, const char *const *labels,
		      const char *const *colors, int n, int legend, struct rtb_sb *csv);
/* rtb_html_plot_intervals - latency over time from the files' intervals
 * (a long run keeps no raw samples in order): each system's interval p50,
 * p99 and max, as plot pid; 0 (nothing drawn) if no file has intervals
 * (render_html_long.c). */
int rtb_html_plot_intervals(struct rtb_sb *b, const char *pid, const struct rtb_cmp_metric *cm,
			    const struct rtb_html_series *s, int n, struct rtb_sb *csv);
/* rtb_html_plot_components - run --trace: cm's kernel-trace components per
 * system, stacked; nothing when cm has none. */
void rtb_html_plot_components(struct rtb_sb *b, const struct rtb_cmp *c,
			      const struct rtb_cmp_metric *cm, struct rtb_sb *csv);

/* render_html_long.c - a long run's per-CPU part (run --duration --cpus):
 * rtb_html_long_skip is 1 for a per-CPU metric <id>@cpu<N> whose
 * aggregate <id> is in the comparison (no section of its own);
 * rtb_html_long_section draws, under aggregate cm, every file's per-CPU
 * histograms overlaid, interval maxima over time and a per-CPU table. */
/* render_html_worst.c - run --trace: each system's worst samples
 * explained, one line each, under the measurement. */
/* rtb_html_rtla_section - rtbench beside each rtla timerlat file among the
 * systems, with their ratio (render_html_rtla.c); nothing without one. */
void rtb_html_rtla_section(struct rtb_sb *b, const struct rtb_cmp *c);
void rtb_html_worst_section(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm);

/* render_html_tail.c - the exceedance plot (docs/tail.md): each system's
 * survival function per CPU and whole, the first system's tail fit and
 * its band where its tests passed, the deadline marked. */
void rtb_html_tail_section(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm);

/* render_exceed_band.c - past RTB_HEAT_CPUS CPUs, the exceedance plot's
 * per-CPU lines become their envelope: at each latency level the lowest,
 * median and highest CPU's P(latency >= level), and the RTB_BAND_WORST
 * CPUs with the highest maxima drawn and named (into *w). m[i] is CPU
 * cpu[i]'s metric (samples and buckets); drawn into p, in color. 0: not
 * drawn (no memory). */
#define RTB_BAND_WORST 3
struct rtb_band_worst {
	int n, idx[RTB_BAND_WORST], cpu[RTB_BAND_WORST];
	int total;              /* the CPUs in the band */
	int at_top;             /* how many share the highest maximum */
	double all_to_us;       /* the band ends at the highest level all reach */
	double max_ns[RTB_BAND_WORST];
};
struct rtb_svg_plot;
struct rtb_rf_metric;
int rtb_html_exceed_band(struct rtb_sb *b, const struct rtb_svg_plot *p, const struct rtb_rf_metric *const *m,
			 const int *cpu, int n, const char *color, struct rtb_band_worst *w);

int rtb_html_long_skip(const struct rtb_cmp *c, const struct rtb_cmp_metric *cm);
void rtb_html_long_section(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm);

/* Past RTB_HEAT_CPUS CPUs a long run's interval maxima are a heat map,
 * not a line a CPU (render_heatmap.c). */
#define RTB_HEAT_CPUS 16
#define RTB_HEAT_STEPS 9
/* rtb_html_heatmap - the n CPUs' interval maxima (m[i] is CPU cpu[i]'s
 * metric) as one row a CPU, one colour a step of a log scale: an <svg> of
 * id pid (nothing when no interval has samples). */
struct rtb_rf_metric;
void rtb_html_heatmap(struct rtb_sb *b, const char *pid, const struct rtb_rf_metric *const *m,
		      const int *cpu, int n);
/* rtb_html_heat_hist - n CPUs' histograms as one row a CPU: share[i * bins
 * + k] the share of CPU i's samples in log bin k of lo_us..hi_us */
void rtb_html_heat_hist(struct rtb_sb *b, const char *pid, const double *share, int n, size_t bins,
			double lo_us, double hi_us);

#endif
