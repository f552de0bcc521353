// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86: template instances (adiantum(...)) the kernel builds when
 * the tool binds them, and their removal when the tool is done.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afalg.h"
#include "tool.h"

static char *created[8];
static int nr_created;

int instantiate(const char *driver)
{
	struct pc_alg *algs;
	int n = read_algs(&algs), i, err;
	bool there = false;

	for (i = 0; i < n; i++)
		if (!strcmp(algs[i].driver, driver))
			there = true;
	free(algs);
	err = ax_probe("skcipher", driver);
	if (!err && !there && strchr(driver, '(') &&
	    nr_created < (int)ARRAY_SIZE(created))
		created[nr_created++] = strdup(driver);
	return err;
}

void remember_instance(const char *driver)
{
	if (nr_created < (int)ARRAY_SIZE(created))
		created[nr_created++] = strdup(driver);
}

void drop_instances(void)
{
	int err, try;

	while (nr_created > 0) {
		char *d = created[--nr_created];

		if (!d)
			continue;
		/* the kernel's self-test of a new instance may hold it briefly */
		for (try = 0; try < 20; try++) {
			err = ax_delete_instance(d);
			if (err != -EBUSY)
				break;
			usleep(50000);
		}
		/* crypto_user takes driver names of at most 63 characters */
		if (err == -ENAMETOOLONG)
			printf("# the template instance %s, built by this run, stays registered: crypto_user cannot name it (%zu characters, it takes 63)\n",
			       d, strlen(d));
		else if (err)
			printf("# the template instance %s, built by this run, stays registered: %s\n",
			       d, strerror(-err));
		free(d);
	}
}
