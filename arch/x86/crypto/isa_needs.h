/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU features each driver variant's code runs, as feature names: the
 * glue checks them before registering a driver (isa.h), the unit tests and
 * the benchmark before running a variant.  One list, so the two cannot
 * disagree.  A variant needs every instruction its drivers may execute:
 * the AVX, AVX2 and AVX-512 XChaCha drivers derive subkeys with the SSSE3
 * HChaCha (pshufb), and no CPU feature implies another in the kernel.
 */
#ifndef AX86_ISA_NEEDS_H
#define AX86_ISA_NEEDS_H

#define AX86_NEEDS_SSE2		"sse2"
#define AX86_NEEDS_SSSE3	AX86_NEEDS_SSE2 " ssse3"
#define AX86_NEEDS_AVX		AX86_NEEDS_SSSE3 " avx"
#define AX86_NEEDS_AVX2		AX86_NEEDS_AVX " avx2"
/* byte masks (BW) and bzhi (BMI2) serve the message tails */
#define AX86_NEEDS_AVX512	AX86_NEEDS_AVX2 " avx512f avx512vl avx512bw bmi2"

#endif /* AX86_ISA_NEEDS_H */
