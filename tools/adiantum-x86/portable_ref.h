/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The project's portable C (crypto/) as a reference inside the tool: for
 * names the kernel has no reference driver of (nhpoly1305 on 7.x), and to
 * prove that a long AF_ALG operation ran as one request.
 */
#ifndef AX86_PORTABLE_REF_H
#define AX86_PORTABLE_REF_H

#include <stddef.h>
#include <stdint.h>

#define REF_NHPOLY1305_KEY_SIZE	1088

/* NHPoly1305 of @len bytes under a 1088-byte key; 0, or -EINVAL */
int ref_nhpoly1305(const uint8_t *key, size_t keylen, const uint8_t *msg,
		   size_t len, uint8_t out[16]);

/*
 * dst = src ^ the keystream the kernel's @name ("chacha20", "xchacha20",
 * "xchacha12") gives for @key and @iv; 0, or -EINVAL for another name.
 */
int ref_chacha(const char *name, const uint8_t key[32], const uint8_t *iv,
	       uint8_t *dst, const uint8_t *src, size_t len);

#endif /* AX86_PORTABLE_REF_H */
