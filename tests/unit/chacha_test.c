// SPDX-License-Identifier: GPL-2.0
/*
 * Every SIMD ChaCha against the portable one: all lengths 0..4160 flush
 * against unmapped pages, all 64x64 source/destination misalignments with
 * guard bytes, in place, counters about to wrap, messages up to 1 MiB and
 * at least 10^5 random cases per variant and algorithm.
 */
#include <string.h>

#include "harness.h"

#define MIN_RANDOM_CASES	100000
#define MAX_LEN			(1u << 20)

struct alg {
	const char *name;
	unsigned int nrounds;
	bool x;			/* XChaCha: 32-byte IV through HChaCha */
};

static const struct alg algs[] = {
	{ "chacha20", 20, false },
	{ "chacha12", 12, false },
	{ "xchacha20", 20, true },
	{ "xchacha12", 12, true },
};

static u8 *ref;
static u8 *src_copy;

static void random_state(struct rng *r, const struct alg *a, u32 st[16])
{
	u8 raw_key[32], iv[32];
	u32 key[8];

	rng_fill(r, raw_key, sizeof(raw_key));
	rng_fill(r, iv, sizeof(iv));
	ax86_chacha_key_words(key, raw_key);
	if (a->x)
		ax86_xchacha_init(st, key, iv, a->nrounds);
	else
		ax86_chacha_init(st, key, iv);
}

/*
 * Encrypt @len bytes from @src to @dst with @v and compare with the portable
 * code; @src may equal @dst.  Returns false and fills @err on a mismatch.
 */
static bool check_one(const struct variant *v, const struct alg *a,
		      const u32 st[16], u8 *dst, u8 *src, unsigned int len,
		      char *err, size_t errlen)
{
	u32 st_ref[16], st_copy[16];
	long d;

	memcpy(src_copy, src, len);
	memcpy(st_ref, st, sizeof(st_ref));
	memcpy(st_copy, st, sizeof(st_copy));
	ax86_chacha_crypt(st_ref, ref, src_copy, len, a->nrounds);
	v->chacha(st_copy, dst, src, len, a->nrounds);
	d = first_diff(dst, ref, len);
	if (d >= 0) {
		snprintf(err, errlen,
			 "len %u ctr %08x: byte %ld is %02x, want %02x", len,
			 st[12], d, dst[d], ref[d]);
		return false;
	}
	if (memcmp(st_copy, st, sizeof(st_copy))) {
		snprintf(err, errlen, "len %u: state was written", len);
		return false;
	}
	return true;
}

static bool guarded_case(const struct variant *v, const struct alg *a,
			 struct rng *r, unsigned int len, unsigned int soff,
			 unsigned int doff, bool inplace, bool near_wrap,
			 char *err, size_t errlen)
{
	struct gbuf s, d;
	u32 st[16];
	bool ok;

	random_state(r, a, st);
	if (near_wrap)
		st[12] = 0xffffffffu - rng_below(r, 40);
	gbuf_alloc(&s, len, soff);
	rng_fill(r, s.p, len);
	if (inplace) {
		ok = check_one(v, a, st, s.p, s.p, len, err, errlen);
	} else {
		gbuf_alloc(&d, len, doff);
		ok = check_one(v, a, st, d.p, s.p, len, err, errlen);
		if (ok && !gbuf_guards_ok(&d)) {
			snprintf(err, errlen, "len %u: wrote outside dst", len);
			ok = false;
		}
		gbuf_free(&d);
	}
	if (ok && !gbuf_guards_ok(&s)) {
		snprintf(err, errlen, "len %u: wrote outside src", len);
		ok = false;
	}
	gbuf_free(&s);
	return ok;
}

static unsigned int random_len(struct rng *r)
{
	u32 k = rng_below(r, 10);

	if (k < 6)
		return rng_below(r, 600);
	if (k < 9)
		return rng_below(r, 4161);
	return rng_below(r, 16385);
}

