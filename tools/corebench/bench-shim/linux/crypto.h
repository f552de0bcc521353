/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench shim: the crypto API's single-block cipher as
 * crypto/aes_generic.c of Linux 6.1 registers itself with it.  make bench
 * calls the registered functions through their pointers, as the kernel's
 * crypto_cipher_encrypt_one() does.
 */
#ifndef AX86_BENCH_SHIM_CRYPTO_H
#define AX86_BENCH_SHIM_CRYPTO_H

#include <linux/kernel.h>

#define CRYPTO_ALG_TYPE_CIPHER	0x00000001

struct module;

/* a transform: its algorithm, then the algorithm's context */
struct crypto_tfm {
	struct crypto_alg *alg;
	u64 ctx[] __aligned(8);
};

static inline void *crypto_tfm_ctx(struct crypto_tfm *tfm)
{
	return tfm->ctx;
}

struct cipher_alg {
	unsigned int cia_min_keysize;
	unsigned int cia_max_keysize;
	int (*cia_setkey)(struct crypto_tfm *tfm, const u8 *key,
			  unsigned int keylen);
	void (*cia_encrypt)(struct crypto_tfm *tfm, u8 *dst, const u8 *src);
	void (*cia_decrypt)(struct crypto_tfm *tfm, u8 *dst, const u8 *src);
};

struct crypto_alg {
	const char *cra_name;
	const char *cra_driver_name;
	int cra_priority;
	u32 cra_flags;
	unsigned int cra_blocksize;
	unsigned int cra_ctxsize;
	struct module *cra_module;
	union {
		struct cipher_alg cipher;
	} cra_u;
};

/* make bench keeps the algorithm (linux_msg.c) */
int crypto_register_alg(struct crypto_alg *alg);
void crypto_unregister_alg(struct crypto_alg *alg);

#endif
