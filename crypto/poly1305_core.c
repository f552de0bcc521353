// SPDX-License-Identifier: GPL-2.0
/*
 * Poly1305 in three limbs of 44/44/42 bits with 64x64->128 multiplies
 * (__uint128_t: x86_64 gcc and clang have it).  The limbs leave room to
 * add up to eight products per column before carrying, so n <= 8 blocks
 * are absorbed as
 *	h = (h + m1) r^n + m2 r^(n-1) + ... + mn r
 * where only the first product waits for h.  Poly1305 is one long serial
 * chain otherwise, and in NHPoly1305 it would cost half as much as NH.
 */
#include "poly1305_core.h"

#define M44 ((1ULL << 44) - 1)
#define M42 ((1ULL << 42) - 1)

/* 2^132 = 4 * 2^130 = 20 (mod 2^130 - 5): how top terms fold down */
#define FOLD 20

static inline void split(u64 limb[3], u64 lo, u64 hi)
{
	limb[0] = lo & M44;
	limb[1] = ((lo >> 44) | (hi << 20)) & M44;
	limb[2] = hi >> 24;
}

/* d += a * b, unreduced: d gets the three 128-bit column sums */
static inline void mul_add(__uint128_t d[3], const u64 a[3],
			   const struct ax86_poly1305_mult *b)
{
	d[0] += (__uint128_t)a[0] * b->v[0] + (__uint128_t)a[1] * b->s2 +
		(__uint128_t)a[2] * b->s1;
	d[1] += (__uint128_t)a[0] * b->v[1] + (__uint128_t)a[1] * b->v[0] +
		(__uint128_t)a[2] * b->s2;
	d[2] += (__uint128_t)a[0] * b->v[2] + (__uint128_t)a[1] * b->v[1] +
		(__uint128_t)a[2] * b->v[0];
}

static inline void set_mult(struct ax86_poly1305_mult *m)
{
	m->s1 = m->v[1] * FOLD;
	m->s2 = m->v[2] * FOLD;
}

/* column sums to limbs, partly reduced (h[1] may exceed 44 bits a little) */
static inline void carry(u64 h[3], const __uint128_t d[3])
{
	__uint128_t d1 = d[1], d2 = d[2];
	u64 c;

	h[0] = (u64)d[0] & M44;
	d1 += (u64)(d[0] >> 44);
	h[1] = (u64)d1 & M44;
	d2 += (u64)(d1 >> 44);
	h[2] = (u64)d2 & M42;
	c = (u64)(d2 >> 42);
	h[0] += c * 5;
	h[1] += h[0] >> 44;
	h[0] &= M44;
}

/* the SSE2 core's constants: poly1305-sse2-x86_64.S's LANES and LANE_BYTES */
static_assert(offsetof(struct ax86_poly1305_key, lanes) == 320);
static_assert(sizeof(struct ax86_poly1305_lanes) == 144);

#define M26 ((1ULL << 26) - 1)

/*
 * r^k (@v, partly reduced) as 26-bit limbs into lane @lane of @l: the same
 * number, carried so each limb is below 2^26 but limb 1 a little
 */
static void set_lane(struct ax86_poly1305_lanes *l, unsigned int lane,
		     const u64 v[3])
{
	u64 t[5];
	int i;

	t[0] = v[0] & M26;
	t[1] = (v[0] >> 26) + ((v[1] & 0xff) << 18);
	t[2] = (v[1] >> 8) & M26;
	t[3] = (v[1] >> 34) + ((v[2] & 0xffff) << 10);
	t[4] = v[2] >> 16;
	for (i = 0; i < 4; i++) {
		t[i + 1] += t[i] >> 26;
		t[i] &= M26;
	}
	t[0] += (t[4] >> 26) * 5;
	t[4] &= M26;
	t[1] += t[0] >> 26;
	t[0] &= M26;
	for (i = 0; i < 5; i++)
		l->r[i][lane] = t[i];
	for (i = 1; i < 5; i++)
		l->s[i - 1][lane] = t[i] * 5;
	memzero_explicit(t, sizeof(t));
}

