/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Adiantum (XChaCha12 or XChaCha20, AES-256, NHPoly1305) as the kernel's
 * adiantum template computes it, for the whole-construction driver, its
 * fallback and the tests.  A message is L (all but the last 16 bytes) and
 * R (the last 16); T is the 32-byte tweak (the IV).  Both directions are
 * the same four steps:
 *
 *	M1 = R_in + H_T + H_L(L_in)	(little-endian 128-bit sums)
 *	encrypt: M2 = AES(M1), C_M = M2;  decrypt: C_M = M1, M2 = AES^-1(M1)
 *	L_out = L_in ^ XChaCha(key, nonce C_M || le32 1 || 0, counter 0)
 *	R_out = M2 - H_T - H_L(L_out)
 *
 * These are the encryption and decryption procedures of section 6.4 of
 * the Adiantum paper (Crowley and Biggers, "Adiantum: length-preserving
 * encryption for entry-level processors", IACR ToSC 2018(4)), with
 * H_T + H_L its hash of (T, L).  H_T is Poly1305 (no s) of (le64 bit
 * length of L, 0) and T; H_L is NHPoly1305 of L.  The AES block is the caller's, so that the kernel can
 * use AES-NI inside its FPU section or its AES library, and the tests
 * OpenSSL.  The steps below are always inlined with the cores as
 * compile-time constants: each SIMD variant calls its own code directly.
 */
#ifndef AX86_ADIANTUM_H
#define AX86_ADIANTUM_H

#include "chacha_generic.h"
#include "nhpoly1305.h"

/* ax86_adiantum_middle() writes C_M's bytes over ChaCha state words */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "Adiantum's state handling assumes a little-endian CPU"
#endif

#define AX86_ADIANTUM_KEY_SIZE		32
#define AX86_ADIANTUM_IV_SIZE		32
#define AX86_ADIANTUM_BLOCK_SIZE	16	/* R, and the shortest message */
#define AX86_ADIANTUM_AES_KEY_SIZE	32
/* the XChaCha keystream setkey splits into the AES and hash keys */
#define AX86_ADIANTUM_DERIVED_BYTES	(AX86_ADIANTUM_AES_KEY_SIZE + \
					 AX86_POLY1305_BLOCK_SIZE + \
					 AX86_NHPOLY1305_KEY_SIZE)	/* 1136 */

struct ax86_adiantum_key {
	u32 stream[8];			/* the user's key, as ChaCha words */
	unsigned int nrounds;		/* 12 or 20 */
	struct ax86_poly1305_key tweak;	/* for H_T */
	struct ax86_nhpoly1305_key msg;	/* for H_L */
};

/*
 * Everything one message carries from one step to the next; wiped by
 * ax86_adiantum_end().
 */
struct ax86_adiantum_req {
	struct ax86_nhpoly1305_state hash;
	u32 state[16];			/* the XChaCha state for L */
	u8 ht[16];			/* H_T */
	u8 m[16];			/* M1, then M2 */
};
/* ax86_adiantum_finish() wipes the members one by one: no byte between */
static_assert(sizeof(struct ax86_adiantum_req) ==
	      sizeof(struct ax86_nhpoly1305_state) + 64 + 16 + 16,
	      "ax86_adiantum_req has padding or a member finish misses");

/* one AES-256 block, @enc true to encrypt, with the caller's key @aes */
typedef void (*ax86_aes_fn)(const void *aes, u8 out[16], const u8 in[16],
			    bool enc);

/*
 * Decryption's M = AES^-1(C_M), C_M in words 12..15 of the XChaCha
 * @state, and the subkey HChaCha derives from that same @state are two
 * serial chains that do not wait for each other.  A form of AES that can
 * run both side by side does so and returns true: @m holds M, @state's
 * words 4..11 the subkey.  False (or no function: NULL) leaves both to
 * the caller's AES and HChaCha.
 */
typedef bool (*ax86_aes_dec_hchacha_fn)(const void *aes, u8 m[16],
					u32 state[16], unsigned int nrounds);

/*
 * Derive the keys from the user's 32-byte key: @derived (1136 bytes of
 * scratch, wiped afterwards) gets the keystream, @aes_key the AES-256 key
 * for the caller to expand.  -EINVAL unless @keylen is 32.
 */
int ax86_adiantum_setkey(struct ax86_adiantum_key *key, const u8 *raw,
			 unsigned int keylen, unsigned int nrounds,
			 u8 *derived, u8 aes_key[AX86_ADIANTUM_AES_KEY_SIZE]);

