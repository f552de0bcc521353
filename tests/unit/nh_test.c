// SPDX-License-Identifier: GPL-2.0
/*
 * Every SIMD NH against the portable one (every length, keys and messages
 * flush against unmapped pages, 10^5 random cases), and NHPoly1305 built on
 * each NH against the portable NHPoly1305: every length 0..8192 in one
 * update, and random lengths split into random updates.
 */
#include <string.h>

#include "harness.h"

#define MIN_RANDOM_CASES	100000
#define NHP_MAX_LEN		65536

static void nh_variant(const struct variant *v)
{
	char group[64], err[160] = "";
	u8 want[AX86_NH_HASH_BYTES], got[AX86_NH_HASH_BYTES];
	u32 full_key[AX86_NH_KEY_WORDS];
	unsigned long cases = 0, n;
	unsigned int len, kpos;
	struct rng r;
	u8 *m, *kb;

	snprintf(group, sizeof(group), "nh-%s", v->name);
	if (variant_unsupported(v)) {
		report_skip(group, variant_unsupported(v));
		return;
	}
	rng_seed(&r, run_seed, group);

	/* NH of len bytes reads len + 48 key bytes: end those at a dead page */
	for (len = 0; len <= AX86_NH_MESSAGE_BYTES; len += AX86_NH_UNIT) {
		m = edge_buf(0, len, len & 16);
		kb = edge_buf(1, len + 48, true);
		rng_fill(&r, m, len);
		rng_fill(&r, kb, len + 48);
		memcpy(full_key, kb, len + 48);
		ax86_nh_generic(full_key, m, len, want);
		/* the SIMD code may assume 4-byte key alignment only */
		v->nh((const u32 *)kb, m, len, got);
		if (memcmp(want, got, sizeof(want))) {
			snprintf(err, sizeof(err), "len %u differs", len);
			goto out;
		}
		cases++;
	}
	/*
	 * Sums at their bounds, every length: with a zero key each product
	 * is t0 * t2 of the message's own words, 0xffffffff (its low half
	 * all ones: the most carries out of a low dword), 2^64 - 2^33 + 1
	 * (the largest product) or 0xffff0000 (top bits only).
	 */
	for (len = AX86_NH_UNIT; len <= AX86_NH_MESSAGE_BYTES;
	     len += AX86_NH_UNIT) {
		static const u32 pairs[][2] = {
			{ 0xffffffff, 1 }, { 0xffffffff, 0xffffffff },
			{ 0xffff0000, 1 },
		};
		unsigned int p, i;

		memset(full_key, 0, sizeof(full_key));
		for (p = 0; p < ARRAY_SIZE(pairs); p++) {
			u32 w[AX86_NH_MESSAGE_BYTES / 4];

			for (i = 0; i < len / 4; i += 4) {
				w[i] = w[i + 1] = pairs[p][0];
				w[i + 2] = w[i + 3] = pairs[p][1];
			}
			ax86_nh_generic(full_key, (const u8 *)w, len, want);
			v->nh(full_key, (const u8 *)w, len, got);
			if (memcmp(want, got, sizeof(want))) {
				snprintf(err, sizeof(err),
					 "len %u, words %#x * %#x differ", len,
					 pairs[p][0], pairs[p][1]);
				goto out;
			}
			cases++;
		}
	}
	for (n = 0; n < MIN_RANDOM_CASES / cases_scale_div; n++) {
		struct gbuf mb;

		len = AX86_NH_UNIT * (1 + rng_below(&r, 64));
		kpos = 4 * rng_below(&r, (AX86_NH_MESSAGE_BYTES - len) / 4 + 1);
		rng_fill(&r, full_key, sizeof(full_key));
		gbuf_alloc(&mb, len, rng_below(&r, 64));
		rng_fill(&r, mb.p, len);
		ax86_nh_generic(&full_key[kpos / 4], mb.p, len, want);
		v->nh(&full_key[kpos / 4], mb.p, len, got);
		gbuf_free(&mb);
		if (memcmp(want, got, sizeof(want))) {
			snprintf(err, sizeof(err),
				 "random len %u key offset %u differs", len,
				 kpos);
			goto out;
		}
		cases++;
	}
out:
	report_cases(group, cases, err);
}

