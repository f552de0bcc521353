/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether the host CPU can run a SIMD variant, for the userspace unit tests
 * and the benchmark: the same feature lists the glue checks in the kernel.
 */
#ifndef AX86_CPU_NEEDS_H
#define AX86_CPU_NEEDS_H

#include <cpuid.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../../arch/x86/crypto/isa_needs.h"
#include "../../arch/x86/crypto/cpu_quirks.h"

/*
 * NULL if the CPU has every feature named in @needs (space-separated
 * __builtin_cpu_supports() names), else the first one it lacks.
 */
static inline const char *cpu_lacks(const char *needs)
{
	static char need[128];
	char *tok, *save;

	__builtin_cpu_init();
	snprintf(need, sizeof(need), "%s", needs);
	for (tok = strtok_r(need, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		/* __builtin_cpu_supports() wants a literal */
#define CPU(f) (!strcmp(tok, f) && __builtin_cpu_supports(f))
		if (!(CPU("sse2") || CPU("ssse3") || CPU("avx") ||
		      CPU("avx2") ||
		      CPU("bmi2") || CPU("avx512f") || CPU("avx512vl") ||
		      CPU("avx512bw")))
			return tok;
#undef CPU
	}
	return NULL;
}

/* whether the CPU's vendor string (cpuid 0: ebx, edx, ecx) is @vendor */
static inline bool cpu_vendor_is(const char *vendor)
{
	unsigned int a, regs[3];

	if (!__get_cpuid(0, &a, &regs[0], &regs[2], &regs[1]))
		return false;
	return !memcmp(regs, vendor, sizeof(regs));
}

/*
 * This CPU's family and model as the kernel computes them (x86_family(),
 * x86_model()): the extended family from 0xf, the extended model from
 * family 6 up.  False if cpuid has no leaf 1.
 */
static inline bool cpu_family_model(unsigned int *family,
				    unsigned int *model)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d))
		return false;
	*family = (a >> 8) & 0xf;
	if (*family == 0xf)
		*family += (a >> 20) & 0xff;
	*model = (a >> 4) & 0xf;
	if (*family >= 6)
		*model += ((a >> 16) & 0xf) << 4;
	return true;
}

/* cpu_quirks.h's SIMD latency rule on this CPU, as the kernel applies it */
static inline bool cpu_simd_latency2(void)
{
	unsigned int family, model;

	return cpu_family_model(&family, &model) &&
	       ax86_simd_latency2_cpu(cpu_vendor_is("AuthenticAMD"), family);
}

/* cpu_quirks.h's zmm pairs rule on this CPU, as the kernel applies it */
static inline bool cpu_zmm_pairs(void)
{
	unsigned int family, model;

	return cpu_family_model(&family, &model) &&
	       ax86_zmm_pairs_cpu(cpu_vendor_is("AuthenticAMD"), family,
				  model);
}

/* cpu_quirks.h's SSE2 Poly1305 rule on this CPU, as the kernel applies it */
static inline bool cpu_poly_sse2(void)
{
	unsigned int family, model;

	return cpu_family_model(&family, &model) &&
	       ax86_poly_sse2_cpu(cpu_vendor_is("GenuineIntel"),
				  cpu_vendor_is("AuthenticAMD"), family, model);
}

/* cpu_quirks.h's short-message NH rule on this CPU, as the kernel's */
static inline bool cpu_short_nh_ymm(void)
{
	return ax86_short_nh_ymm_cpu(cpu_vendor_is("GenuineIntel"));
}

#endif /* AX86_CPU_NEEDS_H */
