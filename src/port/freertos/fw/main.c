/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench firmware - the FreeRTOS entry: a run started from a configuration
 * struct (no argv on a board), the study's tables on the console UART, the
 * JSON result framed on the same UART for the host (`rtbench ingest`).
 *
 * The run's settings are build-time (RTB_FR_SAMPLES, RTB_FR_TESTS: see
 * src/port/freertos/build.mk); the exit status reaches the host through
 * semihosting under QEMU. */
#include <stdio.h>
#include <string.h>
#include "rtbench/bench.h"
#include "rtb_port_int.h" /* the firmware entry: FreeRTOS tasks and the scheduler */
#include "rtbench/err.h"
#include "run/run.h"
#include "run/selftest.h"
#include "rtbench/output.h"
#include "fr_output.h"
#include "bench/registry.h"

#ifndef RTB_FR_SAMPLES
#define RTB_FR_SAMPLES 1000
#endif
/* rounds: compare judges two emulated runs by the exact rule only where
 * each file's rounds show them repeating (docs/compare.md), so the firmware
 * runs rtbench run's default, not one round */
#ifndef RTB_FR_ROUNDS
#define RTB_FR_ROUNDS RTB_DEFAULT_ROUNDS
#endif
#ifndef RTB_FR_TESTS
#define RTB_FR_TESTS NULL
#endif
#define RUNNER_PRIO 10

/* rtb_freertos_assert - a failed configASSERT: the file, the line, and the
 * task it happened in. */
void rtb_freertos_assert(const char *file, int line)
{
	if (xTaskGetSchedulerState() != taskSCHEDULER_NOT_STARTED) {
		const char *task = pcTaskGetName(NULL);
		rtb_board_write("\r\nrtbench: in task ", 20);
		rtb_board_write(task, strlen(task));
	}
	rtb_board_panic(file, line);
}
void vApplicationMallocFailedHook(void)
{
	rtb_board_panic("FreeRTOS heap exhausted", 0);
}

void vApplicationStackOverflowHook(TaskHandle_t t, char *name)
{
	(void)t;
	rtb_board_panic(name, 0);
}

/* label - the run's label (rtb_fr_label: freertos-<kernel>-<board>, plus each
 * FreeRTOS setting that differs from FreeRTOS's default). */
static const char *label(void)
{
	static char buf[64];

	return rtb_fr_label(buf, sizeof(buf), tskKERNEL_VERSION_NUMBER, RTB_BOARD_NAME, configUSE_TIME_SLICING,
			    configUSE_PORT_OPTIMISED_TASK_SELECTION, configUSE_PREEMPTION,
			    configTICK_RATE_HZ);
}

/* rtb_fr_config - the run, as `rtbench run` would get it from options. */
static void rtb_fr_config(struct rtb_opts *o)
{
	*o = (struct rtb_opts){
		.samples = RTB_FR_SAMPLES,
		.rounds = RTB_FR_ROUNDS,
		.period_ns = 100000,            /* TIMER0 every 100 us */
		.cpu = -1,
		.prio = RUNNER_PRIO,
		.rt = 1,
		.mlock = 0,
		.idle_latency_us = -1,
		.tests = RTB_FR_TESTS,
		.label = label(),
		.load.cpu = 0,
	};
	/* the benchmarks' own knobs: their defaults (prio_inv's 50 and 200
	 * us), but the RR quantum is the tick: left as found */
	rtb_bench_opts_reset();
	const struct rtb_bench_opt *slice = rtb_bench_opt_find("rr-slice-ms");
	if (slice)
		*slice->value = 0;
#ifdef RTB_EMU_MACHINE
	/* built for an emulator: what the build knew (build.mk) */
	o->emulation.present = 1;
	snprintf(o->emulation.emulator, sizeof(o->emulation.emulator), "%s", RTB_EMU_EMULATOR);
	snprintf(o->emulation.version, sizeof(o->emulation.version), "%s", RTB_EMU_VERSION);
	snprintf(o->emulation.machine, sizeof(o->emulation.machine), "%s", RTB_EMU_MACHINE);
	o->emulation.icount_shift = RTB_EMU_ICOUNT_SHIFT;
	o->emulation.vcpus = 1;
	snprintf(o->emulation.accel, sizeof(o->emulation.accel), "tcg");
#endif
}

/* write_json - rtb_output_fn over rtb_write_json. */
static int write_json(struct rtb_sink *s, const void *r)
{
	return rtb_write_json(s, r);
}

#ifdef RTB_EMU_ICOUNT_SHIFT
/* print_insns - the study's figures again in instructions: under
 * -icount shift=N one instruction is 2^N ns of virtual time, so a figure is
 * an instruction-path count (fractions: the 40 ns timer tick is not a whole
 * number of instructions). */
