/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A known answer of our own for NHPoly1305, run by the nhpoly1305 module at
 * load for every variant it registers: from 7.0 the kernel has no
 * nhpoly1305 of its own and testmgr no longer tests the name, so nothing
 * else would stop a broken driver from winning it.  The digest was made by
 * the portable code, which the unit tests hold to the kernel's own vectors;
 * the unit tests also check this answer.  1500 bytes: a whole NH message,
 * a partial one and a partial unit, fed in two updates split mid-chunk.
 */
#ifndef AX86_NHPOLY1305_KAT_H
#define AX86_NHPOLY1305_KAT_H

#include "nhpoly1305.h"

#define AX86_NHP_KAT_LEN	1500
#define AX86_NHP_KAT_SPLIT	100

static const u8 ax86_nhp_kat_digest[AX86_NHPOLY1305_DIGEST_SIZE] = {
	0x8c, 0x95, 0xdb, 0xa4, 0x31, 0xab, 0xcb, 0xc5,
	0xe7, 0xaf, 0x69, 0x31, 0xe7, 0x23, 0x3b, 0xa1,
};

/* too big for a kernel stack: the caller allocates it */
struct ax86_nhp_kat_scratch {
	struct ax86_nhpoly1305_key key;
	struct ax86_nhpoly1305_state st;
	u8 raw[AX86_NHPOLY1305_KEY_SIZE];
	u8 msg[AX86_NHP_KAT_LEN];
};

/* true if @nh gives the known digest; needs the FPU if @nh does */
static __always_inline bool ax86_nhp_kat(struct ax86_nhp_kat_scratch *s,
					 ax86_nh_fn nh)
{
	u8 out[AX86_NHPOLY1305_DIGEST_SIZE];
	unsigned int i;

	for (i = 0; i < sizeof(s->raw); i++)
		s->raw[i] = (u8)(i * 29 + 7);
	for (i = 0; i < sizeof(s->msg); i++)
		s->msg[i] = (u8)(i * 13 + 1);
	if (ax86_nhpoly1305_setkey(&s->key, s->raw, sizeof(s->raw)))
		return false;
	ax86_nhpoly1305_init(&s->st);
	ax86_nhpoly1305_update(&s->st, &s->key, s->msg, AX86_NHP_KAT_SPLIT, nh);
	ax86_nhpoly1305_update(&s->st, &s->key, s->msg + AX86_NHP_KAT_SPLIT,
			       AX86_NHP_KAT_LEN - AX86_NHP_KAT_SPLIT, nh);
	ax86_nhpoly1305_final(&s->st, &s->key, out, nh);
	return !memcmp(out, ax86_nhp_kat_digest, sizeof(out));
}

#endif /* AX86_NHPOLY1305_KAT_H */
