/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH with Adiantum's parameters: 4 passes, stride 2, 16-byte message units,
 * up to 1024 bytes per hash, a 1072-byte key (1024 bytes plus 16 for each
 * extra pass).
 */
#ifndef AX86_NH_GENERIC_H
#define AX86_NH_GENERIC_H

#include "portable.h"

#define AX86_NH_PASSES		4
#define AX86_NH_UNIT		16
#define AX86_NH_MESSAGE_BYTES	1024
#define AX86_NH_KEY_WORDS	((AX86_NH_MESSAGE_BYTES + \
				  AX86_NH_UNIT * (AX86_NH_PASSES - 1)) / 4)
#define AX86_NH_HASH_BYTES	(8 * AX86_NH_PASSES)

/*
 * Our NH key order: the words of each 16-byte key unit are kept as
 * (k0, k2, k1, k3), the order in which the SIMD code multiplies them, so
 * that it needs no shuffle per pass.  ax86_nh_key_words() converts the
 * little-endian key bytes.
 */
void ax86_nh_key_words(u32 *key, const u8 *raw, unsigned int units);

/*
 * @key in our NH key order; @len is a multiple of 16, at most 1024; @hash
 * gets four le64 sums.  Every SIMD NH in arch/ has exactly this contract.
 */
void ax86_nh_generic(const u32 *key, const u8 *msg, unsigned int len,
		     u8 hash[AX86_NH_HASH_BYTES]);

#endif /* AX86_NH_GENERIC_H */
