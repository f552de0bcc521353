// SPDX-License-Identifier: GPL-2.0
/*
 * corebench — cycles/byte and MB/s of our cores beside the Linux 6.1
 * in-tree cores, OpenSSL and libsodium, all in one run on one pinned CPU.
 *
 *   corebench [--quick] [--csv FILE] [--dat FILE]
 *
 * Cycles: the TSC of this VM ticks at a fixed rate, not at the core clock,
 * so the core clock is measured: a chain of dependent 1-cycle adds is timed
 * against the TSC (before and after the run) and every TSC count is scaled
 * by that ratio.  Each cell is the median of many short trials, taken in
 * turn with the other implementations of the same row, so that drift on a
 * shared machine hits all of them alike.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include <openssl/evp.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../common/cycles.h"
#include "corebench.h"

enum alg {
	CHACHA20, XCHACHA12, XCHACHA20, NH, NHPOLY1305, ADIANTUM,
	ADIANTUM_ENC, ADIANTUM_DEC, AES_ENC, AES_DEC, NALGS
};

static const char *const alg_names[NALGS] = {
	"chacha20", "xchacha12", "xchacha20", "nh", "nhpoly1305", "adiantum",
	"adiantum-encrypt", "adiantum-decrypt", "aes-encrypt", "aes-decrypt"
};

static const unsigned int lens[] = { 512, 4096, 65536 };
#define NLENS 3

/*
 * The AES block alone (a message's one block, each call's output the
 * next one's input: its latency, as a message waits for it) has one row
 * per AES class and implementation, of 16 bytes
 */
static bool aes_alone(int a)
{
	return a == AES_ENC || a == AES_DEC;
}

#define CB_AES_BLOCK	16

static unsigned int row_len(int a, int li)
{
	return aes_alone(a) ? CB_AES_BLOCK : lens[li];
}

static _Alignas(64) u8 buf[65536 + 64];
static u8 key[32], iv[32];
static struct ax86_nhpoly1305_key nhkey;

/*
 * Whole Adiantum messages (XChaCha12): our driver's code, and Linux 6.1's
 * template composition of its in-tree cores in the template's order, each
 * with its AES block per AES class (ours_msg.c, linux_msg.c).  OpenSSL's
 * AES is the reference they are checked against.
 */
static struct ax86_adiantum_key adkey;
static EVP_CIPHER_CTX *aes_evp[2];
static bool have_aesni;

static void ref_aes(const void *aes, u8 out[16], const u8 in[16], bool enc)
{
	int n;

	(void)aes;
	EVP_CipherUpdate(aes_evp[enc], out, &n, in, 16);
}

static int adiantum_keys(void)
{
	u8 derived[AX86_ADIANTUM_DERIVED_BYTES], aes_key[32];
	u8 div[AX86_XCHACHA_IV_SIZE] = { 1 };
	u32 kw[8], st[16];
	int i;

	/* the derived keys once more, for the in-tree composition */
	memset(derived, 0, sizeof(derived));
	ax86_chacha_key_words(kw, key);
	ax86_xchacha_init(st, kw, div, 12);
	ax86_chacha_crypt(st, derived, derived, sizeof(derived), 12);
	linux_tweak_setkey(derived + 32);
	linux_nhp_setkey(derived + 48);

	ax86_adiantum_setkey(&adkey, key, 32, 12, derived, aes_key);
	__builtin_cpu_init();
	have_aesni = __builtin_cpu_supports("aes");
	for (i = 0; i < 2; i++) {
		aes_evp[i] = EVP_CIPHER_CTX_new();
		EVP_CipherInit_ex(aes_evp[i], EVP_aes_256_ecb(), NULL, aes_key,
				  NULL, i);
		EVP_CIPHER_CTX_set_padding(aes_evp[i], 0);
	}
	if (ours_aes_setkey(aes_key, have_aesni) ||
	    linux_aes_setkey(aes_key, have_aesni)) {
		fprintf(stderr, "corebench: AES key setup failed\n");
		return -1;
	}
	return 0;
}

