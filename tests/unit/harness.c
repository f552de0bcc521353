// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <string.h>

#include "harness.h"

u64 run_seed;
unsigned long cases_scale_div = 1;

static u64 rotl64(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static u64 splitmix(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, u64 seed, const char *name)
{
	u64 x = seed;
	int i;

	while (*name)
		x = x * 131 + (u8)*name++;
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix(&x);
}

u64 rng_next(struct rng *r)
{
	u64 *s = r->s;
	u64 result = rotl64(s[1] * 5, 7) * 9;
	u64 t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl64(s[3], 45);
	return result;
}

u32 rng_below(struct rng *r, u32 n)
{
	return (u32)(((rng_next(r) >> 32) * (u64)n) >> 32);
}

void rng_fill(struct rng *r, void *p, size_t n)
{
	u8 *b = p;
	u64 v;

	while (n >= 8) {
		v = rng_next(r);
		memcpy(b, &v, 8);
		b += 8;
		n -= 8;
	}
	v = rng_next(r);
	memcpy(b, &v, n);
}

const char *variant_unsupported(const struct variant *v)
{
	static char why[128];
	char need[128], *tok, *save;

	__builtin_cpu_init();
	snprintf(need, sizeof(need), "%s", v->needs);
	for (tok = strtok_r(need, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		bool ok;

		/* __builtin_cpu_supports() wants a literal */
#define CPU(f) (!strcmp(tok, f) ? __builtin_cpu_supports(f) : 0)
		ok = CPU("sse2") || CPU("ssse3") || CPU("avx2") ||
		     CPU("bmi2") || CPU("avx512f") || CPU("avx512vl") ||
		     CPU("avx512bw");
#undef CPU
		if (!ok) {
			snprintf(why, sizeof(why), "host CPU lacks %s", tok);
			return why;
		}
	}
	return NULL;
}

static void report(const char *tag, const char *group, const char *fmt,
		   va_list ap)
{
	printf("%s %-32s ", tag, group);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
}

void report_pass(const char *group, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("PASS", group, fmt, ap);
	va_end(ap);
}

void report_fail(const char *group, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("FAIL", group, fmt, ap);
	va_end(ap);
}

void report_skip(const char *group, const char *why)
{
	printf("SKIP %-32s %s\n", group, why);
	fflush(stdout);
}

long first_diff(const u8 *a, const u8 *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return (long)i;
	return -1;
}

#define CANARY 0xa5

void gbuf_alloc(struct gbuf *g, size_t n, size_t off)
{
	g->n = n;
	g->off = off;
	g->base = malloc(n + off + 2 * GUARD_BYTES);
	if (!g->base) {
		perror("malloc");
		exit(2);
	}
	memset(g->base, CANARY, n + off + 2 * GUARD_BYTES);
	g->p = g->base + GUARD_BYTES + off;
}

bool gbuf_guards_ok(const struct gbuf *g)
{
	const u8 *end = g->p + g->n;
	size_t i;

	for (i = 0; i < GUARD_BYTES + g->off; i++)
		if (g->base[i] != CANARY)
			return false;
	for (i = 0; i < GUARD_BYTES; i++)
		if (end[i] != CANARY)
			return false;
	return true;
}

void gbuf_free(struct gbuf *g)
{
	free(g->base);
	g->base = NULL;
}

#include <sys/mman.h>
#include <unistd.h>

/*
 * One mapping per slot, reused: [guard page][data pages][guard page].
 * The returned buffer either starts right after the first guard or ends
 * right before the second.
 */
u8 *edge_buf(int slot, size_t n, bool at_end)
{
	static u8 *map[4];
	static size_t cap[4];
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t data = (n + pg - 1) / pg * pg;
	int k = slot;

	if (data == 0)
		data = pg;
	if (data > cap[k]) {
		if (map[k])
			munmap(map[k], cap[k] + 2 * pg);
		map[k] = mmap(NULL, data + 2 * pg, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (map[k] == MAP_FAILED) {
			perror("mmap");
			exit(2);
		}
		mprotect(map[k], pg, PROT_NONE);
		mprotect(map[k] + pg + data, pg, PROT_NONE);
		cap[k] = data;
	}
	return at_end ? map[k] + pg + cap[k] - n : map[k] + pg;
}
