/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - error codes shared by every module.
 *
 * Every function that can fail returns 0 on success or one of the negative
 * codes below; rtb_strerror() names it. No module calls exit() or makes an
 * exit status: src/main.c alone turns a code into one. */
#ifndef RTBENCH_ERR_H
#define RTBENCH_ERR_H

enum rtb_err {
	RTB_OK = 0,
	RTB_EINVAL = -1,   /* bad argument or option value */
	RTB_ENOMEM = -2,   /* allocation or fixed storage exhausted */
	RTB_EPERM = -3,    /* the OS refused a privilege (RT priority, sysctl) */
	RTB_ESYS = -4,     /* a system call failed; errno tells more */
	RTB_ERANGE = -5,   /* value outside a representable range */
	RTB_ENOTSUP = -6,  /* not available on this port or platform */
	RTB_ETIMEDOUT = -7,/* watchdog or bounded wait expired */
	RTB_EINTR = -8,    /* stopped by the user (Ctrl-C) */
	RTB_EIO = -9,      /* reading or writing a file failed */
	RTB_EFORMAT = -10, /* malformed input file */
	RTB_EBUSY = -11,   /* held by another run (the settings lock) */
	RTB_ECHECK = -12,  /* a check did not pass (selftest, check's gate):
			    * the output says which; not an error of rtbench */
	RTB_EFINDING = -13,/* the doctor found what weakens latency (said):
			    * not an error of rtbench; exit status 3 */
};

/* rtb_strerror - one-line description of an rtb_err code (never NULL). */
const char *rtb_strerror(int err);

/* rtb_err_from_errno - the rtb_err for a C library errno value: the one
 * mapping (permission -> RTB_EPERM, exhausted -> RTB_ENOMEM, full disk or
 * I/O -> RTB_EIO, ...; anything else RTB_ESYS). A caller that knows more
 * (a missing /proc file means the OS lacks the feature) says so first. */
int rtb_err_from_errno(int e);

#endif
