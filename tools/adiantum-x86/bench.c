// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 bench: MB/s of every chacha20/xchacha20/xchacha12/
 * nhpoly1305/adiantum driver (ours, the in-tree SIMD ones, the reference
 * ones and template instances) through AF_ALG.  This is what a user of
 * AF_ALG sees, system call costs included; the cores alone are timed by
 * make bench.  Exits 1 when a cell failed or nothing was measured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "tool.h"

static const size_t bench_lens[] = { 512, 4096, 65536 };

/* MB/s, or a negative errno */
static double bench_one(const struct pc_alg *a, size_t len, double seconds,
			uint8_t *buf)
{
	static uint8_t key[1088], iv[32];
	struct ax_cipher c = { .tfm = -1, .op = -1 };
	struct ax_hash h = { 0 };
	unsigned int ivsize = strcmp(a->name, "chacha20") ? 32 : 16;
	double t0, t;
	long ops = 0;
	uint8_t d[16];
	ssize_t ret;

	ret = is_hash(a->name) ? ax_hash_open(&h, a->driver) ?:
				 ax_hash_setkey(&h, key, sizeof(key)) :
				 ax_cipher_open(&c, a->driver, ivsize) ?:
				 ax_cipher_setkey(&c, key, 32);
	t0 = now_seconds();
	do {
		if (ret >= 0)
			ret = h.h ? ax_hash_digest(&h, buf, len, d, 16, NULL) :
				    ax_cipher_crypt(&c, false, iv, buf, buf, len,
						    AX_SENDMSG, NULL);
		ops++;
		t = now_seconds() - t0;
	} while (ret >= 0 && t < seconds);
	ax_cipher_close(&c);
	ax_hash_close(&h);
	return ret < 0 ? (double)ret : ops * (double)len / t / 1e6;
}

int cmd_bench(const struct opts *o)
{
	struct pc_alg *algs;
	int n, i, j, k, rows = 0, errors = 0;
	uint8_t *buf = xmalloc(65536);
	char ref[192];

	memset(buf, 0, 65536);
	/*
	 * The kernel's reference adiantum instance exists once bound: a row
	 * beside ours.  Only where ours are registered, so that it never
	 * becomes what the crypto API hands dm-crypt instead of a better
	 * instance not built yet.
	 */
	n = read_algs(&algs);
	for (j = 0; j < ax_nr_names; j++)
		if (is_adiantum(ax_names[j]) && !o->driver &&
		    have_ours(algs, n, ax_names[j]))
			pick_reference(algs, n, ax_names[j], ref, sizeof(ref));
	if (o->driver)
		instantiate(o->driver);
	free(algs);
	n = read_algs(&algs);

	printf("%-23s %-58s %5s %10s %10s %10s\n", "algorithm", "driver",
	       "prio", "512 B", "4096 B", "65536 B");
	for (j = 0; j < ax_nr_names; j++) {
		for (i = 0; i < n; i++) {
			const struct pc_alg *a = &algs[i];
			double mbs[3];

			if (strcmp(a->name, ax_names[j]) || !selected(o, a, true))
				continue;
			for (k = 0; k < 3; k++) {
				progress("bench %s %zu bytes", a->driver,
					 bench_lens[k]);
				mbs[k] = bench_one(a, bench_lens[k],
						   o->seconds, buf);
			}
			progress_done();
			rows++;
			printf("%-23s %-58s %5d", a->name, a->driver,
			       a->priority);
			for (k = 0; k < 3; k++) {
				if (mbs[k] < 0) {
					printf(" %10s", "error");
					errors++;
				} else {
					printf(" %10.1f", mbs[k]);
				}
			}
			printf("\n");
			fflush(stdout);
		}
	}
	printf("MB/s through AF_ALG, one thread, %.3g s per cell\n", o->seconds);
	free(buf);
	free(algs);
	if (!rows) {
		printf("FAIL bench: %s%s\n", o->driver ? "no driver named " :
		       "no driver of these names is registered",
		       o->driver ? o->driver : "");
		return 1;
	}
	if (errors) {
		printf("FAIL bench: %d of %d cells failed (\"error\" above)\n",
		       errors, rows * 3);
		return 1;
	}
	return 0;
}