static void print_insns(const struct rtb_result *r)
{
	const double ns = (double)(1 << RTB_EMU_ICOUNT_SHIFT);

	printf("\nThe same figures in instructions (virtual ns / 2^%d; QEMU -icount shift=%d)\n",
	       RTB_EMU_ICOUNT_SHIFT, RTB_EMU_ICOUNT_SHIFT);
	printf("%-8s %-44s %9s %9s %9s %9s\n", "study", "measurement", "min", "p50", "p99", "max");
	for (int i = 0; i < r->nmetrics; i++) {
		const struct rtb_metric *m = r->metrics[i];
		if (!m->count || m->status == RTB_STATUS_SKIPPED)
			continue;
		printf("%-8s %-44s %9.1f %9.1f %9.1f %9.1f\n", m->study_table ? m->study_table : "extra",
		       m->id, (double)m->stats.min / ns, (double)m->stats.median / ns,
		       (double)m->stats.pct[2] / ns, (double)m->stats.max / ns);
	}
}
#else
static void print_insns(const struct rtb_result *r)
{
	(void)r; /* no instruction count without -icount */
}
#endif

#ifdef RTB_FR_SELFTEST
/* selftest_task - `rtbench selftest` on the board: known delays of
 * RTB_FR_SELFTEST_K1 and _K2 instructions (multiples of 5: a whole number
 * of 40 ns timer ticks at 32 ns an instruction) injected in every other
 * sample of each injectable measurement. */
#ifndef RTB_FR_SELFTEST_K1
#define RTB_FR_SELFTEST_K1 1000
#define RTB_FR_SELFTEST_K2 2000
#endif
static void selftest_task(void *unused)
{
	(void)unused;
	struct rtb_opts o;

	rtb_fr_config(&o);
#ifdef RTB_EMU_ICOUNT_SHIFT
	o.selftest.delays_ns[0] = (int64_t)RTB_FR_SELFTEST_K1 << RTB_EMU_ICOUNT_SHIFT;
	o.selftest.delays_ns[1] = (int64_t)RTB_FR_SELFTEST_K2 << RTB_EMU_ICOUNT_SHIFT;
	printf("rtbench selftest: delays of %d and %d instructions (QEMU -icount shift=%d)\n",
	       RTB_FR_SELFTEST_K1, RTB_FR_SELFTEST_K2, RTB_EMU_ICOUNT_SHIFT);
#else
	o.selftest.delays_ns[0] = 20000;
	o.selftest.delays_ns[1] = 40000;
#endif
	o.selftest.ndelays = 2;
	int rc = rtb_selftest(&o, "firmware selftest " RTB_BOARD_NAME);
	fflush(stdout);
	rtb_board_exit(rc ? 1 : 0); /* rtb_err -> the board's exit status */
}
#define RUN_TASK selftest_task
#else
#define RUN_TASK run_task
#endif

/* run_task - the run (tables on the console as they are written), then
 * the result once, framed on the console: a UART is slow, so not after
 * every benchmark as a file system would allow. */
/* report - the tables on the console UART, at the end of the run */
static __attribute__((unused)) void report(const struct rtb_result *r, const struct rtb_run_out *out)
{
	(void)out;
	rtb_write_text(rtb_port_console(), r);
}

/* run_task - `rtbench run` on the board: the run with the build's options,
 * the tables and the framed result file on the console, then the exit. */
static __attribute__((unused)) void run_task(void *unused)
{
	static struct rtb_result res;
	static const struct rtb_run_out out = { .text = 1, .report = report };
	char name[80];
	struct rtb_opts o;

	(void)unused;
	rtb_fr_config(&o);
	snprintf(name, sizeof(name), "%s.json", o.label);
	int rc = rtb_run(&o, &out, "firmware " RTB_BOARD_NAME, &res);
	if (rc)
		printf("rtbench: run: %s\n", rtb_strerror(rc));
	print_insns(&res);
	int orc = rtb_port_output(name, write_json, &res);
	if (orc)
		printf("rtbench: cannot send %s: %s\n", name, rtb_strerror(orc));
	fflush(stdout);
	rtb_board_exit(rc || orc ? 1 : 0);
}

int main(void)
{
	static StaticTask_t tcb;
	static StackType_t stack[65536 / sizeof(StackType_t)]; /* selftest nests the run */

	rtb_board_init();
	xTaskCreateStatic(RUN_TASK, "tRtbench", sizeof(stack) / sizeof(stack[0]), NULL,
			  RUNNER_PRIO, stack, &tcb);
	vTaskStartScheduler();
	rtb_board_panic("scheduler returned", 0);
}
