// SPDX-License-Identifier: GPL-2.0
/*
 * make bench: NHPoly1305 as Linux 6.1 computes it, with its own Poly1305
 * core (lib/crypto/poly1305-donna64.c, compiled from linux-source-6.1 with
 * tools/corebench/bench-shim) inside the same state machine as ours, which
 * follows crypto/nhpoly1305.c step for step.  The Poly1305 names of
 * crypto/nhpoly1305.h are pointed at the kernel's before it is included.
 */
#include <crypto/internal/poly1305.h>

#define AX86_POLY1305_CORE_H		/* use the kernel's instead */
#define AX86_POLY1305_BLOCK_SIZE	POLY1305_BLOCK_SIZE
#define AX86_POLY1305_POWERS		8	/* batch size only */
#define ax86_poly1305_key		poly1305_core_key
#define ax86_poly1305_state		poly1305_state
#define ax86_poly1305_init		poly1305_core_init
#define ax86_poly1305_blocks(st, key, src, nblocks)			\
	poly1305_core_blocks(st, key, src, nblocks, 1)
#define ax86_poly1305_emit(st, out)	poly1305_core_emit(st, NULL, out)
#define ax86_poly1305_blocks_emit	linux_poly1305_blocks_emit
#define ax86_nhpoly1305_key		linux_nhpoly1305_key
#define ax86_nhpoly1305_state		linux_nhpoly1305_state

/*
 * Linux's final: the last blocks, then the emit, on the state itself, as
 * crypto/nhpoly1305.c does (a copy would put a store and a load on its
 * serial path).  ax86_nhpoly1305_final() passes its state as const and
 * wipes it right after; the stateless ax86_nhpoly1305_whole_*() would pass
 * a const zero state and must not be used on this path.
 */
static inline void linux_poly1305_blocks_emit(const struct poly1305_state *st,
					      const struct poly1305_core_key *key,
					      const u8 *src, unsigned int nblocks,
					      u8 *out)
{
	struct poly1305_state *h = (struct poly1305_state *)st;

	poly1305_core_blocks(h, key, src, nblocks, 1);
	poly1305_core_emit(h, NULL, out);
}

/* The one-go hash's Poly1305 form (unused here, named by the header) */
typedef void (*ax86_poly1305_emit_fn)(const struct poly1305_core_key *key,
				      const u8 *src, unsigned int nblocks,
				      u8 out[16]);

#include "../../crypto/nhpoly1305.h"
#include "corebench.h"

static struct linux_nhpoly1305_key key;

void linux_nhp_setkey(const u8 raw[AX86_NHPOLY1305_KEY_SIZE])
{
	int i;

	poly1305_core_setkey(&key.poly, raw);
	for (i = 0; i < AX86_NH_KEY_WORDS; i++)	/* the in-tree NH key order */
		key.nh[i] = get_unaligned_le32(raw + 16 + 4 * i);
}

const u32 *linux_nh_key(void)
{
	return key.nh;
}

void linux_nhpoly1305(ax86_nh_fn nh, const u8 *src, unsigned int len,
		      u8 out[16])
{
	struct linux_nhpoly1305_state st;

	ax86_nhpoly1305_init(&st);
	ax86_nhpoly1305_update(&st, &key, src, len, nh);
	ax86_nhpoly1305_final(&st, &key, out, nh);
}

/* Adiantum's tweak hash (H_T) on the in-tree Poly1305, as 6.1 does it */
static struct poly1305_core_key tweak_key;

void linux_tweak_setkey(const u8 raw[16])
{
	poly1305_core_setkey(&tweak_key, raw);
}

void linux_hash_tweak(unsigned int bulk, const u8 tweak[32], u8 out[16])
{
	struct poly1305_state st;
	u8 header[16] = { 0 };

	put_unaligned_le64((u64)bulk * 8, header);
	poly1305_core_init(&st);
	poly1305_core_blocks(&st, &tweak_key, header, 1, 1);
	poly1305_core_blocks(&st, &tweak_key, tweak, 2, 1);
	poly1305_core_emit(&st, NULL, out);
}
