/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which SIMD variants this CPU can run and the priority each registered
 * driver gets and why (variants.h registers them and lists them in the
 * variants parameter).  Every glue module includes this; it is decided
 * once, at module load.  The ranking rule (ax86_rank) is plain C, so the
 * unit tests include this header too.
 */
#ifndef AX86_ISA_H
#define AX86_ISA_H

#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>

#include "../../../compat.h"
#endif
#include "cpu_quirks.h"
#include "isa_needs.h"

enum ax86_isa {
	AX86_SSE2,
	AX86_SSSE3,
	AX86_AVX,	/* VEX on xmm: the SSE cores without register copies */
	AX86_AVX2,
	AX86_AVX512VL,	/* AVX-512 instructions on ymm registers */
	AX86_AVX512,	/* zmm registers */
	AX86_NR_ISA
};

/*
 * A table indexed by enum ax86_isa, m(isa) for each variant: the glue
 * files' per-variant tables come from here, so a variant added to the
 * enum is added to them here.
 */
#define AX86_ISA_TABLE(m) {						\
	[AX86_SSE2] = m(sse2),						\
	[AX86_SSSE3] = m(ssse3),					\
	[AX86_AVX] = m(avx),						\
	[AX86_AVX2] = m(avx2),						\
	[AX86_AVX512VL] = m(avx512vl),					\
	[AX86_AVX512] = m(avx512),					\
}

#define AX86_ISA_NAME(isa) #isa

static const char *const ax86_isa_names[AX86_NR_ISA] __maybe_unused =
	AX86_ISA_TABLE(AX86_ISA_NAME);

/*
 * Our drivers rank above every in-tree one (the highest there is 300) and
 * among themselves by speed.
 */
#define AX86_PRIORITY_BASE	400

/*
 * Where variant @isa ranks among ours, and why: the one place both come
 * from, so a priority and its explanation cannot drift apart.  Plain C of
 * the CPU's quirks, for the unit tests.  Returns the priority; *@why gets
 * the rank= field of the variants parameter (docs/design.md, "One driver
 * per ISA, ranked by priority"): "isa" (the newer the ISA, the higher), or
 * "below-<isa>:<reason>" when a quirk of this CPU puts the variant just
 * below an older one.
 */
static inline int ax86_rank(int base, enum ax86_isa isa, bool zmm_downclocks,
			    bool pshufb_slow, const char **why)
{
	if (isa == AX86_AVX512 && zmm_downclocks) {
		*why = "below-avx2:zmm-downclocks";
		return base + 10 * AX86_AVX2 - 5;
	}
	if (isa == AX86_SSSE3 && pshufb_slow) {
		*why = "below-sse2:slow-pshufb";
		return base + 10 * AX86_SSE2 - 5;
	}
	*why = "isa";
	return base + 10 * isa;
}

#ifdef __KERNEL__
static const char *const ax86_isa_needs[AX86_NR_ISA] = {
	AX86_NEEDS_SSE2, AX86_NEEDS_SSSE3, AX86_NEEDS_AVX, AX86_NEEDS_AVX2,
	AX86_NEEDS_AVX512, AX86_NEEDS_AVX512
};

/* A feature name of isa_needs.h as the kernel knows it; false if unknown */
static inline bool ax86_cpu_has_feature(const char *name, size_t len)
{
	static const struct {
		const char *name;
		u16 feature;
	} map[] = {
		{ "sse2", X86_FEATURE_XMM2 },
		{ "ssse3", X86_FEATURE_SSSE3 },
		{ "avx", X86_FEATURE_AVX },
		{ "avx2", X86_FEATURE_AVX2 },
		{ "avx512f", X86_FEATURE_AVX512F },
		{ "avx512vl", X86_FEATURE_AVX512VL },
		{ "avx512bw", X86_FEATURE_AVX512BW },
		{ "bmi2", X86_FEATURE_BMI2 },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		if (strlen(map[i].name) == len &&
		    !strncmp(map[i].name, name, len))
			return boot_cpu_has(map[i].feature);
	return false;
}

static inline bool ax86_cpu_has(enum ax86_isa isa)
{
	const char *p = ax86_isa_needs[isa];
	size_t len;

	while (*p) {
		len = strcspn(p, " ");
		if (!ax86_cpu_has_feature(p, len))
			return false;
		p += len + (p[len] == ' ');
	}
	/*
	 * The OS must save the registers too.  xmm state is saved by FXSAVE
	 * on CPUs without XSAVE (K8, qemu64): asking cpu_has_xfeatures()
	 * about SSE there would wrongly say no.
	 */
	if (isa >= AX86_AVX512VL)
		return cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
					 XFEATURE_MASK_AVX512, NULL);
	if (isa >= AX86_AVX)
		return cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM,
					 NULL);
	return true;
}

