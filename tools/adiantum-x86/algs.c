// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86: the algorithm names the tool is about, and which drivers
 * of /proc/crypto each command exercises and compares with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

const char *const ax_names[] = { "chacha20", "xchacha20", "xchacha12",
				 "nhpoly1305", "adiantum(xchacha12,aes)",
				 "adiantum(xchacha20,aes)" };
const int ax_nr_names = 6;

bool is_hash(const char *name)
{
	return !strcmp(name, "nhpoly1305");
}

bool is_adiantum(const char *name)
{
	return !strncmp(name, "adiantum(", 9);
}

int ax_name_index(const char *name)
{
	int j;

	for (j = 0; j < ax_nr_names; j++)
		if (!strcmp(name, ax_names[j]))
			return j;
	return -1;
}

int read_algs(struct pc_alg **algs)
{
	int n = proc_crypto_read(algs);

	if (n < 0) {
		fprintf(stderr, "adiantum-x86: cannot read /proc/crypto: %s\n",
			strerror(-n));
		exit(2);
	}
	return n;
}

bool selected(const struct opts *o, const struct pc_alg *a, bool with_others)
{
	if (o->driver)
		return !strcmp(a->driver, o->driver);
	return pc_is_ours(a) || with_others;
}

bool have_ours(const struct pc_alg *algs, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(algs[i].name, name) && pc_is_ours(&algs[i]) &&
		    !pc_is_instance(&algs[i]))
			return true;
	return false;
}

static bool ref_of(const struct pc_alg *algs, int n, const char *name,
		   const char *suffix, char *ref, size_t reflen)
{
	int i;

	for (i = 0; i < n; i++) {
		const char *d = algs[i].driver;
		size_t dl = strlen(d), sl = strlen(suffix);

		if (strcmp(algs[i].name, name) || pc_is_ours(&algs[i]) ||
		    dl < sl || strcmp(d + dl - sl, suffix))
			continue;
		snprintf(ref, reflen, "%s", d);
		return true;
	}
	return false;
}

bool pick_reference(const struct pc_alg *algs, int n, const char *name,
		    char *ref, size_t reflen)
{
	char stream[64], cand[2][192];
	int i;

	if (!is_adiantum(name))
		return ref_of(algs, n, name, "-generic", ref, reflen) ||
		       ref_of(algs, n, name, "-lib", ref, reflen);
	/*
	 * The template instance, bound by driver name, over the reference
	 * drivers: 6.x takes three arguments (and has nhpoly1305-generic),
	 * 7.x only two.  The kernel builds the instance on the first bind.
	 */
	snprintf(stream, sizeof(stream), "%.*s", (int)strcspn(name + 9, ","),
		 name + 9);
	snprintf(cand[0], sizeof(cand[0]),
		 "adiantum(%s-generic,aes-generic,nhpoly1305-generic)", stream);
	snprintf(cand[1], sizeof(cand[1]), "adiantum(%s-lib,aes-lib)", stream);
	for (i = 0; i < 2; i++) {
		if (!instantiate(cand[i])) {
			snprintf(ref, reflen, "%s", cand[i]);
			return true;
		}
	}
	return false;
}