/*
 * H_T for a message whose L is @bulk bytes: one block of header, then the
 * tweak, three blocks of one Poly1305 by @poly; ax86_adiantum_hash_tweak()
 * with the scalar form
 */
static __always_inline void
ax86_adiantum_tweak_hash(const struct ax86_adiantum_key *key,
			 unsigned int bulk, const u8 tweak[32], u8 out[16],
			 ax86_poly1305_emit_fn poly)
{
	u8 msg[AX86_POLY1305_BLOCK_SIZE + AX86_ADIANTUM_IV_SIZE] = { 0 };

	put_unaligned_le64((u64)bulk * 8, msg);
	memcpy(msg + AX86_POLY1305_BLOCK_SIZE, tweak, AX86_ADIANTUM_IV_SIZE);
	poly(&key->tweak, msg, sizeof(msg) / AX86_POLY1305_BLOCK_SIZE, out);
}

void ax86_adiantum_hash_tweak(const struct ax86_adiantum_key *key,
			      unsigned int bulk, const u8 tweak[32],
			      u8 out[16]);

/*
 * r = a + b + c and r = a - b - c in one pass each: on the serial path of
 * a message, a sum stored and loaded again between two steps costs a
 * store-to-load round trip.
 */
static inline void ax86_le128_add3(u8 r[16], const u8 a[16], const u8 b[16],
				   const u8 c[16])
{
	u64 lo = get_unaligned_le64(a), hi = get_unaligned_le64(a + 8);
	u64 x = get_unaligned_le64(b);

	lo += x;
	hi += get_unaligned_le64(b + 8) + (lo < x);
	x = get_unaligned_le64(c);
	lo += x;
	hi += get_unaligned_le64(c + 8) + (lo < x);
	put_unaligned_le64(lo, r);
	put_unaligned_le64(hi, r + 8);
}

static inline void ax86_le128_sub2(u8 r[16], const u8 a[16], const u8 b[16],
				   const u8 c[16])
{
	u64 lo = get_unaligned_le64(a), hi = get_unaligned_le64(a + 8);
	u64 x = get_unaligned_le64(b);

	hi -= get_unaligned_le64(b + 8) + (lo < x);
	lo -= x;
	x = get_unaligned_le64(c);
	hi -= get_unaligned_le64(c + 8) + (lo < x);
	lo -= x;
	put_unaligned_le64(lo, r);
	put_unaligned_le64(hi, r + 8);
}

/* Step 1: H_T, and the hash of L_in begins (fed by ax86_adiantum_hash()) */
static inline void ax86_adiantum_begin(struct ax86_adiantum_req *rq,
				       const struct ax86_adiantum_key *key,
				       unsigned int bulk, const u8 tweak[32])
{
	ax86_adiantum_hash_tweak(key, bulk, tweak, rq->ht);
	ax86_nhpoly1305_init(&rq->hash);
}

/* @len bytes of L, in order; any split */
static __always_inline void ax86_adiantum_hash(struct ax86_adiantum_req *rq,
					       const struct ax86_adiantum_key *key,
					       const u8 *src, unsigned int len,
					       ax86_nh_fn nh)
{
	ax86_nhpoly1305_update(&rq->hash, &key->msg, src, len, nh);
}

/*
 * Step 2, after all of L_in was hashed: M1, the AES block, the XChaCha
 * state for L (ax86_adiantum_setup(), given H_L); the hash of L_out
 * begins.
 *
 * Everything here is one serial chain, and each value stored and loaded
 * again costs a store-to-load trip: so C_M goes straight into the state's
 * words 12..15 (HChaCha's nonce words; the bytes of a little-endian word
 * are in memory order on x86), and HChaCha writes the subkey over the key
 * words it read.  Adiantum's XChaCha nonce bytes 16..23 are le32 1 and 0,
 * its counter 0: words 12..15 are then 0, 0, 1, 0.
 */
static __always_inline void
ax86_adiantum_setup(struct ax86_adiantum_req *rq,
		    const struct ax86_adiantum_key *key, const u8 r_in[16],
		    const u8 hl[16], bool enc, const void *aes,
		    ax86_aes_fn aes_fn, ax86_aes_dec_hchacha_fn dec_hchacha,
		    ax86_hchacha_fn hchacha)
{
	u8 *c_m = (u8 *)&rq->state[12];

	ax86_chacha_init_key(rq->state, key->stream);
	if (enc) {
		ax86_le128_add3(rq->m, r_in, rq->ht, hl);
		aes_fn(aes, c_m, rq->m, true);		/* C_M = M2 */
		memcpy(rq->m, c_m, 16);
		hchacha(rq->state, &rq->state[4], key->nrounds);
	} else {
		ax86_le128_add3(c_m, r_in, rq->ht, hl);	/* C_M = M1 */
		if (!dec_hchacha ||
		    !dec_hchacha(aes, rq->m, rq->state, key->nrounds)) {
			aes_fn(aes, rq->m, c_m, false);
			hchacha(rq->state, &rq->state[4], key->nrounds);
		}
	}
	rq->state[12] = 0;
	rq->state[13] = 0;
	rq->state[14] = 1;
	rq->state[15] = 0;
}

