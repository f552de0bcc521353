// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 check: known answers through AF_ALG for each of our drivers
 * (cipher vectors encrypted three ways — sendmsg, vmsplice, random splits —
 * and decrypted once; hash vectors digested two ways — one call, random
 * updates), then bad input, which our drivers must answer exactly as the
 * kernel's reference driver for the name does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "../common/rfc_vectors.h"
#include "../common/testmgr.h"
#include "tool.h"

/* per entry of ax_names */
static const char *const templates[] = {
	"chacha20_tv_template", "xchacha20_tv_template",
	"xchacha12_tv_template", "nhpoly1305_tv_template",
	"adiantum_xchacha12_aes_tv_template",
	"adiantum_xchacha20_aes_tv_template",
};

static struct tm_vector *vectors[6];
static int nr_vectors[6];

static unsigned int ivsize_of(const char *name)
{
	return !strcmp(name, "chacha20") ? 16 : is_hash(name) ? 0 : 32;
}

/*
 * A vector's sizes against its literals: testmgr.h states lengths
 * separately from the strings, and a length beyond a literal would make us
 * read past it.
 */
static int vet_vector(const char *name, const struct tm_vector *v,
		      char *why, size_t whylen)
{
	const struct tm_field *key = tm_get(v, "key");

	if (is_hash(name)) {
		const struct tm_field *pt = tm_get(v, "plaintext");
		const struct tm_field *psize = tm_get(v, "psize");
		const struct tm_field *ksize = tm_get(v, "ksize");
		const struct tm_field *dg = tm_get(v, "digest");
		long n = psize ? psize->num : 0;

		if (!key || !key->bytes || !dg || !dg->bytes)
			return snprintf(why, whylen, "no key or digest"), 1;
		if (n < 0 || (n > 0 && (!pt || !pt->bytes ||
					(size_t)n > pt->nbytes)))
			return snprintf(why, whylen, "psize %ld, plaintext has %zu bytes",
					n, pt && pt->bytes ? pt->nbytes : 0), 1;
		if (ksize && (ksize->num < 0 || (size_t)ksize->num > key->nbytes))
			return snprintf(why, whylen, "ksize %ld, key has %zu bytes",
					ksize->num, key->nbytes), 1;
		if (dg->nbytes < 16)
			return snprintf(why, whylen, "digest has %zu bytes, not 16",
					dg->nbytes), 1;
		return 0;
	}
	{
		const struct tm_field *iv = tm_get(v, "iv");
		const struct tm_field *pt = tm_get(v, "ptext");
		const struct tm_field *ct = tm_get(v, "ctext");
		const struct tm_field *len = tm_get(v, "len");
		const struct tm_field *klen = tm_get(v, "klen");

		if (!key || !key->bytes || !iv || !iv->bytes || !pt ||
		    !pt->bytes || !ct || !ct->bytes || !len)
			return snprintf(why, whylen, "no key/iv/ptext/ctext/len"), 1;
		if (len->num < 0 || (size_t)len->num > pt->nbytes ||
		    (size_t)len->num > ct->nbytes)
			return snprintf(why, whylen,
					"len %ld, ptext has %zu bytes, ctext %zu",
					len->num, pt->nbytes, ct->nbytes), 1;
		if (klen && (klen->num < 0 || (size_t)klen->num > key->nbytes))
			return snprintf(why, whylen, "klen %ld, key has %zu bytes",
					klen->num, key->nbytes), 1;
		if (iv->nbytes < ivsize_of(name))
			return snprintf(why, whylen, "iv has %zu bytes, not %u",
					iv->nbytes, ivsize_of(name)), 1;
		return 0;
	}
}

void check_free_vectors(void)
{
	int j;

	for (j = 0; j < ax_nr_names; j++) {
		if (nr_vectors[j] > 0)
			testmgr_free(vectors[j], nr_vectors[j]);
		vectors[j] = NULL;
		nr_vectors[j] = 0;
	}
}

int check_load_vectors(const struct opts *o)
{
	char why[160];
	int j, k;

	check_free_vectors();
	for (j = 0; j < ax_nr_names; j++) {
		int nv = testmgr_load(o->testmgr, templates[j], &vectors[j]);

		if (nv <= 0) {
			if (!nv)
				testmgr_free(vectors[j], 0);
			vectors[j] = NULL;
			fprintf(stderr, "adiantum-x86: no %s in %s: %s\n",
				templates[j], o->testmgr,
				strerror(nv ? -nv : ENOENT));
			check_free_vectors();
			return 2;
		}
		nr_vectors[j] = nv;
		for (k = 0; k < nv; k++) {
			if (vet_vector(ax_names[j], &vectors[j][k], why,
				       sizeof(why))) {
				fprintf(stderr, "adiantum-x86: %s: %s vector %d: %s\n",
					o->testmgr, templates[j], k + 1, why);
				check_free_vectors();
				return 2;
			}
		}
	}
	return 0;
}

static size_t klen_of(const struct tm_vector *v, const char *field)
{
	const struct tm_field *k = tm_get(v, "key"), *kl = tm_get(v, field);

	return kl ? (size_t)kl->num : k->nbytes;
}

