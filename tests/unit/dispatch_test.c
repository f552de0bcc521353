// SPDX-License-Identifier: GPL-2.0
/*
 * The dispatch the glue uses (arch/x86/crypto/chacha_dispatch.h): for each
 * variant, the cores it picks per length must together give the portable
 * output and advance the counter exactly as the portable code does, and
 * its HChaCha must match.
 */
#include <string.h>

#include "../../arch/x86/crypto/chacha_dispatch.h"
#include "harness.h"

#define CASES	20000
#define MAXLEN	5000

typedef void (*stream_fn)(u32 *st, u8 *dst, const u8 *src, unsigned int len,
			  unsigned int nrounds);
typedef void (*hc_fn)(const u32 st[16], u32 out[8], unsigned int nrounds);

#define WRAP(isa)							\
static void stream_##isa(u32 *st, u8 *dst, const u8 *src,		\
			 unsigned int len, unsigned int nrounds)	\
{									\
	ax86_stream_##isa(st, dst, src, len, nrounds);			\
}									\
static void hc_##isa(const u32 st[16], u32 out[8], unsigned int nrounds) \
{									\
	ax86_hchacha_for_##isa(st, out, nrounds);			\
}
WRAP(sse2)
WRAP(ssse3)
WRAP(avx)
WRAP(avx2)
WRAP(avx512vl)
WRAP(avx512)

static const struct {
	const char *isa;
	stream_fn stream;
	hc_fn hc;
} streams[] = {
	{ "sse2", stream_sse2, hc_sse2 },
	{ "ssse3", stream_ssse3, hc_ssse3 },
	{ "avx", stream_avx, hc_avx },
	{ "avx2", stream_avx2, hc_avx2 },
	{ "avx512vl", stream_avx512vl, hc_avx512vl },
	{ "avx512", stream_avx512, hc_avx512 },
};

static u8 in[MAXLEN], want[MAXLEN], got[MAXLEN];

void test_dispatch(void)
{
	unsigned int i, j, n, len, rounds;
	u32 st_a[16], st_b[16], sub_a[8], sub_b[8];
	char group[64], err[128];
	struct rng r;

	for (i = 0; i < ARRAY_SIZE(streams); i++) {
		const struct variant *v = NULL;

		for (j = 0; j < nr_variants; j++)
			if (!strcmp(variants[j].name, streams[i].isa))
				v = &variants[j];
		snprintf(group, sizeof(group), "dispatch-%s", streams[i].isa);
		if (!v || variant_unsupported(v)) {
			report_skip(group, v ? variant_unsupported(v) :
					       "no such variant");
			continue;
		}
		rng_seed(&r, run_seed, group);
		err[0] = 0;
		for (n = 0; n < CASES / cases_scale_div && !err[0]; n++) {
			len = n < 2100 ? n : rng_below(&r, MAXLEN + 1);
			rounds = n & 1 ? 12 : 20;
			rng_fill(&r, st_a, sizeof(st_a));
			rng_fill(&r, in, len);
			memcpy(st_b, st_a, sizeof(st_a));
			ax86_chacha_crypt(st_a, want, in, len, rounds);
			/* both choices of each of chacha_dispatch.h's switches */
			ax86_slow_simd_chains = n & 2;
			ax86_zmm_pairs_on = n & 4;
			streams[i].stream(st_b, got, in, len, rounds);
			if (memcmp(want, got, len) || st_a[12] != st_b[12])
				snprintf(err, sizeof(err),
					 "len %u: %s differs", len,
					 memcmp(want, got, len) ? "output" :
					 "counter");
			ax86_hchacha(st_a, sub_a, rounds);
			streams[i].hc(st_a, sub_b, rounds);
			if (!err[0] && memcmp(sub_a, sub_b, sizeof(sub_a)))
				snprintf(err, sizeof(err), "hchacha%s differs",
					 ax86_slow_simd_chains ?
					 " (slow chains)" : "");
		}
		ax86_slow_simd_chains = false;
		ax86_zmm_pairs_on = false;
		if (err[0])
			report_fail(group, "case %u: %s", n - 1, err);
		else
			report_pass(group, "%u lengths, counter advance, HChaCha; both ways",
				    n);
	}
}
