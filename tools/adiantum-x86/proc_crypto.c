// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proc_crypto.h"

static void field(char *dst, size_t n, const char *val)
{
	snprintf(dst, n, "%s", val);
}

/* a number of /proc/crypto, held to what an int takes */
static int number(const char *val)
{
	long x = strtol(val, NULL, 10);

	return x > INT_MAX ? INT_MAX : x < INT_MIN ? INT_MIN : (int)x;
}

static int read_once(struct pc_alg **out)
{
	FILE *f = fopen("/proc/crypto", "r");
	struct pc_alg *algs = NULL, *cur = NULL;
	char line[512], *colon, *key, *val, *end;
	int n = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = 0;
		key = line;
		val = colon + 1;
		/* the key's trailing blanks; never a pointer before line */
		for (end = colon; end > key && end[-1] == ' '; end--)
			end[-1] = 0;
		while (*val == ' ')
			val++;
		if (!strcmp(key, "name")) {
			struct pc_alg *more = realloc(algs, (n + 1) * sizeof(*algs));

			if (!more) {
				fprintf(stderr, "adiantum-x86: out of memory reading /proc/crypto\n");
				exit(2);
			}
			algs = more;
			cur = &algs[n++];
			memset(cur, 0, sizeof(*cur));
			field(cur->name, sizeof(cur->name), val);
		} else if (!cur) {
			continue;
		} else if (!strcmp(key, "driver")) {
			field(cur->driver, sizeof(cur->driver), val);
		} else if (!strcmp(key, "module")) {
			field(cur->module, sizeof(cur->module), val);
		} else if (!strcmp(key, "selftest")) {
			field(cur->selftest, sizeof(cur->selftest), val);
		} else if (!strcmp(key, "type")) {
			field(cur->type, sizeof(cur->type), val);
		} else if (!strcmp(key, "priority")) {
			cur->priority = number(val);
		} else if (!strcmp(key, "refcnt")) {
			cur->refcnt = number(val);
		}
	}
	fclose(f);
	*out = algs;
	return n;
}

static int same_list(const struct pc_alg *a, const struct pc_alg *b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(a[i].name, b[i].name) ||
		    strcmp(a[i].driver, b[i].driver) ||
		    strcmp(a[i].selftest, b[i].selftest))
			return 0;
	return 1;
}

/*
 * The kernel hands /proc/crypto out a page per read(), walking its list
 * afresh each time: an entry added or removed meanwhile (the larval of an
 * asynchronous self-test, a template instance dropped when a better part
 * registers) shifts the rest, and one entry is skipped or read twice.  So
 * the file is read until two readings agree, at most ten times (then the
 * last one stands).
 */
int proc_crypto_read(struct pc_alg **out)
{
	struct pc_alg *prev = NULL, *cur;
	int np = -1, n, tries;

	for (tries = 0; tries < 10; tries++) {
		n = read_once(&cur);
		if (n < 0) {
			free(prev);
			return n;
		}
		if (n == np && same_list(prev, cur, n)) {
			free(prev);
			*out = cur;
			return n;
		}
		free(prev);
		prev = cur;
		np = n;
	}
	*out = prev;
	return np;
}

int pc_is_ours(const struct pc_alg *a)
{
	return strstr(a->driver, "-ax86-") != NULL;
}

int pc_is_instance(const struct pc_alg *a)
{
	return strchr(a->driver, '(') != NULL;
}

const struct pc_alg *pc_winner(const struct pc_alg *algs, int n,
			       const char *name)
{
	const struct pc_alg *best = NULL;
	int i;

	for (i = 0; i < n; i++) {
		if (strcmp(algs[i].name, name) ||
		    strcmp(algs[i].selftest, "passed"))
			continue;
		if (!best || algs[i].priority > best->priority)
			best = &algs[i];
	}
	return best;
}
