// SPDX-License-Identifier: GPL-2.0
/*
 * make check-ct's known leak: the AES block of Linux 6.1's AES library
 * (lib/crypto/aes.c of linux-source-6.1, compiled with make bench's
 * kernel header shim), which the adiantum module runs on 6.1 where the CPU
 * has no AES-NI.  It indexes its S-box with secret bytes (after loading
 * the whole table once, a cache mitigation that memcheck rightly ignores),
 * so the check must report it: proof on real kernel code that a
 * secret-indexed table lookup does not go unseen.
 */
#include <crypto/aes.h>

#include "ct.h"

void ct_linux61_aes_encrypt(const u32 keys[60], u8 out[16], const u8 in[16])
{
	struct crypto_aes_ctx ctx;

	memcpy(ctx.key_enc, keys, sizeof(ctx.key_enc));
	ctx.key_length = AES_KEYSIZE_256;
	aes_encrypt(&ctx, out, in);
	memzero_explicit(&ctx, sizeof(ctx));
}

void ct_linux61_aes_decrypt(const u32 keys[60], u8 out[16], const u8 in[16])
{
	struct crypto_aes_ctx ctx;

	memcpy(ctx.key_dec, keys, sizeof(ctx.key_dec));
	ctx.key_length = AES_KEYSIZE_256;
	aes_decrypt(&ctx, out, in);
	memzero_explicit(&ctx, sizeof(ctx));
}
