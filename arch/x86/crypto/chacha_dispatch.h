/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which SIMD core covers which part of a message, per variant, and each
 * variant's HChaCha.  Shared by the glue and by make bench, so that the
 * benchmark times exactly what the drivers run.  Called with the FPU
 * usable (in the kernel: between kernel_fpu_begin() and kernel_fpu_end(),
 * which makes ax86_chacha_scratch(), asm_cores.h, ours for the call);
 * every stream function advances state[12] by the blocks it began.
 * Beside each choice, the name of the core it picks (ax86_stream_core_*(),
 * ax86_hchacha_core_*()), which the modules' variants parameter shows.
 */
#ifndef AX86_CHACHA_DISPATCH_H
#define AX86_CHACHA_DISPATCH_H

#include "../../../crypto/chacha_generic.h"

#include "asm_cores.h"
#include "cpu_switch.h"

static inline void ax86_chacha_advance(u32 state[16], unsigned int len)
{
	state[12] += (len + AX86_CHACHA_BLOCK_SIZE - 1) / AX86_CHACHA_BLOCK_SIZE;
}

/*
 * On for the CPUs of cpu_quirks.h's SIMD latency rule (isa.h), whose
 * simple SIMD instructions take two cycles: there a chain of dependent
 * SIMD steps is slow.
 */
AX86_CPU_SWITCH(ax86_slow_simd_chains);

static __always_inline bool ax86_slow_chains(void)
{
	return ax86_on(ax86_slow_simd_chains);
}

/* On for the CPUs of cpu_quirks.h's zmm pairs rule (isa.h) */
AX86_CPU_SWITCH(ax86_zmm_pairs_on);

static __always_inline bool ax86_zmm_pairs(void)
{
	return ax86_on(ax86_zmm_pairs_on);
}

/*
 * The xmm and ymm cores without AVX-512 have 16 registers for 16 rows, so
 * their double round is four chains side by side; where the chains are
 * slow, the same core running two batches at once, half round by half
 * round, the batch out of the registers waiting in the scratch area
 * (chacha-sse-x86_64.S, chacha-avx2-x86_64.S).
 */
#define AX86_STREAM_PAIRS_CORE(isa)					\
static inline const char *ax86_stream_core_##isa(void)			\
{									\
	return ax86_slow_chains() ? #isa "-pairs" : #isa;		\
}									\
static __always_inline void ax86_stream_##isa(u32 state[16], u8 *dst,	\
					      const u8 *src,		\
					      unsigned int len,		\
					      unsigned int nrounds)	\
{									\
	if (ax86_slow_chains())						\
		ax86_chacha_xor_##isa##_pairs(state, dst, src, len,	\
					      nrounds,			\
					      ax86_chacha_scratch());	\
	else								\
		ax86_chacha_xor_##isa(state, dst, src, len, nrounds,	\
				      ax86_chacha_scratch());		\
	ax86_chacha_advance(state, len);				\
}
AX86_STREAM_PAIRS_CORE(sse2)
AX86_STREAM_PAIRS_CORE(ssse3)
AX86_STREAM_PAIRS_CORE(avx)
AX86_STREAM_PAIRS_CORE(avx2)

/* AVX-512VL: 32 ymm registers, one batch (and the zmm variant's tails) */
static inline const char *ax86_stream_core_avx512vl(void)
{
	return "avx512vl";
}
static __always_inline void ax86_stream_avx512vl(u32 state[16], u8 *dst,
						 const u8 *src,
						 unsigned int len,
						 unsigned int nrounds)
{
	ax86_chacha_xor_avx512vl(state, dst, src, len, nrounds,
				 ax86_chacha_scratch());
	ax86_chacha_advance(state, len);
}

/*
 * zmm: whole 1024-byte batches, and a last partial batch of more than
 * 512 bytes; a shorter tail costs less as one or two ymm batches.  On the
 * CPUs of the zmm pairs rule, two zmm batches at once, one in registers
 * 0..15 and the other in 16..31 (chacha-avx512-x86_64.S).
 */
static __always_inline void ax86_stream_avx512(u32 state[16], u8 *dst,
					       const u8 *src, unsigned int len,
					       unsigned int nrounds)
{
	unsigned int zmm = len & ~1023u;

	if (len - zmm > 512)
		zmm = len;
	if (zmm) {
		if (ax86_zmm_pairs())
			ax86_chacha_xor_avx512_pairs(state, dst, src, zmm,
						     nrounds,
						     ax86_chacha_scratch());
		else
			ax86_chacha_xor_avx512(state, dst, src, zmm, nrounds,
					       ax86_chacha_scratch());
		ax86_chacha_advance(state, zmm);
	}
	if (len > zmm)
		ax86_stream_avx512vl(state, dst + zmm, src + zmm, len - zmm,
				     nrounds);
}
static inline const char *ax86_stream_core_avx512(void)
{
	return ax86_zmm_pairs() ? "avx512-pairs" : "avx512";
}

/*
 * HChaCha is one chain of dependent steps: its time is their latency.
 * SSSE3 does a row of four words an instruction and beats the portable C
 * where simple SIMD instructions take one cycle, and on the older CPUs
 * the ssse3, avx and avx2 variants serve it beats the scalar core too.
 * With AVX-512VL a rotation is one instruction, not three, and the chain
 * shorter: the avx512vl and avx512 variants run that core.  Where the
 * chains are slow the general-purpose registers win: the scalar core.
 * SSE2 has no SIMD HChaCha: the scalar core there too, as it needs
 * nothing but x86-64.  The measurements: docs/design.md, "HChaCha".
 */

static __always_inline void ax86_hchacha_for_sse2(const u32 state[16],
						   u32 out[8],
						   unsigned int nrounds)
{
	ax86_hchacha_scalar(state, out, nrounds);
}
static inline const char *ax86_hchacha_core_sse2(void)
{
	return "scalar";
}

/* @isa's HChaCha: the scalar core where SIMD chains are slow, else @core's */
#define AX86_HCHACHA_SIMD(isa, core)					\
static inline const char *ax86_hchacha_core_##isa(void)		\
{									\
	return ax86_slow_chains() ? "scalar" : #core;			\
}									\
static __always_inline void ax86_hchacha_for_##isa(const u32 state[16],	\
						    u32 out[8],		\
						    unsigned int nrounds)	\
{									\
	if (ax86_slow_chains())						\
		ax86_hchacha_scalar(state, out, nrounds);		\
	else								\
		ax86_hchacha_##core(state, out, nrounds);		\
}
AX86_HCHACHA_SIMD(ssse3, ssse3)
AX86_HCHACHA_SIMD(avx, ssse3)
AX86_HCHACHA_SIMD(avx2, ssse3)
AX86_HCHACHA_SIMD(avx512vl, avx512vl)
AX86_HCHACHA_SIMD(avx512, avx512vl)

#endif /* AX86_CHACHA_DISPATCH_H */
