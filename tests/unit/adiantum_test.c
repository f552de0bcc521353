// SPDX-License-Identifier: GPL-2.0
/*
 * The whole Adiantum construction: the portable composition (crypto/
 * adiantum.h with the portable cores and OpenSSL's AES) against the kernel's
 * own vectors, the AES-NI block against OpenSSL, and every SIMD variant of
 * adiantum_dispatch.h against the portable composition: every length
 * 16..4160 flush against unmapped pages, random lengths up to 64 KiB,
 * misaligned and in place, one pass (with AES-NI where the host has it, or
 * the variant's own constant-time AES) and the glue's step by step path.
 */
#include <string.h>

#include <openssl/evp.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../../crypto/adiantum_kat.h"
#include "../../tools/common/testmgr.h"
#include "harness.h"

#define MAX_LEN		(64 * 1024 + 64)
#define RANDOM_CASES	20000

/* OpenSSL's AES-256 for the reference: one context each way */
struct ossl_aes {
	EVP_CIPHER_CTX *enc, *dec;
};

static void ossl_aes_setkey(struct ossl_aes *a, const u8 key[32])
{
	a->enc = EVP_CIPHER_CTX_new();
	a->dec = EVP_CIPHER_CTX_new();
	EVP_EncryptInit_ex(a->enc, EVP_aes_256_ecb(), NULL, key, NULL);
	EVP_DecryptInit_ex(a->dec, EVP_aes_256_ecb(), NULL, key, NULL);
	EVP_CIPHER_CTX_set_padding(a->enc, 0);
	EVP_CIPHER_CTX_set_padding(a->dec, 0);
}

static void ossl_aes_free(struct ossl_aes *a)
{
	EVP_CIPHER_CTX_free(a->enc);
	EVP_CIPHER_CTX_free(a->dec);
}

static void ossl_aes_block(const void *aes, u8 out[16], const u8 in[16],
			   bool enc)
{
	const struct ossl_aes *a = aes;
	int n;

	EVP_CipherUpdate(enc ? a->enc : a->dec, out, &n, in, 16);
}

/* a key both ways: our key schedule, OpenSSL's AES, the library's round keys */
struct tkey {
	struct ax86_adiantum_key k;
	struct ossl_aes ossl;
	struct ax86_aesni_key ni;
	bool have_ni;
};

static bool host_has_aesni(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("aes");
}

static void tkey_set(struct tkey *t, const u8 raw[32], unsigned int nrounds)
{
	u8 derived[AX86_ADIANTUM_DERIVED_BYTES], aes_key[32];

	ax86_adiantum_setkey(&t->k, raw, 32, nrounds, derived, aes_key);
	ossl_aes_setkey(&t->ossl, aes_key);
	t->have_ni = host_has_aesni();
	aes256_schedule(aes_key, (u8 *)t->ni.enc, (u8 *)t->ni.dec);
	ax86_aesni_key_forms(&t->ni);
}

/* the portable composition: what the glue runs without the FPU */
static void ref_crypt(const struct tkey *t, u8 *dst, const u8 *src,
		      unsigned int len, const u8 tweak[32], bool enc)
{
	ax86_adiantum_crypt(&t->k, &t->ossl, dst, src, len, tweak, enc,
			    ossl_aes_block, NULL, ax86_chacha_crypt, ax86_hchacha,
			    ax86_nh_generic, ax86_poly1305_emit_scalar);
}

typedef void (*crypt_fn)(const struct ax86_adiantum_key *key,
			 const void *aes, ax86_aes_fn aes_fn,
			 ax86_aes_dec_hchacha_fn dec_hchacha, u8 *dst,
			 const u8 *src, unsigned int len, const u8 tweak[32],
			 bool enc);
typedef void (*steps_fn)(const struct tkey *t, u8 *dst, const u8 *src,
			 unsigned int len, const u8 tweak[32], bool enc,
			 unsigned int chunk);

/*
 * The glue's path for messages of more than one FPU section: L hashed and
 * then XORed in pieces of @chunk bytes (a multiple of 64).
 */
