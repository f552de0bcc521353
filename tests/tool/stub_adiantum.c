// SPDX-License-Identifier: GPL-2.0
/*
 * Adiantum for the AF_ALG stand-in (afalg_stub.c): the project's portable
 * composition (crypto/adiantum.h) with OpenSSL's AES-256, as the unit
 * tests run it, so that the tool's check of the testmgr.h vectors passes
 * through the stub as it does through the kernel.
 */
#include <errno.h>
#include <string.h>

#include <openssl/evp.h>

#include "../../crypto/adiantum.h"
#include "stub_adiantum.h"

struct ossl_aes {
	EVP_CIPHER_CTX *enc, *dec;
};

static void aes_block(const void *aes, u8 out[16], const u8 in[16], bool enc)
{
	const struct ossl_aes *a = aes;
	int n;

	EVP_CipherUpdate(enc ? a->enc : a->dec, out, &n, in, 16);
}

int stub_adiantum(unsigned int nrounds, const uint8_t key[32],
		  const uint8_t iv[32], uint8_t *buf, size_t len, bool enc)
{
	u8 derived[AX86_ADIANTUM_DERIVED_BYTES], aes_key[32];
	struct ax86_adiantum_key k;
	struct ossl_aes a;
	int err = 0;

	if (len < AX86_ADIANTUM_BLOCK_SIZE || len > (1u << 30))
		return -EINVAL;
	if (ax86_adiantum_setkey(&k, key, 32, nrounds, derived, aes_key))
		return -EINVAL;
	a.enc = EVP_CIPHER_CTX_new();
	a.dec = EVP_CIPHER_CTX_new();
	if (!a.enc || !a.dec ||
	    !EVP_EncryptInit_ex(a.enc, EVP_aes_256_ecb(), NULL, aes_key, NULL) ||
	    !EVP_DecryptInit_ex(a.dec, EVP_aes_256_ecb(), NULL, aes_key, NULL) ||
	    !EVP_CIPHER_CTX_set_padding(a.enc, 0) ||
	    !EVP_CIPHER_CTX_set_padding(a.dec, 0))
		err = -ENOMEM;
	else
		ax86_adiantum_crypt(&k, &a, buf, buf, len, iv, enc, aes_block,
				    NULL, ax86_chacha_crypt, ax86_hchacha,
				    ax86_nh_generic,
				    ax86_poly1305_emit_scalar);
	EVP_CIPHER_CTX_free(a.enc);
	EVP_CIPHER_CTX_free(a.dec);
	memset(aes_key, 0, sizeof(aes_key));
	memset(&k, 0, sizeof(k));
	return err;
}
