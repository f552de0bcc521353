/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernel versions we build for (6.1 .. 7.x)
 * lives here, so that the glue and the cores read as if there were one kernel.
 */
#ifndef AX86_COMPAT_H
#define AX86_COMPAT_H

#include <linux/version.h>

/* 6.12 moved <asm/unaligned.h> to <linux/unaligned.h> */
#if __has_include("linux/unaligned.h")
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#ifdef CONFIG_X86
#include <linux/kernel.h>
#include <asm/cpufeature.h>
#include <asm/processor.h>

/*
 * Whether zmm code slows this core down.  Newer kernels decide it
 * themselves (X86_FEATURE_PREFER_YMM); before that, the same model list.
 */
#ifdef X86_FEATURE_PREFER_YMM
static inline bool ax86_cpu_prefers_ymm(void)
{
	return boot_cpu_has(X86_FEATURE_PREFER_YMM);
}
#else
#include "arch/x86/crypto/zmm_models.h"

static inline bool ax86_cpu_prefers_ymm(void)
{
	int i;

	if (boot_cpu_data.x86_vendor != X86_VENDOR_INTEL ||
	    boot_cpu_data.x86 != 6)
		return false;
	for (i = 0; i < ARRAY_SIZE(ax86_zmm_downclock_models); i++)
		if (boot_cpu_data.x86_model == ax86_zmm_downclock_models[i])
			return true;
	return false;
}
#endif
#endif /* CONFIG_X86 */

#endif /* AX86_COMPAT_H */
