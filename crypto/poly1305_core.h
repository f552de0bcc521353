/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 as NHPoly1305 uses it: a 16-byte r only (no s), blocks fed whole,
 * the result h mod 2^130 - 5 truncated to 128 bits.
 */
#ifndef AX86_POLY1305_CORE_H
#define AX86_POLY1305_CORE_H

#include "portable.h"

#define AX86_POLY1305_BLOCK_SIZE	16

struct ax86_poly1305_key {
	u64 r0, r1;
	u64 s1;		/* 5 * (r1 / 4): folds 2^128 * r1 back below 2^128 */
};

struct ax86_poly1305_state {
	u64 h0, h1, h2;	/* h = h0 + h1 * 2^64 + h2 * 2^128, partly reduced */
};

void ax86_poly1305_setkey(struct ax86_poly1305_key *key, const u8 raw[16]);

static inline void ax86_poly1305_init(struct ax86_poly1305_state *st)
{
	st->h0 = 0;
	st->h1 = 0;
	st->h2 = 0;
}

/* Absorb @nblocks 16-byte blocks, each with 2^128 added when @hibit is 1. */
void ax86_poly1305_blocks(struct ax86_poly1305_state *st,
			  const struct ax86_poly1305_key *key,
			  const u8 *src, unsigned int nblocks, u32 hibit);

/* h mod 2^130 - 5, low 128 bits, little endian. */
void ax86_poly1305_emit(const struct ax86_poly1305_state *st, u8 out[16]);

#endif /* AX86_POLY1305_CORE_H */
