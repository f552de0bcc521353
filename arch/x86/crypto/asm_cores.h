/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every assembly entry point of arch/x86/crypto/, for the glue, the unit
 * tests and the benchmark.  Contracts are in the .S files; in short:
 * ax86_chacha_xor_*: dst = src ^ keystream for any @len, state not written,
 * with ax86_chacha_scratch() as the last argument;
 * ax86_hchacha_*: words 0..3 and 12..15 of the permuted state;
 * ax86_nh_*: NH of @len bytes (a multiple of 16, at most 1024);
 * ax86_aesni_*, ax86_aes_vperm_*: one AES-256 block on the AES library's
 * round keys, with AES-NI or (in constant time) SSSE3 vector permutes.
 */
#ifndef AX86_ASM_CORES_H
#define AX86_ASM_CORES_H

/*
 * The SIMD ChaCha cores keep what does not fit in their registers
 * (counters, parked rows, a partial batch's keystream, a pair's waiting
 * batch) in an area the caller passes, and take no stack frame: this many
 * bytes, 64-byte aligned, the most any core uses (the AVX2 pairs; each .S
 * checks its layout against it).  Each core zeroes what it used before it
 * returns.  The .S files include this header for the number only.
 */
#define AX86_CHACHA_SCRATCH_BYTES	1152

#ifndef __ASSEMBLER__

#include "../../../crypto/portable.h"

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/percpu.h>
#else
#define asmlinkage
#endif

struct ax86_chacha_scratch {
	_Alignas(64) u8 bytes[AX86_CHACHA_SCRATCH_BYTES];
};

/*
 * The area: in the kernel one per CPU (core_main.c says why it is the
 * caller's alone between kernel_fpu_begin() and kernel_fpu_end(), the only
 * place the cores run), in the tests, the benchmark and the model one per
 * thread (tools/common/chacha_scratch.c).  ax86_chacha_scratch() is this
 * CPU's or this thread's: call it inside the FPU section.
 */
#ifdef __KERNEL__
DECLARE_PER_CPU_ALIGNED(struct ax86_chacha_scratch, ax86_chacha_scratch_area);

static __always_inline void *ax86_chacha_scratch(void)
{
	return this_cpu_ptr(&ax86_chacha_scratch_area);
}
#else
extern _Thread_local struct ax86_chacha_scratch ax86_chacha_scratch_area;

static inline void *ax86_chacha_scratch(void)
{
	return &ax86_chacha_scratch_area;
}
#endif

#define AX86_CHACHA_ASM(isa)						\
	asmlinkage void ax86_chacha_xor_##isa(const u32 state[16], u8 *dst, \
					      const u8 *src, unsigned int len, \
					      unsigned int nrounds,	\
					      void *scratch)
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
asmlinkage void ax86_hchacha_avx512vl(const u32 state[16], u32 out[8],
				      unsigned int nrounds);
asmlinkage void ax86_hchacha_scalar(const u32 state[16], u32 out[8],
				    unsigned int nrounds);
asmlinkage void ax86_aesni_encrypt256(const u32 enc[60], u8 out[16],
				      const u8 in[16]);
asmlinkage void ax86_aesni_decrypt256(const u32 dec[60], u8 out[16],
				      const u8 in[16]);
/* on the round keys in their form of aes_vperm_key.h */
asmlinkage void ax86_aes_vperm_encrypt256(const u32 venc[60], u8 out[16],
					  const u8 in[16]);
asmlinkage void ax86_aes_vperm_decrypt256(const u32 vdec[60], u8 out[16],
					  const u8 in[16]);
/* and beside HChaCha: aes-vperm-x86_64.S */
asmlinkage void ax86_aes_vperm_decrypt256_hchacha(const u32 vdec[60],
						  u8 out[16], u32 state[16],
						  unsigned int nrounds);
AX86_NH_ASM(sse2);
AX86_NH_ASM(sse2_dsum);
AX86_NH_ASM(avx);
AX86_NH_ASM(avx2);
AX86_NH_ASM(avx512);

#endif /* __ASSEMBLER__ */
#endif /* AX86_ASM_CORES_H */
