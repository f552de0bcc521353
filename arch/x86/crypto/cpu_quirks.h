/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPUs that make us rank a variant lower or run other cores, each list
 * with its reason: the one place for CPU policy.  Plain C: the kernel
 * (isa.h) applies it to the boot CPU, the unit tests and make bench to the
 * host or to named CPUs; the unit tests name every entry.
 */
#ifndef AX86_CPU_QUIRKS_H
#define AX86_CPU_QUIRKS_H

/*
 * Intel family-6 models that lower the clock of the whole core while zmm
 * registers are in use (Skylake-X, Ice Lake, Tiger Lake): the set the
 * kernel marks X86_FEATURE_PREFER_YMM.  Used only on kernels that do not
 * have that flag (compat.h says which).  There the zmm variants rank just
 * below the ymm ones.
 */
static const unsigned char ax86_zmm_downclock_models[] = {
	0x55,	/* Skylake-X, Cascade Lake, Cooper Lake */
	0x6a,	/* Ice Lake-X */
	0x6c,	/* Ice Lake-D */
	0x7d,	/* Ice Lake */
	0x7e,	/* Ice Lake-L */
	0x9d,	/* Ice Lake NNPI */
	0x8c,	/* Tiger Lake-L */
	0x8d,	/* Tiger Lake */
};

/*
 * Intel family-6 models whose pshufb costs several micro-ops (the in-order
 * Atoms Bonnell and Saltwell, and Silvermont/Airmont): there the SSE2
 * ChaCha, rotating by shifts, beats the SSSE3 one (make model: 4 KiB
 * Adiantum work 0.77-0.80 of Linux's with SSE2 against 0.84-0.94 with
 * SSSE3), so the SSSE3 variants rank just below the SSE2 ones.  The same
 * holds for AMD family 0x16, Jaguar and Puma (llvm's btver2: 0.86 against
 * 0.89, the SSSE3 double round bound by its one shuffle-capable ALU).
 */
static const unsigned char ax86_slow_pshufb_models[] = {
	0x1c, 0x26,			/* Bonnell: Diamondville, Lincroft */
	0x27, 0x35, 0x36,		/* Saltwell: Penwell, Cloverview, Cedarview */
	0x37, 0x4a, 0x4d, 0x5a, 0x5d,	/* Silvermont */
	0x4c, 0x75,			/* Airmont */
};

#define AX86_SLOW_PSHUFB_AMD_FAMILY	0x16	/* Jaguar, Puma */

/*
 * Intel family-6 models whose 64-bit vector add (paddq) holds a port for
 * four cycles, where a 32-bit one takes half a cycle: Silvermont and
 * Airmont (llvm's Silvermont model, from Intel's figures; no such CPU was
 * at hand to time).  NH adds one 64-bit product per pass and unit, so
 * there the SSE2 NH runs the core that sums in 32-bit lanes
 * (nh-sse2-dsum-x86_64.S, which says what make model found).  Bonnell's
 * paddq is cheap: it keeps the other.
 */
static const unsigned char ax86_slow_paddq_models[] = {
	0x37, 0x4a, 0x4d, 0x5a, 0x5d,	/* Silvermont */
	0x4c, 0x75,			/* Airmont */
};

/*
 * Intel family-6 models whose 64-bit multiply (mulq) is slow and whose
 * 64-bit vector add is not: the in-order Atoms Bonnell and Saltwell
 * (llvm's model: a mulq holds the multiplier 12 cycles, a pmuludq, two
 * 32 x 32 -> 64 products, 2).  A Poly1305 block is nine mulq in
 * poly1305-x86_64.S and 12.5 pmuludq in radix 2^26, so there Adiantum's
 * one-go path runs poly1305-sse2-x86_64.S (every SIMD variant reads it,
 * adiantum_dispatch.h).  Silvermont's mulq is slow too, but its paddq
 * (above) makes the SSE2 form slower there than the scalar one.
 */
static const unsigned char ax86_slow_mul64_models[] = {
	0x1c, 0x26,			/* Bonnell: Diamondville, Lincroft */
	0x27, 0x35, 0x36,		/* Saltwell: Penwell, Cloverview, Cedarview */
};

/*
 * CPUs whose simple SIMD integer instructions take two cycles of latency
 * where a scalar add takes one: AMD family 0x1a (Zen 5).  Measured on an
 * EPYC of family 0x1a model 0x02 with chains of one instruction each:
 * paddd, pshufb, vpaddd, vpxor, vpslld, vprold, on xmm, ymm and zmm, all
 * 2 cycles.  A long chain of dependent steps is faster there in
 * general-purpose registers: the scalar HChaCha, and the ChaCha cores
 * running two batches at once (chacha_dispatch.h; the zmm core's pairs by
 * ax86_zmm_pairs_cpu()).
 */
