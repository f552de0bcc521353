// SPDX-License-Identifier: GPL-2.0
/*
 * Known answers: RFC 8439 (ChaCha20 block, Poly1305), draft-irtf-cfrg-xchacha
 * (HChaCha20), every chacha20/xchacha20/xchacha12/nhpoly1305 vector of the
 * kernel's crypto/testmgr.h, and OpenSSL as an independent second opinion
 * on the portable ChaCha20 and Poly1305.
 */
#include <string.h>

#include <openssl/evp.h>

#include "harness.h"
#include "../../tools/common/rfc_vectors.h"
#include "../../tools/common/testmgr.h"

/* Run a ChaCha-family stream XOR with the portable code or variant @v */
static void stream_xor(const struct variant *v, u32 st[16], u8 *dst,
		       const u8 *src, unsigned int len, unsigned int nrounds)
{
	if (v)
		v->chacha(st, dst, src, len, nrounds);
	else
		ax86_chacha_crypt(st, dst, src, len, nrounds);
}

static const char *impl_name(const struct variant *v)
{
	return v ? v->name : "generic";
}

/* RFC 8439 2.3.2: the block function with counter 1 */
static bool rfc8439_block(const struct variant *v)
{
	u8 raw_key[32], iv[16], want[64], zero[64] = { 0 }, got[64];
	u32 key[8], st[16];
	int i;

	for (i = 0; i < 32; i++)
		raw_key[i] = i;
	ax_unhex(iv, RFC8439_BLOCK_IV);
	ax86_chacha_key_words(key, raw_key);
	ax86_chacha_init(st, key, iv);
	ax_unhex(want, RFC8439_BLOCK_OUT);
	stream_xor(v, st, got, zero, 64, 20);
	return !memcmp(got, want, 64);
}

/* draft-irtf-cfrg-xchacha 2.2.1 */
static bool draft_hchacha20(const struct variant *v)
{
	u8 raw_key[32], nonce[16], want[32];
	u32 key[8], st[16], out[8];
	int i;

	for (i = 0; i < 32; i++)
		raw_key[i] = i;
	ax_unhex(nonce, XCHACHA_DRAFT_HCHACHA_NONCE);
	ax_unhex(want, XCHACHA_DRAFT_HCHACHA_OUT);
	ax86_chacha_key_words(key, raw_key);
	ax86_chacha_init(st, key, nonce);
	if (v)
		v->hchacha(st, out, 20);
	else
		ax86_hchacha(st, out, 20);
	return !memcmp(out, want, 32);	/* words are little endian */
}

/* whole blocks, 2^128 added to each: what NHPoly1305 feeds */
typedef void (*poly1305_blocks_fn)(struct ax86_poly1305_state *st,
				   const struct ax86_poly1305_key *key,
				   const u8 *src, unsigned int nblocks);

static void generic_whole_blocks(struct ax86_poly1305_state *st,
				 const struct ax86_poly1305_key *key,
				 const u8 *src, unsigned int nblocks)
{
	ax86_poly1305_blocks_generic(st, key, src, nblocks, 1);
}

/* the portable C and the x86_64 assembly the drivers run */
static const struct {
	const char *name;
	poly1305_blocks_fn blocks;
} poly_impls[] = {
	{ "generic", generic_whole_blocks },
	{ "x86_64", ax86_poly1305_blocks_x86_64 },
};

/*
 * RFC 8439 2.5.2, with s added here since NHPoly1305's Poly1305 has none.
 * The padded short block (no 2^128) is the C's on either's state: the
 * limbs are the same.
 */
static bool rfc8439_poly1305(poly1305_blocks_fn blocks)
{
	static const char msg[] = RFC8439_POLY1305_MSG;
	struct ax86_poly1305_key pk;
	struct ax86_poly1305_state ps;
	u8 key[32], want[16], h[16], last[16] = { 0 };
	size_t full = (sizeof(msg) - 1) / 16, rest = (sizeof(msg) - 1) % 16;
	u64 lo, hi;

	ax_unhex(key, RFC8439_POLY1305_KEY);
	ax_unhex(want, RFC8439_POLY1305_TAG);
	ax86_poly1305_setkey(&pk, key);
	ax86_poly1305_init(&ps);
	blocks(&ps, &pk, (const u8 *)msg, full);
	memcpy(last, msg + 16 * full, rest);
	last[rest] = 1;		/* a short final block is padded with 1 */
	ax86_poly1305_blocks_generic(&ps, &pk, last, 1, 0);
	ax86_poly1305_emit(&ps, h);
	lo = get_unaligned_le64(h) + get_unaligned_le64(key + 16);
	hi = get_unaligned_le64(h + 8) + get_unaligned_le64(key + 24) +
	     (lo < get_unaligned_le64(key + 16));
	put_unaligned_le64(lo, h);
	put_unaligned_le64(hi, h + 8);
	return !memcmp(h, want, 16);
}

