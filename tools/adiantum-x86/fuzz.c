// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 fuzz: each of our drivers against the kernel's reference
 * driver of the same name (-generic, else -lib; for Adiantum the kernel's
 * template instance over them), or against the project's portable C where
 * the kernel has none (nhpoly1305 on 7.x).  Random keys, IVs and lengths
 * (mostly short, some up to --max-len), block counters just below 2^32,
 * unaligned buffers, in place or not, encrypt and decrypt, the data sent
 * by one sendmsg, by vmsplice, or in random pieces; for nhpoly1305, random
 * update splits.  Every cipher case is one kernel request.  Reproducible
 * from --seed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "portable_ref.h"
#include "tool.h"

struct fuzz_bufs {
	uint8_t *in, *a, *b;
	long max;
};

struct target {
	const char *name;
	const char *drv;
	char ref[192];		/* kernel reference driver, or "" */
};

struct tally {
	long cases, wraps, decrypts;
};

/*
 * The shortest message a driver of @name takes: Adiantum needs the 16 bytes
 * of its block cipher part, a stream cipher or hash takes any length.
 */
static long min_len_of(const char *name)
{
	return is_adiantum(name) ? 16 : is_hash(name) ? 0 : 1;
}

/* a length in [min, max]; the caller makes sure that min <= max */
static size_t random_len(struct rng *r, long min, long max)
{
	long span = max - min + 1;

	if (span < 1) {
		fprintf(stderr, "adiantum-x86: fuzz: no length from %ld to %ld\n",
			min, max);
		abort();
	}

	switch (rng_below(r, 8)) {
	case 0:
		return min + rng_below(r, span);
	case 1:
	case 2:
		return min + rng_below(r, span < 4097 ? span : 4097);
	default:
		return min + rng_below(r, span < 600 ? span : 600);
	}
}

/* where the kernel keeps the low word of the block counter in the IV */
static int counter_offset(const char *name)
{
	if (!strcmp(name, "chacha20"))
		return 0;		/* le32 counter || nonce */
	if (!strcmp(name, "xchacha20") || !strcmp(name, "xchacha12"))
		return 24;		/* nonce || le64 position, low word */
	return -1;			/* adiantum: its stream starts at 0 */
}

/*
 * In a quarter of the stream cipher cases, the counter starts 1..128
 * blocks below 2^32 and the message is long enough to cross it, at any
 * offset within the driver's walk and FPU sections.  The kernel's ChaCha
 * wraps the low word without carrying into the next.
 */
static bool near_wrap(const char *name, uint8_t *iv, size_t *len,
		      long max, struct rng *r)
{
	int off = counter_offset(name);
	uint32_t below, ctr;
	size_t need;

	if (off < 0 || rng_below(r, 4))
		return false;
	below = 1 + rng_below(r, 128);
	need = (size_t)below * 64 + 1;
	if ((long)need > max)
		return false;
	*len = need + rng_below(r, max - need + 1 < 8192 ? max - need + 1 : 8192);
	ctr = (uint32_t)(0 - below);
	memcpy(iv + off, &ctr, 4);	/* x86: little endian */
	return true;
}

/* the reference's answer: the kernel's driver, or the portable C */
static ssize_t ref_crypt(const struct target *t, const uint8_t *key,
			 const uint8_t *iv, bool dec, const uint8_t *in,
			 uint8_t *out, size_t len, unsigned int ivsize)
{
	struct ax_cipher g = { .tfm = -1, .op = -1 };
	ssize_t ret;

	if (!t->ref[0])
		return ref_chacha(t->name, key, iv, out, in, len) ?: (ssize_t)len;
	ret = ax_cipher_open(&g, t->ref, ivsize) ?: ax_cipher_setkey(&g, key, 32);
	if (!ret)
		ret = ax_cipher_crypt(&g, dec, iv, in, out, len, AX_SENDMSG, NULL);
	ax_cipher_close(&g);
	return ret;
}