static int kat_cipher(const char *name, const char *drv,
		      const struct tm_vector *v, struct rng *r, char *why,
		      size_t whylen)
{
	const struct tm_field *key = tm_get(v, "key"), *iv = tm_get(v, "iv");
	const struct tm_field *pt = tm_get(v, "ptext"), *ct = tm_get(v, "ctext");
	size_t len = tm_get(v, "len")->num;
	struct ax_cipher c;
	uint8_t *out = xmalloc(len + 1);
	ssize_t ret;
	int a, bad = 0;

	ret = ax_cipher_open(&c, drv, ivsize_of(name));
	if (!ret)
		ret = ax_cipher_setkey(&c, key->bytes, klen_of(v, "klen"));
	/* encrypt three ways, then decrypt */
	for (a = AX_SENDMSG; a <= AX_STREAM + 1 && !ret && !bad; a++) {
		bool dec = a > AX_STREAM;
		enum ax_access acc = dec ? AX_SENDMSG : a;

		memset(out, 0, len + 1);
		ret = ax_cipher_crypt(&c, dec, iv->bytes, dec ? ct->bytes :
				      pt->bytes, out, len, acc, r);
		if (ret >= 0 && ((size_t)ret != len ||
				 memcmp(out, dec ? pt->bytes : ct->bytes, len))) {
			snprintf(why, whylen, "%zu-byte vector wrong (%s %s)",
				 len, dec ? "decrypt" : "encrypt",
				 ax_access_names[acc]);
			bad = 1;
		}
		if (ret >= 0)
			ret = 0;
	}
	if (ret < 0) {
		snprintf(why, whylen, "%zu-byte vector: error %s", len,
			 strerror((int)-ret));
		bad = 1;
	}
	free(out);
	ax_cipher_close(&c);
	return bad;
}

static int kat_hash(const char *drv, const struct tm_vector *v,
		    struct rng *r, char *why, size_t whylen)
{
	const struct tm_field *key = tm_get(v, "key"), *pt = tm_get(v, "plaintext");
	const struct tm_field *psize = tm_get(v, "psize"), *dg = tm_get(v, "digest");
	size_t n = psize ? (size_t)psize->num : 0;
	struct ax_hash h;
	uint8_t out[64];
	ssize_t ret;
	int split, bad = 0;

	ret = ax_hash_open(&h, drv);
	if (!ret)
		ret = ax_hash_setkey(&h, key->bytes, klen_of(v, "ksize"));
	for (split = 0; split < 2 && ret >= 0 && !bad; split++) {
		ret = ax_hash_digest(&h, pt ? pt->bytes : (const uint8_t *)"",
				     n, out, sizeof(out), split ? r : NULL);
		if (ret >= 0 && (ret != 16 || memcmp(out, dg->bytes, 16))) {
			snprintf(why, whylen, "%zu-byte message: wrong digest%s",
				 n, split ? " (split updates)" : "");
			bad = 1;
		}
	}
	if (ret < 0) {
		snprintf(why, whylen, "error %s", strerror((int)-ret));
		bad = 1;
	}
	ax_hash_close(&h);
	return bad;
}

/* RFC 8439 2.3.2 through AF_ALG (chacha20 only) */
static int kat_rfc8439(const char *drv, char *why, size_t whylen)
{
	uint8_t key[32], iv[16], want[64], zero[64] = { 0 }, out[64];
	struct ax_cipher c;
	ssize_t ret;
	int i;

	for (i = 0; i < 32; i++)
		key[i] = i;
	ax_unhex(iv, RFC8439_BLOCK_IV);
	ax_unhex(want, RFC8439_BLOCK_OUT);
	ret = ax_cipher_open(&c, drv, 16);
	if (!ret)
		ret = ax_cipher_setkey(&c, key, 32);
	if (!ret)
		ret = ax_cipher_crypt(&c, false, iv, zero, out, 64, AX_SENDMSG,
				      NULL);
	ax_cipher_close(&c);
	if (ret == 64 && !memcmp(out, want, 64))
		return 0;
	snprintf(why, whylen, "RFC 8439 2.3.2 block: %s",
		 ret < 0 ? strerror((int)-ret) : "wrong output");
	return 1;
}

static const char *answer(ssize_t r)
{
	return r < 0 ? strerror((int)-r) : "ok";
}

/*
 * Bad input: each case sent to @drv and to @ref must give the same answer.
 * Returns the number of cases that differ; @why names the first.
 */
