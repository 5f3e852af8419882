/* SPDX-License-Identifier: Apache-2.0 */
/* test_virt_name - the hypervisor's name in the fingerprint: a known CPUID
 * signature by its usual name, an unknown one trimmed, and where the CPU
 * and the kernel log disagree, both with their sources (a PVM
 * guest whose host answers CPUID as bhyve was named "bhyve bhyve ", the
 * raw signature with its blank, while its kernel log says PVM).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <string.h>
#include "check.h"
#include "port/posix/posix_int.h"

static const char *name(const char *sig, const char *klog)
{
	static char out[64];

	rtb_posix_virt_name(sig, klog, out, sizeof(out));
	return out;
}

int main(void)
{
	CHECK_STR(name("bhyve bhyve ", "PVM"), "bhyve (CPUID), PVM (kernel)");
	CHECK_STR(name("bhyve bhyve ", ""), "bhyve");
	CHECK_STR(name("KVMKVMKVM\0\0\0", "KVM"), "kvm");
	CHECK_STR(name("KVMKVMKVM", ""), "kvm");
	CHECK_STR(name("", "PVM"), "PVM");
	CHECK_STR(name("  oddvisor  ", ""), "oddvisor");
	CHECK_STR(name("", ""), "unknown");
	CHECK_STR(name("ab\001cdefghijk", ""), "ab");
	return check_done();
}
