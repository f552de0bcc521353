/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A known answer of our own for the whole Adiantum construction, which the
 * adiantum module checks at load for every variant before registering it,
 * both ways and through both of its layouts (one page, bounce buffer).
 * From 7.0 the kernel registers an algorithm before testmgr has tested it
 * (the test runs later, asynchronously) and upstream kernels may be built
 * without the self-tests: a variant broken by a bad build or CPU quirk
 * would otherwise serve dm-crypt unchecked.
 *
 * The messages, key and tweak are fixed patterns; the answer is a 64-bit
 * fold of each ciphertext, made by the portable composition, which the
 * unit tests hold to the kernel's vectors.  The unit tests also check
 * these answers (tests/unit/adiantum_kat_test.c).  A fold, not the whole
 * ciphertext, keeps this header small; an error anywhere in a message
 * changes it, and the decryption must give back the plaintext exactly.
 */
#ifndef AX86_ADIANTUM_KAT_H
#define AX86_ADIANTUM_KAT_H

#include "adiantum.h"

/* the empty L, a partial ChaCha block and NH unit, a whole page */
#define AX86_ADIANTUM_KAT_LENS		{ 16, 1000, 4096 }
#define AX86_ADIANTUM_KAT_NR_LENS	3
#define AX86_ADIANTUM_KAT_MAX		4096

/* ax86_adiantum_kat_fold() of the ciphertexts: [12 or 20 rounds][length] */
static const u64 ax86_adiantum_kat_answers[2][AX86_ADIANTUM_KAT_NR_LENS] = {
	{ 0xc9ce3027dd7a4780ull, 0xc34b7683b68eafdbull, 0xccfe9b70066f264aull },
	{ 0x12bca8a6c0b7fb5cull, 0x77060691f3d35be4ull, 0x8744e57c531f8040ull },
};

static inline void ax86_adiantum_kat_fill(u8 *p, unsigned int len,
					  unsigned int mul, unsigned int add)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		p[i] = (u8)(i * mul + add);
}

/* the key, tweak and message of every case */
static inline void ax86_adiantum_kat_inputs(u8 key[AX86_ADIANTUM_KEY_SIZE],
					    u8 tweak[AX86_ADIANTUM_IV_SIZE],
					    u8 *msg, unsigned int len)
{
	ax86_adiantum_kat_fill(key, AX86_ADIANTUM_KEY_SIZE, 29, 7);
	ax86_adiantum_kat_fill(tweak, AX86_ADIANTUM_IV_SIZE, 3, 1);
	ax86_adiantum_kat_fill(msg, len, 13, 1);
}

/*
 * FNV-1a over the message's bytes, 64-bit: position matters, so a block
 * written to the wrong place changes it too
 */
static inline u64 ax86_adiantum_kat_fold(const u8 *p, unsigned int len)
{
	u64 h = 0xcbf29ce484222325ull;
	unsigned int i;

	for (i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

#endif /* AX86_ADIANTUM_KAT_H */