static void kat_line(const char *group, bool ok, const char *what)
{
	if (ok)
		report_pass(group, "%s", what);
	else
		report_fail(group, "%s: wrong output", what);
}

/* OpenSSL's ChaCha20 and Poly1305 against the portable code */
static void openssl_cross_check(void)
{
	static u8 in[5000], a[5000], b[5000];
	u8 raw_key[32], iv[16], mkey[32] = { 0 }, ta[16], tb[16];
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	struct ax86_poly1305_state ps;
	struct ax86_poly1305_key pk;
	bool chacha_ok = true, poly_ok[ARRAY_SIZE(poly_impls)], mac_ok;
	EVP_MAC_CTX *mc;
	EVP_MAC *mac;
	unsigned int n, len, p;
	char group[64];
	struct rng r;
	u32 key[8], st[16];
	size_t tl;
	int ol;

	for (p = 0; p < ARRAY_SIZE(poly_impls); p++)
		poly_ok[p] = true;
	rng_seed(&r, run_seed, "openssl");
	for (n = 0; n < 2000; n++) {
		len = rng_below(&r, sizeof(in));
		rng_fill(&r, raw_key, 32);
		rng_fill(&r, iv, 16);
		rng_fill(&r, in, len);
		ax86_chacha_key_words(key, raw_key);
		ax86_chacha_init(st, key, iv);
		ax86_chacha_crypt(st, a, in, len, 20);
		EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, raw_key, iv);
		EVP_EncryptUpdate(c, b, &ol, in, len);
		if (memcmp(a, b, len))
			chacha_ok = false;

		/*
		 * Poly1305 with s = 0 and whole blocks is NHPoly1305's; every
		 * fourth case uses all-ones keys and blocks, which keep h close
		 * to 2^130 - 5 where the final reduction has to choose.
		 */
		len &= ~15u;
		rng_fill(&r, mkey, 16);
		if (n % 4 == 0) {
			memset(mkey, 0xff, 16);
			memset(in, n % 8 ? 0xff : 0, len);
		}
		/*
		 * r = 1 and all-ones blocks: two of them sum to 2^130 - 2,
		 * which only the final reduction brings down (to 3)
		 */
		if (n < 16) {
			memset(mkey, 0, 16);
			mkey[0] = 1;
			len = 16 * (n % 8 + 1);
			memset(in, 0xff, len);
		}
		mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
		mc = EVP_MAC_CTX_new(mac);
		mac_ok = mc && EVP_MAC_init(mc, mkey, 32, NULL) &&
			 EVP_MAC_update(mc, in, len) &&
			 EVP_MAC_final(mc, tb, &tl, sizeof(tb));

		EVP_MAC_CTX_free(mc);
		EVP_MAC_free(mac);
		ax86_poly1305_setkey(&pk, mkey);
		for (p = 0; p < ARRAY_SIZE(poly_impls); p++) {
			ax86_poly1305_init(&ps);
			poly_impls[p].blocks(&ps, &pk, in, len / 16);
			ax86_poly1305_emit(&ps, ta);
			if (!mac_ok || memcmp(ta, tb, 16))
				poly_ok[p] = false;
		}
	}
	EVP_CIPHER_CTX_free(c);
	kat_line("openssl chacha20-generic", chacha_ok,
		 "2000 random messages equal EVP_chacha20");
	for (p = 0; p < ARRAY_SIZE(poly_impls); p++) {
		snprintf(group, sizeof(group), "openssl poly1305-%s",
			 poly_impls[p].name);
		kat_line(group, poly_ok[p],
			 "2000 random messages equal OpenSSL Poly1305 (s = 0)");
	}
}

void test_kat_rfc(void)
{
	char group[64];
	unsigned int i;

	kat_line("rfc8439 chacha20-generic", rfc8439_block(NULL),
		 "2.3.2 block function");
	for (i = 0; i < ARRAY_SIZE(poly_impls); i++) {
		snprintf(group, sizeof(group), "rfc8439 poly1305-%s",
			 poly_impls[i].name);
		kat_line(group, rfc8439_poly1305(poly_impls[i].blocks),
			 "2.5.2 Poly1305");
	}
	kat_line("xchacha-draft hchacha20-generic", draft_hchacha20(NULL),
		 "2.2.1 HChaCha20");
	for (i = 0; i < nr_variants; i++) {
		const struct variant *v = &variants[i];

		if (v->chacha) {
			snprintf(group, sizeof(group), "rfc8439 chacha20-%s",
				 v->name);
			if (variant_unsupported(v))
				report_skip(group, variant_unsupported(v));
			else
				kat_line(group, rfc8439_block(v),
					 "2.3.2 block function");
		}
		if (v->hchacha) {
			snprintf(group, sizeof(group),
				 "xchacha-draft hchacha20-%s", v->name);
			if (variant_unsupported(v))
				report_skip(group, variant_unsupported(v));
			else
				kat_line(group, draft_hchacha20(v),
					 "2.2.1 HChaCha20");
		}
	}
	openssl_cross_check();
}

