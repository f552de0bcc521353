/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The NHPoly1305 state machine of Adiantum: NH over each 1024-byte chunk of
 * the message (the last chunk zero-padded to a whole 16-byte unit), each
 * 32-byte NH hash absorbed by Poly1305.  Digests equal those of the kernel's
 * nhpoly1305-generic for every input and every split into updates.
 *
 * The update and final functions are always inlined with the NH function as
 * a compile-time constant, so each SIMD variant gets a direct call to its
 * own NH routine and no indirect call sits on the hot path.
 */
#ifndef AX86_NHPOLY1305_H
#define AX86_NHPOLY1305_H

#include "nh_generic.h"
#include "poly1305_core.h"

#define AX86_NHPOLY1305_KEY_SIZE \
	(AX86_POLY1305_BLOCK_SIZE + AX86_NH_KEY_WORDS * 4)	/* 1088 */
#define AX86_NHPOLY1305_DIGEST_SIZE	16

struct ax86_nhpoly1305_key {
	struct ax86_poly1305_key poly;
	u32 nh[AX86_NH_KEY_WORDS];	/* in our NH key order */
};

struct ax86_nhpoly1305_state {
	struct ax86_poly1305_state poly;
	u8 buffer[AX86_NH_UNIT];	/* a partial message unit */
	unsigned int buflen;
	u8 nh_hash[AX86_NH_HASH_BYTES];	/* sums of the unfinished chunk */
	unsigned int nh_remaining;	/* bytes left in that chunk, 0: none */
};

typedef void (*ax86_nh_fn)(const u32 *key, const u8 *msg, unsigned int len,
			   u8 hash[AX86_NH_HASH_BYTES]);

/* 0, or -EINVAL unless @keylen is exactly 1088 */
int ax86_nhpoly1305_setkey(struct ax86_nhpoly1305_key *key,
			   const u8 *raw, unsigned int keylen);

static inline void ax86_nhpoly1305_init(struct ax86_nhpoly1305_state *st)
{
	ax86_poly1305_init(&st->poly);
	st->buflen = 0;
	st->nh_remaining = 0;
}

static __always_inline void
ax86_nhpoly1305_flush_nh(struct ax86_nhpoly1305_state *st,
			 const struct ax86_nhpoly1305_key *key)
{
	ax86_poly1305_blocks(&st->poly, &key->poly, st->nh_hash,
			     AX86_NH_HASH_BYTES / AX86_POLY1305_BLOCK_SIZE);
}

/* whole NH messages per Poly1305 call: their 8 blocks absorb together */
#define AX86_NHP_BATCH	(AX86_POLY1305_POWERS * AX86_POLY1305_BLOCK_SIZE / \
			 AX86_NH_HASH_BYTES)

/*
 * NHPoly1305 of a whole message without the state, when @len is a
 * multiple of 16 of at most AX86_NHP_WHOLE_MAX bytes: the sums of every NH
 * message (ax86_nhpoly1305_whole_nh(), which returns how many) go to one
 * Poly1305 call that absorbs them all and emits
 * (ax86_nhpoly1305_whole_poly(), which wipes the sums).  The state's path
 * absorbs all but the last NH message first, carries, stores h and loads
 * it back for the last two blocks and the emit; here only the last NH's
 * two blocks wait, and nothing is buffered.  The state's path takes its
 * batches of whole NH messages from ax86_nhpoly1305_whole_nh() too.
 */
#define AX86_NHP_WHOLE_MAX	(AX86_NHP_BATCH * AX86_NH_MESSAGE_BYTES)

static __always_inline bool ax86_nhpoly1305_whole_ok(unsigned int len)
{
	return len % AX86_NH_UNIT == 0 && len <= AX86_NHP_WHOLE_MAX;
}

static __always_inline unsigned int
ax86_nhpoly1305_whole_nh(const struct ax86_nhpoly1305_key *key,
			 const u8 *src, unsigned int len,
			 u8 sums[AX86_NHP_BATCH][AX86_NH_HASH_BYTES],
			 ax86_nh_fn nh)
{
	unsigned int n, i;

	for (i = 0; len; i++) {
		n = min_t(unsigned int, len, AX86_NH_MESSAGE_BYTES);
		nh(key->nh, src, n, sums[i]);
		src += n;
		len -= n;
	}
	return i;
}

