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
		const struct pc_alg *win = pc_winner(algs, n, ax_names[j]);

		printf("%s:\n", ax_names[j]);
		for (i = 0; i < n; i++) {
			const struct pc_alg *a = &algs[i];

			if (strcmp(a->name, ax_names[j]))
				continue;
			printf("  %c %-26s priority %-4d module %-24s selftest %s\n",
			       a == win ? '*' : ' ', a->driver, a->priority,
			       a->module, a->selftest);
			if (pc_is_ours(a)) {
				ours_seen++;
				if (strcmp(a->selftest, "passed"))
					bad = 1;
			}
		}
		if (!win)
			printf("  (no driver)\n");
		else if (o->require_ours && !pc_is_ours(win))
			bad = 1;
	}
	printf("adiantum instances:\n");
	for (i = 0, j = 0; i < n; i++) {
		if (strncmp(algs[i].name, "adiantum(", 9))
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
