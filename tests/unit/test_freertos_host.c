/* SPDX-License-Identifier: Apache-2.0 */
/* test_freertos_host - the FreeRTOS port's kernel-free parts, on the host
 * (no FreeRTOS tree needed): the 32 -> 64-bit counter extension across a
 * wrap (interrupt masked or late), the CMSDK timer's lateness, every
 * ns <-> tick conversion the port makes (rounding direction, clamps), the
 * simulator's periodic event catching up, the priority map, the console
 * sink and the framed result writer (all or nothing), the run's label.
 * The lines under test are the ones the firmware runs
 * (src/port/freertos/fr_time.h, fr_output.c); what only runs with a kernel
 * is listed in docs/freertos.md.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtbench/err.h"
#include "port/freertos/fr_time.h"
#include "port/freertos/fr_output.h"

#define W32 (UINT64_C(1) << 32)

/* A free-running 32-bit up-counter whose wrap interrupt runs irq_delay
 * ticks after each wrap (interrupts masked that long), read one register
 * a tick the way the board does (board/mps2-an500/board.h): the wrap
 * count, the counter, the pending flag, the wrap count again (retry if
 * it moved). Returns the 64-bit value; *t_count: when the counter was read. */
static uint32_t wraps_at(uint64_t t, uint64_t irq_delay)
{
	return (uint32_t)(t >= irq_delay ? (t - irq_delay) / W32 : 0);
}

static uint64_t board_read(uint64_t t, uint64_t irq_delay, uint64_t *t_count)
{
	for (;;) {
		uint32_t hi = wraps_at(t++, irq_delay);
		uint32_t lo = (uint32_t)t;
		*t_count = t++;
		int pending = t / W32 > wraps_at(t, irq_delay);
		uint64_t v = rtb_fr_ext64(hi, lo, pending);
		if (hi == wraps_at(++t, irq_delay))
			return v;
	}
}

static void test_ext64(void)
{
	CHECK_EQ_I(rtb_fr_ext64(0, 5, 0), 5);
	CHECK(rtb_fr_ext64(3, 0xFFFFFFF0u, 0) == (3 * W32 | 0xFFFFFFF0u));
	/* a pending wrap counts for a small count (read after the wrap) ... */
	CHECK(rtb_fr_ext64(3, 2, 1) == (4 * W32 | 2));
	/* ... not for a large one (read just before it) */
	CHECK(rtb_fr_ext64(3, 0xFFFFFFFEu, 1) == (3 * W32 | 0xFFFFFFFEu));
	/* every read at each tick around the first and the 1000th wrap and
	 * around its interrupt's run, the interrupt at once, 1000 ticks late
	 * and 2^30 ticks late: each is the time the counter was read */
	static const uint64_t delays[] = { 0, 1, 1000, UINT64_C(1) << 30 };
	int bad = 0;
	for (size_t d = 0; d < sizeof(delays) / sizeof(delays[0]); d++)
		for (uint64_t base = W32; base <= 1000 * W32; base += 999 * W32)
			for (int edge = 0; edge < 2; edge++) {
				uint64_t c = base + (edge ? delays[d] : 0);
				for (uint64_t t = c - 3000; t < c + 3000; t++) {
					uint64_t when;
					bad += board_read(t, delays[d], &when) != when;
				}
			}
	CHECK_EQ_I(bad, 0);
}

/* timer0 - a CMSDK timer's VALUE at t, expiring at 0, period RELOAD + 1,
 * holding 0 for one tick (as QEMU models it) */
static uint32_t cmsdk_value(uint64_t t, uint32_t reload)
{
	uint64_t k = t % ((uint64_t)reload + 1);

	return k == 0 ? 0 : reload + 1 - (uint32_t)k;
}

static void test_cmsdk_late(void)
{
	const uint32_t reload = 2499;   /* 100 us of 40 ns ticks */
	int bad = 0;

	CHECK_EQ_I(rtb_fr_cmsdk_late(0, reload), 0);
	CHECK_EQ_I(rtb_fr_cmsdk_late(reload, reload), 1);
	CHECK_EQ_I(rtb_fr_cmsdk_late(1, reload), reload);
	/* at every tick of a period, the lateness is the ticks since expiry */
	for (uint64_t t = 5 * 2500; t < 6 * 2500; t++)
		bad += rtb_fr_cmsdk_late(cmsdk_value(t, reload), reload) != t - 5 * 2500;
	CHECK_EQ_I(bad, 0);
}