static void adiantum_msg(const struct cb_impl *m, enum cb_aes aes, u8 *dst,
			 const u8 *src, unsigned int len, bool enc)
{
	if (m->linux_nhp)
		linux_adiantum(m, &adkey, aes, dst, src, len, iv, enc);
	else
		m->adiantum(&adkey, ours_aes_key(aes), dst, src, len, iv,
			    enc);
}

/*
 * the AES classes a row is measured with: only whole messages and the
 * block alone have two
 */
static bool runs_aes(enum alg a)
{
	return a == ADIANTUM_ENC || a == ADIANTUM_DEC || aes_alone(a);
}

static bool measured(enum alg a, int li, enum cb_aes aes)
{
	if (aes_alone(a) && li)
		return false;
	if (aes == CB_AESNI)
		return runs_aes(a) && have_aesni;
	return true;
}

static bool offers(const struct cb_impl *m, enum alg a)
{
	switch (a) {
	case CHACHA20:
		return m->stream || m->chacha20_msg;
	case XCHACHA12:
		return m->stream;
	case XCHACHA20:
		return m->stream || m->xchacha20_msg;
	case NH:
	case NHPOLY1305:
		return m->nh && m->nh_own;
	case ADIANTUM:
		return m->stream && m->nh;	/* the pair the drivers use */
	case ADIANTUM_ENC:
	case ADIANTUM_DEC:
		return m->adiantum || (m->linux_nhp && m->nh);
	case AES_ENC:
	case AES_DEC:
		return m->aes_row;
	default:
		return false;
	}
}

static void xchacha(const struct cb_impl *m, unsigned int len,
		    unsigned int nrounds)
{
	cb_xchacha(m, key, iv, buf, len, nrounds);
}

static void nhpoly1305(const struct cb_impl *m, unsigned int len, u8 out[16])
{
	if (m->linux_nhp)
		linux_nhpoly1305(m->nh, buf, len, out);
	else
		ours_nhpoly1305(&nhkey, m->nh, buf, len, out);
}

static void run(const struct cb_impl *m, enum alg a, enum cb_aes aes,
		unsigned int len)
{
	u32 kw[8], st[16];
	u8 h[32];
	unsigned int n;

	switch (a) {
	case CHACHA20:
		if (m->chacha20_msg) {
			m->chacha20_msg(buf, buf, len, key, iv);
			break;
		}
		ax86_chacha_key_words(kw, key);
		ax86_chacha_init(st, kw, iv);
		m->stream(st, buf, buf, len, 20);
		break;
	case XCHACHA12:
		xchacha(m, len, 12);
		break;
	case XCHACHA20:
		if (m->xchacha20_msg)
			m->xchacha20_msg(buf, buf, len, key, iv);
		else
			xchacha(m, len, 20);
		break;
	case NH:
		for (n = 0; n < len; n += AX86_NH_MESSAGE_BYTES)
			m->nh(m->linux_nhp ? linux_nh_key() : nhkey.nh, buf + n,
			      min_t(unsigned int, len - n,
				    AX86_NH_MESSAGE_BYTES), h);
		break;
	case NHPOLY1305:
		nhpoly1305(m, len, h);
		break;
	case ADIANTUM:
		/*
		 * the data-dependent work of one message: two hashes and the
		 * stream over the bulk, which is all but the last 16 bytes
		 */
		nhpoly1305(m, len - 16, h);
		xchacha(m, len - 16, 12);
		nhpoly1305(m, len - 16, h);
		break;
	case ADIANTUM_ENC:
	case ADIANTUM_DEC:
		adiantum_msg(m, aes, buf, buf, len, a == ADIANTUM_ENC);
		break;
	case AES_ENC:
	case AES_DEC:
		if (m->linux_nhp)
			linux_aes_block(aes, buf, buf, a == AES_ENC);
		else
			m->aes_block(ours_aes_key(aes), buf, buf, a == AES_ENC);
		break;
	default:
		break;
	}
}

