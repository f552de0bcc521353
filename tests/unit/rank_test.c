// SPDX-License-Identifier: GPL-2.0
/*
 * What the modules' variants parameter says: the rank rule of isa.h (a
 * priority and its reason come from one function; the reason must name
 * the variant the priority really sits just below), and the core names
 * the dispatch headers put beside the functions they pick (each name must
 * be the function the variant calls).
 */
#include <string.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../../arch/x86/crypto/isa.h"
#include "../../arch/x86/crypto/cpu_quirks.h"
#include "harness.h"

#define BASE	400

/* "" if the rank of @isa under these quirks holds together, else why not */
static const char *rank_err(enum ax86_isa isa, bool zmm, bool pshufb)
{
	static char err[160];
	const char *why, *other_why, *reason;
	int p, below, i;
	size_t n;

	p = ax86_rank(BASE, isa, zmm, pshufb, &why);
	if (!why || !*why || strchr(why, ' ') || strlen(why) > 40) {
		snprintf(err, sizeof(err), "%s: rank= field '%s' is no token",
			 ax86_isa_names[isa], why ? why : "(null)");
		return err;
	}
	if (!strcmp(why, "isa")) {
		/* the plain order: newer ISA, higher priority */
		if (p != BASE + 10 * (int)isa) {
			snprintf(err, sizeof(err),
				 "%s: rank=isa but priority %d, not %d",
				 ax86_isa_names[isa], p, BASE + 10 * (int)isa);
			return err;
		}
		return "";
	}
	reason = strchr(why, ':');
	if (strncmp(why, "below-", 6) || !reason) {
		snprintf(err, sizeof(err), "%s: unknown rank=%s",
			 ax86_isa_names[isa], why);
		return err;
	}
	n = reason - why - 6;
	for (below = 0; below < AX86_NR_ISA; below++)
		if (strlen(ax86_isa_names[below]) == n &&
		    !strncmp(why + 6, ax86_isa_names[below], n))
			break;
	if (below == AX86_NR_ISA || below >= (int)isa) {
		snprintf(err, sizeof(err), "%s: rank=%s names no older ISA",
			 ax86_isa_names[isa], why);
		return err;
	}
	/* just below @below: under it, above everything that ranks under it */
	if (p >= ax86_rank(BASE, below, zmm, pshufb, &other_why)) {
		snprintf(err, sizeof(err), "%s: rank=%s but priority %d",
			 ax86_isa_names[isa], why, p);
		return err;
	}
	for (i = 0; i < AX86_NR_ISA; i++) {
		int q = ax86_rank(BASE, i, zmm, pshufb, &other_why);

		if (i != (int)isa && i != below &&
		    q < ax86_rank(BASE, below, zmm, pshufb, &other_why) &&
		    q >= p) {
			snprintf(err, sizeof(err),
				 "%s: rank=%s but %s (%d) ranks between",
				 ax86_isa_names[isa], why, ax86_isa_names[i],
				 q);
			return err;
		}
	}
	return "";
}

static void test_rank_rule(void)
{
	static const struct {
		bool zmm, pshufb;
		/* the rank= field each ISA must get */
		const char *want[AX86_NR_ISA];
	} cpus[] = {
		{ false, false, { "isa", "isa", "isa", "isa", "isa", "isa" } },
		{ true, false, { "isa", "isa", "isa", "isa", "isa",
				 "below-avx2:zmm-downclocks" } },
		{ false, true, { "isa", "below-sse2:slow-pshufb", "isa", "isa",
				 "isa", "isa" } },
		{ true, true, { "isa", "below-sse2:slow-pshufb", "isa", "isa",
				"isa", "below-avx2:zmm-downclocks" } },
	};
	const char *why, *err;
	unsigned int c;
	int isa, checked = 0;

	for (c = 0; c < ARRAY_SIZE(cpus); c++) {
		for (isa = 0; isa < AX86_NR_ISA; isa++) {
			char group[48];

			snprintf(group, sizeof(group), "rank-%s%s%s",
				 ax86_isa_names[isa],
				 cpus[c].zmm ? "-zmm-downclocks" : "",
				 cpus[c].pshufb ? "-slow-pshufb" : "");
			ax86_rank(BASE, isa, cpus[c].zmm, cpus[c].pshufb, &why);
			err = rank_err(isa, cpus[c].zmm, cpus[c].pshufb);
			if (*err) {
				report_fail(group, "%s", err);
			} else if (strcmp(why, cpus[c].want[isa])) {
				report_fail(group, "rank=%s, want %s", why,
					    cpus[c].want[isa]);
			} else {
				checked++;
				continue;
			}
		}
	}
	if (checked == (int)(ARRAY_SIZE(cpus) * AX86_NR_ISA))
		report_pass("rank-rule",
			    "%d ISA x CPU cases: each priority where its rank= says",
			    checked);
}

