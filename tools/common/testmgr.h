/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reads test vectors out of the kernel's crypto/testmgr.h at test time:
 * the kernel's own vectors are the ones our drivers must match, and they are
 * not copied into this repository.
 */
#ifndef AX86_TEST_TESTMGR_H
#define AX86_TEST_TESTMGR_H

#include <stddef.h>

/* One field of a vector: bytes of its string literals, or a number */
struct tm_field {
	char name[64];
	unsigned char *bytes;	/* NULL for a numeric field */
	size_t nbytes;
	long num;
};

struct tm_vector {
	struct tm_field f[16];
	int nf;
};

/* Vectors of template @tmpl (e.g. "chacha20_tv_template"); count or -errno */
int testmgr_load(const char *path, const char *tmpl, struct tm_vector **out);
void testmgr_free(struct tm_vector *v, int n);

/* Field @name of @v, or NULL */
const struct tm_field *tm_get(const struct tm_vector *v, const char *name);

#endif /* AX86_TEST_TESTMGR_H */