static void test_os_ticks(void)
{
	const int64_t ms = 1000000;
	const uint64_t max = 0xFFFFFFFFu;

	CHECK_EQ_I(rtb_fr_os_ticks(1, ms, max), 1);
	CHECK_EQ_I(rtb_fr_os_ticks(0, ms, max), 1);       /* 0 would poll */
	CHECK_EQ_I(rtb_fr_os_ticks(-5, ms, max), 1);
	CHECK_EQ_I(rtb_fr_os_ticks(ms, ms, max), 1);
	CHECK_EQ_I(rtb_fr_os_ticks(ms + 1, ms, max), 2);  /* never shorter */
	CHECK_EQ_I(rtb_fr_os_ticks(5500000, ms, max), 6);
	CHECK_EQ_I(rtb_fr_os_ticks(INT64_MAX, ms, max), max - 1); /* never forever */
	CHECK_EQ_I(rtb_fr_os_ticks(INT64_MAX, 1, max), max - 1);
}

static void test_sleep_split(void)
{
	const int64_t tick = 1000000, bt = 40;
	int bad = 0;

	CHECK_EQ_I(rtb_fr_sleep_coarse(2 * tick, tick), 0);
	CHECK_EQ_I(rtb_fr_sleep_coarse(2 * tick + 1, tick), 1);
	CHECK_EQ_I(rtb_fr_sleep_coarse(10 * tick, tick), 9);
	CHECK_EQ_I(rtb_fr_sleep_coarse(-1, tick), 0);
	/* the coarse part (vTaskDelay(n) blocks n - 1 to n tick periods) never
	 * reaches the wake time and leaves under three ticks to the one-shot */
	for (int64_t left = 0; left < 50 * tick; left += 12345) {
		int64_t c = rtb_fr_sleep_coarse(left, tick);
		bad += c * tick >= left && c > 0;
		bad += left - (c - 1) * tick > 3 * tick && c > 0;
	}
	CHECK_EQ_I(bad, 0);
	CHECK_EQ_I(rtb_fr_board_ticks_ceil(0, bt), 0);
	CHECK_EQ_I(rtb_fr_board_ticks_ceil(-3, bt), 0);
	CHECK_EQ_I(rtb_fr_board_ticks_ceil(1, bt), 1);
	CHECK_EQ_I(rtb_fr_board_ticks_ceil(40, bt), 1);
	CHECK_EQ_I(rtb_fr_board_ticks_ceil(41, bt), 2);
	/* the one-shot never fires early, and never a whole tick late */
	for (int64_t ns = 1; ns < 100000; ns += 13) {
		uint64_t t = rtb_fr_board_ticks_ceil(ns, bt);
		bad += (int64_t)t * bt < ns || ((int64_t)t - 1) * bt >= ns;
	}
	CHECK_EQ_I(bad, 0);
}

static void test_ptimer(void)
{
	uint32_t p = 7;

	CHECK_EQ_I(rtb_fr_period_ticks(100000, 40, &p), 0);
	CHECK_EQ_I(p, 2500);
	CHECK_EQ_I(rtb_fr_period_ticks(80, 40, &p), 0);
	CHECK_EQ_I(p, 2);
	p = 7;
	CHECK_EQ_I(rtb_fr_period_ticks(79, 40, &p), RTB_EINVAL);   /* 1 tick: reload 0 */
	CHECK_EQ_I(rtb_fr_period_ticks(INT64_C(40) << 31, 40, &p), RTB_EINVAL);
	CHECK_EQ_I(p, 7);                                          /* unchanged */
	CHECK_EQ_I(rtb_fr_first_ticks(11000, 10000, 40, 2500), 25);
	CHECK_EQ_I(rtb_fr_first_ticks(10000, 11000, 40, 2500), 2500); /* past */
	CHECK_EQ_I(rtb_fr_first_ticks(10040, 10000, 40, 2500), 2500); /* 1 tick */
	CHECK_EQ_I(rtb_fr_first_ticks(INT64_MAX, 0, 40, 2500), 2500);
	CHECK_EQ_I(rtb_fr_missed(0, 2500), 0);
	CHECK_EQ_I(rtb_fr_missed(2499, 2500), 0);
	CHECK_EQ_I(rtb_fr_missed(2500, 2500), 1);
	CHECK_EQ_I(rtb_fr_missed(6250, 2500), 2);
}