static void test_variant_alg(const struct variant *v, const struct alg *a)
{
	char group[64], err[160];
	unsigned long cases = 0, target;
	unsigned int len, so, dof, i;
	struct rng r;
	u32 st[16];

	snprintf(group, sizeof(group), "chacha-%s %s", v->name, a->name);
	if (variant_unsupported(v)) {
		report_skip(group, variant_unsupported(v));
		return;
	}
	rng_seed(&r, run_seed, group);

	/* every length, src and dst ending (then starting) at a dead page */
	for (len = 0; len <= 4160; len++) {
		for (i = 0; i < 2; i++) {
			u8 *s = edge_buf(0, len, i == 0);
			u8 *d = edge_buf(1, len, i != 0);

			random_state(&r, a, st);
			rng_fill(&r, s, len);
			if (!check_one(v, a, st, d, s, len, err, sizeof(err)))
				goto fail;
			cases++;
		}
	}
	/* all misalignments */
	for (so = 0; so < 64; so++) {
		for (dof = 0; dof < 64; dof++) {
			len = rng_below(&r, 1100);
			if (!guarded_case(v, a, &r, len, so, dof, false, false,
					  err, sizeof(err)))
				goto fail;
			cases++;
		}
	}
	/* in place, and counters that wrap inside the message */
	for (i = 0; i < 2000; i++) {
		if (!guarded_case(v, a, &r, random_len(&r), rng_below(&r, 64),
				  0, true, i & 1, err, sizeof(err)))
			goto fail;
		cases++;
	}
	/* long messages */
	for (i = 0; i < 16 / cases_scale_div + 1; i++) {
		len = i == 0 ? MAX_LEN : rng_below(&r, MAX_LEN + 1);
		if (!guarded_case(v, a, &r, len, rng_below(&r, 64),
				  rng_below(&r, 64), i & 1, i & 2, err,
				  sizeof(err)))
			goto fail;
		cases++;
	}
	/* random cases up to the budget */
	target = MIN_RANDOM_CASES / cases_scale_div;
	for (i = 0; i < target; i++) {
		u32 k = rng_below(&r, 8);

		if (!guarded_case(v, a, &r, random_len(&r), rng_below(&r, 64),
				  rng_below(&r, 64), k == 0, k == 1, err,
				  sizeof(err)))
			goto fail;
		cases++;
	}
	report_pass(group, "%lu cases (%lu random)", cases, target);
	return;
fail:
	report_fail(group, "after %lu cases: %s", cases, err);
}

void test_chacha(void)
{
	unsigned int i, j;

	ref = malloc(MAX_LEN + 64);
	src_copy = malloc(MAX_LEN + 64);
	if (!ref || !src_copy)
		exit(2);
	for (i = 0; i < nr_variants; i++) {
		if (!variants[i].chacha)
			continue;
		for (j = 0; j < ARRAY_SIZE(algs); j++)
			test_variant_alg(&variants[i], &algs[j]);
	}
	free(ref);
	free(src_copy);
}

void test_hchacha(void)
{
	char group[64], err[128] = "";
	unsigned int i, n, rounds;
	struct rng r;
	u32 st[16], want[8], got[8];

	for (i = 0; i < nr_variants; i++) {
		const struct variant *v = &variants[i];

		if (!v->hchacha)
			continue;
		snprintf(group, sizeof(group), "hchacha-%s", v->name);
		if (variant_unsupported(v)) {
			report_skip(group, variant_unsupported(v));
			continue;
		}
		rng_seed(&r, run_seed, group);
		for (n = 0; n < MIN_RANDOM_CASES / cases_scale_div; n++) {
			rng_fill(&r, st, sizeof(st));
			rounds = n & 1 ? 12 : 20;
			ax86_hchacha(st, want, rounds);
			v->hchacha(st, got, rounds);
			if (memcmp(want, got, sizeof(want))) {
				snprintf(err, sizeof(err),
					 "case %u (%u rounds) differs", n,
					 rounds);
				break;
			}
			/* out = state + 4, as ax86_adiantum_setup() calls it */
			v->hchacha(st, st + 4, rounds);
			if (memcmp(want, st + 4, sizeof(want))) {
				snprintf(err, sizeof(err),
					 "case %u (%u rounds) over its key words differs",
					 n, rounds);
				break;
			}
		}
		if (err[0])
			report_fail(group, "%s", err);
		else
			report_pass(group, "%u random states", n);
	}
}