#define STEPS(isa)							\
static void crypt_##isa(const struct ax86_adiantum_key *key,		\
			const void *aes, ax86_aes_fn aes_fn,		\
			ax86_aes_dec_hchacha_fn dec_hchacha, u8 *dst,	\
			const u8 *src, unsigned int len,		\
			const u8 tweak[32], bool enc)			\
{									\
	ax86_adiantum_crypt_##isa(key, aes, aes_fn, dec_hchacha, dst,	\
				  src, len, tweak, enc);		\
}									\
static void steps_##isa(const struct tkey *t, u8 *dst, const u8 *src,	\
			unsigned int len, const u8 tweak[32], bool enc,	\
			unsigned int chunk)				\
{									\
	unsigned int bulk = len - 16, off, n;				\
	struct ax86_adiantum_req rq;					\
	u8 r[16];							\
									\
	memcpy(r, src + bulk, 16);					\
	ax86_adiantum_begin(&rq, &t->k, bulk, tweak);			\
	for (off = 0; off < bulk; off += n) {				\
		n = bulk - off < chunk ? bulk - off : chunk;		\
		ax86_adiantum_hash_##isa(&rq, &t->k, src + off, n);	\
	}								\
	ax86_adiantum_middle_##isa(&rq, &t->k, r, enc, &t->ni,		\
				   ax86_adiantum_aes_block(isa),	\
				   ax86_adiantum_aes_dec_hchacha_block(isa)); \
	for (off = 0; off < bulk; off += n) {				\
		n = bulk - off < chunk ? bulk - off : chunk;		\
		ax86_adiantum_xor_##isa(&rq, &t->k, dst + off, src + off, n); \
	}								\
	ax86_adiantum_end_##isa(&rq, &t->k, r);				\
	memcpy(dst + bulk, r, 16);					\
}
STEPS(sse2)
STEPS(ssse3)
STEPS(avx)
STEPS(avx2)
STEPS(avx512vl)
STEPS(avx512)

/*
 * each variant's AES without AES-NI, adiantum_dispatch.h's choice, and its
 * decryption beside HChaCha (the steps take the same)
 */
#define SIMD(isa) { #isa, crypt_##isa, steps_##isa,			\
		    ax86_adiantum_aes_block(isa),				\
		    ax86_adiantum_aes_dec_hchacha_block(isa) }

static const struct {
	const char *name;
	crypt_fn crypt;
	steps_fn steps;
	ax86_aes_fn aes;
	ax86_aes_dec_hchacha_fn dec;
} simd[] = {
	SIMD(sse2), SIMD(ssse3), SIMD(avx), SIMD(avx2), SIMD(avx512vl),
	SIMD(avx512),
};

static const struct variant *find_variant(const char *name)
{
	unsigned int i;

	for (i = 0; i < nr_variants; i++)
		if (!strcmp(variants[i].name, name))
			return &variants[i];
	return NULL;
}

/*
 * The AES-NI blocks on the kernel library's layout of the round keys
 * (aes_schedule.c), against OpenSSL
 */
static void test_aesni(void)
{
	static const char group[] = "aesni-aes256";
	struct rng r;
	unsigned int i;

	if (!host_has_aesni()) {
		report_skip(group, "host CPU lacks aes");
		return;
	}
	rng_seed(&r, run_seed, group);
	for (i = 0; i < 20000; i++) {
		struct ax86_aesni_key ni;
		struct ossl_aes o;
		u8 key[32], in[16], a[16], b[16];

		rng_fill(&r, key, sizeof(key));
		rng_fill(&r, in, sizeof(in));
		aes256_schedule(key, (u8 *)ni.enc, (u8 *)ni.dec);
		ossl_aes_setkey(&o, key);
		ax86_aesni_block(&ni, a, in, true);
		ossl_aes_block(&o, b, in, true);
		if (memcmp(a, b, 16)) {
			ossl_aes_free(&o);
			report_fail(group, "encryption differs, case %u", i);
			return;
		}
		ax86_aesni_block(&ni, a, in, false);
		ossl_aes_block(&o, b, in, false);
		ossl_aes_free(&o);
		if (memcmp(a, b, 16)) {
			report_fail(group, "decryption differs, case %u", i);
			return;
		}
	}
	report_cases(group, i, "");
}

