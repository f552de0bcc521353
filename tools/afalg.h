/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel crypto API through AF_ALG: libkcapi for the real work, a few
 * raw socket calls where libkcapi will not send what we need (a wrong IV
 * size, an operation without a key).  Errors are negative errno values.
 */
#ifndef AX86_AFALG_H
#define AX86_AFALG_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "rng.h"

/* How data reaches the kernel */
enum ax_access {
	AX_SENDMSG,	/* one sendmsg, one recvmsg */
	AX_VMSPLICE,	/* zero copy through vmsplice/splice (<= 64 KiB) */
	AX_STREAM,	/* many sendmsg calls with random splits */
};

#define AX_ONE_SHOT_MAX	65536	/* larger one-shot ops would resend the IV */

struct kcapi_handle;

struct ax_cipher {
	struct kcapi_handle *h;
	unsigned int ivsize;
};

struct ax_hash {
	struct kcapi_handle *h;
};

/* 0, or why AF_ALG cannot be used at all, with @msg set for the user */
int ax_afalg_available(const char **msg);

int ax_cipher_open(struct ax_cipher *c, const char *driver);
void ax_cipher_close(struct ax_cipher *c);
int ax_cipher_setkey(struct ax_cipher *c, const uint8_t *key, size_t len);
/* one whole encryption of @len bytes; @r gives the splits of AX_STREAM */
ssize_t ax_cipher_encrypt(struct ax_cipher *c, const uint8_t *iv,
			  const uint8_t *in, uint8_t *out, size_t len,
			  enum ax_access access, struct rng *r);

int ax_hash_open(struct ax_hash *h, const char *driver);
void ax_hash_close(struct ax_hash *h);
int ax_hash_setkey(struct ax_hash *h, const uint8_t *key, size_t len);
/* the digest of @len bytes, in random updates if @r is not NULL */
ssize_t ax_hash_digest(struct ax_hash *h, const uint8_t *in, size_t len,
		       uint8_t *out, size_t outlen, struct rng *r);

/*
 * Raw AF_ALG, for bad input: bind @driver of @type ("skcipher", "hash"),
 * set the key unless @key is NULL, send @len bytes with an IV of @ivlen
 * bytes (skcipher; @ivlen < 0: no IV) and read the result.  Returns the
 * first error (-errno) or the bytes read.
 */
ssize_t ax_raw_op(const char *type, const char *driver, const uint8_t *key,
		  size_t keylen, int ivlen, size_t len);

#endif /* AX86_AFALG_H */