void ax86_poly1305_setkey(struct ax86_poly1305_key *key, const u8 raw[16])
{
	__uint128_t d[3];
	int i;

	split(key->pow[0].v, get_unaligned_le64(raw) & 0x0ffffffc0fffffffULL,
	      get_unaligned_le64(raw + 8) & 0x0ffffffc0ffffffcULL);
	set_mult(&key->pow[0]);
	for (i = 1; i < AX86_POLY1305_POWERS; i++) {
		d[0] = 0;
		d[1] = 0;
		d[2] = 0;
		mul_add(d, key->pow[i - 1].v, &key->pow[0]);
		carry(key->pow[i].v, d);
		set_mult(&key->pow[i]);
	}
	memzero_explicit(d, sizeof(d));	/* products of the key */
	memset(key->lanes, 0, sizeof(key->lanes));	/* r^0 lanes: 0 */
	for (i = 0; i < AX86_POLY1305_POWERS; i++) {
		set_lane(&key->lanes[i], 0, key->pow[i].v);
		if (i)
			set_lane(&key->lanes[i], 1, key->pow[i - 1].v);
	}
}

static inline void add_block(u64 h[3], const u8 *src, u32 hibit)
{
	u64 m[3];

	split(m, get_unaligned_le64(src), get_unaligned_le64(src + 8));
	h[0] += m[0];
	h[1] += m[1];
	h[2] += m[2] | ((u64)hibit << 40);
}

/* h = (h + m1) r^n + ... + mn r for 1 <= n <= 8 */
static inline void absorb(u64 h[3], const struct ax86_poly1305_key *key,
			  const u8 *src, unsigned int n, u32 hibit)
{
	__uint128_t d[3] = { 0 };
	u64 m[3];
	unsigned int i;

	for (i = n - 1; i > 0; i--) {		/* these do not wait for h */
		m[0] = 0;
		m[1] = 0;
		m[2] = 0;
		add_block(m, src + 16 * (n - i), hibit);
		mul_add(d, m, &key->pow[i - 1]);
	}
	add_block(h, src, hibit);
	mul_add(d, h, &key->pow[n - 1]);
	carry(h, d);
}

void ax86_poly1305_blocks_generic(struct ax86_poly1305_state *st,
				  const struct ax86_poly1305_key *key,
				  const u8 *src, unsigned int nblocks,
				  u32 hibit)
{
	u64 h[3] = { st->h[0], st->h[1], st->h[2] };
	unsigned int n;

	while (nblocks) {
		n = min_t(unsigned int, nblocks, AX86_POLY1305_POWERS);
		absorb(h, key, src, n, hibit);
		src += 16 * n;
		nblocks -= n;
	}
	st->h[0] = h[0];
	st->h[1] = h[1];
	st->h[2] = h[2];
}

void ax86_poly1305_emit(const struct ax86_poly1305_state *st, u8 out[16])
{
	u64 h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];
	u64 g0, g1, g2, c, mask;

	/* carry fully: h < 2^130 + small */
	c = h1 >> 44;
	h1 &= M44;
	h2 += c;
	c = h2 >> 42;
	h2 &= M42;
	h0 += c * 5;
	c = h0 >> 44;
	h0 &= M44;
	h1 += c;
	c = h1 >> 44;
	h1 &= M44;
	h2 += c;

	/* g = h + 5 - 2^130; keep it if it did not go negative (h >= p) */
	g0 = h0 + 5;
	c = g0 >> 44;
	g0 &= M44;
	g1 = h1 + c;
	c = g1 >> 44;
	g1 &= M44;
	g2 = h2 + c - (1ULL << 42);
	mask = (g2 >> 63) - 1;	/* all ones when g2 did not borrow */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);
	h2 = (h2 & ~mask) | (g2 & mask);

	put_unaligned_le64(h0 | (h1 << 44), out);
	put_unaligned_le64((h1 >> 20) | (h2 << 24), out + 8);
}

void ax86_poly1305_blocks_emit_generic(const struct ax86_poly1305_state *st,
				       const struct ax86_poly1305_key *key,
				       const u8 *src, unsigned int nblocks,
				       u32 hibit, u8 out[16])
{
	struct ax86_poly1305_state h = *st;

	ax86_poly1305_blocks_generic(&h, key, src, nblocks, hibit);
	ax86_poly1305_emit(&h, out);
	memzero_explicit(&h, sizeof(h));
}