/* @len: a nonzero multiple of 16 */
static __always_inline void
ax86_nhpoly1305_units(struct ax86_nhpoly1305_state *st,
		      const struct ax86_nhpoly1305_key *key,
		      const u8 *src, unsigned int len, ax86_nh_fn nh)
{
	u8 hashes[AX86_NHP_BATCH][AX86_NH_HASH_BYTES] ax86_written_first;
	u8 part[AX86_NH_HASH_BYTES];
	unsigned int n, pos, used = 0;
	int i;

	do {
		if (st->nh_remaining == 0 && len >= AX86_NH_MESSAGE_BYTES) {
			n = min_t(unsigned int, AX86_NHP_WHOLE_MAX,
				  round_down(len, AX86_NH_MESSAGE_BYTES));
			n = ax86_nhpoly1305_whole_nh(key, src, n, hashes, nh);
			src += n * AX86_NH_MESSAGE_BYTES;
			len -= n * AX86_NH_MESSAGE_BYTES;
			ax86_poly1305_blocks(&st->poly, &key->poly, hashes[0],
					     n * AX86_NH_HASH_BYTES /
					     AX86_POLY1305_BLOCK_SIZE);
			if (n > used)
				used = n;
			continue;
		}
		if (st->nh_remaining == 0) {
			n = min_t(unsigned int, len, AX86_NH_MESSAGE_BYTES);
			nh(key->nh, src, n, st->nh_hash);
			st->nh_remaining = AX86_NH_MESSAGE_BYTES - n;
		} else {
			/* NH is a sum over units: continue where we stopped */
			pos = AX86_NH_MESSAGE_BYTES - st->nh_remaining;
			n = min_t(unsigned int, len, st->nh_remaining);
			nh(&key->nh[pos / 4], src, n, part);
			for (i = 0; i < AX86_NH_HASH_BYTES; i += 8)
				put_unaligned_le64(get_unaligned_le64(&st->nh_hash[i]) +
						   get_unaligned_le64(&part[i]),
						   &st->nh_hash[i]);
			st->nh_remaining -= n;
			memzero_explicit(part, sizeof(part));
		}
		if (st->nh_remaining == 0)
			ax86_nhpoly1305_flush_nh(st, key);
		src += n;
		len -= n;
	} while (len);
	/* NH outputs are functions of the key: do not leave them behind */
	memzero_explicit(hashes, used * AX86_NH_HASH_BYTES);
}

static __always_inline void
ax86_nhpoly1305_update(struct ax86_nhpoly1305_state *st,
		       const struct ax86_nhpoly1305_key *key,
		       const u8 *src, unsigned int len, ax86_nh_fn nh)
{
	unsigned int n;

	if (st->buflen) {
		n = min_t(unsigned int, len, AX86_NH_UNIT - st->buflen);
		memcpy(&st->buffer[st->buflen], src, n);
		st->buflen += n;
		src += n;
		len -= n;
		if (st->buflen < AX86_NH_UNIT)
			return;
		ax86_nhpoly1305_units(st, key, st->buffer, AX86_NH_UNIT, nh);
		st->buflen = 0;
	}
	if (len >= AX86_NH_UNIT) {
		n = round_down(len, AX86_NH_UNIT);
		ax86_nhpoly1305_units(st, key, src, n, nh);
		src += n;
		len -= n;
	}
	if (len) {
		memcpy(st->buffer, src, len);
		st->buflen = len;
	}
}

static __always_inline void
ax86_nhpoly1305_final(struct ax86_nhpoly1305_state *st,
		      const struct ax86_nhpoly1305_key *key,
		      u8 out[AX86_NHPOLY1305_DIGEST_SIZE], ax86_nh_fn nh)
{
	if (st->buflen) {
		memset(&st->buffer[st->buflen], 0, AX86_NH_UNIT - st->buflen);
		ax86_nhpoly1305_units(st, key, st->buffer, AX86_NH_UNIT, nh);
	}
	/* the unfinished chunk's sums are the last blocks: emitted with them */
	ax86_poly1305_blocks_emit(&st->poly, &key->poly, st->nh_hash,
				  st->nh_remaining ? AX86_NH_HASH_BYTES /
				  AX86_POLY1305_BLOCK_SIZE : 0, out);
	memzero_explicit(st, sizeof(*st));
}

static __always_inline void
ax86_nhpoly1305_whole_poly(const struct ax86_nhpoly1305_key *key,
			   u8 sums[AX86_NHP_BATCH][AX86_NH_HASH_BYTES],
			   unsigned int n, u8 out[AX86_NHPOLY1305_DIGEST_SIZE],
			   ax86_poly1305_emit_fn poly)
{
	poly(&key->poly, sums[0], n * AX86_NH_HASH_BYTES /
	     AX86_POLY1305_BLOCK_SIZE, out);
	memzero_explicit(sums, n * AX86_NH_HASH_BYTES);
}

#endif /* AX86_NHPOLY1305_H */
