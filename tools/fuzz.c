// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 fuzz: each of our drivers against the generic driver of the
 * same name through AF_ALG.  Random keys, IVs and lengths (mostly short,
 * some up to --max-len), unaligned buffers, in place or not, and the data
 * sent by one sendmsg, by vmsplice, or in random sendmsg pieces; for
 * nhpoly1305, random update splits.  Reproducible from --seed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "tool.h"

static const char *const access_names[] = { "sendmsg", "vmsplice", "stream" };

/* AF_ALG buffers at most the socket send buffer of data per operation */
static long max_op_len(long want)
{
	FILE *f = fopen("/proc/sys/net/core/wmem_default", "r");
	long wmem = 0;

	if (f) {
		if (fscanf(f, "%ld", &wmem) != 1)
			wmem = 0;
		fclose(f);
	}
	if (wmem > 0 && want > wmem / 2)
		return wmem / 2;
	return want;
}

static size_t random_len(struct rng *r, long max)
{
	switch (rng_below(r, 8)) {
	case 0:
		return rng_below(r, max + 1);
	case 1:
	case 2:
		return rng_below(r, 4097 < max ? 4097 : max + 1);
	default:
		return rng_below(r, 600 < max ? 600 : max + 1);
	}
}

struct fuzz_bufs {
	uint8_t *in, *a, *b;
	long max;
};

/*
 * AF_ALG refuses a new key (EBUSY) once a handle has an operation socket,
 * so every case opens fresh handles.
 */
static int fuzz_cipher_case(const char *drv, const char *gdrv,
			    struct fuzz_bufs *fb, struct rng *r, char *why,
			    size_t whylen)
{
	struct ax_cipher o = { 0 }, g = { 0 }, *ours = &o, *gen = &g;
	uint8_t key[32], iv[32];
	size_t len = random_len(r, fb->max);
	unsigned int ioff = rng_below(r, 64), ooff = rng_below(r, 64);
	enum ax_access acc = rng_below(r, 3);
	bool inplace = rng_below(r, 4) == 0;
	uint8_t *in = fb->in + ioff, *out = inplace ? in : fb->a + ooff;
	ssize_t ra, rb;
	size_t i;

	if (acc == AX_VMSPLICE && len > AX_ONE_SHOT_MAX)
		acc = AX_STREAM;
	rng_fill(r, key, sizeof(key));
	rng_fill(r, iv, sizeof(iv));
	rng_fill(r, in, len);
	ra = ax_cipher_open(gen, gdrv) ?: ax_cipher_open(ours, drv) ?:
	     ax_cipher_setkey(gen, key, 32) ?: ax_cipher_setkey(ours, key, 32);
	if (ra)
		goto err;
	rb = ax_cipher_encrypt(gen, iv, in, fb->b, len, AX_SENDMSG, r);
	ra = ax_cipher_encrypt(ours, iv, in, out, len, acc, r);
	ax_cipher_close(ours);
	ax_cipher_close(gen);
	if (ra < 0 || rb < 0 || ra != rb) {
		snprintf(why, whylen, "len %zu %s: ours %zd, generic %zd", len,
			 access_names[acc], ra, rb);
		return 1;
	}
	for (i = 0; i < len; i++) {
		if (out[i] != fb->b[i]) {
			snprintf(why, whylen,
				 "len %zu %s%s offsets %u/%u: byte %zu differs",
				 len, access_names[acc],
				 inplace ? " in place" : "", ioff, ooff, i);
			return 1;
		}
	}
	return 0;
err:
	ax_cipher_close(ours);
	ax_cipher_close(gen);
	snprintf(why, whylen, "open/setkey: %s", strerror((int)-ra));
	return 1;
}

