// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 bench: MB/s of every chacha20/xchacha20/xchacha12/nhpoly1305
 * driver (ours, the in-tree SIMD ones, generic) through AF_ALG.  This is
 * what a user of AF_ALG sees, system call costs included; the cores alone
 * are timed by make bench.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "tool.h"

static const size_t bench_lens[] = { 512, 4096, 65536 };

static double bench_one(const struct pc_alg *a, size_t len, double seconds,
			uint8_t *buf)
{
	static uint8_t key[1088], iv[32];
	struct ax_cipher c = { 0 };
	struct ax_hash h = { 0 };
	double t0, t;
	long ops = 0;
	uint8_t d[16];
	ssize_t ret;

	ret = is_hash(a->name) ? ax_hash_open(&h, a->driver) ?:
				 ax_hash_setkey(&h, key, sizeof(key)) :
				 ax_cipher_open(&c, a->driver) ?:
				 ax_cipher_setkey(&c, key, 32);
	t0 = now_seconds();
	do {
		if (ret >= 0)
			ret = h.h ? ax_hash_digest(&h, buf, len, d, 16, NULL) :
				    ax_cipher_encrypt(&c, iv, buf, buf, len,
						      AX_SENDMSG, NULL);
		ops++;
		t = now_seconds() - t0;
	} while (ret >= 0 && t < seconds);
	ax_cipher_close(&c);
	ax_hash_close(&h);
	return ret < 0 ? -1 : ops * (double)len / t / 1e6;
}

int cmd_bench(const struct opts *o)
{
	struct pc_alg *algs;
	int n = read_algs(&algs), i, j, k;
	uint8_t *buf = calloc(1, 65536);

	if (!buf)
		return 2;
	printf("%-11s %-26s %5s %10s %10s %10s\n", "algorithm", "driver",
	       "prio", "512 B", "4096 B", "65536 B");
	for (j = 0; j < ax_nr_names; j++) {
		for (i = 0; i < n; i++) {
			const struct pc_alg *a = &algs[i];

			if (strcmp(a->name, ax_names[j]) || !selected(o, a, true))
				continue;
			double mbs[3];

			for (k = 0; k < 3; k++) {
				progress("bench %s %zu bytes", a->driver,
					 bench_lens[k]);
				mbs[k] = bench_one(a, bench_lens[k],
						   o->seconds, buf);
			}
			progress_done();
			printf("%-11s %-26s %5d", a->name, a->driver,
			       a->priority);
			for (k = 0; k < 3; k++) {
				if (mbs[k] < 0)
					printf(" %10s", "error");
				else
					printf(" %10.1f", mbs[k]);
			}
			printf("\n");
			fflush(stdout);
		}
	}
	printf("MB/s through AF_ALG, one thread, %.1f s per cell\n", o->seconds);
	free(buf);
	free(algs);
	return 0;
}
