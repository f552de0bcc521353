// SPDX-License-Identifier: GPL-2.0
/*
 * Every SIMD routine of arch/x86/crypto/ with the CPU features it executes,
 * and every variant with the features the glue checks before registering
 * it (isa_needs.h, the kernel's own list) and the routines its drivers run.
 */
#include <string.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../../arch/x86/crypto/asm_cores.h"
#include "../../arch/x86/crypto/isa_needs.h"
#include "../../arch/x86/crypto/cpu_quirks.h"
#include "harness.h"

/*
 * Each ChaCha core with this thread's scratch area, as the dispatch
 * (chacha_dispatch.h) passes it: the tests' chacha_xor_fn has no such
 * argument.
 */
#define CHACHA_CORE(isa)						\
static void chacha_##isa(const u32 state[16], u8 *dst, const u8 *src,	\
			 unsigned int len, unsigned int nrounds)	\
{									\
	ax86_chacha_xor_##isa(state, dst, src, len, nrounds,		\
			      ax86_chacha_scratch());			\
}
CHACHA_CORE(sse2)
CHACHA_CORE(sse2_pairs)
CHACHA_CORE(ssse3)
CHACHA_CORE(ssse3_pairs)
CHACHA_CORE(avx)
CHACHA_CORE(avx_pairs)
CHACHA_CORE(avx2)
CHACHA_CORE(avx2_pairs)
CHACHA_CORE(avx512vl)
CHACHA_CORE(avx512)
CHACHA_CORE(avx512_pairs)

const struct variant variants[] = {
	{ "sse2", AX86_NEEDS_SSE2, chacha_sse2, ax86_hchacha_scalar,
	  ax86_nh_sse2,
	  "chacha_xor_sse2 chacha_xor_sse2_pairs hchacha_scalar nh_sse2 poly1305_x86_64" },
	{ "ssse3", AX86_NEEDS_SSSE3, chacha_ssse3, ax86_hchacha_ssse3,
	  NULL, "chacha_xor_ssse3 chacha_xor_ssse3_pairs hchacha_ssse3" },
	{ "avx", AX86_NEEDS_AVX, chacha_avx, NULL, ax86_nh_avx,
	  "chacha_xor_avx chacha_xor_avx_pairs hchacha_ssse3 nh_avx poly1305_x86_64" },
	{ "avx2", AX86_NEEDS_AVX2, chacha_avx2, NULL, ax86_nh_avx2,
	  "chacha_xor_avx2 chacha_xor_avx2_pairs hchacha_ssse3 nh_avx2 poly1305_x86_64" },
	/* the cores as these variants run them on Zen 5 */
	{ "sse2-pairs", AX86_NEEDS_SSE2, chacha_sse2_pairs, NULL, NULL,
	  "chacha_xor_sse2_pairs hchacha_scalar" },
	{ "ssse3-pairs", AX86_NEEDS_SSSE3, chacha_ssse3_pairs, NULL,
	  NULL, "chacha_xor_ssse3_pairs hchacha_scalar" },
	{ "avx-pairs", AX86_NEEDS_AVX, chacha_avx_pairs, NULL, NULL,
	  "chacha_xor_avx_pairs hchacha_scalar" },
	{ "avx2-pairs", AX86_NEEDS_AVX2, chacha_avx2_pairs, NULL, NULL,
	  "chacha_xor_avx2_pairs hchacha_scalar" },
	{ "avx512-pairs", AX86_NEEDS_AVX512, chacha_avx512_pairs, NULL,
	  NULL, "chacha_xor_avx512_pairs hchacha_scalar" },
	{ "avx512vl", AX86_NEEDS_AVX512, chacha_avx512vl,
	  ax86_hchacha_avx512vl, NULL,
	  "chacha_xor_avx512vl hchacha_avx512vl" },
	/* the SSE2 NH as the slow-paddq CPUs run it (cpu_quirks.h) */
	{ "sse2-dsum", AX86_NEEDS_SSE2, NULL, NULL, ax86_nh_sse2_dsum,
	  "nh_sse2_dsum" },
	{ "avx512", AX86_NEEDS_AVX512, chacha_avx512, NULL,
	  ax86_nh_avx512,
	  "chacha_xor_avx512 chacha_xor_avx512_pairs chacha_xor_avx512vl hchacha_avx512vl nh_avx512 poly1305_x86_64" },
};