static double tsc_hz, core_per_tsc;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double measure_tsc_hz(void)
{
	double t0 = now(), t;
	u64 c0 = __rdtsc();

	do {
		t = now();
	} while (t - t0 < 0.05);
	return (__rdtsc() - c0) / (t - t0);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct cell {
	double cpb, mbs;
	bool have;
};

#define MAX_IMPLS 16

static struct cell cells[NALGS][NLENS][CB_NR_AES][MAX_IMPLS];

static const char *const aes_names[CB_NR_AES] = { "aesni", "none" };

/* what an AES row runs (the glue's choice for ours, adiantum_dispatch.h) */
static const char *aes_form(const struct cb_impl *m, enum cb_aes aes)
{
	if (aes == CB_AESNI)
		return "aesni";
	if (m->linux_nhp)
		return "aes-generic";
	return strcmp(m->isa, "sse2") ? ax86_adiantum_aes_name(ssse3) :
					ax86_adiantum_aes_name(sse2);
}

/* NULL if this CPU runs @m, else the feature it lacks */
static const char *unsupported(const struct cb_impl *m)
{
	return cpu_lacks(m->needs);
}

static void measure_row(enum alg a, int li, enum cb_aes aes, int trials)
{
	unsigned int len = row_len(a, li), reps, i, t;
	double samples[MAX_IMPLS][64];
	int k;

	reps = 262144 / len;
	for (t = 0; t < (unsigned int)trials; t++) {
		for (i = 0; i < cb_nr_impls; i++) {
			const struct cb_impl *m = &cb_impls[i];
			u64 c0;

			if (!offers(m, a) || unsupported(m))
				continue;
			run(m, a, aes, len);	/* warm caches and clocks */
			c0 = __rdtsc();
			for (k = 0; k < (int)reps; k++)
				run(m, a, aes, len);
			samples[i][t] = (double)(__rdtsc() - c0) / reps;
		}
	}
	for (i = 0; i < cb_nr_impls; i++) {
		struct cell *c = &cells[a][li][aes][i];

		if (!offers(&cb_impls[i], a) || unsupported(&cb_impls[i]))
			continue;
		qsort(samples[i], trials, sizeof(double), cmp_double);
		c->cpb = samples[i][trials / 2] / len;	/* TSC ticks */
		c->mbs = len / (samples[i][trials / 2] / tsc_hz) / 1e6;
		c->have = true;
	}
}

/* best (lowest cpb) linux-6.1 cell of a row, optionally of one ISA */
static double linux_best(enum alg a, int li, enum cb_aes aes, const char *isa)
{
	double best = 0;
	unsigned int i;

	for (i = 0; i < cb_nr_impls; i++) {
		const struct cell *c = &cells[a][li][aes][i];

		if (!c->have || strcmp(cb_impls[i].impl, "linux-6.1") ||
		    (isa && strcmp(cb_impls[i].isa, isa)))
			continue;
		if (!best || c->cpb < best)
			best = c->cpb;
	}
	return best;
}

/* one row (algorithm, length, AES class): the table, the CSV, the chart */
static void print_row(FILE *csv, FILE *dat, enum alg a, int li, enum cb_aes x)
{
	double lb = linux_best(a, li, x, NULL), ob = 0, o2 = 0, l2;
	unsigned int m;

	for (m = 0; m < cb_nr_impls; m++) {
		const struct cell *c = &cells[a][li][x][m];
		const struct cb_impl *im = &cb_impls[m];
		double same;
		char r1[16] = "", r2[16] = "";

		if (!c->have)
			continue;
		fprintf(csv, "%s,%s,%s,%u,%.4f,%.1f,%s\n", im->impl,
			alg_names[a], im->isa, row_len(a, li), c->cpb, c->mbs,
			aes_names[x]);
		if (!strcmp(im->impl, "ours")) {
			same = linux_best(a, li, x, im->isa);
			if (lb)
				snprintf(r1, sizeof(r1), "%.2fx", lb / c->cpb);
			if (same)
				snprintf(r2, sizeof(r2), "%.2fx",
					 same / c->cpb);
			if (!ob || c->cpb < ob)
				ob = c->cpb;
			if (!strcmp(im->isa, "avx2"))
				o2 = c->cpb;
		}
		printf("%-16s %6u  %-10s %-9s %-5s %7.3f %9.1f  %8s %8s",
		       alg_names[a], row_len(a, li), im->impl, im->isa,
		       aes_names[x], c->cpb, c->mbs, r1, r2);
		if (aes_alone(a))
			printf("  %6.1f cycles (%s)", c->cpb * CB_AES_BLOCK,
			       aes_form(im, x));
		printf("\n");
	}
	/* the chart: AES-NI rows under the old names, the others -noaesni */
	l2 = linux_best(a, li, x, "avx2");
	if (lb && ob && !aes_alone(a))
		fprintf(dat, "%s-%u%s %.3f %.3f\n", alg_names[a], lens[li],
			runs_aes(a) && x == CB_AES_NONE ? "-noaesni" : "",
			lb / ob, o2 && l2 ? l2 / o2 : 0);
	printf("\n");
}

int main(int argc, char **argv)
{
	const char *csv_path = "build/bench.csv", *dat_path = "build/bench.dat";
	int trials = 31, i, li, a, x;
	cpu_set_t set;
	double c0, c1;
	FILE *csv, *dat;
	unsigned int m;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			trials = 3;
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			csv_path = argv[++i];
		else if (!strcmp(argv[i], "--dat") && i + 1 < argc)
			dat_path = argv[++i];
		else {
			fprintf(stderr, "usage: corebench [--quick] [--csv FILE] [--dat FILE]\n");
			return 2;
		}
	}
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		perror("corebench: sched_setaffinity (not pinned)");
	cb_impls_init();
	if (cb_nr_impls > MAX_IMPLS) {
		fprintf(stderr, "corebench: raise MAX_IMPLS\n");
		return 2;
	}
	memset(buf, 0x5a, sizeof(buf));
	memset(key, 0x42, sizeof(key));
	memset(iv, 0x24, sizeof(iv));
	{
		u8 raw[AX86_NHPOLY1305_KEY_SIZE];

		memset(raw, 0x3c, sizeof(raw));
		ax86_nhpoly1305_setkey(&nhkey, raw, sizeof(raw));
		linux_nhp_setkey(raw);
	}

	/* the in-tree NHPoly1305 path must compute the same digest as ours */
	for (m = 0; m < cb_nr_impls; m++) {
		const struct cb_impl *im = &cb_impls[m];
		struct ax86_nhpoly1305_state st;
		u8 want[16], got[16];

		if (!im->linux_nhp || !im->nh || unsupported(im))
			continue;
		ax86_nhpoly1305_init(&st);
		ax86_nhpoly1305_update(&st, &nhkey, buf, 4000, ax86_nh_generic);
		ax86_nhpoly1305_final(&st, &nhkey, want, ax86_nh_generic);
		linux_nhpoly1305(im->nh, buf, 4000, got);
		if (memcmp(want, got, 16)) {
			fprintf(stderr, "corebench: linux-6.1 %s NHPoly1305 disagrees with ours\n",
				im->isa);
			return 2;
		}
	}

	/*
	 * every whole-message implementation computes the same bytes with
	 * each AES (ours: each variant's form), and Linux's AES block the
	 * same as OpenSSL's
	 */
	if (adiantum_keys())
		return 2;
	for (x = 0; x < CB_NR_AES; x++) {
		u8 blk[16], want[16], got[16];
		int enc;

		if (!measured(ADIANTUM_ENC, 0, x))
			continue;
		for (enc = 0; enc < 2; enc++) {
			memcpy(blk, buf, 16);
			blk[0] ^= x + 2 * enc;
			ref_aes(NULL, want, blk, enc);
			linux_aes_block(x, got, blk, enc);
			if (memcmp(want, got, 16)) {
				fprintf(stderr, "corebench: linux-6.1 AES (%s) disagrees with OpenSSL\n",
					aes_names[x]);
				return 2;
			}
		}
	}
	for (m = 0; m < cb_nr_impls; m++) {
		const struct cb_impl *im = &cb_impls[m];
		static u8 want[4096], got[4096];
		int enc;

		if (!offers(im, ADIANTUM_ENC) || unsupported(im))
			continue;
		for (x = 0; x < CB_NR_AES; x++) {
			if (!measured(ADIANTUM_ENC, 0, x))
				continue;
			for (enc = 0; enc < 2; enc++) {
				ax86_adiantum_crypt(&adkey, NULL, want, buf,
						    4000, iv, enc, ref_aes,
						    NULL, ax86_chacha_crypt,
						    ax86_hchacha,
						    ax86_nh_generic,
						    ax86_poly1305_emit_scalar);
				adiantum_msg(im, x, got, buf, 4000, enc);
				if (memcmp(want, got, 4000)) {
					fprintf(stderr, "corebench: %s %s Adiantum (AES %s) disagrees with the portable code\n",
						im->impl, im->isa, aes_names[x]);
					return 2;
				}
			}
		}
	}

	tsc_hz = measure_tsc_hz();
	c0 = ax86_core_cycles_per_tick();
	for (a = 0; a < NALGS; a++)
		for (li = 0; li < NLENS; li++)
			for (x = 0; x < CB_NR_AES; x++)
				if (measured(a, li, x))
					measure_row(a, li, x, trials);
	c1 = ax86_core_cycles_per_tick();
	core_per_tsc = (c0 + c1) / 2;
	/* TSC ticks per byte to core cycles per byte */
	for (a = 0; a < NALGS; a++)
		for (li = 0; li < NLENS; li++)
			for (x = 0; x < CB_NR_AES; x++)
				for (m = 0; m < cb_nr_impls; m++)
					cells[a][li][x][m].cpb *= core_per_tsc;

	csv = fopen(csv_path, "w");
	dat = fopen(dat_path, "w");
	if (!csv || !dat) {
		perror("corebench: output");
		return 2;
	}
	fprintf(csv, "implementation,algorithm,isa,bytes,cycles_per_byte,mb_per_s,aes\n");
	fprintf(dat, "# algorithm bytes ours_best_over_linux_best ours_avx2_over_linux_avx2\n");
	printf("TSC %.0f MHz, core %.0f MHz (%.3f cycles per TSC tick, %.3f / %.3f before / after), %d trials per cell, median\n",
	       tsc_hz / 1e6, tsc_hz * core_per_tsc / 1e6, core_per_tsc, c0,
	       c1, trials);
	/* no core runs at three times its TSC: the adds were folded */
	if (core_per_tsc > 3)
		printf("warning: the add chain ran faster than an add a cycle (folded at rename?): cpb too high here, MB/s and ratios hold\n");
	printf("per-message C (ours and linux-6.1): %s; AES-NI rows: %s\n",
	       cb_build_flags(), have_aesni ? "yes" : "no (this CPU has none)");
	for (i = 0; i < (int)cb_nr_impls; i++)
		if (unsupported(&cb_impls[i]))
			printf("skipped %s %s: no %s\n", cb_impls[i].impl,
			       cb_impls[i].isa, unsupported(&cb_impls[i]));
	printf("\n%-16s %6s  %-10s %-9s %-5s %7s %9s  %8s %8s\n", "algorithm",
	       "bytes", "impl", "isa", "aes", "cpb", "MB/s", "÷best",
	       "÷sameISA");
	for (a = 0; a < NALGS; a++) {
		for (li = 0; li < NLENS; li++) {
			for (x = 0; x < CB_NR_AES; x++) {
				if (measured(a, li, x))
					print_row(csv, dat, a, li, x);
			}
		}
	}
	printf("÷best: speed of this row over the fastest linux-6.1 row (>1: ours faster)\n");
	printf("÷sameISA: over the linux-6.1 row of the same ISA\n");
	printf("CSV: %s\n", csv_path);
	fclose(csv);
	fclose(dat);
	return 0;
}