static int fuzz_hash_case(const char *drv, const char *gdrv,
			  struct fuzz_bufs *fb, struct rng *r, char *why,
			  size_t whylen)
{
	struct ax_hash o = { 0 }, g = { 0 }, *ours = &o, *gen = &g;
	static uint8_t key[1088];
	size_t len = random_len(r, fb->max);
	uint8_t *in = fb->in + rng_below(r, 64), da[16], db[16];
	ssize_t ra, rb;

	rng_fill(r, key, sizeof(key));
	rng_fill(r, in, len);
	ra = ax_hash_open(gen, gdrv) ?: ax_hash_open(ours, drv) ?:
	     ax_hash_setkey(gen, key, sizeof(key)) ?:
	     ax_hash_setkey(ours, key, sizeof(key));
	if (ra) {
		ax_hash_close(ours);
		ax_hash_close(gen);
		snprintf(why, whylen, "open/setkey: %s", strerror((int)-ra));
		return 1;
	}
	rb = ax_hash_digest(gen, in, len, db, sizeof(db), NULL);
	ra = ax_hash_digest(ours, in, len, da, sizeof(da),
			    rng_below(r, 2) ? r : NULL);
	ax_hash_close(ours);
	ax_hash_close(gen);
	if (ra != 16 || rb != 16 || memcmp(da, db, 16)) {
		snprintf(why, whylen, "len %zu: digests differ (%zd, %zd)", len,
			 ra, rb);
		return 1;
	}
	return 0;
}

static int fuzz_driver(const struct opts *o, const struct pc_alg *a,
		       struct fuzz_bufs *fb)
{
	bool hash = is_hash(a->name);
	double t0 = now_seconds(), last = 0;
	char gen[192], why[512] = "";
	long n = 0;
	struct rng r;
	int bad = 0;

	snprintf(gen, sizeof(gen), "%s-generic", a->name);
	rng_seed(&r, o->seed, a->driver);
	for (;;) {
		double t = now_seconds() - t0;

		if (o->cases && n >= o->cases)
			break;
		if (!o->cases && t >= o->seconds)
			break;
		bad = hash ? fuzz_hash_case(a->driver, gen, fb, &r, why,
					    sizeof(why)) :
			     fuzz_cipher_case(a->driver, gen, fb, &r, why,
					      sizeof(why));
		if (bad)
			break;
		n++;
		if (t - last > 0.25) {
			progress("fuzz %s: %ld cases, %.0f s", a->driver, n, t);
			last = t;
		}
	}
	progress_done();
	if (bad)
		printf("FAIL fuzz %s: case %ld (--seed %llu): %s\n", a->driver,
		       n, (unsigned long long)o->seed, why);
	else
		printf("PASS fuzz %s: %ld cases against %s, lengths up to %ld, %.0f s (seed %llu)\n",
		       a->driver, n, gen, fb->max, now_seconds() - t0,
		       (unsigned long long)o->seed);
	return bad;
}

int cmd_fuzz(const struct opts *o)
{
	struct fuzz_bufs fb;
	struct pc_alg *algs;
	int n = read_algs(&algs), i, failed = 0, ran = 0;

	fb.max = max_op_len(o->max_len);
	fb.in = malloc(fb.max + 64);
	fb.a = malloc(fb.max + 64);
	fb.b = malloc(fb.max + 64);
	if (!fb.in || !fb.a || !fb.b)
		return 2;
	printf("# fuzz seed %llu\n", (unsigned long long)o->seed);
	for (i = 0; i < n; i++) {
		const struct pc_alg *a = &algs[i];
		int j;

		for (j = 0; j < ax_nr_names; j++)
			if (!strcmp(a->name, ax_names[j]))
				break;
		if (j == ax_nr_names || !selected(o, a, false))
			continue;
		ran++;
		failed += fuzz_driver(o, a, &fb);
	}
	if (!ran)
		printf("FAIL fuzz: none of our drivers is registered%s%s\n",
		       o->driver ? " as " : "", o->driver ? o->driver : "");
	free(fb.in);
	free(fb.a);
	free(fb.b);
	free(algs);
	return failed || !ran ? 1 : 0;
}
