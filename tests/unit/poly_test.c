// SPDX-License-Identifier: GPL-2.0
/*
 * The x86_64 Poly1305 blocks against the portable C, limb for limb: the
 * drivers hand one state between the two (the FPU-less fallback and the
 * SIMD paths run the same NHPoly1305 state), so after every call the three
 * limbs must be the C's, not only the final digest.  States start anywhere
 * a partly reduced h may be (limbs a little over their width), with random
 * and all-ones keys and blocks, 0..40 blocks (groups of eight and a rest).
 * The assembly adds 2^128 to every block (whole blocks, as NHPoly1305's):
 * the C runs with hibit 1.
 */
#include <string.h>

#include "harness.h"

#define MAX_BLOCKS	40

/*
 * Case @n of both tests below: its key @raw, its blocks @in, their number
 * and the state @h it starts from
 */
static void poly_case(struct rng *r, unsigned long n, u8 raw[16],
		      u8 in[16 * MAX_BLOCKS], unsigned int *blocks,
		      struct ax86_poly1305_state *h)
{
	int i;

	*blocks = n % (MAX_BLOCKS + 1);
	rng_fill(r, raw, 16);
	rng_fill(r, in, 16 * *blocks);
	if (n % 8 == 0) {	/* the largest r and blocks */
		memset(raw, 0xff, 16);
		memset(in, 0xff, 16 * *blocks);
	}
	for (i = 0; i < 3; i++)	/* up to a few bits over the limb */
		h->h[i] = rng_next(r) >> (i == 2 ? 21 : 19);
	if (n % 16 == 1) {
		h->h[0] = (1ULL << 44) + 4;
		h->h[1] = (1ULL << 45) - 1;
		h->h[2] = (1ULL << 42) + 1;
	}
}

void test_poly1305_x86_64(void)
{
	static const char group[] = "poly1305-x86_64 vs generic";
	u8 in[16 * MAX_BLOCKS], raw[16];
	struct ax86_poly1305_state a, b;
	struct ax86_poly1305_key key;
	unsigned long n, cases = 200000 / cases_scale_div;
	unsigned int blocks;
	char err[160] = "";
	struct rng r;

	rng_seed(&r, run_seed, group);
	for (n = 0; n < cases && !err[0]; n++) {
		poly_case(&r, n, raw, in, &blocks, &a);
		b = a;
		ax86_poly1305_setkey(&key, raw);
		ax86_poly1305_blocks_generic(&a, &key, in, blocks, 1);
		ax86_poly1305_blocks_x86_64(&b, &key, in, blocks);
		if (memcmp(&a, &b, sizeof(a)))
			snprintf(err, sizeof(err),
				 "case %lu (%u blocks): limbs %llx %llx %llx, C %llx %llx %llx",
				 n, blocks,
				 (unsigned long long)b.h[0],
				 (unsigned long long)b.h[1],
				 (unsigned long long)b.h[2],
				 (unsigned long long)a.h[0],
				 (unsigned long long)a.h[1],
				 (unsigned long long)a.h[2]);
	}
	report_cases(group, n, err);
}

/*
 * The last blocks and the emit in one (ax86_poly1305_blocks_emit_x86_64)
 * against the C's blocks, then emit: 0..40 blocks on the states above, and
 * with no blocks states around p = 2^130 - 5, where the final subtraction
 * of p does or does not apply, and around 2^131, which is still over 2^130
 * after the fold.  @st must stay as it was.
 */
