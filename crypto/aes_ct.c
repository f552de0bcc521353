// SPDX-License-Identifier: GPL-2.0
/*
 * AES-256 on one block, bitsliced: the S-box is a circuit of AND and XOR
 * gates on bit planes (crypto/aes_ct_gen.h, generated and checked by
 * tools/aesgen/), so nothing branches on or indexes memory by the key or
 * the data.  One block has only 16 S-boxes, so the layout is chosen for
 * the cost of the other steps and of bringing each round key in:
 *
 * The state is two 64-bit words, E and O.  Byte p of the block (FIPS-197
 * order: p = 4 c + r, column c, row r) keeps its even bits in E and its
 * odd bits in O: bit 2m of the byte is bit 8 (p % 8) + 2m + p / 8 of E,
 * bit 2m + 1 the same bit of O.  So
 *  - a block or round key goes in with 8 operations on its two
 *    little-endian halves (split()), as each round key must, there being
 *    one key schedule only, the library's;
 *  - E >> 2m and O >> 2m are bit planes 2m and 2m + 1 with their 16 bits
 *    in the same places: the S-box circuit's inputs, no transposition;
 *  - a byte permutation (ShiftRows, a column's rotations) moves the same
 *    bits of E and O: rotations and masks, generated;
 *  - doubling in GF(2^8) moves bits between the two words: mul2().
 * About 250 operations a round, run with the parallelism the circuit has.
 *
 * The S-box's constant 0x63 rides on the round keys: encryption keys 1..14
 * carry it (MixColumns maps 0x63 in every byte of a column to itself),
 * decryption keys 0..13 (it is undone before each inverse S-box).
 */
#include "aes_ct.h"

static __always_inline u64 ax86_ror64(u64 x, unsigned int n)
{
	return (x >> n) | (x << (64 - n));
}

#include "aes_ct_gen.h"

#define M55	0x5555555555555555ULL	/* bit 0 of each bit pair */
#define M03	0x0303030303030303ULL	/* bit pair 0 of each byte */
#define C63	0x6363636363636363ULL

struct ax86_aes_ct {
	u64 e, o;
};

/* the two little-endian halves of a block into E and O */
static __always_inline struct ax86_aes_ct ax86_aes_ct_split(u64 w0, u64 w1)
{
	struct ax86_aes_ct s = {
		.e = (w0 & M55) | ((w1 & M55) << 1),
		.o = ((w0 >> 1) & M55) | (w1 & ~M55),
	};

	return s;
}

static __always_inline void ax86_aes_ct_store(u8 out[16], struct ax86_aes_ct s)
{
	put_unaligned_le64((s.e & M55) | ((s.o & M55) << 1), out);
	put_unaligned_le64(((s.e >> 1) & M55) | (s.o & ~M55), out + 8);
}

/* AddRoundKey of key @rk (4 words), with @c (0 or C63) in every byte */
static __always_inline struct ax86_aes_ct
ax86_aes_ct_add_key(struct ax86_aes_ct s, const u32 *rk, u64 c)
{
	struct ax86_aes_ct k = ax86_aes_ct_split(get_unaligned_le64(rk) ^ c,
						 get_unaligned_le64(rk + 2) ^ c);

	s.e ^= k.e;
	s.o ^= k.o;
	return s;
}

/*
 * SubBytes (@inv: InvSubBytes): the planes out of E and O, through the
 * circuit, and back; the circuit keeps each plane's 16 bits in place and
 * the mask drops what it made of the other bits
 */
static __always_inline struct ax86_aes_ct
ax86_aes_ct_sub(struct ax86_aes_ct s, bool inv)
{
	u64 x[8] = {
		s.e, s.o, s.e >> 2, s.o >> 2, s.e >> 4, s.o >> 4, s.e >> 6,
		s.o >> 6
	};
	u64 y[8];

	if (inv)
		ax86_aes_ct_inv_sbox(y, x);
	else
		ax86_aes_ct_sbox(y, x);
	s.e = (y[0] & M03) | ((y[2] & M03) << 2) | ((y[4] & M03) << 4) |
	      ((y[6] & M03) << 6);
	s.o = (y[1] & M03) | ((y[3] & M03) << 2) | ((y[5] & M03) << 4) |
	      ((y[7] & M03) << 6);
	return s;
}

/*
 * Times 2 in GF(2^8), in every byte: bit b takes bit b - 1, and bit 7
 * comes back into bits 0, 1, 3 and 4 (0x11b).  E's bit pairs 0..3 hold
 * bits 0, 2, 4, 6, O's bits 1, 3, 5, 7.
 */