static int fuzz_cipher_case(const struct target *t, struct fuzz_bufs *fb,
			    struct rng *r, struct tally *ty, char *why,
			    size_t whylen)
{
	struct ax_cipher o = { .tfm = -1, .op = -1 };
	unsigned int ivsize = strcmp(t->name, "chacha20") ? 32 : 16;
	uint8_t key[32], iv[32];
	size_t len = random_len(r, min_len_of(t->name), fb->max);
	unsigned int ioff = rng_below(r, 64), ooff = rng_below(r, 64);
	enum ax_access acc = rng_below(r, 3);
	bool inplace = rng_below(r, 4) == 0;
	bool dec = rng_below(r, 2);
	uint8_t *in = fb->in + ioff, *out = inplace ? in : fb->a + ooff;
	bool wrap;
	ssize_t ra, rb;
	size_t i;

	rng_fill(r, key, sizeof(key));
	rng_fill(r, iv, sizeof(iv));
	wrap = near_wrap(t->name, iv, &len, fb->max, r);
	rng_fill(r, in, len);
	/* the reference first: in place, ours overwrites the input */
	rb = ref_crypt(t, key, iv, dec, in, fb->b, len, ivsize);
	ra = ax_cipher_open(&o, t->drv, ivsize) ?: ax_cipher_setkey(&o, key, 32);
	if (!ra)
		ra = ax_cipher_crypt(&o, dec, iv, in, out, len, acc, r);
	ax_cipher_close(&o);
	if (ra < 0 || rb < 0 || ra != rb) {
		snprintf(why, whylen, "len %zu %s %s: ours %s, reference %s",
			 len, dec ? "decrypt" : "encrypt", ax_access_names[acc],
			 ra < 0 ? strerror((int)-ra) : "ok",
			 rb < 0 ? strerror((int)-rb) : "ok");
		return 1;
	}
	for (i = 0; i < len; i++) {
		if (out[i] != fb->b[i]) {
			snprintf(why, whylen,
				 "len %zu %s %s%s%s offsets %u/%u: byte %zu differs",
				 len, dec ? "decrypt" : "encrypt",
				 ax_access_names[acc], inplace ? " in place" : "",
				 wrap ? " counter crossing 2^32" : "", ioff,
				 ooff, i);
			return 1;
		}
	}
	ty->wraps += wrap;
	ty->decrypts += dec;
	return 0;
}

static int fuzz_hash_case(const struct target *t, struct fuzz_bufs *fb,
			  struct rng *r, char *why, size_t whylen)
{
	struct ax_hash o = { 0 }, g = { 0 };
	static uint8_t key[REF_NHPOLY1305_KEY_SIZE];
	size_t len = random_len(r, min_len_of(t->name), fb->max);
	uint8_t *in = fb->in + rng_below(r, 64), da[16], db[16];
	ssize_t ra, rb;

	rng_fill(r, key, sizeof(key));
	rng_fill(r, in, len);
	if (t->ref[0]) {
		rb = ax_hash_open(&g, t->ref) ?:
		     ax_hash_setkey(&g, key, sizeof(key));
		if (!rb)
			rb = ax_hash_digest(&g, in, len, db, sizeof(db), NULL);
		ax_hash_close(&g);
	} else {
		rb = ref_nhpoly1305(key, sizeof(key), in, len, db) ?: 16;
	}
	ra = ax_hash_open(&o, t->drv) ?: ax_hash_setkey(&o, key, sizeof(key));
	if (!ra)
		ra = ax_hash_digest(&o, in, len, da, sizeof(da),
				    rng_below(r, 2) ? r : NULL);
	ax_hash_close(&o);
	if (ra != 16 || rb != 16 || memcmp(da, db, 16)) {
		snprintf(why, whylen, "len %zu: digests differ (ours %zd, reference %zd)",
			 len, ra, rb);
		return 1;
	}
	return 0;
}