void test_poly1305_emit_x86_64(void)
{
	static const char group[] = "poly1305-x86_64 blocks+emit vs generic";
	static const u64 top[3] = { (1ULL << 44) - 1, (1ULL << 44) - 1,
				    (1ULL << 42) - 1 };
	u8 in[16 * MAX_BLOCKS], raw[16], want[16], got[16];
	struct ax86_poly1305_state a, b, keep;
	struct ax86_poly1305_key key;
	unsigned long n, cases = 200000 / cases_scale_div;
	unsigned int blocks;
	char err[200] = "";
	struct rng r;
	int i;

	rng_seed(&r, run_seed, group);
	for (n = 0; n < cases && !err[0]; n++) {
		poly_case(&r, n, raw, in, &blocks, &a);
		/*
		 * p - 8 .. p + 11 (2^130 - 1 is p + 4), or 2^131 - 13 ..
		 * 2^131 + 6, which stays 2^130 or more after the fold of the
		 * bits above 130 (2^131 - 1 folds to 2^130 + 4)
		 */
		if (n % 4 == 3) {
			blocks = 0;
			for (i = 0; i < 3; i++)
				a.h[i] = top[i];
			a.h[0] += (u64)rng_below(&r, 20) - 12;
			if (n % 8 == 7)
				a.h[2] += 1ULL << 42;
		}
		b = a;
		keep = a;
		ax86_poly1305_setkey(&key, raw);
		ax86_poly1305_blocks_generic(&a, &key, in, blocks, 1);
		ax86_poly1305_emit(&a, want);
		memset(got, 0, sizeof(got));
		ax86_poly1305_blocks_emit_x86_64(&b, &key, in, blocks, got);
		if (memcmp(want, got, 16))
			snprintf(err, sizeof(err),
				 "case %lu (%u blocks, h %llx %llx %llx): %016llx%016llx, C %016llx%016llx",
				 n, blocks,
				 (unsigned long long)keep.h[0],
				 (unsigned long long)keep.h[1],
				 (unsigned long long)keep.h[2],
				 (unsigned long long)get_unaligned_le64(got + 8),
				 (unsigned long long)get_unaligned_le64(got),
				 (unsigned long long)get_unaligned_le64(want + 8),
				 (unsigned long long)get_unaligned_le64(want));
		else if (memcmp(&b, &keep, sizeof(b)))
			snprintf(err, sizeof(err),
				 "case %lu (%u blocks): the state was written",
				 n, blocks);
	}
	report_cases(group, n, err);
}

/*
 * The SSE2 emit from zero (ax86_poly1305_emit_sse2, the key's lane table)
 * against the C's blocks, then emit: 0..8 blocks, random and all-ones
 * keys and blocks; and with r = 1, three blocks whose h is p - 8 .. p + 8
 * (the last subtraction of p) or up to eight blocks of all ones (h near
 * 2^131, the fold of the top limb into the bottom one).
 */
void test_poly1305_emit_sse2(void)
{
	static const char group[] = "poly1305-sse2 emit vs generic";
	static const struct ax86_poly1305_state zero;
	u8 in[16 * AX86_POLY1305_POWERS], raw[16], want[16], got[16];
	struct ax86_poly1305_state a;
	struct ax86_poly1305_key key;
	unsigned long n, cases = 200000 / cases_scale_div;
	unsigned int blocks;
	char err[200] = "";
	struct rng r;

	rng_seed(&r, run_seed, group);
	for (n = 0; n < cases && !err[0]; n++) {
		blocks = n % (AX86_POLY1305_POWERS + 1);
		rng_fill(&r, raw, 16);
		rng_fill(&r, in, sizeof(in));
		if (n % 8 == 0) {
			memset(raw, 0xff, 16);
			memset(in, 0xff, sizeof(in));
		}
		if (n % 8 == 1 || n % 8 == 2) {
			memset(raw, 0, 16);
			raw[0] = 1;
		}
		if (n % 8 == 1) {
			/* 3 2^128 + m1 = p + d: m1 = 2^128 - 5 + d */
			int d = (int)rng_below(&r, 17) - 8;

			blocks = 3;
			memset(in, 0, sizeof(in));
			memset(in, 0xff, 16);
			put_unaligned_le64(~0ULL - 4 + d, in);
			if (d > 4) {	/* past 2^128: carry into m2 */
				put_unaligned_le64(d - 5, in);
				in[16] = 1;
			}
		}
		if (n % 8 == 2)
			memset(in, 0xff, sizeof(in));
		a = zero;
		ax86_poly1305_setkey(&key, raw);
		ax86_poly1305_blocks_generic(&a, &key, in, blocks, 1);
		ax86_poly1305_emit(&a, want);
		memset(got, 0, sizeof(got));
		ax86_poly1305_emit_sse2(&key, in, blocks, got);
		if (memcmp(want, got, 16))
			snprintf(err, sizeof(err),
				 "case %lu (%u blocks): %016llx%016llx, C %016llx%016llx",
				 n, blocks,
				 (unsigned long long)get_unaligned_le64(got + 8),
				 (unsigned long long)get_unaligned_le64(got),
				 (unsigned long long)get_unaligned_le64(want + 8),
				 (unsigned long long)get_unaligned_le64(want));
	}
	report_cases(group, n, err);
}
