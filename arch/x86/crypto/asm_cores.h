/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every assembly entry point of arch/x86/crypto/, for the glue, the unit
 * tests and the benchmark.  Contracts are in the .S files; in short:
 * ax86_chacha_xor_*: dst = src ^ keystream for any @len, state not written;
 * ax86_hchacha_*: words 0..3 and 12..15 of the permuted state;
 * ax86_nh_*: NH of @len bytes (a multiple of 16, at most 1024);
 * ax86_aesni_*, ax86_aes_vperm_*: one AES-256 block on the AES library's
 * round keys, with AES-NI or (in constant time) SSSE3 vector permutes.
 */
#ifndef AX86_ASM_CORES_H
#define AX86_ASM_CORES_H

#include "../../../crypto/portable.h"

#ifdef __KERNEL__
#include <linux/linkage.h>
#else
#define asmlinkage
#endif

#define AX86_CHACHA_ASM(isa)						\
	asmlinkage void ax86_chacha_xor_##isa(const u32 state[16], u8 *dst, \
					      const u8 *src, unsigned int len, \
					      unsigned int nrounds)
#define AX86_NH_ASM(isa)						\
	asmlinkage void ax86_nh_##isa(const u32 *key, const u8 *msg,	\
				      unsigned int len, u8 hash[32])

AX86_CHACHA_ASM(sse2);
AX86_CHACHA_ASM(sse2_pairs);
AX86_CHACHA_ASM(ssse3);
AX86_CHACHA_ASM(ssse3_pairs);
AX86_CHACHA_ASM(avx);
AX86_CHACHA_ASM(avx_pairs);
AX86_CHACHA_ASM(avx2);
AX86_CHACHA_ASM(avx2_pairs);
AX86_CHACHA_ASM(avx512vl);
AX86_CHACHA_ASM(avx512);
AX86_CHACHA_ASM(avx512_pairs);
asmlinkage void ax86_hchacha_ssse3(const u32 state[16], u32 out[8],
				   unsigned int nrounds);
asmlinkage void ax86_hchacha_scalar(const u32 state[16], u32 out[8],
				    unsigned int nrounds);
asmlinkage void ax86_aesni_encrypt256(const u32 enc[60], u8 out[16],
				      const u8 in[16]);
asmlinkage void ax86_aesni_decrypt256(const u32 dec[60], u8 out[16],
				      const u8 in[16]);
asmlinkage void ax86_aes_vperm_encrypt256(const u32 enc[60], u8 out[16],
					  const u8 in[16]);
asmlinkage void ax86_aes_vperm_decrypt256(const u32 dec[60], u8 out[16],
					  const u8 in[16]);
AX86_NH_ASM(sse2);
AX86_NH_ASM(avx);
AX86_NH_ASM(avx2);
AX86_NH_ASM(avx512);

#endif /* AX86_ASM_CORES_H */
