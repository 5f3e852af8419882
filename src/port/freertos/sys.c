/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - set-up, system settings, stop, fingerprint.
 *
 * A FreeRTOS system has no paging (nothing to lock), no idle states the
 * port controls, no processes (no load command), no signals, and its
 * scheduler settings are compile-time constants: the knobs are RTB_ENOTSUP
 * and the settings are reported in the fingerprint instead. A stop request
 * cannot come from a signal; every phase is bounded by the core's watchdog
 * task (the highest priority) and the run ends when it is done. */
#include <stdio.h>
#include <string.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"
#include "rtbench/longopt.h"
#include "fr_time.h"

int rtb_port_init(void)
{
	return 0;
}

/* rtb_port_duty_rest - no throttling: never called (RTB_PORT_DUTY_RUN_NS 0). */
void rtb_port_duty_rest(void)
{
}

/* rtb_port_rt_throttle - the scheduler never stops a running task. */
int rtb_port_rt_throttle(char *why, size_t len)
{
	snprintf(why, len, "no real-time throttling");
	return 0;
}

/* rtb_port_exit - the board's way to end the program. */
void rtb_port_exit(int status)
{
	rtb_board_exit(status);
}

/* rtb_port_date_utc - a board has no calendar clock. */
int rtb_port_date_utc(char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	return RTB_ENOTSUP;
}

int rtb_port_lock_memory(void)
{
	return 0;  /* no virtual memory: every page is always resident */
}

const char *rtb_port_knob_name(enum rtb_knob k)
{
	switch (k) {
	case RTB_KNOB_RR_TIMESLICE_MS: return "rr_timeslice_ms";
	default: return "?";
	}
}

int rtb_port_knob_get(enum rtb_knob k, long *v)
{
	(void)k;
	(void)v;
	return RTB_ENOTSUP;
}

int rtb_port_knob_set(enum rtb_knob k, long v)
{
	(void)k;
	(void)v;
	return RTB_ENOTSUP;
}

int rtb_port_idle_latency_hold(int us)
{
	(void)us;
	return RTB_ENOTSUP;
}

void rtb_port_idle_latency_release(void)
{
}

int rtb_port_spawn_load(const char *cmd, long *id)
{
	(void)cmd;
	(void)id;
	return RTB_ENOTSUP;
}

void rtb_port_kill_load(long id)
{
	(void)id;
}

int rtb_port_load_status(long id, int *status)
{
	(void)id;     /* no load processes on a board */
	(void)status;
	return 0;
}

/* rtb_port_process_check - a board's tasks have the stacks they were built with */
int rtb_port_process_check(char *why, size_t len)
{
	if (len)
		why[0] = '\0';
	return 0;
}

int rtb_port_stop_wait(int64_t timeout_ns)
{
	vTaskDelay((TickType_t)rtb_fr_os_ticks(timeout_ns, 1000000000LL / configTICK_RATE_HZ,
					       portMAX_DELAY));
	return 0;
}

/* rtb_port_stop_wake - the delay is waited out (port.h allows it). */
void rtb_port_stop_wake(rtb_thread_t *t)
{
	(void)t;
}

/* rtb_port_cpus_online - one core (the FreeRTOS build is single-core). */
void rtb_port_cpus_online(struct rtb_cpuset *on, int *nconf, long *beyond)
{
	memset(on, 0, sizeof(*on));
	on->bits[0] = 1;
	*nconf = 1;
	*beyond = 0;
}

/* rtb_port_console_is_tty - a serial log: never refreshed in place. */
int rtb_port_console_is_tty(void)
{
	return 0;
}

/* rtb_port_dir_writable - no file system (outputs are framed on the
 * console: rtb_port_output). */
int rtb_port_dir_writable(const char *path)
{
	(void)path;
	return 0;
}