/* the boot CPU in one of cpu_quirks.h's Intel family-6 model lists */
static inline bool ax86_boot_cpu_intel_in(const unsigned char *models,
					  unsigned int n)
{
	return ax86_intel_fam6_in(boot_cpu_data.x86_vendor == X86_VENDOR_INTEL,
				  boot_cpu_data.x86, boot_cpu_data.x86_model,
				  models, n);
}

/*
 * Intel cores that lower their clock for the whole core while zmm registers
 * are in use, slowing everything else running there.  There the zmm
 * variants stay registered, reachable by driver name, but rank below the
 * ymm ones.  The kernel's own flag where it has one (compat.h), else our
 * copy of the same model list.
 */
static inline bool ax86_zmm_downclocks(void)
{
	if (AX86_KERNEL_KNOWS_PREFER_YMM)
		return ax86_kernel_prefers_ymm();
	return ax86_boot_cpu_intel_in(ax86_zmm_downclock_models,
				      ARRAY_SIZE(ax86_zmm_downclock_models));
}

/* CPUs where the SSE2 ChaCha beats the SSSE3 one (cpu_quirks.h) */
static inline bool ax86_pshufb_slow(void)
{
	if (boot_cpu_data.x86_vendor == X86_VENDOR_AMD)
		return boot_cpu_data.x86 == AX86_SLOW_PSHUFB_AMD_FAMILY;
	return ax86_boot_cpu_intel_in(ax86_slow_pshufb_models,
				      ARRAY_SIZE(ax86_slow_pshufb_models));
}

/* CPUs whose SSE2 NH sums in 32-bit lanes (cpu_quirks.h) */
static inline bool ax86_paddq_slow(void)
{
	return ax86_boot_cpu_intel_in(ax86_slow_paddq_models,
				      ARRAY_SIZE(ax86_slow_paddq_models));
}

/* CPUs whose Poly1305 runs in SSE2 (cpu_quirks.h) */
static inline bool ax86_poly_sse2(void)
{
	return ax86_poly_sse2_cpu(boot_cpu_data.x86_vendor == X86_VENDOR_INTEL,
				  boot_cpu_data.x86_vendor == X86_VENDOR_AMD,
				  boot_cpu_data.x86, boot_cpu_data.x86_model);
}

/* CPUs whose zmm variant hashes short messages with the AVX2 NH */
static inline bool ax86_short_nh_ymm(void)
{
	return ax86_short_nh_ymm_cpu(boot_cpu_data.x86_vendor ==
				     X86_VENDOR_INTEL);
}

/* CPUs whose zmm ChaCha core runs two batches at once (cpu_quirks.h) */
static inline bool ax86_boot_cpu_zmm_pairs(void)
{
	return ax86_zmm_pairs_cpu(boot_cpu_data.x86_vendor == X86_VENDOR_AMD,
				  boot_cpu_data.x86, boot_cpu_data.x86_model);
}

/* CPUs where a chain of SIMD steps is slower than a scalar one */
static inline bool ax86_simd_latency2(void)
{
	return ax86_simd_latency2_cpu(boot_cpu_data.x86_vendor ==
				      X86_VENDOR_AMD, boot_cpu_data.x86);
}

static inline int ax86_priority_from(int base, enum ax86_isa isa)
{
	const char *why;

	return ax86_rank(base, isa, ax86_zmm_downclocks(), ax86_pshufb_slow(),
			 &why);
}

/* the rank= field of @isa's drivers on this CPU */
static inline const char *ax86_rank_reason(enum ax86_isa isa)
{
	const char *why;

	ax86_rank(0, isa, ax86_zmm_downclocks(), ax86_pshufb_slow(), &why);
	return why;
}

#endif /* __KERNEL__ */

#endif /* AX86_ISA_H */
