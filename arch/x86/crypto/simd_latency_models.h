/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPUs whose simple SIMD integer instructions take two cycles of latency
 * where a scalar add takes one: AMD family 0x1a (Zen 5).  Measured on an
 * EPYC of family 0x1a model 0x02 with chains of one instruction each:
 * paddd, pshufb, vpaddd, vpxor, vpslld, vprold, on xmm, ymm and zmm, all
 * 2 cycles.  A long chain of dependent steps is faster there in
 * general-purpose registers: the glue then takes the scalar HChaCha
 * (chacha_dispatch.h).  Plain C, for the kernel (isa.h) and for userspace
 * (make bench, the unit tests) alike.
 */
#ifndef AX86_SIMD_LATENCY_MODELS_H
#define AX86_SIMD_LATENCY_MODELS_H

#define AX86_SIMD_LATENCY2_AMD_FAMILY	0x1a	/* Zen 5 */

static inline bool ax86_simd_latency2_cpu(bool amd, unsigned int family)
{
	return amd && family == AX86_SIMD_LATENCY2_AMD_FAMILY;
}

#endif /* AX86_SIMD_LATENCY_MODELS_H */