int rtb_port_fingerprint(struct rtb_fingerprint *fp)
{
	memset(fp, 0, sizeof(*fp));
	snprintf(fp->os, sizeof(fp->os), "FreeRTOS");
	snprintf(fp->hostname, sizeof(fp->hostname), "%s", RTB_BOARD_NAME);
	snprintf(fp->os_release, sizeof(fp->os_release), "%s", tskKERNEL_VERSION_NUMBER);
	snprintf(fp->machine, sizeof(fp->machine), "%s", RTB_BOARD_ARCH);
	snprintf(fp->preempt_model, sizeof(fp->preempt_model), "%s",
		 configUSE_PREEMPTION ? "preemptive" : "cooperative");
	snprintf(fp->cpu_model, sizeof(fp->cpu_model), "%s", RTB_BOARD_CPU);
	snprintf(fp->clocksource, sizeof(fp->clocksource), "%s", RTB_BOARD_CLOCK_NAME);
	snprintf(fp->virt, sizeof(fp->virt), "%s", RTB_BOARD_VIRT);
	fp->ncpus = 1;
	fp->realtime = 1;
	fp->rr_quantum_ms = configUSE_TIME_SLICING && configUSE_PREEMPTION ?
			    1000 / configTICK_RATE_HZ : -2;
	/* FreeRTOS's own facts: the build options users argue about */
	rtb_fp_fact_int(fp, "preemption", configUSE_PREEMPTION);
	rtb_fp_fact_int(fp, "time_slicing", configUSE_TIME_SLICING);
	rtb_fp_fact_int(fp, "port_task_selection", configUSE_PORT_OPTIMISED_TASK_SELECTION);
	rtb_fp_fact_int(fp, "tick_hz", configTICK_RATE_HZ);
	rtb_fp_fact_int(fp, "max_priorities", configMAX_PRIORITIES);
	return 0;
}

/* The settings journal: a FreeRTOS build changes no setting at run time
 * (they are compile-time), so there is nothing to record or repair and no
 * other run to exclude. */
/* One program on the target: no other run to meet on a CPU. */
int rtb_port_cpu_claim(int cpu, const char *what, char *holder, size_t len)
{
	(void)cpu;
	(void)what;
	if (holder && len)
		holder[0] = '\0';
	return 0;
}

int rtb_port_cpu_release(char *who, size_t len)
{
	if (who && len)
		who[0] = '\0';
	return 0;
}

/* nothing outlives a run on the target: a reset clears it all */
int rtb_port_leftovers_remove(void (*say)(const char *line, void *arg), void *arg)
{
	(void)say;
	(void)arg;
	return 0;
}

int rtb_port_journal_trylock(const char *what, char *holder, size_t len)
{
	(void)what;
	(void)holder;
	(void)len;
	return 0;
}

int rtb_port_journal_write(const long *old, const long *set, const unsigned char *changed, int n)
{
	(void)old;
	(void)set;
	(void)changed;
	(void)n;
	return 0;
}

int rtb_port_journal_read(long *old, long *set, unsigned char *changed, int n, long *pid)
{
	(void)old;
	(void)set;
	(void)changed;
	(void)n;
	(void)pid;
	return 0;
}

void rtb_port_journal_unlock(void)
{
}

const char *rtb_port_journal_where(void)
{
	return "(none: FreeRTOS settings are compile-time)";
}

int rtb_port_journal_settle(int acted, char *kept, size_t len)
{
	(void)acted;
	if (kept && len)
		kept[0] = '\0';
	return 0;
}

const char *rtb_port_journal_error(void)
{
	return "no error";
}

/* rtb_port_alloc / rtb_port_free - the FreeRTOS heap (this board's
 * heap_3: newlib's malloc between .bss and the main stack, made safe
 * between tasks; a board with heap_4 gets a static ucHeap instead). */
void *rtb_port_alloc(size_t n)
{
	return pvPortMalloc(n);
}

void rtb_port_free(void *p)
{
	vPortFree(p);
}

/* rtb_port_usage / rtb_port_thread_cpu_ns - this port keeps no per-task
 * CPU time (configGENERATE_RUN_TIME_STATS off) and no resident set: the
 * result says unknown. */
int rtb_port_usage(int64_t *thread_cpu_ns, int64_t *process_cpu_ns, int64_t *peak_rss_bytes)
{
	*thread_cpu_ns = *process_cpu_ns = *peak_rss_bytes = -1;
	return RTB_ENOTSUP;
}

int64_t rtb_port_thread_cpu_ns(void)
{
	return -1;
}
