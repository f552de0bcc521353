// SPDX-License-Identifier: GPL-2.0
#include "nh_generic.h"

void ax86_nh_key_words(u32 *key, const u8 *raw, unsigned int units)
{
	static const int from[4] = { 0, 2, 1, 3 };
	unsigned int i;
	int j;

	for (i = 0; i < units; i++, key += 4, raw += AX86_NH_UNIT)
		for (j = 0; j < 4; j++)
			key[j] = get_unaligned_le32(raw + 4 * from[j]);
}

void ax86_nh_generic(const u32 *key, const u8 *msg, unsigned int len,
		     u8 hash[AX86_NH_HASH_BYTES])
{
	u64 sum[AX86_NH_PASSES] = { 0 };
	u32 m0, m1, m2, m3;
	int p;

	for (; len >= AX86_NH_UNIT; len -= AX86_NH_UNIT) {
		m0 = get_unaligned_le32(msg + 0);
		m1 = get_unaligned_le32(msg + 4);
		m2 = get_unaligned_le32(msg + 8);
		m3 = get_unaligned_le32(msg + 12);
		/* pass p uses the key shifted by p units */
		for (p = 0; p < AX86_NH_PASSES; p++) {
			const u32 *k = key + 4 * p;

			sum[p] += (u64)(u32)(m0 + k[0]) * (u32)(m2 + k[1]);
			sum[p] += (u64)(u32)(m1 + k[2]) * (u32)(m3 + k[3]);
		}
		key += AX86_NH_UNIT / 4;
		msg += AX86_NH_UNIT;
	}
	for (p = 0; p < AX86_NH_PASSES; p++)
		put_unaligned_le64(sum[p], hash + 8 * p);
}