/* the kernel's vectors through the portable composition and each variant */
static void test_testmgr(const char *path, const char *alg,
			 const char *tmpl, unsigned int nrounds)
{
	struct tm_vector *vec;
	char group[64];
	unsigned int s;
	int n, i;

	snprintf(group, sizeof(group), "testmgr %s", alg);
	n = path ? testmgr_load(path, tmpl, &vec) : -ENOENT;
	if (n <= 0) {
		report_fail(group, "no vectors read from %s (%d)",
			    path ? path : "(no --testmgr given)", n);
		return;
	}
	for (s = 0; s <= ARRAY_SIZE(simd); s++) {
		const struct variant *v = s ? find_variant(simd[s - 1].name) :
					      NULL;
		int bad = -1;

		snprintf(group, sizeof(group), "testmgr %s-%s", alg,
			 v ? v->name : "generic");
		if (v && variant_unsupported(v)) {
			report_skip(group, variant_unsupported(v));
			continue;
		}
		for (i = 0; i < n && bad < 0; i++) {
			const struct tm_field *key = tm_get(&vec[i], "key");
			const struct tm_field *iv = tm_get(&vec[i], "iv");
			const struct tm_field *pt = tm_get(&vec[i], "ptext");
			const struct tm_field *ct = tm_get(&vec[i], "ctext");
			const struct tm_field *len = tm_get(&vec[i], "len");
			struct tkey t;
			u8 out[8192];

			if (!key || key->nbytes != 32 || !iv ||
			    iv->nbytes != 32 || !pt || !ct || !len ||
			    len->num < 16 || len->num > (long)sizeof(out) ||
			    pt->nbytes < (size_t)len->num ||
			    ct->nbytes < (size_t)len->num) {
				bad = i;
				break;
			}
			tkey_set(&t, key->bytes, nrounds);
			if (v)
				simd[s - 1].crypt(&t.k, &t.ossl, ossl_aes_block,
						  NULL, out, pt->bytes, len->num,
						  iv->bytes, true);
			else
				ref_crypt(&t, out, pt->bytes, len->num,
					  iv->bytes, true);
			if (memcmp(out, ct->bytes, len->num))
				bad = i;
			if (v)
				simd[s - 1].crypt(&t.k, &t.ossl, ossl_aes_block,
						  NULL, out, ct->bytes, len->num,
						  iv->bytes, false);
			else
				ref_crypt(&t, out, ct->bytes, len->num,
					  iv->bytes, false);
			if (memcmp(out, pt->bytes, len->num))
				bad = i;
			ossl_aes_free(&t.ossl);
		}
		if (bad >= 0)
			report_fail(group, "vector %d of %d wrong", bad, n);
		else
			report_pass(group, "%d vectors, both directions", n);
	}
	testmgr_free(vec, n);
}

/*
 * One case: @len bytes at offsets @soff/@doff (or in place), compared with
 * the portable composition both ways, one pass (with AES-NI, where the host
 * has it, or the variant's constant-time AES) and step by step; every
 * buffer's guards intact.
 */
static const char *one_case(unsigned int s, const struct tkey *t,
			    struct rng *r, unsigned int len, unsigned int soff,
			    unsigned int doff, bool in_place)
{
	static u8 ref[MAX_LEN], plain[MAX_LEN];
	struct gbuf sb, db;
	const char *err = NULL;
	u8 tweak[32];
	bool enc = rng_below(r, 2);
	u8 *out;

	rng_fill(r, tweak, sizeof(tweak));
	gbuf_alloc(&sb, len, soff);
	rng_fill(r, sb.p, len);
	memcpy(plain, sb.p, len);
	ref_crypt(t, ref, plain, len, tweak, enc);
	if (!in_place)
		gbuf_alloc(&db, len, doff);
	out = in_place ? sb.p : db.p;

	if (t->have_ni && rng_below(r, 2))
		simd[s].crypt(&t->k, &t->ni, ax86_aesni_block, NULL, out, sb.p,
			      len, tweak, enc);
	else
		simd[s].crypt(&t->k, &t->ni, simd[s].aes, simd[s].dec, out,
			      sb.p, len, tweak, enc);
	if (memcmp(out, ref, len))
		err = "one pass differs from the portable composition";
	else if (!in_place && memcmp(sb.p, plain, len))
		err = "one pass wrote its source";

	if (!err) {
		memcpy(sb.p, plain, len);
		simd[s].steps(t, out, sb.p, len, tweak, enc,
			      64 * (1 + rng_below(r, 80)));
		if (memcmp(out, ref, len))
			err = "steps differ from the portable composition";
	}
	if (!err) {
		/* and back */
		simd[s].crypt(&t->k, &t->ni, simd[s].aes, simd[s].dec, out,
			      out, len, tweak, !enc);
		if (memcmp(out, plain, len))
			err = "the inverse direction does not restore the input";
	}
	if (!gbuf_guards_ok(&sb) || (!in_place && !gbuf_guards_ok(&db)))
		err = "wrote outside its buffers";
	gbuf_free(&sb);
	if (!in_place)
		gbuf_free(&db);
	return err;
}

