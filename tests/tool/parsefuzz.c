// SPDX-License-Identifier: GPL-2.0
/*
 * Random and mutated input for the adiantum-x86 tool's parsers, built with
 * ASan and UBSan (mk/toolsan.mk), for SECONDS each:
 *   testmgr   tools/common/testmgr.c: the templates of crypto/testmgr.h,
 *             cut out of the real file, then mutated
 *   vectors   check.c's vetting: the six templates in one file, some
 *             mutated, loaded and vetted as check --testmgr does
 *   proc      proc_crypto.c and status: a /proc/crypto (WORKDIR/crypto.seed)
 *             mutated into the stub's root, then "status" run over it
 *   args      args.c: command lines of the tool's words and odd values
 *   results   selfcheck.c: a module's self-check result, mutated, read
 *             as check without AF_ALG reads it
 * Any sanitizer report ends the run (the input is in WORKDIR/input); a
 * run that survives prints one PASS line per part.
 *   parsefuzz SECONDS TESTMGR_H WORKDIR [SEED]
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../tools/adiantum-x86/tool.h"
#include "../../tools/common/rng.h"
#include "../../tools/common/testmgr.h"

static const char *const templates[] = {
	"chacha20_tv_template", "xchacha20_tv_template",
	"xchacha12_tv_template", "nhpoly1305_tv_template",
	"adiantum_xchacha12_aes_tv_template",
	"adiantum_xchacha20_aes_tv_template",
};

/* what a C initializer or /proc/crypto line is made of */
static const char *const pieces[] = {
	"\"", "\\x", "\\x0123456789abcdef0123", "\\777", "\\", "{", "}", ",",
	".", "=", "/*", "*/", "//", "\n", ":", " : ", "0x", "99999999999999999999",
	"-1", "name", "driver", "priority", "refcnt", ".len", ".key", "(", ")",
	"adiantum(", "-ax86-", "selftest     : passed\n", "\xff", "",
};

struct buf {
	char *p;
	size_t n, cap;
};

static void put(struct buf *b, size_t at, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			exit(2);
	}
	memmove(b->p + at + n, b->p + at, b->n - at);
	memcpy(b->p + at, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

/* a few random edits: flips, piece inserts, deletions, copies */
static void mutate(struct buf *b, struct rng *r)
{
	int edits = 1 + rng_below(r, 8), i;

	for (i = 0; i < edits; i++) {
		size_t at = b->n ? rng_below(r, b->n + 1) : 0, len;
		const char *pc;
		char c;

		switch (rng_below(r, 5)) {
		case 0:
			if (at < b->n)
				b->p[at] ^= 1 << rng_below(r, 8);
			break;
		case 1:
			pc = pieces[rng_below(r, ARRAY_SIZE(pieces))];
			put(b, at, pc, strlen(pc));
			break;
		case 2:
			len = rng_below(r, 64);
			if (len > b->n - at)
				len = b->n - at;
			memmove(b->p + at, b->p + at + len, b->n - at - len);
			b->n -= len;
			b->p[b->n] = 0;
			break;
		case 3:
			if (!b->n)
				break;
			len = rng_below(r, 128);
			if (len > b->n - at)
				len = b->n - at;
			{
				char *copy = malloc(len + 1);

				if (!copy)
					exit(2);
				memcpy(copy, b->p + at, len);
				put(b, rng_below(r, b->n + 1), copy, len);
				free(copy);
			}
			break;
		default:
			c = (char)rng_below(r, 256);
			put(b, at, &c, 1);
			break;
		}
	}
}

static void write_file(const char *path, const struct buf *b)
{
	FILE *f = fopen(path, "w");

	if (!f || fwrite(b->p, 1, b->n, f) != b->n || fclose(f)) {
		fprintf(stderr, "parsefuzz: cannot write %s: %s\n", path,
			strerror(errno));
		exit(2);
	}
}

static char *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char *p;
	long size;

	size = !f || fseek(f, 0, SEEK_END) ? -1 : ftell(f);
	if (size < 0) {
		fprintf(stderr, "parsefuzz: cannot read %s\n", path);
		exit(2);
	}
	rewind(f);
	p = malloc(size + 1);
	if (!p || fread(p, 1, size, f) != (size_t)size)
		exit(2);
	fclose(f);
	p[size] = 0;
	*n = size;
	return p;
}

/* " name[] = {" ... "\n};" of each template, as the seeds */
static int cut_templates(const char *text, struct buf *seeds)
{
	char pat[96];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(templates); i++) {
		const char *a, *e;

		snprintf(pat, sizeof(pat), " %s[] = {", templates[i]);
		a = strstr(text, pat);
		e = a ? strstr(a, "\n};") : NULL;
		if (!e)
			return -1;
		memset(&seeds[i], 0, sizeof(seeds[i]));
		put(&seeds[i], 0, "static const struct x", 21);
		put(&seeds[i], seeds[i].n, a, e + 3 - a);
	}
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* WORKDIR/quiet.log: what a part's parsers print, its last part's only */
static char quiet_log[4096];

