/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the doctor's tracing check: an instance recording or
 * an event trigger set, each a cost on every event on every CPU. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "posix_int.h"
#include "doctor_int.h"

/* trace_dir - the tracefs directory to read (under the root) into dir, and
 * what to call it into name: a snapshot's /sys/kernel/tracing; live, where
 * it is mounted at a standard place (or elsewhere, but never under /tmp:
 * rtb_posix_tracefs_dir), else through a detached mount of the doctor's
 * own, seen by no one else (*fd: its descriptor, to close; -1 if none).
 * The doctor attaches no mount anywhere: 0 when none could be read. */
static int trace_dir(const struct rtb_dr *r, char *dir, size_t len, char *name, size_t nlen, int *fd)
{
	*fd = -1;
	if (!rtb_dr_live(r))
		snprintf(dir, len, "/sys/kernel/tracing");
	else if (!rtb_posix_tracefs_dir(dir, len, 1)) {
		if ((*fd = rtb_posix_tracefs_detached()) < 0)
			return 0;
		snprintf(dir, len, "/proc/self/fd/%d", *fd);
		snprintf(name, nlen, "tracefs (at no standard place: read through a detached mount of the doctor's own)");
		return 1;
	}
	snprintf(name, nlen, "%s", dir);
	return 1;
}

/* trace_unreadable - 1 when root/dir is there but cannot be read (its
 * listing, tracing_on or instances/), its error said into err: then no
 * instance or trigger can be judged, though one may be set. A snapshot
 * without a recorded tracefs (absent) is not that. */
static int trace_unreadable(const struct rtb_dr *r, const char *dir, char *err, size_t len)
{
	static const char *const parts[] = { "", "/tracing_on", "/instances" };
	char path[RTB_DOC_ROOT_MAX + 400];
	int fd;

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		snprintf(path, sizeof(path), "%s%s%s", r->cfg->root ? r->cfg->root : "", dir, parts[i]);
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (i == 1 ? 0 : O_DIRECTORY));
		if (fd >= 0) {
			close(fd);
			continue;
		}
		if (errno == ENOENT && (i || !rtb_dr_live(r)))
			continue;
		snprintf(err, len, "%s%s", parts[i][0] ? parts[i] + 1 : "", parts[i][0] ? ": " : "");
		snprintf(err + strlen(err), len - strlen(err), "%s", strerror(errno));
		return 1;
	}
	return 0;
}

/* trace_triggers - how many event triggers are set under root/inst
 * (events/SYSTEM/EVENT/trigger holding a line that is not a comment); the
 * first one found named into first. */