/* One testmgr cipher vector through @v (NULL: portable), both directions */
static bool cipher_vector(const struct variant *v, const struct tm_vector *t,
			  unsigned int nrounds, bool x)
{
	const struct tm_field *key = tm_get(t, "key"), *iv = tm_get(t, "iv");
	const struct tm_field *pt = tm_get(t, "ptext"), *ct = tm_get(t, "ctext");
	const struct tm_field *len = tm_get(t, "len");
	u32 kw[8], st[16];
	u8 *out;
	bool ok;

	if (!key || key->nbytes < 32 || !iv || iv->nbytes < (x ? 32u : 16u) ||
	    !pt || !ct || !len || pt->nbytes < (size_t)len->num ||
	    ct->nbytes < (size_t)len->num)
		return false;
	out = malloc(len->num + 1);
	ax86_chacha_key_words(kw, key->bytes);
	if (x)
		ax86_xchacha_init(st, kw, iv->bytes, nrounds);
	else
		ax86_chacha_init(st, kw, iv->bytes);
	stream_xor(v, st, out, pt->bytes, len->num, nrounds);
	ok = !memcmp(out, ct->bytes, len->num);

	if (x)
		ax86_xchacha_init(st, kw, iv->bytes, nrounds);
	else
		ax86_chacha_init(st, kw, iv->bytes);
	stream_xor(v, st, out, ct->bytes, len->num, nrounds);
	ok = ok && !memcmp(out, pt->bytes, len->num);
	free(out);
	return ok;
}

static bool hash_vector(ax86_nh_fn nh, const struct tm_vector *t)
{
	const struct tm_field *key = tm_get(t, "key"), *pt = tm_get(t, "plaintext");
	const struct tm_field *psize = tm_get(t, "psize"), *dg = tm_get(t, "digest");
	const struct tm_field *ksize = tm_get(t, "ksize");
	struct ax86_nhpoly1305_state st;
	struct ax86_nhpoly1305_key k;
	size_t n = psize ? (size_t)psize->num : 0;
	u8 out[16];

	if (!key || !ksize || !dg || dg->nbytes != 16 || (n && !pt) ||
	    (pt && pt->nbytes < n) ||
	    ax86_nhpoly1305_setkey(&k, key->bytes, ksize->num))
		return false;
	ax86_nhpoly1305_init(&st);
	ax86_nhpoly1305_update(&st, &k, pt ? pt->bytes : NULL, n, nh);
	ax86_nhpoly1305_final(&st, &k, out, nh);
	return !memcmp(out, dg->bytes, 16);
}

struct tmpl {
	const char *alg, *name;
	unsigned int nrounds;
	bool x, hash;
};

static const struct tmpl tmpls[] = {
	{ "chacha20", "chacha20_tv_template", 20, false, false },
	{ "xchacha20", "xchacha20_tv_template", 20, true, false },
	{ "xchacha12", "xchacha12_tv_template", 12, true, false },
	{ "nhpoly1305", "nhpoly1305_tv_template", 0, false, true },
};

static void run_template(const struct tmpl *tp, const struct tm_vector *vec,
			 int n, const struct variant *v)
{
	char group[64];
	int i, bad = -1;

	snprintf(group, sizeof(group), "testmgr %s-%s", tp->alg, impl_name(v));
	if (v && variant_unsupported(v)) {
		report_skip(group, variant_unsupported(v));
		return;
	}
	for (i = 0; i < n && bad < 0; i++) {
		bool ok = tp->hash ? hash_vector(v ? v->nh : ax86_nh_generic,
						 &vec[i]) :
				     cipher_vector(v, &vec[i], tp->nrounds,
						   tp->x);
		if (!ok)
			bad = i;
	}
	if (bad >= 0)
		report_fail(group, "vector %d of %d wrong", bad, n);
	else
		report_pass(group, "%d vectors", n);
}

void test_kat_testmgr(const char *path)
{
	struct tm_vector *vec;
	unsigned int t, i;
	int n;

	for (t = 0; t < ARRAY_SIZE(tmpls); t++) {
		char group[64];

		snprintf(group, sizeof(group), "testmgr %s", tmpls[t].alg);
		n = path ? testmgr_load(path, tmpls[t].name, &vec) : -ENOENT;
		if (n <= 0) {
			report_fail(group, "no vectors read from %s (%d)",
				    path ? path : "(no --testmgr given)", n);
			continue;
		}
		run_template(&tmpls[t], vec, n, NULL);
		for (i = 0; i < nr_variants; i++) {
			const struct variant *v = &variants[i];

			if (tmpls[t].hash ? v->nh != NULL : v->chacha != NULL)
				run_template(&tmpls[t], vec, n, v);
		}
		testmgr_free(vec, n);
	}
}