#define AX86_SIMD_LATENCY2_AMD_FAMILY	0x1a	/* Zen 5 */

static inline bool ax86_simd_latency2_cpu(bool amd, unsigned int family)
{
	return amd && family == AX86_SIMD_LATENCY2_AMD_FAMILY;
}

/*
 * CPUs whose zmm variant hashes a short message with the AVX2 NH: Intel's.
 * On family 6 model 207 (make bench, both forms in one run, three runs) a
 * 512-byte message, whose stream runs on ymm there, took 4-13% less time
 * with the AVX2 NH than with the AVX-512 one (8-11% in most runs, either
 * way, with AES-NI or without); at 4 KiB the two were within 3%.  AMD
 * keeps the AVX-512 NH: Zen 5 runs 512-bit operations whole (its NH twice
 * as fast per byte), Zen 4 as two halves at the ymm rate.  The pieces of
 * up to AX86_NH_SHORT_YMM_BYTES: all of a message of 512 bytes or less
 * (adiantum_dispatch.h).
 */
#define AX86_NH_SHORT_YMM_BYTES	512

static inline bool ax86_short_nh_ymm_cpu(bool intel)
{
	return intel;
}

/* whether Intel family 6's @model is one of the @n of @models */
static inline bool ax86_intel_fam6_in(bool intel, unsigned int family,
				      unsigned int model,
				      const unsigned char *models,
				      unsigned int n)
{
	unsigned int i;

	if (!intel || family != 6)
		return false;
	for (i = 0; i < n; i++)
		if (model == models[i])
			return true;
	return false;
}

/*
 * AMD family 0x19 models of the Zen 4 core (0x10-0x1f, 0x60-0x7f,
 * 0xa0-0xaf), where the SSE2 Poly1305 beats the scalar one though mulq is
 * fast there: two blocks side by side in pmuludq keep more multiplies in
 * flight than one block's chain of mulq.  Family 25 model 17, make bench
 * with the switch off and on, 8 runs of each alternating (2026-12-03):
 * the median ratio to Linux of every whole-message row of every SIMD
 * variant, 512 bytes and 4 KiB, 1-2% higher with it.  Zen 3 (the same
 * family) and Zen 5 were not measured: they keep the scalar one.  The
 * zmm ChaCha core's pairs rule (below) names Zen 4 too.
 */
static inline bool ax86_zen4_cpu(bool amd, unsigned int family,
				 unsigned int model)
{
	return amd && family == 0x19 &&
	       ((model >= 0x10 && model <= 0x1f) ||
		(model >= 0x60 && model <= 0x7f) ||
		(model >= 0xa0 && model <= 0xaf));
}

/*
 * CPUs whose zmm ChaCha core runs two batches at once, one in registers
 * 0..15 and the other in 16..31 (chacha_dispatch.h): those of the SIMD
 * latency rule, and Zen 4.  On Zen 4 a simple SIMD step takes one cycle,
 * but it runs a zmm instruction as two halves and one batch's four chains
 * leave its pipes idle: family 25 model 17 (2026-12-03), a double round
 * 61 cycles per 1024-byte batch alone and 53 in pairs, where a loop of
 * its operations without the chains takes 55-56; whole 4 KiB messages
 * 4-6% faster, and still 2-3% while the host was busy.  Zen 4 keeps the
 * xmm and ymm cores unpaired: their pairs swap a batch through the
 * scratch area every half round, and though 3-4% faster on a quiet host,
 * they were 20% slower than the plain cores while it was busy (the plain
 * cores 14% slower than when quiet, Linux's 9%).
 */
static inline bool ax86_zmm_pairs_cpu(bool amd, unsigned int family,
				      unsigned int model)
{
	return ax86_simd_latency2_cpu(amd, family) ||
	       ax86_zen4_cpu(amd, family, model);
}

/* CPUs whose one-go Poly1305 runs in SSE2: Bonnell, Saltwell, Zen 4 */
static inline bool ax86_poly_sse2_cpu(bool intel, bool amd,
				      unsigned int family, unsigned int model)
{
	return ax86_intel_fam6_in(intel, family, model,
				  ax86_slow_mul64_models,
				  sizeof(ax86_slow_mul64_models)) ||
	       ax86_zen4_cpu(amd, family, model);
}

#endif /* AX86_CPU_QUIRKS_H */
