/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 as NHPoly1305 uses it: a 16-byte r only (no s), blocks fed whole,
 * the result h mod 2^130 - 5 truncated to 128 bits.
 *
 * Numbers mod 2^130 - 5 are three limbs of 44, 44 and 42 bits in u64s.
 * Blocks are cheapest in groups of eight (see struct ax86_poly1305_key).
 */
#ifndef AX86_POLY1305_CORE_H
#define AX86_POLY1305_CORE_H

#include "portable.h"

#define AX86_POLY1305_BLOCK_SIZE	16

/* a multiplier, with its top limbs already times 20 (see poly1305_core.c) */
struct ax86_poly1305_mult {
	u64 v[3];
	u64 s1, s2;
};

/*
 * Eight blocks are absorbed as h = (h + m1) r^8 + m2 r^7 + ... + m8 r:
 * eight products side by side and one carry chain, where one block at a
 * time would chain eight multiplies and carries.
 */
#define AX86_POLY1305_POWERS	8

/*
 * The powers again for the SSE2 core (arch/x86/crypto/poly1305-sse2-x86_64.S),
 * which multiplies two blocks at once in radix 2^26: entry k - 1 holds r^k
 * and r^(k-1) (r^0 as 0) in the two 64-bit lanes of each limb, five limbs
 * and 5 times limbs 1..4.  16-byte aligned: the core multiplies by them
 * in memory, which SSE allows only aligned (an unaligned load costs the
 * Atoms it is for three times an aligned one).
 */
struct ax86_poly1305_lanes {
	u64 r[5][2];
	u64 s[4][2];
};

struct ax86_poly1305_key {
	struct ax86_poly1305_mult pow[AX86_POLY1305_POWERS];	/* r^(i+1) */
	struct ax86_poly1305_lanes lanes[AX86_POLY1305_POWERS] __aligned(16);
};

struct ax86_poly1305_state {
	u64 h[3];	/* partly reduced: limbs may exceed their width a bit */
};

void ax86_poly1305_setkey(struct ax86_poly1305_key *key, const u8 raw[16]);

static inline void ax86_poly1305_init(struct ax86_poly1305_state *st)
{
	st->h[0] = 0;
	st->h[1] = 0;
	st->h[2] = 0;
}

/* Absorb @nblocks 16-byte blocks, each with 2^128 added when @hibit is 1. */
void ax86_poly1305_blocks_generic(struct ax86_poly1305_state *st,
				  const struct ax86_poly1305_key *key,
				  const u8 *src, unsigned int nblocks,
				  u32 hibit);

/* h mod 2^130 - 5, low 128 bits, little endian. */
void ax86_poly1305_emit(const struct ax86_poly1305_state *st, u8 out[16]);

/*
 * The last @nblocks blocks of a message (0 too) and the emit after them,
 * in one: @st is not written.  What it saves is latency (see
 * arch/x86/crypto/poly1305-x86_64.S); the C does the two steps.
 */
void ax86_poly1305_blocks_emit_generic(const struct ax86_poly1305_state *st,
				       const struct ax86_poly1305_key *key,
				       const u8 *src, unsigned int nblocks,
				       u32 hibit, u8 out[16]);

/*
 * What NHPoly1305 calls: whole blocks only, each with 2^128 added (hibit
 * 1).  On x86_64 the blocks run arch/x86/crypto/poly1305-x86_64.S: the
 * same arithmetic, limb for limb, with the six accumulator words in
 * registers where the compiler spills them, on the serial path of every
 * Adiantum message.  It is scalar, so the FPU-less fallback runs it too; the C
 * above is its reference in the tests, and of the blocks+emit the C's two
 * steps.  It has no hibit argument: every caller passes 1, and the
 * register it took is what let the assembly leave %rbp alone.
 * AX86_PORTABLE_ONLY keeps the C: the AF_ALG tool's reference must not
 * share code with the drivers it checks.
 */
#if defined(__x86_64__) && !defined(AX86_PORTABLE_ONLY)
void ax86_poly1305_blocks_x86_64(struct ax86_poly1305_state *st,
				 const struct ax86_poly1305_key *key,
				 const u8 *src, unsigned int nblocks);
void ax86_poly1305_blocks_emit_x86_64(const struct ax86_poly1305_state *st,
				      const struct ax86_poly1305_key *key,
				      const u8 *src, unsigned int nblocks,
				      u8 out[16]);
#define ax86_poly1305_blocks		ax86_poly1305_blocks_x86_64
#define ax86_poly1305_blocks_emit	ax86_poly1305_blocks_emit_x86_64
/*
 * see struct ax86_poly1305_lanes; in an FPU section, @nblocks <= 8, @key
 * 16-byte aligned
 */
void ax86_poly1305_emit_sse2(const struct ax86_poly1305_key *key,
			     const u8 *src, unsigned int nblocks, u8 out[16]);
#else
#define ax86_poly1305_blocks(st, key, src, nblocks)			\
	ax86_poly1305_blocks_generic(st, key, src, nblocks, 1)
#define ax86_poly1305_blocks_emit(st, key, src, nblocks, out)		\
	ax86_poly1305_blocks_emit_generic(st, key, src, nblocks, 1, out)
#endif

/*
 * Poly1305 of @nblocks (at most AX86_POLY1305_POWERS) whole blocks from a
 * zero state, emitted: what Adiantum's whole-message path asks, H_T and
 * each NHPoly1305 of L.  A variant passes the form its CPU runs fastest
 * (adiantum_dispatch.h).
 */
typedef void (*ax86_poly1305_emit_fn)(const struct ax86_poly1305_key *key,
				      const u8 *src, unsigned int nblocks,
				      u8 out[16]);

static __always_inline void
ax86_poly1305_emit_scalar(const struct ax86_poly1305_key *key,
			  const u8 *src, unsigned int nblocks, u8 out[16])
{
	static const struct ax86_poly1305_state zero;

	ax86_poly1305_blocks_emit(&zero, key, src, nblocks, out);
}

#endif /* AX86_POLY1305_CORE_H */