/* the simulator's event, checked at ticks: on time, then missing two */
static void test_due(void)
{
	uint64_t next = 1000;
	uint32_t late = 99;

	CHECK_EQ_I(rtb_fr_due(999, &next, 100, &late), 0);
	CHECK_EQ_I(next, 1000);
	CHECK_EQ_I(late, 99);
	CHECK_EQ_I(rtb_fr_due(1000, &next, 100, &late), 1);
	CHECK_EQ_I(late, 0);
	CHECK_EQ_I(next, 1100);
	CHECK_EQ_I(rtb_fr_due(1350, &next, 100, &late), 1);
	CHECK_EQ_I(late, 250);
	CHECK_EQ_I(rtb_fr_missed(late, 100), 2);
	CHECK_EQ_I(next, 1400);         /* the missed 1200 and 1300 skipped */
	CHECK_EQ_I(rtb_fr_due(1399, &next, 100, &late), 0);
	next = 0;
	CHECK_EQ_I(rtb_fr_due(UINT64_C(1) << 40, &next, 3, &late), 1);
	CHECK_EQ_I(late, 0xFFFFFFFFu);  /* clamped, not wrapped */
	CHECK(next > UINT64_C(1) << 40 && next <= (UINT64_C(1) << 40) + 3);
}

static void test_prio_map(void)
{
	unsigned long m[5] = { 0 };

	CHECK_EQ_I(rtb_fr_prio_map(-1, 32, m, 5), 0);
	CHECK(m[0] == 2 && m[1] == 3 && m[2] == 4 && m[3] == 5 && m[4] == 31);
	CHECK_EQ_I(rtb_fr_prio_map(27, 32, m, 5), 0);    /* CTRL 30, below the watchdog's 31 */
	CHECK(m[0] == 27 && m[3] == 30 && m[4] == 31);
	CHECK_EQ_I(rtb_fr_prio_map(28, 32, m, 5), RTB_ERANGE);
	CHECK_EQ_I(m[0], 27);                             /* unchanged */
	CHECK_EQ_I(rtb_fr_prio_map(0, 32, m, 5), RTB_ERANGE); /* the idle task's */
	CHECK_EQ_I(rtb_fr_prio_map(2, 5, m, 5), RTB_ERANGE);
}

/* ---- output ---------------------------------------------------------- */

static char uart_buf[8192];
static size_t uart_len;

static void fake_uart(const void *buf, unsigned long len)
{
	if (uart_len + len > sizeof(uart_buf))
		len = sizeof(uart_buf) - uart_len;
	memcpy(uart_buf + uart_len, buf, len);
	uart_len += len;
	uart_buf[uart_len < sizeof(uart_buf) ? uart_len : sizeof(uart_buf) - 1] = '\0';
}

static int write_100(struct rtb_sink *s, const void *arg)
{
	(void)arg;
	for (int i = 0; i < 100; i++)
		rtb_sink_putc(s, (char)('a' + i % 26));
	return 0;
}

static int write_then_fail(struct rtb_sink *s, const void *arg)
{
	(void)arg;
	rtb_sink_puts(s, "{\"half\": ");
	return RTB_ENOMEM;
}

static int count_lines(const char *prefix)
{
	int n = 0;

	for (const char *p = uart_buf; (p = strstr(p, prefix)); p++)
		n += p == uart_buf || p[-1] == '\n';
	return n;
}

static int failing_sink(void *ctx, const void *buf, size_t len)
{
	(void)ctx;
	(void)buf;
	(void)len;
	return RTB_EIO;
}

