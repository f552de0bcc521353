/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which SIMD variants this CPU can run, the cap a user sets with the module
 * parameter max_isa, and the priority each registered driver gets.  Both
 * glue modules include this; it is decided once, at module load.
 */
#ifndef AX86_ISA_H
#define AX86_ISA_H

#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>

enum ax86_isa {
	AX86_SSE2,
	AX86_SSSE3,
	AX86_AVX2,
	AX86_AVX512VL,	/* AVX-512 instructions on ymm registers */
	AX86_AVX512,	/* zmm registers */
	AX86_NR_ISA
};

static const char *const ax86_isa_names[AX86_NR_ISA] = {
	"sse2", "ssse3", "avx2", "avx512vl", "avx512"
};

/*
 * Our drivers rank above every in-tree one (the highest there is 300) and
 * among themselves by speed.
 */
#define AX86_PRIORITY_BASE	400

static inline bool ax86_cpu_has(enum ax86_isa isa)
{
	/*
	 * xmm state is saved by FXSAVE on CPUs without XSAVE (K8, qemu64):
	 * asking cpu_has_xfeatures() about SSE there would wrongly say no.
	 */
	switch (isa) {
	case AX86_SSE2:
		return boot_cpu_has(X86_FEATURE_XMM2);
	case AX86_SSSE3:
		return boot_cpu_has(X86_FEATURE_SSSE3);
	case AX86_AVX2:
		return boot_cpu_has(X86_FEATURE_AVX) &&
		       boot_cpu_has(X86_FEATURE_AVX2) &&
		       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM,
					 NULL);
	case AX86_AVX512VL:
	case AX86_AVX512:
		/* byte masks (BW) and bzhi (BMI2) serve the message tails */
		return boot_cpu_has(X86_FEATURE_AVX512F) &&
		       boot_cpu_has(X86_FEATURE_AVX512VL) &&
		       boot_cpu_has(X86_FEATURE_AVX512BW) &&
		       boot_cpu_has(X86_FEATURE_BMI2) &&
		       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
					 XFEATURE_MASK_AVX512, NULL);
	default:
		return false;
	}
}

/*
 * Intel cores that lower their clock for the whole core while zmm registers
 * are in use, slowing everything else running there: Skylake-X, Ice Lake,
 * Tiger Lake (family 6 models; the same set the kernel's own AES code
 * avoids zmm on).  There the zmm variants stay registered, reachable by
 * driver name, but rank below the ymm ones.
 */
static inline bool ax86_zmm_downclocks(void)
{
	static const u8 models[] = {
		0x55,	/* Skylake-X, Cascade Lake, Cooper Lake */
		0x6a,	/* Ice Lake-X */
		0x6c,	/* Ice Lake-D */
		0x7d,	/* Ice Lake */
		0x7e,	/* Ice Lake-L */
		0x8c,	/* Tiger Lake-L */
		0x8d,	/* Tiger Lake */
	};
	int i;

	if (boot_cpu_data.x86_vendor != X86_VENDOR_INTEL ||
	    boot_cpu_data.x86 != 6)
		return false;
	for (i = 0; i < ARRAY_SIZE(models); i++)
		if (boot_cpu_data.x86_model == models[i])
			return true;
	return false;
}

static inline int ax86_priority(enum ax86_isa isa)
{
	if (isa == AX86_AVX512 && ax86_zmm_downclocks())
		return AX86_PRIORITY_BASE + 10 * AX86_AVX2 - 5;
	return AX86_PRIORITY_BASE + 10 * isa;
}

/* max_isa parameter: NULL or "" means no cap; else an ISA name */
static inline int ax86_parse_max_isa(const char *s, enum ax86_isa *max)
{
	int i;

	*max = AX86_NR_ISA - 1;
	if (!s || !*s)
		return 0;
	for (i = 0; i < AX86_NR_ISA; i++) {
		if (sysfs_streq(s, ax86_isa_names[i])) {
			*max = i;
			return 0;
		}
	}
	return -EINVAL;
}

#endif /* AX86_ISA_H */