static __always_inline void
ax86_adiantum_middle(struct ax86_adiantum_req *rq,
		     const struct ax86_adiantum_key *key, const u8 r_in[16],
		     bool enc, const void *aes, ax86_aes_fn aes_fn,
		     ax86_aes_dec_hchacha_fn dec_hchacha,
		     ax86_hchacha_fn hchacha, ax86_nh_fn nh)
{
	u8 hl[16];

	ax86_nhpoly1305_final(&rq->hash, &key->msg, hl, nh);
	ax86_adiantum_setup(rq, key, r_in, hl, enc, aes, aes_fn, dec_hchacha,
			    hchacha);
	memzero_explicit(hl, sizeof(hl));
	ax86_nhpoly1305_init(&rq->hash);
}

/*
 * L_out = L_in ^ keystream for @len bytes (a multiple of 64 but at the
 * end of L), hashed for step 3 while it is still in the cache.  In place
 * is allowed.
 */
static __always_inline void ax86_adiantum_xor(struct ax86_adiantum_req *rq,
					      const struct ax86_adiantum_key *key,
					      u8 *dst, const u8 *src,
					      unsigned int len,
					      ax86_stream_fn stream,
					      ax86_nh_fn nh)
{
	stream(rq->state, dst, src, len, key->nrounds);
	ax86_nhpoly1305_update(&rq->hash, &key->msg, dst, len, nh);
}

/*
 * R_out from H_L; @rq's state, H_T and M are wiped.  One wipe of all of
 * @rq would repeat the hash's own (ax86_nhpoly1305_final() wipes it) and
 * become a rep stos, whose start-up a short message feels.
 */
static __always_inline void ax86_adiantum_finish(struct ax86_adiantum_req *rq,
						 u8 r_out[16],
						 const u8 hl[16])
{
	ax86_le128_sub2(r_out, rq->m, rq->ht, hl);
	memzero_explicit(rq->state, sizeof(rq->state));
	memzero_explicit(rq->ht, sizeof(rq->ht));
	memzero_explicit(rq->m, sizeof(rq->m));
}

/* Step 3: R_out; everything in @rq is wiped */
static __always_inline void ax86_adiantum_end(struct ax86_adiantum_req *rq,
					      const struct ax86_adiantum_key *key,
					      u8 r_out[16], ax86_nh_fn nh)
{
	u8 hl[16];

	ax86_nhpoly1305_final(&rq->hash, &key->msg, hl, nh);
	ax86_adiantum_finish(rq, r_out, hl);
	memzero_explicit(hl, sizeof(hl));
}

/*
 * The hash of L in the one-go path, NH then Poly1305, so that H_T can go
 * in between: L in whole units up to 4 KiB (disk sectors) without the
 * NHPoly1305 state (@sums, @n), the rest through it (@rq->hash).
 */
static __always_inline unsigned int
ax86_adiantum_nh_all(struct ax86_adiantum_req *rq,
		     const struct ax86_adiantum_key *key, const u8 *src,
		     unsigned int bulk,
		     u8 sums[AX86_NHP_BATCH][AX86_NH_HASH_BYTES], ax86_nh_fn nh,
		     bool whole)
{
	if (whole || ax86_nhpoly1305_whole_ok(bulk))
		return ax86_nhpoly1305_whole_nh(&key->msg, src, bulk, sums,
						nh);
	ax86_nhpoly1305_init(&rq->hash);
	ax86_adiantum_hash(rq, key, src, bulk, nh);
	return 0;
}

static __always_inline void
ax86_adiantum_poly_all(struct ax86_adiantum_req *rq,
		       const struct ax86_adiantum_key *key, unsigned int bulk,
		       u8 sums[AX86_NHP_BATCH][AX86_NH_HASH_BYTES],
		       unsigned int n, u8 hl[16], ax86_nh_fn nh,
		       ax86_poly1305_emit_fn poly, bool whole)
{
	if (whole || ax86_nhpoly1305_whole_ok(bulk))
		ax86_nhpoly1305_whole_poly(&key->msg, sums, n, hl, poly);
	else
		ax86_nhpoly1305_final(&rq->hash, &key->msg, hl, nh);
}

