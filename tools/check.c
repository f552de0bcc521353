// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 check: known answers through AF_ALG for our drivers and the
 * generic ones (each vector sent three ways: sendmsg, vmsplice, random
 * splits), then bad input, which our drivers must answer exactly as the
 * generic drivers do.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "rfc_vectors.h"
#include "testmgr.h"
#include "tool.h"

static const char *const templates[] = {
	"chacha20_tv_template", "xchacha20_tv_template",
	"xchacha12_tv_template", "nhpoly1305_tv_template",
};

static int kat_cipher(const char *drv, const struct tm_vector *v,
		      struct rng *r, char *why, size_t whylen)
{
	const struct tm_field *key = tm_get(v, "key"), *iv = tm_get(v, "iv");
	const struct tm_field *pt = tm_get(v, "ptext"), *ct = tm_get(v, "ctext");
	const struct tm_field *len = tm_get(v, "len");
	struct ax_cipher c;
	uint8_t *out;
	ssize_t ret;
	int a, bad = 0;

	if (!key || !iv || !pt || !ct || !len) {
		snprintf(why, whylen, "vector without key/iv/ptext/ctext/len");
		return 1;
	}
	ret = ax_cipher_open(&c, drv);
	if (!ret)
		ret = ax_cipher_setkey(&c, key->bytes, key->nbytes);
	out = malloc(len->num + 1);
	for (a = AX_SENDMSG; a <= AX_STREAM && !ret && !bad; a++) {
		memset(out, 0, len->num + 1);
		ret = ax_cipher_encrypt(&c, iv->bytes, pt->bytes, out,
					len->num, a, r);
		if (ret >= 0 && (ret != len->num ||
				 memcmp(out, ct->bytes, len->num))) {
			snprintf(why, whylen, "%ld-byte vector wrong (access %d)",
				 len->num, a);
			bad = 1;
		}
		if (ret >= 0)
			ret = 0;
	}
	if (ret < 0) {
		snprintf(why, whylen, "error %s", strerror((int)-ret));
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

	if (!key || !dg) {
		snprintf(why, whylen, "vector without key/digest");
		return 1;
	}
	ret = ax_hash_open(&h, drv);
	if (!ret)
		ret = ax_hash_setkey(&h, key->bytes, key->nbytes);
	for (split = 0; split < 2 && ret >= 0 && !bad; split++) {
		ret = ax_hash_digest(&h, pt ? pt->bytes : (const uint8_t *)"",
				     n, out, sizeof(out), split ? r : NULL);
		if (ret >= 0 && (ret != (ssize_t)dg->nbytes ||
				 memcmp(out, dg->bytes, dg->nbytes))) {
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
	ret = ax_cipher_open(&c, drv);
	if (!ret)
		ret = ax_cipher_setkey(&c, key, 32);
	if (!ret)
		ret = ax_cipher_encrypt(&c, iv, zero, out, 64, AX_SENDMSG, NULL);
	ax_cipher_close(&c);
	if (ret == 64 && !memcmp(out, want, 64))
		return 0;
	snprintf(why, whylen, "RFC 8439 2.3.2 block: %s",
		 ret < 0 ? strerror((int)-ret) : "wrong output");
	return 1;
}

/*
 * Bad input: each case sent to @drv and to @gen must give the same answer.
 * Returns the number of cases that differ; @why names the first.
 */
static int bad_input(const char *drv, const char *gen, bool hash,
		     unsigned int ivsize, char *why, size_t whylen)
{
	static const size_t cipher_keys[] = { 0, 1, 16, 31, 33, 64 };
	static const size_t hash_keys[] = { 0, 16, 32, 1087, 1089, 2048 };
	static uint8_t key[2048];
	const char *type = hash ? "hash" : "skcipher";
	const size_t *keys = hash ? hash_keys : cipher_keys;
	size_t good = hash ? 1088 : 32;
	int i, diff = 0;
	ssize_t a, b;
	char what[64];

	for (i = 0; i < 6 + 5; i++) {
		size_t klen = good, len = 64;
		const uint8_t *k = key;
		int ivlen = ivsize;

		if (i < 6) {
			klen = keys[i];			/* wrong key size */
			snprintf(what, sizeof(what), "%zu-byte key", klen);
		} else if (i == 6) {
			k = NULL;			/* no key at all */
			snprintf(what, sizeof(what), "no key");
		} else if (i == 7) {
			len = 0;			/* empty message */
			snprintf(what, sizeof(what), "empty message");
		} else if (hash) {
			continue;
		} else {
			/* IV of a wrong size, or none */
			static const int d[] = { -1, 1, -100 };

			ivlen = d[i - 8] == -100 ? -1 : (int)ivsize + d[i - 8];
			snprintf(what, sizeof(what), "%d-byte IV", ivlen);
		}
		a = ax_raw_op(type, drv, k, klen, ivlen, len);
		b = ax_raw_op(type, gen, k, klen, ivlen, len);
		if ((a < 0 || b < 0) ? a != b : (a >= 0) != (b >= 0)) {
			if (!diff++)
				snprintf(why, whylen,
					 "%s: %s says %s, %s says %s", what,
					 drv, a < 0 ? strerror((int)-a) : "ok",
					 gen, b < 0 ? strerror((int)-b) : "ok");
		}
	}
	return diff;
}

int cmd_check(const struct opts *o)
{
	struct pc_alg *algs;
	int n = read_algs(&algs), i, j, k, failed = 0, ran = 0;
	struct rng r;
	char why[512];

	rng_seed(&r, o->seed, "check");
	for (j = 0; j < ax_nr_names; j++) {
		struct tm_vector *vec;
		int nv = testmgr_load(o->testmgr, templates[j], &vec);
		char gen[192];

		if (nv <= 0) {
			fprintf(stderr, "adiantum-x86: no %s in %s: %s\n",
				templates[j], o->testmgr, strerror(-nv));
			free(algs);
			return 2;
		}
		snprintf(gen, sizeof(gen), "%s-generic", ax_names[j]);
		for (i = 0; i < n; i++) {
			const struct pc_alg *a = &algs[i];
			bool hash = is_hash(a->name);
			int bad = 0;

			if (strcmp(a->name, ax_names[j]) ||
			    !selected(o, a, !strcmp(a->driver, gen)))
				continue;
			progress("check %s", a->driver);
			why[0] = 0;
			for (k = 0; k < nv && !bad; k++)
				bad = hash ? kat_hash(a->driver, &vec[k], &r,
						      why, sizeof(why)) :
					     kat_cipher(a->driver, &vec[k], &r,
							why, sizeof(why));
			if (!bad && !strcmp(a->name, "chacha20"))
				bad = kat_rfc8439(a->driver, why, sizeof(why));
			progress_done();
			ran++;
			if (bad) {
				failed++;
				printf("FAIL check %s: %s\n", a->driver, why);
			} else {
				printf("PASS check %s: %d testmgr vectors%s, 3 ways each\n",
				       a->driver, nv, strcmp(a->name, "chacha20") ?
				       "" : " + RFC 8439 2.3.2");
			}
			if (!pc_is_ours(a))
				continue;
			ran++;
			bad = bad_input(a->driver, gen, hash,
					hash ? 0 : strstr(a->name, "xchacha") ?
					32 : 16, why, sizeof(why));
			if (bad) {
				failed++;
				printf("FAIL badinput %s: %d cases differ from %s; %s\n",
				       a->driver, bad, gen, why);
			} else {
				printf("PASS badinput %s: bad keys/IVs, no key, empty message answered as %s\n",
				       a->driver, gen);
			}
		}
		testmgr_free(vec, nv);
	}
	free(algs);
	if (!ran) {
		printf("FAIL check: no driver matched%s%s\n",
		       o->driver ? " " : "", o->driver ? o->driver : "");
		return 1;
	}
	return failed ? 1 : 0;
}