static int fuzz_driver(const struct opts *o, const struct target *t,
		       struct fuzz_bufs *fb)
{
	bool hash = is_hash(t->name);
	double t0 = now_seconds(), last = 0;
	struct tally ty = { 0 };
	char why[512] = "", against[256];
	struct rng r;
	int bad = 0;

	if (t->ref[0])
		snprintf(against, sizeof(against), "reference %s", t->ref);
	else
		snprintf(against, sizeof(against),
			 "reference: portable C (the kernel has no %s)", t->name);
	rng_seed(&r, o->seed, t->drv);
	for (;;) {
		double el = now_seconds() - t0;

		if (o->cases && ty.cases >= o->cases)
			break;
		if (!o->cases && el >= o->seconds)
			break;
		bad = hash ? fuzz_hash_case(t, fb, &r, why, sizeof(why)) :
			     fuzz_cipher_case(t, fb, &r, &ty, why, sizeof(why));
		if (bad)
			break;
		ty.cases++;
		if (el - last > 0.25) {
			progress("fuzz %s: %ld cases, %.0f s", t->drv, ty.cases, el);
			last = el;
		}
	}
	progress_done();
	if (bad) {
		printf("FAIL fuzz %s: case %ld (--seed %llu), %s: %s\n", t->drv,
		       ty.cases + 1, (unsigned long long)o->seed, against, why);
		return 1;
	}
	if (!ty.cases) {
		printf("FAIL fuzz %s: no case ran in %.3g s\n", t->drv, o->seconds);
		return 1;
	}
	if (hash)
		printf("PASS fuzz %s: %ld cases, %s, lengths 0..%ld, %.0f s (seed %llu)\n",
		       t->drv, ty.cases, against, fb->max, now_seconds() - t0,
		       (unsigned long long)o->seed);
	else
		printf("PASS fuzz %s: %ld cases (%ld decrypt, %ld with the block counter crossing 2^32), %s, lengths %ld..%ld, each one AF_ALG request, %.0f s (seed %llu)\n",
		       t->drv, ty.cases, ty.decrypts, ty.wraps, against,
		       min_len_of(t->name), fb->max,
		       now_seconds() - t0, (unsigned long long)o->seed);
	return 0;
}

/*
 * The longest message one request takes on this system, and proof that it
 * is one: an operation of that length through a kernel xchacha12 driver
 * must match the portable C to its last byte (a second request would
 * restart the keystream from the IV).  0 on failure, with a FAIL line.
 */
static long one_request_max(const struct pc_alg *algs, int n, long want)
{
	struct ax_cipher c = { .tfm = -1, .op = -1 };
	char drv[192];
	uint8_t key[32] = { 1 }, iv[32] = { 2 }, *z, *k, *w;
	long max;
	ssize_t ret;

	if (!pick_reference(algs, n, "xchacha12", drv, sizeof(drv)))
		snprintf(drv, sizeof(drv), "xchacha12");
	ret = ax_cipher_open(&c, drv, 32) ?: ax_cipher_setkey(&c, key, 32);
	if (ret) {
		ax_cipher_close(&c);
		printf("FAIL fuzz: cannot open %s to size one request: %s\n",
		       drv, strerror((int)-ret));
		return 0;
	}
	/*
	 * A kernel whose socket buffers or optmem_max leave one request
	 * fewer bytes than the shortest Adiantum message cannot be fuzzed:
	 * say so rather than run shorter cases, or none
	 */
	if (c.max_request < 16) {
		ax_cipher_close(&c);
		printf("FAIL fuzz: one AF_ALG request holds only %zu bytes here (socket buffers as raised, net.core.optmem_max %ld), fewer than the 16 of the shortest Adiantum message\n",
		       c.max_request, ax_optmem_max());
		return 0;
	}
	max = (long)c.max_request < want ? (long)c.max_request : want;
	if (max < want)
		printf("# --max-len %ld lowered to %ld: the most one AF_ALG request holds here (socket buffers as raised, net.core.optmem_max %ld)\n",
		       want, max, ax_optmem_max());
	z = calloc(1, max + 1);
	k = xmalloc(max + 1);
	w = xmalloc(max + 1);
	if (!z) {
		fprintf(stderr, "adiantum-x86: out of memory (%ld bytes)\n", max);
		exit(2);
	}
	ret = ax_cipher_crypt(&c, false, iv, z, k, max, AX_SENDMSG, NULL);
	ax_cipher_close(&c);
	ref_chacha("xchacha12", key, iv, w, z, max);
	if (ret < 0) {
		printf("FAIL fuzz: a %ld-byte operation through %s failed: %s\n",
		       max, drv, strerror((int)-ret));
		max = 0;
	} else if (ret != max || memcmp(k, w, max)) {
		printf("FAIL fuzz: a %ld-byte operation through %s was not one request: its keystream differs from the portable C\n",
		       max, drv);
		max = 0;
	} else {
		printf("# every cipher case is one AF_ALG request: %ld bytes through %s match the portable C keystream end to end\n",
		       max, drv);
	}
	free(z);
	free(k);
	free(w);
	return max;
}