const unsigned int nr_variants = ARRAY_SIZE(variants);

/* the instructions in each routine, by the feature that provides them */
static const struct {
	const char *name, *uses;
} routines[] = {
	{ "chacha_xor_sse2", "sse2" },
	{ "chacha_xor_sse2_pairs", "sse2" },
	{ "chacha_xor_ssse3", "sse2 ssse3" },		/* pshufb */
	{ "chacha_xor_ssse3_pairs", "sse2 ssse3" },
	{ "hchacha_ssse3", "sse2 ssse3" },
	{ "hchacha_avx512vl", "avx avx512f avx512vl" },	/* vprold on xmm */
	{ "hchacha_scalar", "" },			/* add, xor, rol */
	{ "chacha_xor_avx", "avx" },			/* VEX on xmm */
	{ "chacha_xor_avx_pairs", "avx" },
	{ "chacha_xor_avx2", "avx avx2" },
	{ "chacha_xor_avx2_pairs", "avx avx2" },
	{ "chacha_xor_avx512vl", "avx avx2 avx512f avx512vl avx512bw bmi2" },
	{ "chacha_xor_avx512", "avx avx2 avx512f avx512vl avx512bw bmi2" },
	{ "chacha_xor_avx512_pairs", "avx avx2 avx512f avx512vl avx512bw bmi2" },
	{ "nh_sse2", "sse2" },
	{ "nh_sse2_dsum", "sse2" },
	{ "nh_avx", "avx" },
	{ "nh_avx2", "avx avx2" },
	{ "nh_avx512", "avx avx2 avx512f avx512vl avx512bw bmi2" },
	{ "poly1305_x86_64", "" },			/* mul, cmov */
	{ "aes_vperm", "sse2 ssse3" },			/* pshufb */
	{ "aes_ct", "" },				/* portable C */
};

static bool has_word(const char *list, const char *word, size_t len)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, " ");

		if (n == len && !strncmp(p, word, len))
			return true;
		p += n + (p[n] == ' ');
	}
	return false;
}

/* the features @v's drivers are registered for cover all they execute */
static const char *needs_cover(const struct variant *v)
{
	static char why[160];
	const char *r = v->runs, *u;
	size_t n, m;
	int i;

	for (; *r; r += n + (r[n] == ' ')) {
		n = strcspn(r, " ");
		for (i = 0; i < (int)ARRAY_SIZE(routines); i++)
			if (strlen(routines[i].name) == n &&
			    !strncmp(routines[i].name, r, n))
				break;
		if (i == (int)ARRAY_SIZE(routines)) {
			snprintf(why, sizeof(why), "unknown routine %.*s",
				 (int)n, r);
			return why;
		}
		for (u = routines[i].uses; *u; u += m + (u[m] == ' ')) {
			m = strcspn(u, " ");
			if (!has_word(v->needs, u, m)) {
				snprintf(why, sizeof(why),
					 "%s runs %s, which needs %.*s",
					 v->name, routines[i].name, (int)m, u);
				return why;
			}
		}
	}
	return NULL;
}

