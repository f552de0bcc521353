// SPDX-License-Identifier: GPL-2.0
/* adiantum-x86 status: who serves each algorithm name */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

int cmd_status(const struct opts *o)
{
	struct pc_alg *algs;
	int n = read_algs(&algs), i, j, bad = 0, ours_seen = 0;

	for (j = 0; j < ax_nr_names; j++) {
		const char *name = ax_names[j];
		const struct pc_alg *win = pc_winner(algs, n, name);
		bool whole = have_ours(algs, n, name);

		printf("%s:\n", name);
		for (i = 0; i < n; i++) {
			const struct pc_alg *a = &algs[i];

			if (strcmp(a->name, name))
				continue;
			printf("  %c %-26s priority %-4d module %-24s selftest %s%s\n",
			       a == win ? '*' : ' ', a->driver, a->priority,
			       a->module, a->selftest,
			       pc_is_instance(a) ? " (template instance)" : "");
			if (pc_is_ours(a) && !pc_is_instance(a)) {
				ours_seen++;
				if (strcmp(a->selftest, "passed"))
					bad = 1;
			}
		}
		if (!win)
			printf("  (no driver%s)\n", is_adiantum(name) ?
			       " yet: the kernel builds a template instance when dm-crypt or fscrypt asks" : "");
		/*
		 * Our adiantum drivers are a module of their own: without it
		 * the template over our pieces is the expected winner.
		 */
		if (o->require_ours && win && !pc_is_ours(win) &&
		    (!is_adiantum(name) || whole))
			bad = 1;
		if (o->require_ours && win && whole && pc_is_instance(win))
			bad = 1;
	}
	printf("adiantum template instances:\n");
	for (i = 0, j = 0; i < n; i++) {
		if (!is_adiantum(algs[i].name) || !pc_is_instance(&algs[i]))
			continue;
		printf("  %-26s -> %s (priority %d, selftest %s)\n",
		       algs[i].name, algs[i].driver, algs[i].priority,
		       algs[i].selftest);
		j++;
	}
	if (!j)
		printf("  (none yet: one appears when dm-crypt or fscrypt asks)\n");
	printf("* = the driver the crypto API picks for new users of the name\n");
	if (o->require_ours && !ours_seen) {
		printf("none of our drivers is registered: modprobe adiantum_x86_chacha adiantum_x86_nhpoly1305\n");
		bad = 1;
	}
	free(algs);
	return bad;
}