int cmd_fuzz(const struct opts *o)
{
	struct fuzz_bufs fb;
	struct pc_alg *algs;
	struct target *tg;
	int n, i, nt = 0, failed = 0, skipped = 0;

	if (o->driver)
		instantiate(o->driver);
	n = read_algs(&algs);
	tg = xmalloc((n + 1) * sizeof(*tg));
	for (i = 0; i < n; i++) {
		const struct pc_alg *a = &algs[i];
		struct target *t = &tg[nt];

		if (ax_name_index(a->name) < 0 || !selected(o, a, false))
			continue;
		if (!pc_is_ours(a)) {
			fprintf(stderr, "adiantum-x86: %s is not one of our drivers: fuzz compares ours with the kernel's reference, not a driver with itself\n",
				a->driver);
			free(tg);
			free(algs);
			return 2;
		}
		if (pc_is_instance(a) && !o->driver)
			continue;	/* the template over ours: only by name */
		/* every case of a driver is at least its shortest message */
		if (o->max_len < min_len_of(a->name)) {
			printf("SKIP fuzz %s: --max-len %ld below %ld, the shortest message it takes\n",
			       a->driver, o->max_len, min_len_of(a->name));
			skipped++;
			continue;
		}
		t->name = a->name;
		t->drv = a->driver;
		t->ref[0] = 0;
		if (!pick_reference(algs, n, a->name, t->ref, sizeof(t->ref)) &&
		    is_adiantum(a->name)) {
			printf("FAIL fuzz %s: the kernel builds no reference adiantum instance\n",
			       a->driver);
			failed++;
			continue;
		}
		nt++;
	}
	if (!nt && !failed && skipped) {
		fprintf(stderr, "adiantum-x86: --max-len %ld: too short for every driver selected (Adiantum takes 16 bytes or more)\n",
			o->max_len);
		free(tg);
		free(algs);
		return 2;
	}
	if (!nt && !failed) {
		printf("FAIL fuzz: none of our drivers is registered%s%s\n",
		       o->driver ? " as " : "", o->driver ? o->driver : "");
		free(tg);
		free(algs);
		return 1;
	}
	printf("# fuzz seed %llu\n", (unsigned long long)o->seed);
	fb.max = nt ? one_request_max(algs, n, o->max_len) : 0;
	if (nt && !fb.max) {
		free(tg);
		free(algs);
		return 1;
	}
	fb.in = xmalloc(fb.max + 64);
	fb.a = xmalloc(fb.max + 64);
	fb.b = xmalloc(fb.max + 64);
	for (i = 0; i < nt; i++)
		failed += fuzz_driver(o, &tg[i], &fb);
	free(fb.in);
	free(fb.a);
	free(fb.b);
	free(tg);
	free(algs);
	return failed ? 1 : 0;
}