void test_isa_needs(void)
{
	static const unsigned char want[] = {
		0x55, 0x6a, 0x6c, 0x7d, 0x7e, 0x9d, 0x8c, 0x8d
	};
	unsigned int i;
	const char *err;

	for (i = 0; i < nr_variants; i++) {
		char group[48];

		snprintf(group, sizeof(group), "isa-needs-%s", variants[i].name);
		err = needs_cover(&variants[i]);
		if (err)
			report_fail(group, "%s", err);
		else
			report_pass(group, "checked at load: %s",
				    variants[i].needs);
	}
	/*
	 * the AES form each whole-construction variant runs without AES-NI
	 * (adiantum_dispatch.h) executes only what the variant is checked for
	 */
#define AES_FORM(isa, needs) { #isa, needs, NULL, NULL, NULL,		\
			       "aes_" ax86_adiantum_aes_name(isa) }
	static const struct variant aes_forms[] = {
		AES_FORM(sse2, AX86_NEEDS_SSE2),
		AES_FORM(ssse3, AX86_NEEDS_SSSE3),
		AES_FORM(avx, AX86_NEEDS_AVX),
		AES_FORM(avx2, AX86_NEEDS_AVX2),
		AES_FORM(avx512vl, AX86_NEEDS_AVX512),
		AES_FORM(avx512, AX86_NEEDS_AVX512),
	};
#undef AES_FORM
	for (i = 0; i < ARRAY_SIZE(aes_forms); i++) {
		char group[48];

		snprintf(group, sizeof(group), "isa-needs-aes-%s",
			 aes_forms[i].name);
		err = needs_cover(&aes_forms[i]);
		if (err)
			report_fail(group, "%s", err);
		else
			report_pass(group, "%s, checked at load: %s",
				    aes_forms[i].runs, aes_forms[i].needs);
	}
	static const unsigned char atoms[] = {
		0x1c, 0x26, 0x27, 0x35, 0x36, 0x37, 0x4a, 0x4d, 0x5a, 0x5d,
		0x4c, 0x75
	};

	if (sizeof(atoms) == sizeof(ax86_slow_pshufb_models) &&
	    !memcmp(atoms, ax86_slow_pshufb_models, sizeof(atoms)) &&
	    AX86_SLOW_PSHUFB_AMD_FAMILY == 0x16)
		report_pass("slow-pshufb-models",
			    "%zu Atom models and AMD family 0x16 (Jaguar, Puma) rank SSE2 above SSSE3",
			    sizeof(atoms));
	else
		report_fail("slow-pshufb-models",
			    "the list is not Bonnell, Saltwell, Silvermont, Airmont, and AMD 0x16");
	static const unsigned char slm[] = {
		0x37, 0x4a, 0x4d, 0x5a, 0x5d, 0x4c, 0x75
	};

	if (sizeof(slm) == sizeof(ax86_slow_paddq_models) &&
	    !memcmp(slm, ax86_slow_paddq_models, sizeof(slm)))
		report_pass("slow-paddq-models",
			    "%zu Silvermont and Airmont models hash with NH's 32-bit sums",
			    sizeof(slm));
	else
		report_fail("slow-paddq-models",
			    "the list is not Silvermont and Airmont");
	static const unsigned char in_order[] = {
		0x1c, 0x26, 0x27, 0x35, 0x36
	};

	if (sizeof(in_order) == sizeof(ax86_slow_mul64_models) &&
	    !memcmp(in_order, ax86_slow_mul64_models, sizeof(in_order)))
		report_pass("slow-mul64-models",
			    "%zu Bonnell and Saltwell models run Poly1305 in SSE2",
			    sizeof(in_order));
	else
		report_fail("slow-mul64-models",
			    "the list is not Bonnell and Saltwell");
	/* the kernel's zmm exclusion list, for kernels without PREFER_YMM */
	if (sizeof(want) == sizeof(ax86_zmm_downclock_models) &&
	    !memcmp(want, ax86_zmm_downclock_models, sizeof(want)))
		report_pass("zmm-models", "%zu Intel models prefer ymm",
			    sizeof(want));
	else
		report_fail("zmm-models",
			    "the list is not Skylake-X, Ice Lake-X/-D/-/-L/NNPI, Tiger Lake-L/-");
}