/* every NH core a variant may name, and its function */
static const struct {
	const char *name;
	ax86_nh_fn fn;
} nh_cores[] = {
	{ "generic", ax86_nh_generic },
	{ "sse2", ax86_nh_sse2 },
	{ "sse2_or_dsum", ax86_nh_sse2_or_dsum },
	{ "avx", ax86_nh_avx },
	{ "avx2", ax86_nh_avx2 },
	{ "avx512", ax86_nh_avx512 },
	{ "avx512_or_avx2", ax86_nh_avx512_or_avx2 },
};

static const char *nh_name_err(const char *isa, const char *name,
			       ax86_nh_fn fn)
{
	static char err[128];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nh_cores); i++)
		if (!strcmp(nh_cores[i].name, name))
			break;
	if (i == ARRAY_SIZE(nh_cores))
		snprintf(err, sizeof(err), "%s: nh=%s is no core", isa, name);
	else if (nh_cores[i].fn != fn)
		snprintf(err, sizeof(err), "%s: nh=%s but calls another NH",
			 isa, name);
	else
		return "";
	return err;
}

/*
 * the names the variants parameter shows, per variant: the ChaCha core
 * (c; cs where SIMD chains are slow, and for the zmm core on the CPUs of
 * the zmm pairs rule), the HChaCha (h; the scalar core wherever SIMD
 * chains are slow) and the NH
 */
#define NAMES(isa, c, cs, h, nh) {					\
	#isa, ax86_stream_core_##isa, ax86_hchacha_core_##isa,		\
	ax86_adiantum_nh_core(isa), ax86_adiantum_nh(isa), c, cs, h, nh	\
}

static void test_core_names(void)
{
	static const struct {
		const char *isa;
		const char *(*chacha)(void);
		const char *(*hchacha)(void);
		const char *nh;
		ax86_nh_fn nh_fn;
		const char *want_chacha, *want_chacha_pairs, *want_hchacha;
		const char *want_nh;
	} v[] = {
		NAMES(sse2, "sse2", "sse2-pairs", "scalar", "sse2_or_dsum"),
		NAMES(ssse3, "ssse3", "ssse3-pairs", "ssse3", "sse2_or_dsum"),
		NAMES(avx, "avx", "avx-pairs", "ssse3", "avx"),
		NAMES(avx2, "avx2", "avx2-pairs", "ssse3", "avx2"),
		NAMES(avx512vl, "avx512vl", "avx512vl", "avx512vl", "avx2"),
		NAMES(avx512, "avx512", "avx512-pairs", "avx512vl",
		      "avx512_or_avx2"),
	};
	const char *err;
	unsigned int i;
	int bad = 0;

	/* the two switches each way: Zen 5 has both, Zen 4 the zmm pairs */
	for (i = 0; i < 4 * ARRAY_SIZE(v); i++) {
		unsigned int k = i % ARRAY_SIZE(v);
		bool slow = (i / ARRAY_SIZE(v)) & 1;
		bool zmm_pairs = (i / ARRAY_SIZE(v)) & 2;
		bool paired = strcmp(v[k].isa, "avx512") ? slow : zmm_pairs;
		const char *want_c = paired ? v[k].want_chacha_pairs :
					      v[k].want_chacha;
		const char *want_h = slow ? "scalar" : v[k].want_hchacha;

		ax86_slow_simd_chains = slow;
		ax86_zmm_pairs_on = zmm_pairs;
		err = nh_name_err(v[k].isa, v[k].nh, v[k].nh_fn);
		if (*err) {
			report_fail("core-names", "%s", err);
			bad = 1;
		} else if (strcmp(v[k].chacha(), want_c) ||
			   strcmp(v[k].hchacha(), want_h) ||
			   strcmp(v[k].nh, v[k].want_nh)) {
			report_fail("core-names",
				    "%s%s%s: chacha=%s hchacha=%s nh=%s, want %s %s %s",
				    v[k].isa, slow ? " (slow chains)" : "",
				    zmm_pairs ? " (zmm pairs)" : "",
				    v[k].chacha(), v[k].hchacha(), v[k].nh,
				    want_c, want_h, v[k].want_nh);
			bad = 1;
		}
	}
	ax86_slow_simd_chains = false;
	ax86_zmm_pairs_on = false;
	err = nh_name_err("generic", ax86_adiantum_nh_core(generic),
			  ax86_adiantum_nh(generic));
	if (*err) {
		report_fail("core-names", "%s", err);
		bad = 1;
	}
	if (!bad)
		report_pass("core-names",
			    "%zu variants, chains fast and slow, zmm pairs or not: each names its cores, nh= the NH it calls",
			    ARRAY_SIZE(v));
}

