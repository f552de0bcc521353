// SPDX-License-Identifier: GPL-2.0
#include "nhpoly1305.h"

int ax86_nhpoly1305_setkey(struct ax86_nhpoly1305_key *key,
			   const u8 *raw, unsigned int keylen)
{
	if (keylen != AX86_NHPOLY1305_KEY_SIZE)
		return -EINVAL;
	ax86_poly1305_setkey(&key->poly, raw);
	ax86_nh_key_words(key->nh, raw + AX86_POLY1305_BLOCK_SIZE,
			  AX86_NH_KEY_WORDS / 4);
	return 0;
}