static void test_output(void)
{
	static struct rtb_frame fr;
	struct rtb_fr_uart u = { fake_uart };
	struct rtb_sink con, bad;

	rtb_fr_uart_sink(&con, &u);
	CHECK_EQ_I(rtb_sink_puts(&con, "Table 1\n"), 0);
	CHECK_STR(uart_buf, "Table 1\n");

	uart_len = 0;
	CHECK_EQ_I(rtb_fr_output(&fr, &con, "out/dir/freertos-sim.json", write_100, NULL), 0);
	CHECK_EQ_I(count_lines("RTBF1 BEGIN freertos-sim.json\n"), 1);   /* the basename */
	CHECK_EQ_I(count_lines("RTBF1 D "), 3);                           /* 100 = 48 + 48 + 4 */
	CHECK_EQ_I(count_lines("RTBF1 END freertos-sim.json 100 "), 1);

	/* the writer fails half-way: BEGIN and data, never END */
	uart_len = 0;
	CHECK_EQ_I(rtb_fr_output(&fr, &con, "r.json", write_then_fail, NULL), RTB_EIO);
	CHECK_EQ_I(count_lines("RTBF1 BEGIN r.json"), 1);
	CHECK_EQ_I(count_lines("RTBF1 END"), 0);

	/* bad names and no writer: RTB_EINVAL, nothing on the console */
	uart_len = 0;
	uart_buf[0] = '\0';
	CHECK_EQ_I(rtb_fr_output(&fr, &con, "", write_100, NULL), RTB_EINVAL);
	CHECK_EQ_I(rtb_fr_output(&fr, &con, NULL, write_100, NULL), RTB_EINVAL);
	CHECK_EQ_I(rtb_fr_output(&fr, &con, "a/", write_100, NULL), RTB_EINVAL);
	CHECK_EQ_I(rtb_fr_output(&fr, &con, "x.json", NULL, NULL), RTB_EINVAL);
	CHECK_EQ_I(uart_len, 0);
	CHECK_EQ_I(rtb_fr_output_name_ok("results/r-1.json"), 0);
	CHECK_EQ_I(rtb_fr_output_name_ok("results/"), RTB_EINVAL);
	CHECK_EQ_I(rtb_fr_output_name_ok(NULL), RTB_EINVAL);
	CHECK_STR(rtb_fr_basename("a/b/c"), "c");
	CHECK_STR(rtb_fr_basename("c"), "c");

	/* a console that fails: RTB_EIO */
	rtb_sink_init(&bad, failing_sink, NULL);
	CHECK_EQ_I(rtb_fr_output(&fr, &bad, "r.json", write_100, NULL), RTB_EIO);
}

static void test_label(void)
{
	char b[64], small[12];

	CHECK_STR(rtb_fr_label(b, sizeof(b), "V11.2.0", "mps2-an500", 1, 1, 1, 1000), "freertos-V11.2.0-mps2-an500");
	CHECK_STR(rtb_fr_label(b, sizeof(b), "V11.1.0", "sim", 0, 1, 1, 1000), "freertos-V11.1.0-sim-noslice");
	CHECK_STR(rtb_fr_label(b, sizeof(b), "V11.0.0", "sim", 0, 0, 0, 100),
		  "freertos-V11.0.0-sim-noslice-gensel-coop-100hz");
	CHECK_STR(rtb_fr_label(b, sizeof(b), "V11.3.0", "sim", 1, 1, 1, 250), "freertos-V11.3.0-sim-250hz");
	/* a version text a file name cannot hold: '-' in its place, not the board's */
	CHECK_STR(rtb_fr_label(b, sizeof(b), "V11 rc/1", "sim", 1, 1, 1, 1000), "freertos-V11-rc-1-sim");
	CHECK_STR(rtb_fr_label(small, sizeof(small), "V11.3.0", "mps2-an500", 1, 1, 1, 100), "freertos-V1"); /* cut, terminated */
}

int main(void)
{
	test_ext64();
	test_cmsdk_late();
	test_os_ticks();
	test_sleep_split();
	test_ptimer();
	test_due();
	test_prio_map();
	test_output();
	test_label();
	return check_failures ? 1 : 0;
}
