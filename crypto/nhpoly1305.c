// SPDX-License-Identifier: GPL-2.0
#include "nhpoly1305.h"

int ax86_nhpoly1305_setkey(struct ax86_nhpoly1305_key *key,
			   const u8 *raw, unsigned int keylen)
{
	int i;

	if (keylen != AX86_NHPOLY1305_KEY_SIZE)
		return -EINVAL;
	ax86_poly1305_setkey(&key->poly, raw);
	raw += AX86_POLY1305_BLOCK_SIZE;
	for (i = 0; i < AX86_NH_KEY_WORDS; i++)
		key->nh[i] = get_unaligned_le32(raw + 4 * i);
	return 0;
}