/* cpu_quirks.h, the SIMD latency rule: Zen 5 and nothing else */
static void test_simd_latency_rule(void)
{
	static const struct {
		bool amd;
		unsigned int family;
		bool want;
	} c[] = {
		{ true, 0x1a, true },	/* Zen 5 */
		{ true, 0x19, false },	/* Zen 3, Zen 4 */
		{ true, 0x17, false },	/* Zen 1, Zen 2 */
		{ true, 0x16, false },	/* Jaguar */
		{ false, 0x1a, false },
		{ false, 6, false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		if (ax86_simd_latency2_cpu(c[i].amd, c[i].family) != c[i].want) {
			report_fail("simd-latency-rule", "%s family %#x: %d",
				    c[i].amd ? "AMD" : "other", c[i].family,
				    !c[i].want);
			return;
		}
	report_pass("simd-latency-rule", "%zu CPUs: scalar HChaCha on Zen 5 only",
		    ARRAY_SIZE(c));
}

/* cpu_quirks.h, the zmm ChaCha pairs rule: Zen 5 and Zen 4 */
static void test_zmm_pairs_rule(void)
{
	static const struct {
		bool amd;
		unsigned int family, model;
		bool want;
	} c[] = {
		{ true, 0x1a, 0x02, true },	/* Zen 5: Turin */
		{ true, 0x1a, 0x44, true },	/* Granite Ridge */
		{ true, 0x19, 0x11, true },	/* Zen 4: Genoa */
		{ true, 0x19, 0x10, true },
		{ true, 0x19, 0x1f, true },
		{ true, 0x19, 0x61, true },	/* Raphael */
		{ true, 0x19, 0x74, true },	/* Phoenix */
		{ true, 0x19, 0xa0, true },	/* Bergamo */
		{ true, 0x19, 0xaf, true },
		{ true, 0x19, 0x01, false },	/* Zen 3: Milan */
		{ true, 0x19, 0x21, false },	/* Vermeer */
		{ true, 0x19, 0x50, false },	/* Cezanne */
		{ true, 0x19, 0x5f, false },
		{ true, 0x19, 0x80, false },
		{ true, 0x19, 0xb0, false },
		{ true, 0x17, 0x31, false },	/* Zen 2 */
		{ true, 0x16, 0x00, false },	/* Jaguar */
		{ false, 0x19, 0x11, false },
		{ false, 0x1a, 0x02, false },
		{ false, 6, 0xcf, false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		if (ax86_zmm_pairs_cpu(c[i].amd, c[i].family, c[i].model) !=
		    c[i].want) {
			report_fail("zmm-pairs-rule",
				    "%s family %#x model %#x: %d",
				    c[i].amd ? "AMD" : "other", c[i].family,
				    c[i].model, !c[i].want);
			return;
		}
	report_pass("zmm-pairs-rule", "%zu CPUs: the paired zmm ChaCha core on Zen 5 and Zen 4 only",
		    ARRAY_SIZE(c));
}

/* cpu_quirks.h, the SSE2 Poly1305 rule: Bonnell, Saltwell and Zen 4 */
static void test_poly_sse2_rule(void)
{
	static const struct {
		bool intel, amd;
		unsigned int family, model;
		bool want;
	} c[] = {
		{ true, false, 6, 0x1c, true },		/* Bonnell */
		{ true, false, 6, 0x36, true },		/* Saltwell */
		{ true, false, 6, 0x37, false },	/* Silvermont */
		{ true, false, 6, 0xcf, false },
		{ true, false, 0x19, 0x11, false },
		{ false, true, 0x19, 0x11, true },	/* Zen 4: Genoa */
		{ false, true, 0x19, 0x10, true },
		{ false, true, 0x19, 0x1f, true },
		{ false, true, 0x19, 0x61, true },	/* Raphael */
		{ false, true, 0x19, 0x74, true },	/* Phoenix */
		{ false, true, 0x19, 0xa0, true },	/* Bergamo */
		{ false, true, 0x19, 0x01, false },	/* Zen 3: Milan */
		{ false, true, 0x19, 0x21, false },	/* Vermeer */
		{ false, true, 0x19, 0x50, false },	/* Cezanne */
		{ false, true, 0x19, 0x80, false },
		{ false, true, 0x1a, 0x02, false },	/* Zen 5 */
		{ false, true, 0x17, 0x31, false },	/* Zen 2 */
		{ false, true, 0x16, 0x00, false },	/* Jaguar */
		{ false, true, 6, 0x1c, false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		if (ax86_poly_sse2_cpu(c[i].intel, c[i].amd, c[i].family,
				       c[i].model) != c[i].want) {
			report_fail("poly-sse2-rule", "%s family %#x model %#x: %d",
				    c[i].intel ? "Intel" : c[i].amd ? "AMD" :
				    "other", c[i].family, c[i].model,
				    !c[i].want);
			return;
		}
	report_pass("poly-sse2-rule", "%zu CPUs: SSE2 Poly1305 on Bonnell, Saltwell and Zen 4 only",
		    ARRAY_SIZE(c));
}

void test_rank(void)
{
	test_simd_latency_rule();
	test_zmm_pairs_rule();
	test_poly_sse2_rule();
	test_rank_rule();
	test_core_names();
}