static int trace_triggers(const struct rtb_dr *r, const char *inst, char *first, size_t len)
{
	char path[RTB_DOC_ROOT_MAX + 600], rel[600], buf[256];
	DIR *sd, *ed;
	struct dirent *s, *e;
	int n = 0;

	snprintf(path, sizeof(path), "%s%s/events", r->cfg->root ? r->cfg->root : "", inst);
	if (!(sd = opendir(path)))
		return 0;
	while ((s = readdir(sd))) {
		if (s->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s%s/events/%s", r->cfg->root ? r->cfg->root : "", inst, s->d_name);
		if (!(ed = opendir(path)))
			continue;
		while ((e = readdir(ed))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(rel, sizeof(rel), "%s/events/%s/%s/trigger", inst, s->d_name, e->d_name);
			if (rtb_dr_text(r, rel, buf, sizeof(buf)) && buf[0] != '#') {
				if (!n++)
					snprintf(first, len, "%s:%s \"%.*s\"", s->d_name, e->d_name,
						 (int)strcspn(buf, "\n"), buf);
			}
		}
		closedir(ed);
	}
	closedir(sd);
	return n;
}

/* trace_active - one tracing instance (or the top level: name "") as
 * words appended to out when it records (tracing_on with events or a
 * tracer) or holds a trigger; 1 if so. */
static int trace_active(const struct rtb_dr *r, const char *dir, const char *name, char *out, size_t len)
{
	char inst[400], rel[460], on[16], tracer[64], ev[2048], trig[160] = "";
	int events = 0, ntrig;

	if (name[0])
		snprintf(inst, sizeof(inst), "%s/instances/%s", dir, name);
	else
		snprintf(inst, sizeof(inst), "%s", dir);
	snprintf(rel, sizeof(rel), "%s/tracing_on", inst);
	int recording = rtb_dr_read(r, rel, on, sizeof(on)) == 0 && on[0] == '1';
	snprintf(rel, sizeof(rel), "%s/set_event", inst);
	if (rtb_dr_text(r, rel, ev, sizeof(ev)))
		for (const char *p = ev; *p; p += strcspn(p, "\n"), p += *p == '\n')
			events++;
	snprintf(rel, sizeof(rel), "%s/current_tracer", inst);
	if (rtb_dr_read(r, rel, tracer, sizeof(tracer)) || !tracer[0])
		snprintf(tracer, sizeof(tracer), "nop");
	ntrig = trace_triggers(r, inst, trig, sizeof(trig));
	if (!(recording && (events || strcmp(tracer, "nop"))) && !ntrig)
		return 0;
	size_t l = strlen(out);
	snprintf(out + l, len - l, "%s%s%s: tracing %s, %d event(s)%s%s%s%s", l ? "; " : "",
		 name[0] ? "instance " : "top level", name, recording ? "on" : "off", events,
		 strcmp(tracer, "nop") ? ", tracer " : "", strcmp(tracer, "nop") ? tracer : "",
		 ntrig ? ", trigger " : "", ntrig ? trig : "");
	return 1;
}

/* rtb_dr_check_tracing - a tracing instance (or the top-level buffer) recording,
 * or an event trigger set: each enabled tracepoint costs every event on
 * every CPU, and a stack trigger on sched_switch a stack walk per context
 * switch (a killed traced run's instance made every later run's wake-up
 * 2.5x slower). Unknown, not ok, when tracefs cannot be read (not root, a
 * mode that denies it) or is mounted nowhere and cannot be mounted: an
 * instance may be recording there, and `run --trace` cannot trace. */
void rtb_dr_check_tracing(struct rtb_dr *r)
{
	static const char why[] = "an enabled tracepoint or trigger runs on every event on every CPU: a context "
		"switch that records an event (and walks the stack, for a stack trigger) takes longer";
	static const char fix[] = "stop the program that traces; an instance \"rtbench-PID-START\" of a run that "
		"was killed is removed by the next rtbench run (or rmdir TRACEFS/instances/NAME)";
	static const char why_read[] = "an instance recording or a trigger set costs every event on every CPU; "
		"what the doctor cannot read it cannot rule out, and `run --trace` (root, tracefs read and written) "
		"cannot trace there";
	static const char fix_read[] = "run the doctor as root (it only reads), or look at TRACEFS/instances and "
		"each one's tracing_on, set_event and events/*/*/trigger by hand";
	char dir[300], name[96], path[RTB_DOC_ROOT_MAX + 400], found[1024] = "", err[160];
	DIR *d;
	struct dirent *e;
	int n = 0, inst = 0, fd;

	if (!trace_dir(r, dir, sizeof(dir), name, sizeof(name), &fd)) {
		int merr = errno;

		rtb_doc_add(r->d, "tracing", RTB_DOC_UNKNOWN, why_read, fix_read, "tracefs mounted nowhere the "
			    "doctor reads, and not mountable by it (%s): no instance or trigger judged", strerror(merr));
		return;
	}
	if (trace_unreadable(r, dir, err, sizeof(err))) {
		rtb_doc_add(r->d, "tracing", RTB_DOC_UNKNOWN, why_read, fix_read, "%s: not readable (%s%s): no "
			    "instance or trigger judged", name, err, rtb_dr_live(r) && geteuid() ? "; not root" : "");
		if (fd >= 0)
			close(fd);
		return;
	}
	n += trace_active(r, dir, "", found, sizeof(found));
	snprintf(path, sizeof(path), "%s%s/instances", r->cfg->root ? r->cfg->root : "", dir);
	if ((d = opendir(path))) {
		while ((e = readdir(d)))
			if (e->d_name[0] != '.') {
				inst++;
				n += trace_active(r, dir, e->d_name, found, sizeof(found));
			}
		closedir(d);
	}
	if (fd >= 0)
		close(fd);
	if (n)
		rtb_doc_add(r->d, "tracing", RTB_DOC_WEAKENS, why, fix, "%s: %s", name, found);
	else
		rtb_doc_add(r->d, "tracing", RTB_DOC_OK, why, fix, "%s: nothing recording, no trigger (%d instance(s))",
			    name, inst);
}

