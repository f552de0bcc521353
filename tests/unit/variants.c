// SPDX-License-Identifier: GPL-2.0
/*
 * Every SIMD routine of arch/x86/crypto/, and the CPU features each needs:
 * the same requirements the glue checks before registering a driver.
 */
#include "harness.h"

#define CHACHA_ASM(isa) \
	void ax86_chacha_xor_##isa(const u32 state[16], u8 *dst, \
				   const u8 *src, unsigned int len, \
				   unsigned int nrounds)
#define NH_ASM(isa) \
	void ax86_nh_##isa(const u32 *key, const u8 *msg, unsigned int len, \
			   u8 hash[AX86_NH_HASH_BYTES])

CHACHA_ASM(sse2);
CHACHA_ASM(ssse3);
CHACHA_ASM(avx2);
CHACHA_ASM(avx512vl);
CHACHA_ASM(avx512);
void ax86_hchacha_ssse3(const u32 state[16], u32 out[8], unsigned int nrounds);
NH_ASM(sse2);
NH_ASM(avx2);
NH_ASM(avx512);

const struct variant variants[] = {
	{ "sse2", "sse2", ax86_chacha_xor_sse2, NULL, ax86_nh_sse2 },
	{ "ssse3", "sse2 ssse3", ax86_chacha_xor_ssse3, ax86_hchacha_ssse3,
	  NULL },
	{ "avx2", "avx2", ax86_chacha_xor_avx2, NULL, ax86_nh_avx2 },
	{ "avx512vl", "avx512f avx512vl avx512bw bmi2",
	  ax86_chacha_xor_avx512vl, NULL, NULL },
	{ "avx512", "avx512f avx512vl avx512bw bmi2",
	  ax86_chacha_xor_avx512, NULL, ax86_nh_avx512 },
};

const unsigned int nr_variants = sizeof(variants) / sizeof(variants[0]);
