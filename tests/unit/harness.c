// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <string.h>

#include "harness.h"

u64 run_seed;
bool stop_at_first_fail;
unsigned long cases_scale_div = 1;

const char *variant_unsupported(const struct variant *v)
{
	static char why[160];
	const char *lacks = cpu_lacks(v->needs);

	if (!lacks)
		return NULL;
	snprintf(why, sizeof(why), "host CPU lacks %s", lacks);
	return why;
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
	/* the mutants need only one failure: stop there */
	if (stop_at_first_fail)
		exit(1);
}

void report_skip(const char *group, const char *why)
{
	printf("SKIP %-32s %s\n", group, why);
	fflush(stdout);
}

void report_cases(const char *group, unsigned long cases, const char *err)
{
	if (err[0])
		report_fail(group, "after %lu cases: %s", cases, err);
	else
		report_pass(group, "%lu cases", cases);
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
