/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench shim: the AES key schedule and library calls, as
 * lib/crypto/aes.c and crypto/aes_generic.c of Linux 6.1 use them.
 */
#ifndef AX86_BENCH_SHIM_AES_H
#define AX86_BENCH_SHIM_AES_H

#include <errno.h>
#include <linux/kernel.h>

#define AES_BLOCK_SIZE		16
#define AES_KEYSIZE_128		16
#define AES_KEYSIZE_192		24
#define AES_KEYSIZE_256		32
#define AES_MIN_KEY_SIZE	AES_KEYSIZE_128
#define AES_MAX_KEY_SIZE	AES_KEYSIZE_256
/* round keys of the longest schedule: 15 rounds of 4 words */
#define AES_MAX_KEYLENGTH_U32	60

struct crypto_aes_ctx {
	u32 key_enc[AES_MAX_KEYLENGTH_U32];
	u32 key_dec[AES_MAX_KEYLENGTH_U32];
	u32 key_length;
};

static inline int aes_check_keylen(unsigned int keylen)
{
	if (keylen == AES_KEYSIZE_128 || keylen == AES_KEYSIZE_192 ||
	    keylen == AES_KEYSIZE_256)
		return 0;
	return -EINVAL;
}

struct crypto_tfm;
int crypto_aes_set_key(struct crypto_tfm *tfm, const u8 *in_key,
		       unsigned int key_len);
int aes_expandkey(struct crypto_aes_ctx *ctx, const u8 *in_key,
		  unsigned int key_len);
void aes_encrypt(const struct crypto_aes_ctx *ctx, u8 *out, const u8 *in);
void aes_decrypt(const struct crypto_aes_ctx *ctx, u8 *out, const u8 *in);

#endif