static int bad_input(const char *name, const char *drv, const char *ref,
		     char *why, size_t whylen, int *cases)
{
	static const size_t cipher_keys[] = { 0, 1, 16, 31, 33, 64 };
	static const size_t hash_keys[] = { 0, 16, 32, 1087, 1089, 2048 };
	/* adiantum takes messages of 16 bytes and more */
	static const size_t cipher_lens[] = { 0, 1, 15 };
	static uint8_t key[2048];
	bool hash = is_hash(name);
	int ivsize = ivsize_of(name);
	const char *type = hash ? "hash" : "skcipher";
	const size_t *keys = hash ? hash_keys : cipher_keys;
	size_t good = hash ? 1088 : 32;
	int i, diff = 0;
	ssize_t a, b;
	char what[64];

	*cases = 0;
	for (i = 0; i < 6 + 1 + 3 + 3; i++) {
		size_t klen = good, len = 64;
		const uint8_t *k = key;
		int ivlen = ivsize;

		if (i < 6) {
			klen = keys[i];			/* wrong key size */
			snprintf(what, sizeof(what), "%zu-byte key", klen);
		} else if (i == 6) {
			k = NULL;			/* no key at all */
			snprintf(what, sizeof(what), "no key");
		} else if (i < 10) {
			len = cipher_lens[i - 7];	/* short messages */
			if (hash && len)
				continue;
			snprintf(what, sizeof(what), "%zu-byte message", len);
		} else if (hash) {
			continue;
		} else {
			/* IV of a wrong size, or none */
			static const int d[] = { -1, 1, -100 };

			ivlen = d[i - 10] == -100 ? -1 : ivsize + d[i - 10];
			snprintf(what, sizeof(what), "%d-byte IV", ivlen);
		}
		++*cases;
		a = ax_raw_op(type, drv, k, klen, ivlen, len);
		b = ax_raw_op(type, ref, k, klen, ivlen, len);
		if ((a < 0 || b < 0) ? a != b : (a >= 0) != (b >= 0)) {
			if (!diff++)
				snprintf(why, whylen,
					 "%s: %s says %s, %s says %s", what,
					 drv, answer(a), ref, answer(b));
		}
	}
	return diff;
}

static int check_driver(const struct opts *o, int j, const char *drv,
			const char *ref, struct rng *r)
{
	const char *name = ax_names[j];
	int k, bad = 0, failed = 0, cases;
	char why[512] = "";

	progress("check %s", drv);
	for (k = 0; k < nr_vectors[j] && !bad; k++)
		bad = is_hash(name) ?
		      kat_hash(drv, &vectors[j][k], r, why, sizeof(why)) :
		      kat_cipher(name, drv, &vectors[j][k], r, why, sizeof(why));
	if (!bad && !strcmp(name, "chacha20"))
		bad = kat_rfc8439(drv, why, sizeof(why));
	progress_done();
	if (bad) {
		failed++;
		printf("FAIL check %s: %s\n", drv, why);
	} else if (is_hash(name)) {
		printf("PASS check %s: %d testmgr vectors, 2 ways each (one digest, random updates)\n",
		       drv, nr_vectors[j]);
	} else {
		printf("PASS check %s: %d testmgr vectors%s, encrypted 3 ways each (sendmsg, vmsplice, random splits), decrypted once\n",
		       drv, nr_vectors[j],
		       strcmp(name, "chacha20") ? "" : " + RFC 8439 2.3.2");
	}
	if (!ref) {
		printf("SKIP badinput %s: the kernel has no %s to compare with (known answers only)\n",
		       drv, name);
		return failed;
	}
	bad = bad_input(name, drv, ref, why, sizeof(why), &cases);
	if (bad) {
		failed++;
		printf("FAIL badinput %s: %d of %d cases differ from %s; %s\n",
		       drv, bad, cases, ref, why);
	} else {
		const char *what = is_hash(name) ? "bad keys" : "bad keys/IVs";

		printf("PASS badinput %s: %d cases (%s, no key, short messages) answered as %s\n",
		       drv, cases, what, ref);
	}
	(void)o;
	return failed;
}

int cmd_check(const struct opts *o)
{
	struct pc_alg *algs;
	int n, i, j, failed = 0, ran = 0;
	struct rng r;

	/* a template instance named by --driver exists once bound */
	if (o->driver)
		instantiate(o->driver);
	n = read_algs(&algs);
	rng_seed(&r, o->seed, "check");
	for (j = 0; j < ax_nr_names; j++) {
		char ref[192];
		int have_ref = -1;	/* not looked up yet */

		for (i = 0; i < n; i++) {
			const struct pc_alg *a = &algs[i];

			if (strcmp(a->name, ax_names[j]) || !selected(o, a, false))
				continue;
			if (!pc_is_ours(a)) {
				fprintf(stderr, "adiantum-x86: %s is not one of our drivers: check tests ours\n",
					a->driver);
				free(algs);
				check_free_vectors();
				return 2;
			}
			/* template instances only when asked for by name */
			if (pc_is_instance(a) && !o->driver)
				continue;
			/*
			 * Only now: binding the reference adiantum instance
			 * registers it, and a registered instance is what the
			 * crypto API hands later users of the name.
			 */
			if (have_ref < 0)
				have_ref = pick_reference(algs, n, ax_names[j],
							  ref, sizeof(ref));
			ran++;
			failed += check_driver(o, j, a->driver,
					       have_ref ? ref : NULL, &r);
		}
	}
	free(algs);
	check_free_vectors();
	if (!ran) {
		printf("FAIL check: %s%s%s\n",
		       o->driver ? "no driver named " : "none of our drivers is registered",
		       o->driver ? o->driver : "", o->driver ? " (or not ours)" : "");
		return 1;
	}
	return failed ? 1 : 0;
}
