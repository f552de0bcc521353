// SPDX-License-Identifier: GPL-2.0
/*
 * Every SIMD routine of arch/x86/crypto/, and the CPU features each needs:
 * the same requirements the glue checks before registering a driver.
 */
#include "../../arch/x86/crypto/asm_cores.h"
#include "harness.h"

const struct variant variants[] = {
	{ "sse2", "sse2", ax86_chacha_xor_sse2, NULL, ax86_nh_sse2 },
	{ "ssse3", "sse2 ssse3", ax86_chacha_xor_ssse3, ax86_hchacha_ssse3,
	  NULL },
	{ "avx2", "avx2", ax86_chacha_xor_avx2, NULL, ax86_nh_avx2 },
	{ "avx512vl", AX86_NEEDS_AVX512,
	  ax86_chacha_xor_avx512vl, NULL, NULL },
	{ "avx512", AX86_NEEDS_AVX512,
	  ax86_chacha_xor_avx512, NULL, ax86_nh_avx512 },
};

const unsigned int nr_variants = ARRAY_SIZE(variants);
