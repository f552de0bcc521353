/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether the host CPU can run a SIMD variant, for the userspace unit tests
 * and the benchmark: the same feature lists the glue checks in the kernel.
 */
#ifndef AX86_CPU_NEEDS_H
#define AX86_CPU_NEEDS_H

#include <stdio.h>
#include <string.h>

#include "../../arch/x86/crypto/isa_needs.h"

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

#endif /* AX86_CPU_NEEDS_H */