static void test_variant(unsigned int s, const char *alg,
			 unsigned int nrounds)
{
	const struct variant *v = find_variant(simd[s].name);
	char group[64], err[160] = "";
	unsigned long cases = 0;
	unsigned int len, i, n;
	struct tkey t;
	u8 raw[32];
	struct rng r;
	const char *e = NULL;

	snprintf(group, sizeof(group), "adiantum-%s-%s", alg, simd[s].name);
	if (!v || variant_unsupported(v)) {
		report_skip(group, v ? variant_unsupported(v) : "no variant");
		return;
	}
	rng_seed(&r, run_seed, group);
	rng_fill(&r, raw, sizeof(raw));
	tkey_set(&t, raw, nrounds);

	/* every length, flush against unmapped pages both ways */
	for (len = 16; len <= 4160 && !e; len++, cases++) {
		u8 *src = edge_buf(0, len, len & 1);
		u8 *dst = edge_buf(1, len, !(len & 1));
		u8 tweak[32];
		static u8 ref[4160];

		rng_fill(&r, tweak, sizeof(tweak));
		rng_fill(&r, src, len);
		ref_crypt(&t, ref, src, len, tweak, len & 2);
		/*
		 * both choices of each of chacha_dispatch.h's switches,
		 * both NH choices of the zmm variant (adiantum_dispatch.h),
		 * of the SSE2 NH (nh_dispatch.h) and of Poly1305
		 * (adiantum_dispatch.h)
		 */
		ax86_slow_simd_chains = len & 4;
		ax86_zmm_pairs_on = len & 64;
		ax86_short_nh_ymm_on = len & 8;
		ax86_nh_dsum_on = len & 16;
		ax86_poly_sse2_on = len & 32;
		simd[s].crypt(&t.k, &t.ni, simd[s].aes, simd[s].dec, dst, src,
			      len, tweak, len & 2);
		if (memcmp(dst, ref, len))
			e = "differs at an edge length";
	}
	if (e)
		snprintf(err, sizeof(err), "%s: length %u", e, len - 1);

	n = RANDOM_CASES / cases_scale_div;
	for (i = 0; i < n && !err[0]; i++, cases++) {
		unsigned int soff = rng_below(&r, 64), doff = rng_below(&r, 64);
		bool in_place = rng_below(&r, 4) == 0;

		if (i % 500 == 0) {	/* a new key now and then */
			ossl_aes_free(&t.ossl);
			rng_fill(&r, raw, sizeof(raw));
			tkey_set(&t, raw, nrounds);
		}
		len = rng_below(&r, 8) ? 16 + rng_below(&r, 4200) :
					 16 + rng_below(&r, MAX_LEN - 16 + 1);
		ax86_slow_simd_chains = i & 1;
		ax86_zmm_pairs_on = i & 16;
		ax86_short_nh_ymm_on = i & 2;
		ax86_nh_dsum_on = i & 4;
		ax86_poly_sse2_on = i & 8;
		e = one_case(s, &t, &r, len, soff, doff, in_place);
		if (e)
			snprintf(err, sizeof(err),
				 "%s: length %u, offsets %u/%u%s", e, len, soff,
				 doff, in_place ? ", in place" : "");
	}
	ax86_slow_simd_chains = false;
	ax86_zmm_pairs_on = false;
	ax86_short_nh_ymm_on = false;
	ax86_nh_dsum_on = false;
	ax86_poly_sse2_on = false;
	ossl_aes_free(&t.ossl);
	report_cases(group, cases, err);
}

/*
 * The step API leaves nothing of a message in its request: the XChaCha
 * state (its subkey), H_T and M are wiped by ax86_adiantum_end(), the hash
 * by the NHPoly1305 final inside it.  @rq starts as 0xaa everywhere.
 */
