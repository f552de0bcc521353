/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The round keys of the vector-permute AES core (aes-vperm-x86_64.S) in
 * the form it takes them, from the kernel AES library's: made once per
 * key at setkey, so that no round spends its shuffles on its key.  On the
 * CPUs the core is for, a shuffle is the costly instruction (Bonnell,
 * Silvermont: three cycles of both pipes, or of the one that shuffles),
 * and moving a key into the state's basis and frame took three of a
 * decryption round's nineteen.
 *
 * Plain C: runs without the FPU (a setkey where SIMD is unusable gets the
 * same keys), in constant time: a byte's change of basis is eight masked
 * XORs, and the bytes move by round number, never by data.  The constants
 * are tools/aesgen's (aes_vperm_key_gen.h; vperm.py says what they are
 * and checks this way of using them).
 */
#ifndef AX86_AES_VPERM_KEY_H
#define AX86_AES_VPERM_KEY_H

#include "aes_vperm_key_gen.h"

#define AX86_AES_VPERM_KEY_WORDS	60	/* 15 round keys of 16 bytes */

/* both directions' round keys in the core's form */
struct ax86_aes_vperm_key {
	u32 enc[AX86_AES_VPERM_KEY_WORDS];
	u32 dec[AX86_AES_VPERM_KEY_WORDS];
};

/* one key byte into the state's basis: @cols selected by its bits */
static inline u8 ax86_aes_vperm_key_byte(u8 b, const u8 cols[8], u8 c)
{
	unsigned int t;

	for (t = 0; t < 8; t++)
		c ^= cols[t] & (u8)-((b >> t) & 1);
	return c;
}

/*
 * @vkeys from @keys (15 round keys as the library lays them out, its
 * encryption keys if @enc, else its decryption keys): key 0 as it is
 * (the first round's tables take the block plus it), keys 1..13 in the
 * state's basis and round r's frame, key 14 in AES's basis (plus 0x63
 * encrypting: the last round's tables leave the S-box's constant out)
 * moved by the last round's move.
 */
static inline void ax86_aes_vperm_keys(u32 vkeys[AX86_AES_VPERM_KEY_WORDS],
				       const u32 keys[AX86_AES_VPERM_KEY_WORDS],
				       bool enc)
{
	const u8 *cols = enc ? ax86_aes_vperm_enc_cols :
			       ax86_aes_vperm_dec_cols;
	const u8 (*moves)[16] = enc ? ax86_aes_vperm_enc_moves :
				      ax86_aes_vperm_dec_moves;
	u8 c = enc ? AX86_AES_VPERM_ENC_CONST : AX86_AES_VPERM_DEC_CONST;
	u8 last_c = enc ? 0x63 : 0;
	const u8 *k = (const u8 *)keys;
	u8 *v = (u8 *)vkeys;
	unsigned int r, t;

	for (t = 0; t < 16; t++)
		v[t] = k[t];
	for (r = 1; r < 14; r++)
		for (t = 0; t < 16; t++)
			v[16 * r + t] =
				ax86_aes_vperm_key_byte(k[16 * r +
							  moves[r % 4][t]],
							cols, c);
	for (t = 0; t < 16; t++)
		v[224 + t] = k[224 + ax86_aes_vperm_last[t]] ^ last_c;
}

/* @v from the library's encryption keys @enc and decryption keys @dec */
static inline void ax86_aes_vperm_setkey(struct ax86_aes_vperm_key *v,
					 const u32 enc[AX86_AES_VPERM_KEY_WORDS],
					 const u32 dec[AX86_AES_VPERM_KEY_WORDS])
{
	ax86_aes_vperm_keys(v->enc, enc, true);
	ax86_aes_vperm_keys(v->dec, dec, false);
}

#endif /* AX86_AES_VPERM_KEY_H */
