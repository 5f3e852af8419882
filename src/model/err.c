/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - names of the rtb_err codes (see rtbench/err.h). */
#include <errno.h>
#include "rtbench/err.h"

/* rtb_strerror - one-line description of an rtb_err code (never NULL). */
const char *rtb_strerror(int err)
{
	/* A switch rather than a table indexed by -err so that a new code
	 * added to err.h without a message here is caught by -Wswitch-enum
	 * readers and falls through to the "unknown" text, not out of
	 * bounds. */
	switch ((enum rtb_err)err) {
	case RTB_OK:        return "success";
	case RTB_EINVAL:    return "invalid argument";
	case RTB_ENOMEM:    return "out of memory or fixed storage exhausted";
	case RTB_EPERM:     return "operation not permitted (real-time privilege or system setting refused)";
	case RTB_ESYS:      return "system call failed";
	case RTB_ERANGE:    return "value out of range";
	case RTB_ENOTSUP:   return "not supported on this platform";
	case RTB_ETIMEDOUT: return "timed out";
	case RTB_EINTR:     return "interrupted by the user";
	case RTB_EIO:       return "file read or write failed";
	case RTB_EFORMAT:   return "malformed input file";
	case RTB_EBUSY:     return "held by another rtbench run";
	case RTB_ECHECK:    return "a check did not pass";
	case RTB_EFINDING:  return "a finding weakens latency";
	}
	return "unknown error";
}

int rtb_err_from_errno(int e)
{
	switch (e) {
	case 0:
		return RTB_ESYS; /* a failure that set no errno */
	case EPERM:
	case EACCES:
#ifdef EROFS
	case EROFS:
#endif
		return RTB_EPERM;
	case ENOMEM:
	case EAGAIN:
#ifdef EMFILE
	case EMFILE:
	case ENFILE:
#endif
		return RTB_ENOMEM;
	case EINVAL:
		return RTB_EINVAL;
	case ERANGE:
#ifdef EOVERFLOW
	case EOVERFLOW:
#endif
		return RTB_ERANGE;
#ifdef ENOSYS
	case ENOSYS:
#endif
#ifdef EOPNOTSUPP
	case EOPNOTSUPP:
#endif
		return RTB_ENOTSUP;
	case ETIMEDOUT:
		return RTB_ETIMEDOUT;
	case EINTR:
		return RTB_EINTR;
	case EBUSY:
		return RTB_EBUSY;
	case EIO:
	case ENOSPC:
#ifdef EDQUOT
	case EDQUOT:
#endif
		return RTB_EIO;
	}
	return RTB_ESYS;
}