static void test_req_wiped(void)
{
	static const char group[] = "adiantum-req-wiped";
	u8 raw[32], tweak[32], msg[600], r[16];
	struct ax86_adiantum_req rq;
	unsigned int i, bulk = sizeof(msg) - 16;
	struct tkey t;
	struct rng g;

	rng_seed(&g, run_seed, group);
	rng_fill(&g, raw, sizeof(raw));
	rng_fill(&g, tweak, sizeof(tweak));
	rng_fill(&g, msg, sizeof(msg));
	tkey_set(&t, raw, 12);
	memset(&rq, 0xaa, sizeof(rq));
	memcpy(r, msg + bulk, 16);
	ax86_adiantum_begin(&rq, &t.k, bulk, tweak);
	ax86_adiantum_hash_generic(&rq, &t.k, msg, bulk);
	ax86_adiantum_middle_generic(&rq, &t.k, r, true, &t.ossl,
				     ossl_aes_block, NULL);
	ax86_adiantum_xor_generic(&rq, &t.k, msg, msg, bulk);
	ax86_adiantum_end_generic(&rq, &t.k, r);
	ossl_aes_free(&t.ossl);
	for (i = 0; i < sizeof(rq); i++)
		if (((u8 *)&rq)[i]) {
			report_fail(group, "byte %u of %zu not wiped", i,
				    sizeof(rq));
			return;
		}
	report_pass(group, "all %zu bytes zero after a message", sizeof(rq));
}

/*
 * The adiantum module's load-time known answers (crypto/adiantum_kat.h):
 * the portable composition gives them, and every variant gives the same
 * ciphertext and restores the message, one pass and step by step.
 */
static void test_own_kat(void)
{
	static const unsigned int lens[] = AX86_ADIANTUM_KAT_LENS;
	static u8 msg[AX86_ADIANTUM_KAT_MAX], ct[AX86_ADIANTUM_KAT_MAX],
		  out[AX86_ADIANTUM_KAT_MAX];
	u8 raw[AX86_ADIANTUM_KEY_SIZE], tweak[AX86_ADIANTUM_IV_SIZE];
	unsigned int i, r, s, cases = 0;
	const char *group = "adiantum-own-kat";
	struct tkey t;
	u64 fold;

	for (r = 0; r < 2; r++) {
		for (i = 0; i < AX86_ADIANTUM_KAT_NR_LENS; i++) {
			ax86_adiantum_kat_inputs(raw, tweak, msg, lens[i]);
			tkey_set(&t, raw, r ? 20 : 12);
			ref_crypt(&t, ct, msg, lens[i], tweak, true);
			fold = ax86_adiantum_kat_fold(ct, lens[i]);
			if (fold != ax86_adiantum_kat_answers[r][i]) {
				report_fail(group,
					    "%u rounds, %u bytes: fold 0x%016llxull, header says 0x%016llxull",
					    r ? 20 : 12, lens[i],
					    (unsigned long long)fold,
					    (unsigned long long)ax86_adiantum_kat_answers[r][i]);
				return;
			}
			for (s = 0; s < ARRAY_SIZE(simd); s++) {
				const struct variant *v =
					find_variant(simd[s].name);

				if (!v || variant_unsupported(v))
					continue;
				simd[s].crypt(&t.k, &t.ossl, ossl_aes_block,
					      NULL, out, msg, lens[i], tweak,
					      true);
				if (memcmp(out, ct, lens[i])) {
					report_fail(group, "%s differs, %u bytes",
						    simd[s].name, lens[i]);
					return;
				}
				simd[s].steps(&t, out, ct, lens[i], tweak,
					      false, 512);
				if (memcmp(out, msg, lens[i])) {
					report_fail(group,
						    "%s steps do not decrypt, %u bytes",
						    simd[s].name, lens[i]);
					return;
				}
				cases++;
			}
			ossl_aes_free(&t.ossl);
		}
	}
	report_pass(group, "the load-time answers, and %u variant cases agree",
		    cases);
}

void test_adiantum(const char *testmgr)
{
	unsigned int s;

	test_own_kat();
	test_req_wiped();
	test_aesni();
	test_testmgr(testmgr, "adiantum-xchacha12-aes",
		     "adiantum_xchacha12_aes_tv_template", 12);
	test_testmgr(testmgr, "adiantum-xchacha20-aes",
		     "adiantum_xchacha20_aes_tv_template", 20);
	for (s = 0; s < ARRAY_SIZE(simd); s++) {
		test_variant(s, "xchacha12", 12);
		test_variant(s, "xchacha20", 20);
	}
}