static __always_inline struct ax86_aes_ct ax86_aes_ct_mul2(struct ax86_aes_ct s)
{
	u64 b7 = (s.o >> 6) & M03;	/* bit 7, in pair 0 */
	struct ax86_aes_ct d = {
		.e = ((s.o << 2) & ~M03) ^ b7 ^ (b7 << 4),
		.o = s.e ^ b7 ^ (b7 << 2),
	};

	return d;
}

/*
 * Times 4, in one step rather than mul2() twice: three gates shallower
 * on decryption's chain.  Bit b takes bit b - 2; bit 6 comes back as
 * 0x1b (bits 0, 1, 3, 4), bit 7 as 0x36 (bits 1, 2, 4, 5).
 */
static __always_inline struct ax86_aes_ct ax86_aes_ct_mul4(struct ax86_aes_ct s)
{
	u64 b6 = (s.e >> 6) & M03;	/* bit 6, in pair 0 */
	u64 b7 = (s.o >> 6) & M03;	/* bit 7, in pair 0 */
	struct ax86_aes_ct d = {
		.e = ((s.e << 2) & ~M03) ^ b6 ^ (b7 << 2) ^ ((b6 ^ b7) << 4),
		.o = ((s.o << 2) & ~M03) ^ b6 ^ b7 ^ (b6 << 2) ^ (b7 << 4),
	};

	return d;
}

/* MixColumns: 2 t + rot1(s) + rot2(t), where t = s + rot1(s) */
static __always_inline struct ax86_aes_ct ax86_aes_ct_mix(struct ax86_aes_ct s)
{
	struct ax86_aes_ct r1 = { ax86_aes_ct_rot1(s.e), ax86_aes_ct_rot1(s.o) };
	struct ax86_aes_ct t = { s.e ^ r1.e, s.o ^ r1.o };
	struct ax86_aes_ct d = ax86_aes_ct_mul2(t);

	d.e ^= r1.e ^ ax86_aes_ct_rot2(t.e);
	d.o ^= r1.o ^ ax86_aes_ct_rot2(t.o);
	return d;
}

/*
 * InvMixColumns is MixColumns after s + 4 (s + rot2(s)): the column
 * polynomials 14, 11, 13, 9 are (2, 3, 1, 1) times (5, 0, 4, 0)
 */
static __always_inline struct ax86_aes_ct
ax86_aes_ct_inv_mix(struct ax86_aes_ct s)
{
	struct ax86_aes_ct u = {
		s.e ^ ax86_aes_ct_rot2(s.e), s.o ^ ax86_aes_ct_rot2(s.o)
	};

	u = ax86_aes_ct_mul4(u);
	s.e ^= u.e;
	s.o ^= u.o;
	return ax86_aes_ct_mix(s);
}

void ax86_aes_ct_encrypt256(const u32 enc[60], u8 out[16], const u8 in[16])
{
	struct ax86_aes_ct s;
	int r;

	s = ax86_aes_ct_split(get_unaligned_le64(in),
			      get_unaligned_le64(in + 8));
	s = ax86_aes_ct_add_key(s, enc, 0);
	for (r = 1; r < 14; r++) {
		s = ax86_aes_ct_sub(s, false);
		s.e = ax86_aes_ct_shift_rows(s.e);
		s.o = ax86_aes_ct_shift_rows(s.o);
		s = ax86_aes_ct_add_key(ax86_aes_ct_mix(s), enc + 4 * r, C63);
	}
	s = ax86_aes_ct_sub(s, false);
	s.e = ax86_aes_ct_shift_rows(s.e);
	s.o = ax86_aes_ct_shift_rows(s.o);
	ax86_aes_ct_store(out, ax86_aes_ct_add_key(s, enc + 56, C63));
}

void ax86_aes_ct_decrypt256(const u32 dec[60], u8 out[16], const u8 in[16])
{
	struct ax86_aes_ct s;
	int r;

	s = ax86_aes_ct_split(get_unaligned_le64(in),
			      get_unaligned_le64(in + 8));
	s = ax86_aes_ct_add_key(s, dec, C63);
	for (r = 1; r < 14; r++) {
		s = ax86_aes_ct_sub(s, true);
		s.e = ax86_aes_ct_inv_shift_rows(s.e);
		s.o = ax86_aes_ct_inv_shift_rows(s.o);
		s = ax86_aes_ct_add_key(ax86_aes_ct_inv_mix(s), dec + 4 * r,
					C63);
	}
	s = ax86_aes_ct_sub(s, true);
	s.e = ax86_aes_ct_inv_shift_rows(s.e);
	s.o = ax86_aes_ct_inv_shift_rows(s.o);
	ax86_aes_ct_store(out, ax86_aes_ct_add_key(s, dec + 56, 0));
}
