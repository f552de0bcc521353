/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel crypto API through AF_ALG.  Ciphers go through raw sockets,
 * so that the tool controls what one operation is: the socket buffers are
 * raised until a whole message is one kernel request (a larger operation
 * would be split into requests that each restart from the IV), and short
 * sendmsg/splice calls are resent.  Hashes go through raw sockets too.
 * Errors are negative errno values.
 */
#ifndef AX86_AFALG_H
#define AX86_AFALG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "../common/rng.h"

/* How data reaches the kernel */
enum ax_access {
	AX_SENDMSG,	/* all in one sendmsg (resent only where it fell short) */
	AX_VMSPLICE,	/* zero copy through vmsplice/splice */
	AX_STREAM,	/* many sendmsg calls with random splits */
};

extern const char *const ax_access_names[];

struct ax_hash_socks;

struct ax_cipher {
	int tfm;		/* the bound, keyed socket; -1: closed */
	int op;			/* its operation socket, reused; -1: none */
	unsigned int ivsize;
	size_t max_request;	/* the longest message one request takes */
};

struct ax_hash {
	struct ax_hash_socks *h;	/* NULL: not open */
};

/*
 * 0, or why AF_ALG cannot be used at all, with @msg set for the user:
 * no AF_ALG or crypto_user, or (7.3 on) crypto.af_alg_restrict not 0
 */
int ax_afalg_available(const char **msg);

/*
 * crypto.af_alg_restrict (Linux 7.3): 0 none, 1 listed algorithm names
 * only, 2 no AF_ALG socket; 0 where the sysctl does not exist
 */
int ax_afalg_restrict_level(void);

/* net.core.optmem_max, which bounds one AF_ALG request; 0 if unknown */
long ax_optmem_max(void);

/* 0 if @driver of @type ("skcipher", "hash") can be bound (instantiated) */
int ax_probe(const char *type, const char *driver);

/*
 * Unregister the template instance @driver (crypto_user; needs
 * CAP_NET_ADMIN, and nobody else may hold it): 0 or -errno.
 */
int ax_delete_instance(const char *driver);

int ax_cipher_open(struct ax_cipher *c, const char *driver,
		   unsigned int ivsize);
void ax_cipher_close(struct ax_cipher *c);
int ax_cipher_setkey(struct ax_cipher *c, const uint8_t *key, size_t len);
/*
 * One whole encryption (or decryption) of @len bytes as one kernel
 * request; -EMSGSIZE if @len is above c->max_request.  @r gives the splits
 * of AX_STREAM.  Returns the bytes produced.
 */
ssize_t ax_cipher_crypt(struct ax_cipher *c, bool decrypt, const uint8_t *iv,
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
