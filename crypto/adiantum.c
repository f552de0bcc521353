// SPDX-License-Identifier: GPL-2.0
/*
 * Adiantum's key derivation and tweak hash (see adiantum.h), as the
 * kernel's adiantum template does them.
 */
#include "adiantum.h"

int ax86_adiantum_setkey(struct ax86_adiantum_key *key, const u8 *raw,
			 unsigned int keylen, unsigned int nrounds,
			 u8 *derived, u8 aes_key[AX86_ADIANTUM_AES_KEY_SIZE])
{
	u8 iv[AX86_XCHACHA_IV_SIZE] = { 1 };	/* byte 0 is 1, the rest 0 */
	u32 state[16];
	const u8 *p = derived;

	if (keylen != AX86_ADIANTUM_KEY_SIZE)
		return -EINVAL;
	ax86_chacha_key_words(key->stream, raw);
	key->nrounds = nrounds;

	/* XChaCha of zeros under the user's key: AES key, H_T key, H_L key */
	memset(derived, 0, AX86_ADIANTUM_DERIVED_BYTES);
	ax86_xchacha_init(state, key->stream, iv, nrounds);
	ax86_chacha_crypt(state, derived, derived, AX86_ADIANTUM_DERIVED_BYTES,
			  nrounds);
	memcpy(aes_key, p, AX86_ADIANTUM_AES_KEY_SIZE);
	p += AX86_ADIANTUM_AES_KEY_SIZE;
	ax86_poly1305_setkey(&key->tweak, p);
	p += AX86_POLY1305_BLOCK_SIZE;
	ax86_nhpoly1305_setkey(&key->msg, p, AX86_NHPOLY1305_KEY_SIZE);

	memzero_explicit(state, sizeof(state));
	memzero_explicit(derived, AX86_ADIANTUM_DERIVED_BYTES);
	return 0;
}

void ax86_adiantum_hash_tweak(const struct ax86_adiantum_key *key,
			      unsigned int bulk, const u8 tweak[32],
			      u8 out[16])
{
	ax86_adiantum_tweak_hash(key, bulk, tweak, out,
				 ax86_poly1305_emit_scalar);
}
