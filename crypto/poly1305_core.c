// SPDX-License-Identifier: GPL-2.0
/*
 * Poly1305 with two 64-bit limbs and a small third one, using 64x64->128
 * multiplies: on x86_64 this needs four mulq per block, the fewest of the
 * portable forms (__uint128_t: x86_64 gcc and clang have it).
 */
#include "poly1305_core.h"

void ax86_poly1305_setkey(struct ax86_poly1305_key *key, const u8 raw[16])
{
	/* The clamp clears the low two bits of r1, so r1 / 4 is exact. */
	key->r0 = get_unaligned_le64(raw) & 0x0ffffffc0fffffffULL;
	key->r1 = get_unaligned_le64(raw + 8) & 0x0ffffffc0ffffffcULL;
	key->s1 = key->r1 + (key->r1 >> 2);
}

void ax86_poly1305_blocks(struct ax86_poly1305_state *st,
			  const struct ax86_poly1305_key *key,
			  const u8 *src, unsigned int nblocks, u32 hibit)
{
	const u64 r0 = key->r0, r1 = key->r1, s1 = key->s1;
	u64 h0 = st->h0, h1 = st->h1, h2 = st->h2;
	__uint128_t d0, d1, t;
	u64 c;

	while (nblocks--) {
		/* h += m + hibit * 2^128 */
		t = (__uint128_t)h0 + get_unaligned_le64(src);
		h0 = (u64)t;
		t = (__uint128_t)h1 + get_unaligned_le64(src + 8) + (u64)(t >> 64);
		h1 = (u64)t;
		h2 += (u64)(t >> 64) + hibit;

		/*
		 * h *= r, using 2^130 = 5 (mod p): the h1*r1 * 2^128 and
		 * h2*r1 * 2^192 terms come down as h1*s1 and h2*s1 * 2^64.
		 * h2 stays below 8, so no sum below can overflow 128 bits.
		 */
		d0 = (__uint128_t)h0 * r0 + (__uint128_t)h1 * s1;
		d1 = (__uint128_t)h0 * r1 + (__uint128_t)h1 * r0 +
		     (__uint128_t)h2 * s1;
		h2 *= r0;	/* the 2^128 term */

		h0 = (u64)d0;
		d1 += (u64)(d0 >> 64);
		h1 = (u64)d1;
		h2 += (u64)(d1 >> 64);

		/* Fold everything at or above 2^130 back in, times 5. */
		c = (h2 >> 2) + (h2 & ~3ULL);
		h2 &= 3;
		t = (__uint128_t)h0 + c;
		h0 = (u64)t;
		t = (__uint128_t)h1 + (u64)(t >> 64);
		h1 = (u64)t;
		h2 += (u64)(t >> 64);

		src += AX86_POLY1305_BLOCK_SIZE;
	}
	st->h0 = h0;
	st->h1 = h1;
	st->h2 = h2;
}

void ax86_poly1305_emit(const struct ax86_poly1305_state *st, u8 out[16])
{
	u64 h0 = st->h0, h1 = st->h1, h2 = st->h2;
	u64 g0, g1, g2, mask;
	__uint128_t t;

	/* g = h + 5; if g reaches 2^130, h was >= p and h - p = g - 2^130. */
	t = (__uint128_t)h0 + 5;
	g0 = (u64)t;
	t = (__uint128_t)h1 + (u64)(t >> 64);
	g1 = (u64)t;
	g2 = h2 + (u64)(t >> 64);

	mask = 0 - (g2 >> 2);	/* all ones when g >= 2^130 */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);

	put_unaligned_le64(h0, out);
	put_unaligned_le64(h1, out + 8);
}