/*
 * Whether a message of @len >= 16 bytes is hashed without the NHPoly1305
 * state in the one-go path: L a multiple of 16 of at most 4 KiB, as every
 * disk sector and fscrypt data unit is
 */
static __always_inline bool ax86_adiantum_whole_ok(unsigned int len)
{
	return ax86_nhpoly1305_whole_ok(len - AX86_ADIANTUM_BLOCK_SIZE);
}

/*
 * What the one-go path keeps in memory between its steps: the kernel
 * driver's request context (off the stack), else the caller's frame.
 * Wiped by the path (ax86_adiantum_finish(), the hash's own wipes).
 */
struct ax86_adiantum_work {
	struct ax86_adiantum_req rq;
	union {
		u8 sums[AX86_NHP_BATCH][AX86_NH_HASH_BYTES];
		u8 bounce[AX86_CHACHA_BLOCK_SIZE];	/* the glue's */
	};
	u8 r[16];
	u8 hl[16];
};

/*
 * A whole message in one buffer each way (@dst == @src allowed), @len >=
 * 16: the steps above back to back, in @w.  The stream runs over whole
 * 64-byte blocks where the buffer has room: the last block's bytes past L
 * land on R, which R_out overwrites, and the stream cores take whole
 * batches faster than a tail (as the kernel's template does it).  @whole:
 * the caller checked ax86_adiantum_whole_ok(@len), and the code for other
 * lengths (the NHPoly1305 state, with its own buffers on the stack) is
 * left out.
 */
static __always_inline void
__ax86_adiantum_crypt(struct ax86_adiantum_work *w,
		      const struct ax86_adiantum_key *key, const void *aes,
		      u8 *dst, const u8 *src, unsigned int len,
		      const u8 tweak[32], bool enc, ax86_aes_fn aes_fn,
		      ax86_aes_dec_hchacha_fn dec_hchacha,
		      ax86_stream_fn stream, ax86_hchacha_fn hchacha,
		      ax86_nh_fn nh, ax86_poly1305_emit_fn poly, bool whole)
{
	unsigned int bulk = len - AX86_ADIANTUM_BLOCK_SIZE;
	unsigned int slen = round_up(bulk, AX86_CHACHA_BLOCK_SIZE);
	struct ax86_adiantum_req *rq = &w->rq;
	unsigned int n;

	if (slen > len)
		slen = bulk;

	memcpy(w->r, src + bulk, 16);
	/*
	 * ax86_adiantum_begin() in the other order: H_T after the NH of L
	 * lets its multiplies overlap those that absorb NH's sums.
	 */
	n = ax86_adiantum_nh_all(rq, key, src, bulk, w->sums, nh, whole);
	ax86_adiantum_tweak_hash(key, bulk, tweak, rq->ht, poly);
	ax86_adiantum_poly_all(rq, key, bulk, w->sums, n, w->hl, nh, poly,
			       whole);
	ax86_adiantum_setup(rq, key, w->r, w->hl, enc, aes, aes_fn,
			    dec_hchacha, hchacha);
	stream(rq->state, dst, src, slen, key->nrounds);
	n = ax86_adiantum_nh_all(rq, key, dst, bulk, w->sums, nh, whole);
	ax86_adiantum_poly_all(rq, key, bulk, w->sums, n, w->hl, nh, poly,
			       whole);
	ax86_adiantum_finish(rq, w->r, w->hl);
	memcpy(dst + bulk, w->r, 16);
	memzero_explicit(w->r, sizeof(w->r));
	memzero_explicit(w->hl, sizeof(w->hl));
}

/* any length >= 16, in the caller's frame */
static __always_inline void
ax86_adiantum_crypt(const struct ax86_adiantum_key *key, const void *aes,
		    u8 *dst, const u8 *src, unsigned int len,
		    const u8 tweak[32], bool enc, ax86_aes_fn aes_fn,
		    ax86_aes_dec_hchacha_fn dec_hchacha,
		    ax86_stream_fn stream, ax86_hchacha_fn hchacha,
		    ax86_nh_fn nh, ax86_poly1305_emit_fn poly)
{
	struct ax86_adiantum_work w ax86_written_first;

	__ax86_adiantum_crypt(&w, key, aes, dst, src, len, tweak, enc, aes_fn,
			      dec_hchacha, stream, hchacha, nh, poly, false);
}

#endif /* AX86_ADIANTUM_H */