void test_nh(void)
{
	unsigned int i;

	for (i = 0; i < nr_variants; i++)
		if (variants[i].nh)
			nh_variant(&variants[i]);
}

static u8 msg[NHP_MAX_LEN];

static void nhp_digest(const struct ax86_nhpoly1305_key *key, ax86_nh_fn nh,
		       const u8 *m, unsigned int len, struct rng *split,
		       u8 out[16])
{
	struct ax86_nhpoly1305_state st;
	unsigned int n;

	ax86_nhpoly1305_init(&st);
	while (split && len) {
		/* pieces of 0..len bytes, often tiny, sometimes unit sized */
		switch (rng_below(split, 4)) {
		case 0:
			n = rng_below(split, 17);
			break;
		case 1:
			n = AX86_NH_UNIT * rng_below(split, 70);
			break;
		default:
			n = rng_below(split, len + 1);
			break;
		}
		n = min_t(unsigned int, n, len);
		ax86_nhpoly1305_update(&st, key, m, n, nh);
		m += n;
		len -= n;
	}
	ax86_nhpoly1305_update(&st, key, m, len, nh);
	ax86_nhpoly1305_final(&st, key, out, nh);
}

static void nhp_variant(const char *name, ax86_nh_fn nh,
			const struct variant *v)
{
	struct ax86_nhpoly1305_key key;
	u8 raw[AX86_NHPOLY1305_KEY_SIZE];
	u8 want[16], got[16];
	char group[64], err[160] = "";
	unsigned long cases = 0, n;
	unsigned int len;
	struct rng r;

	snprintf(group, sizeof(group), "nhpoly1305-%s", name);
	if (v && variant_unsupported(v)) {
		report_skip(group, variant_unsupported(v));
		return;
	}
	rng_seed(&r, run_seed, group);
	for (len = 0; len <= 8192; len++) {
		rng_fill(&r, raw, sizeof(raw));
		rng_fill(&r, msg, len);
		ax86_nhpoly1305_setkey(&key, raw, sizeof(raw));
		nhp_digest(&key, ax86_nh_generic, msg, len, NULL, want);
		nhp_digest(&key, nh, msg, len, v ? NULL : &r, got);
		if (memcmp(want, got, 16)) {
			snprintf(err, sizeof(err), "len %u differs", len);
			goto out;
		}
		cases++;
	}
	for (n = 0; n < MIN_RANDOM_CASES / cases_scale_div; n++) {
		len = rng_below(&r, 8) ? rng_below(&r, 4097) :
					 rng_below(&r, NHP_MAX_LEN + 1);
		rng_fill(&r, raw, sizeof(raw));
		rng_fill(&r, msg, len);
		ax86_nhpoly1305_setkey(&key, raw, sizeof(raw));
		nhp_digest(&key, ax86_nh_generic, msg, len, NULL, want);
		nhp_digest(&key, nh, msg, len, &r, got);
		if (memcmp(want, got, 16)) {
			snprintf(err, sizeof(err), "len %u (split) differs",
				 len);
			goto out;
		}
		cases++;
	}
out:
	report_cases(group, cases, err);
}

void test_nhpoly1305(void)
{
	u8 raw[AX86_NHPOLY1305_KEY_SIZE + 1] = { 0 };
	struct ax86_nhpoly1305_key key;
	unsigned int i;
	int bad = 0;

	/* the key must be exactly 1088 bytes */
	for (i = 0; i <= sizeof(raw); i += 8)
		if ((ax86_nhpoly1305_setkey(&key, raw, i) == 0) !=
		    (i == AX86_NHPOLY1305_KEY_SIZE))
			bad = 1;
	if (ax86_nhpoly1305_setkey(&key, raw, AX86_NHPOLY1305_KEY_SIZE + 1) !=
	    -EINVAL)
		bad = 1;
	if (bad)
		report_fail("nhpoly1305 setkey", "wrong key size accepted");
	else
		report_pass("nhpoly1305 setkey", "only 1088 bytes accepted");

	/* the portable code split at random against itself in one piece */
	nhp_variant("generic splits", ax86_nh_generic, NULL);
	for (i = 0; i < nr_variants; i++)
		if (variants[i].nh)
			nhp_variant(variants[i].name, variants[i].nh,
				    &variants[i]);
}
