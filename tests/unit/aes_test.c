// SPDX-License-Identifier: GPL-2.0
/*
 * The AES-256 block forms of the whole-construction driver, on the round
 * keys the kernel's AES library lays out (aes_schedule.c): the portable
 * constant-time C (crypto/aes_ct.c), the SSSE3 vector-permute core
 * (aes-vperm-x86_64.S, on them put in its form by aes_vperm_key.h) and
 * AES-NI, each both ways on FIPS-197's
 * appendix C.3, on the kernel's own AES-256 vectors (aes_tv_template,
 * block by block), and against OpenSSL on random keys and blocks: round
 * keys flush against an unmapped page at every misalignment, blocks at
 * every offset and in place, nothing written outside the 16 bytes.
 */
#include <string.h>

#include <openssl/evp.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../../tools/common/testmgr.h"
#include "harness.h"

#define FUZZ_CASES	20000

typedef void (*aes256_fn)(const u32 *keys, u8 out[16], const u8 in[16]);

/* @keys: puts the library's round keys in the form's own, if it has one */
static const struct form {
	const char *name;
	aes256_fn enc, dec;
	void (*keys)(u32 *vkeys, const u32 *keys, bool enc);
} forms[] = {
	{ "ct", ax86_aes_ct_encrypt256, ax86_aes_ct_decrypt256, NULL },
	{ "vperm", ax86_aes_vperm_encrypt256, ax86_aes_vperm_decrypt256,
	  ax86_aes_vperm_keys },
	{ "aesni", ax86_aesni_encrypt256, ax86_aesni_decrypt256, NULL },
};

/* NULL if the host runs @f */
static const char *form_unsupported(const struct form *f)
{
	__builtin_cpu_init();
	if (!strcmp(f->name, "vperm") && !__builtin_cpu_supports("ssse3"))
		return "host CPU lacks ssse3";
	if (!strcmp(f->name, "aesni") && !__builtin_cpu_supports("aes"))
		return "host CPU lacks aes";
	return NULL;
}

/* OpenSSL's AES-256 on one block */
static void ossl_block(const u8 key[32], u8 out[16], const u8 in[16],
		       bool enc)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n;

	EVP_CipherInit_ex(c, EVP_aes_256_ecb(), NULL, key, NULL, enc);
	EVP_CIPHER_CTX_set_padding(c, 0);
	EVP_CipherUpdate(c, out, &n, in, 16);
	EVP_CIPHER_CTX_free(c);
}

/*
 * @key's round keys as @f takes them at @ks: encryption's, then
 * decryption's 240 bytes on (@ks may be misaligned)
 */
static void form_schedule(const struct form *f, const u8 key[32], u8 *ks)
{
	u32 lib[2][60], own[60];
	int d;

	aes256_schedule(key, ks, ks + 240);
	if (!f->keys)
		return;
	memcpy(lib, ks, sizeof(lib));
	for (d = 0; d < 2; d++) {
		f->keys(own, lib[d], !d);
		memcpy(ks + 240 * d, own, sizeof(own));
	}
}

/*
 * @f on @key both ways: @ct from @pt and back; the round keys flush
 * against an unmapped page, @off bytes off their alignment
 */
static const char *one_key(const struct form *f, const u8 key[32],
			   const u8 *pt, const u8 *ct, size_t len,
			   unsigned int off)
{
	u8 *ks = edge_buf(0, 2 * 240 + off, true);
	const u32 *enc = (const u32 *)(ks + off);
	const u32 *dec = (const u32 *)(ks + off + 240);
	u8 out[16];
	size_t i;

	form_schedule(f, key, ks + off);
	for (i = 0; i < len; i += 16) {
		f->enc(enc, out, pt + i);
		if (memcmp(out, ct + i, 16))
			return "encryption wrong";
		f->dec(dec, out, ct + i);
		if (memcmp(out, pt + i, 16))
			return "decryption wrong";
	}
	return NULL;
}

static void test_fips197(const struct form *f)
{
	static const u8 pt[16] = {
		0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
		0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
	};
	static const u8 ct[16] = {
		0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
		0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89
	};
	char group[48];
	const char *err;
	u8 key[32];
	int i;

	snprintf(group, sizeof(group), "aes-%s-fips197", f->name);
	for (i = 0; i < 32; i++)
		key[i] = i;
	err = one_key(f, key, pt, ct, 16, 0);
	if (err)
		report_fail(group, "appendix C.3: %s", err);
	else
		report_pass(group, "appendix C.3, both directions");
}