/*
 * fd @fd to quiet_log while the parsers print their complaints: a
 * sanitizer's report on stderr then ends up there too, for the caller to
 * show
 */
static int quiet(int fd)
{
	int saved, log;

	fflush(NULL);
	saved = dup(fd);
	log = open(quiet_log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (saved < 0 || log < 0 || dup2(log, fd) < 0)
		exit(2);
	close(log);
	return saved;
}

static void loud(int fd, int saved)
{
	fflush(NULL);
	if (dup2(saved, fd) < 0)
		exit(2);
	close(saved);
}

static long fuzz_testmgr(double secs, const char *testmgr, const char *dir,
			 struct rng *r)
{
	struct buf seeds[ARRAY_SIZE(templates)], b = { 0 };
	char path[4096];
	double end = now() + secs;
	size_t n;
	char *text = read_file(testmgr, &n);
	long runs = 0;

	if (cut_templates(text, seeds)) {
		printf("FAIL parsefuzz testmgr: a template is missing from %s\n",
		       testmgr);
		exit(1);
	}
	free(text);
	snprintf(path, sizeof(path), "%s/input", dir);
	while (now() < end) {
		size_t t = rng_below(r, ARRAY_SIZE(templates)), k;
		struct tm_vector *v;
		int nv, i;

		b.n = 0;
		put(&b, 0, seeds[t].p, seeds[t].n);
		/* now and then a random mix of pieces alone */
		if (!rng_below(r, 16)) {
			b.n = 0;
			put(&b, 0, " ", 1);
			put(&b, 1, templates[t], strlen(templates[t]));
			put(&b, b.n, "[] = {", 6);
		}
		mutate(&b, r);
		write_file(path, &b);
		nv = testmgr_load(path, templates[t], &v);
		for (i = 0; i < nv; i++)
			for (k = 0; k < 16; k++)
				if (tm_get(&v[i], pieces[k]))
					break;
		if (nv > 0)
			testmgr_free(v, nv);
		runs++;
	}
	for (n = 0; n < ARRAY_SIZE(templates); n++)
		free(seeds[n].p);
	free(b.p);
	return runs;
}

/*
 * check's vetting of the vectors (check.c): the six templates in one
 * file, a few of them mutated, read and vetted as check --testmgr does
 */
static long fuzz_vectors(double secs, const char *testmgr, const char *dir,
			 struct rng *r)
{
	struct buf seeds[ARRAY_SIZE(templates)], b = { 0 }, one = { 0 };
	struct opts o = { 0 };
	char path[4096];
	double end = now() + secs;
	size_t n, t;
	char *text = read_file(testmgr, &n);
	long runs = 0;
	int saved;

	if (cut_templates(text, seeds)) {
		printf("FAIL parsefuzz vectors: a template is missing from %s\n",
		       testmgr);
		exit(1);
	}
	free(text);
	snprintf(path, sizeof(path), "%s/input", dir);
	o.testmgr = path;
	saved = quiet(2);
	while (now() < end) {
		b.n = 0;
		for (t = 0; t < ARRAY_SIZE(templates); t++) {
			one.n = 0;
			put(&one, 0, seeds[t].p, seeds[t].n);
			if (!rng_below(r, 3))
				mutate(&one, r);
			put(&b, b.n, one.p, one.n);
			put(&b, b.n, "\n", 1);
		}
		write_file(path, &b);
		check_load_vectors(&o);
		check_free_vectors();
		runs++;
	}
	loud(2, saved);
	for (t = 0; t < ARRAY_SIZE(templates); t++)
		free(seeds[t].p);
	free(b.p);
	free(one.p);
	return runs;
}

static long fuzz_proc(double secs, const char *dir, struct rng *r)
{
	char path[4096], in[4096];
	double end = now() + secs;
	struct opts o = { .require_ours = true };
	struct buf seed = { 0 }, b = { 0 };
	struct pc_alg *algs;
	size_t n;
	char *text;
	long runs = 0;
	int i, saved;

	snprintf(path, sizeof(path), "%s/crypto.seed", dir);
	text = read_file(path, &n);
	put(&seed, 0, text, n);
	free(text);
	snprintf(path, sizeof(path), "%s/root/proc/crypto", dir);
	snprintf(in, sizeof(in), "%s/input", dir);
	saved = quiet(1);
	while (now() < end) {
		b.n = 0;
		put(&b, 0, seed.p, seed.n);
		mutate(&b, r);
		write_file(in, &b);
		write_file(path, &b);
		n = proc_crypto_read(&algs);
		for (i = 0; i < (int)n; i++)
			pc_winner(algs, n, algs[i].name);
		free(algs);
		cmd_status(&o);
		runs++;
	}
	loud(1, saved);
	free(seed.p);
	free(b.p);
	return runs;
}

static const char *const words[] = {
	"status", "check", "fuzz", "bench", "--driver", "--testmgr", "--seed",
	"--cases", "--seconds", "--max-len", "--require-ours", "--help", "-h",
	"--", "-", "", "0", "1", "15", "16", "-1", "0x10", "1e9", "nan", "inf",
	"-inf", "0.0000001", "86400", "86400.0001", "16777216", "16777217",
	"18446744073709551615", "18446744073709551616", "999999999999999999999",
	"+5", " 5", "5 ", "0x", "08", "--bogus", "--selfcheck", "--dm-crypt",
	"--mib", "4096", "4097",
};

static long fuzz_args(double secs, const char *dir, struct rng *r)
{
	char *argv[12], junk[12][32], in[4096];
	double end = now() + secs;
	long runs = 0;
	int argc, i, j, saved;
	FILE *f;

	snprintf(in, sizeof(in), "%s/input", dir);
	saved = quiet(2);

	while (now() < end) {
		struct opts o = { .cases = 10000, .seconds = 0.5,
				  .max_len = 262144 };

		argc = 2 + rng_below(r, 10);
		argv[0] = "adiantum-x86";
		argv[1] = (char *)words[rng_below(r, 4)];
		for (i = 2; i < argc; i++) {
			if (rng_below(r, 6)) {
				argv[i] = (char *)words[rng_below(r, ARRAY_SIZE(words))];
				continue;
			}
			for (j = 0; j < 31; j++)
				junk[i][j] = (char)(1 + rng_below(r, 255));
			junk[i][rng_below(r, 32)] = 0;
			junk[i][31] = 0;
			argv[i] = junk[i];
		}
		argv[argc] = NULL;
		f = fopen(in, "w");
		for (i = 0; f && i < argc; i++)
			fprintf(f, "%s\n", argv[i]);
		if (f)
			fclose(f);
		ax_parse_args(argc, argv, &o);
		runs++;
	}
	loud(2, saved);
	return runs;
}

static const char sc_seed[] =
	"PASS xchacha12-ax86-avx2 300 random keys, IVs and messages\n"
	"FAIL xchacha20-ax86-avx2 encrypt of 17 bytes differs from byte 3\n"
	"PASS chacha20-ax86-avx512vl (planted error) x\n"
	"none: no self-check has run; write 1 to run one\n";

static long fuzz_selfcheck(double secs, const char *dir, struct rng *r)
{
	struct opts o = { .driver = NULL };
	double end = now() + secs;
	struct buf b = { 0 };
	struct pc_alg *algs;
	char in[4096];
	long runs = 0;
	int n, saved, passed;

	snprintf(in, sizeof(in), "%s/input", dir);
	n = proc_crypto_read(&algs);
	if (n < 0) {
		algs = NULL;
		n = 0;
	}
	saved = quiet(1);
	while (now() < end) {
		b.n = 0;
		put(&b, 0, sc_seed, sizeof(sc_seed) - 1);
		mutate(&b, r);
		write_file(in, &b);
		o.driver = rng_below(r, 4) ? NULL : "xchacha12-ax86-avx2";
		passed = 0;
		selfcheck_report("adiantum_x86_chacha", b.p, rng_below(r, 2),
				 &o, algs, n, &passed);
		runs++;
	}
	loud(1, saved);
	free(algs);
	free(b.p);
	return runs;
}

int main(int argc, char **argv)
{
	double secs = argc > 3 ? atof(argv[1]) : 0;
	uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 0) : (uint64_t)time(NULL);
	char root[4096];
	struct rng r;
	long n;

	if (argc < 4 || !(secs > 0)) {
		fprintf(stderr, "usage: parsefuzz SECONDS TESTMGR_H WORKDIR [SEED]\n");
		return 2;
	}
	snprintf(root, sizeof(root), "%s/root", argv[3]);
	snprintf(quiet_log, sizeof(quiet_log), "%s/quiet.log", argv[3]);
	setenv("AX86_STUB_ROOT", root, 1);
	rng_seed(&r, seed, "testmgr");
	n = fuzz_testmgr(secs, argv[2], argv[3], &r);
	printf("PASS parsefuzz testmgr.h reader: %ld mutated templates in %g s (seed %llu)\n",
	       n, secs, (unsigned long long)seed);
	fflush(stdout);
	rng_seed(&r, seed, "vectors");
	n = fuzz_vectors(secs, argv[2], argv[3], &r);
	printf("PASS parsefuzz check's vetting of the vectors: %ld files with mutated templates in %g s (seed %llu)\n",
	       n, secs, (unsigned long long)seed);
	fflush(stdout);
	rng_seed(&r, seed, "proc");
	n = fuzz_proc(secs, argv[3], &r);
	printf("PASS parsefuzz /proc/crypto reader and status: %ld mutated files in %g s (seed %llu)\n",
	       n, secs, (unsigned long long)seed);
	fflush(stdout);
	rng_seed(&r, seed, "args");
	n = fuzz_args(secs, argv[3], &r);
	printf("PASS parsefuzz argument parser: %ld command lines in %g s (seed %llu)\n",
	       n, secs, (unsigned long long)seed);
	fflush(stdout);
	rng_seed(&r, seed, "selfcheck");
	n = fuzz_selfcheck(secs, argv[3], &r);
	printf("PASS parsefuzz selfcheck result reader: %ld mutated results in %g s (seed %llu)\n",
	       n, secs, (unsigned long long)seed);
	return 0;
}