/* the AES-256 vectors of the kernel's aes_tv_template */
static void test_testmgr_aes(const struct form *f, struct tm_vector *vec,
			     int n)
{
	char group[48];
	int i, used = 0;

	snprintf(group, sizeof(group), "aes-%s-testmgr", f->name);
	for (i = 0; i < n; i++) {
		const struct tm_field *key = tm_get(&vec[i], "key");
		const struct tm_field *pt = tm_get(&vec[i], "ptext");
		const struct tm_field *ct = tm_get(&vec[i], "ctext");
		const struct tm_field *len = tm_get(&vec[i], "len");
		const char *err;

		if (!key || key->nbytes != 32)
			continue;	/* AES-128 and AES-192 */
		if (!pt || !ct || !len || len->num <= 0 || len->num % 16 ||
		    pt->nbytes < (size_t)len->num ||
		    ct->nbytes < (size_t)len->num) {
			report_fail(group, "vector %d unreadable", i);
			return;
		}
		err = one_key(f, key->bytes, pt->bytes, ct->bytes, len->num,
			      i % 8);
		if (err) {
			report_fail(group, "vector %d: %s", i, err);
			return;
		}
		used++;
	}
	if (!used)
		report_fail(group, "no AES-256 vector in aes_tv_template");
	else
		report_pass(group, "%d AES-256 vectors, both directions",
			    used);
}

/*
 * Random keys and blocks against OpenSSL: round keys at every
 * misalignment, blocks at offsets 0..15, one case in four in place
 */
static void test_fuzz(const struct form *f)
{
	unsigned int i, n = FUZZ_CASES / cases_scale_div;
	char group[48], err[96] = "";
	struct rng r;

	snprintf(group, sizeof(group), "aes-%s-openssl", f->name);
	rng_seed(&r, run_seed, group);
	for (i = 0; i < n && !err[0]; i++) {
		unsigned int koff = rng_below(&r, 8), off = rng_below(&r, 16);
		bool in_place = rng_below(&r, 4) == 0, enc = i & 1;
		u8 *ks = edge_buf(0, 2 * 240 + koff, i & 2);
		u8 key[32], in[16], want[16];
		struct gbuf src, dst;
		u8 *out;

		rng_fill(&r, key, sizeof(key));
		rng_fill(&r, in, sizeof(in));
		form_schedule(f, key, ks + koff);
		ossl_block(key, want, in, enc);
		gbuf_alloc(&src, 16, off);
		memcpy(src.p, in, 16);
		if (!in_place)
			gbuf_alloc(&dst, 16, 15 - off);
		out = in_place ? src.p : dst.p;
		(enc ? f->enc : f->dec)((const u32 *)(ks + koff +
						      (enc ? 0 : 240)),
					out, src.p);
		if (memcmp(out, want, 16))
			snprintf(err, sizeof(err), "%s differs, case %u",
				 enc ? "encryption" : "decryption", i);
		else if (!in_place && memcmp(src.p, in, 16))
			snprintf(err, sizeof(err), "wrote its input, case %u",
				 i);
		if (!gbuf_guards_ok(&src) || (!in_place && !gbuf_guards_ok(&dst)))
			snprintf(err, sizeof(err),
				 "wrote outside the block, case %u", i);
		gbuf_free(&src);
		if (!in_place)
			gbuf_free(&dst);
	}
	report_cases(group, i, err);
}

void test_aes(const char *testmgr)
{
	struct tm_vector *vec = NULL;
	unsigned int i;
	int n;

	n = testmgr ? testmgr_load(testmgr, "aes_tv_template", &vec) :
		      -ENOENT;
	for (i = 0; i < ARRAY_SIZE(forms); i++) {
		const char *why = form_unsupported(&forms[i]);

		if (why) {
			report_skip(forms[i].name, why);
			continue;
		}
		test_fips197(&forms[i]);
		if (n > 0)
			test_testmgr_aes(&forms[i], vec, n);
		else
			report_fail("aes-testmgr", "no vectors read from %s (%d)",
				    testmgr ? testmgr : "(no --testmgr given)",
				    n);
		test_fuzz(&forms[i]);
	}
	if (n > 0)
		testmgr_free(vec, n);
}
