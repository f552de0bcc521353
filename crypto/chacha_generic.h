/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Portable ChaCha, HChaCha and XChaCha: the fallback of the modules and the
 * reference the SIMD code is tested against.
 *
 * State layout (16 little-endian words): 0..3 constants, 4..11 key,
 * 12 block counter, 13..15 nonce.  Only word 12 counts blocks, and it wraps
 * without carrying into word 13, as the kernel's chacha20 does.
 */
#ifndef AX86_CHACHA_GENERIC_H
#define AX86_CHACHA_GENERIC_H

#include "portable.h"

#define AX86_CHACHA_BLOCK_SIZE	64
#define AX86_CHACHA_KEY_SIZE	32
#define AX86_CHACHA_IV_SIZE	16	/* le32 counter || 12-byte nonce */
#define AX86_XCHACHA_IV_SIZE	32	/* 24-byte nonce || le64 counter */

/* Words 0..11 of a state: the constants and the key. */
static inline void ax86_chacha_init_key(u32 state[16], const u32 key[8])
{
	int i;

	/* "expand 32-byte k" */
	state[0] = 0x61707865;
	state[1] = 0x3320646e;
	state[2] = 0x79622d32;
	state[3] = 0x6b206574;
	for (i = 0; i < 8; i++)
		state[4 + i] = key[i];
}

/* A state from a key and an IV (words 12..15). */
static inline void ax86_chacha_init(u32 state[16], const u32 key[8],
				    const u8 iv[16])
{
	int i;

	ax86_chacha_init_key(state, key);
	for (i = 0; i < 4; i++)
		state[12 + i] = get_unaligned_le32(iv + 4 * i);
}

/* The ChaCha permutation with @nrounds (even) rounds, without feed-forward. */
void ax86_chacha_permute(u32 x[16], unsigned int nrounds);

/* One keystream block for @state; does not advance the counter. */
void ax86_chacha_block(const u32 state[16], u8 out[64], unsigned int nrounds);

/*
 * dst = src ^ keystream, any length, in place allowed; advances state[12] by
 * the number of blocks started.
 */
void ax86_chacha_crypt(u32 state[16], u8 *dst, const u8 *src,
		       unsigned int len, unsigned int nrounds);

/*
 * HChaCha: words 0..3 and 12..15 of the permuted state, no feed-forward.
 * @out may be state + 4 (every core reads all of @state first).
 */
void ax86_hchacha(const u32 state[16], u32 out[8], unsigned int nrounds);

/*
 * The XChaCha state: the subkey is HChaCha over the key and nonce bytes
 * 0..15, then words 12..15 are the counter (iv bytes 24..31, low word) and
 * nonce bytes 16..23.  ax86_xchacha_init() does it all in C; glue with a
 * SIMD HChaCha computes the subkey itself and calls ax86_xchacha_finish().
 */
void ax86_xchacha_init(u32 state[16], const u32 key[8], const u8 iv[32],
		       unsigned int nrounds);
void ax86_xchacha_finish(u32 state[16], const u32 subkey[8], const u8 iv[32]);

/* Little-endian key bytes to the eight key words ChaCha uses. */
void ax86_chacha_key_words(u32 key[8], const u8 in[32]);

/*
 * The forms every stream and HChaCha takes, portable or SIMD: a stream
 * XORs @len bytes and advances @state's counter, as ax86_chacha_crypt()
 */
typedef void (*ax86_stream_fn)(u32 state[16], u8 *dst, const u8 *src,
			       unsigned int len, unsigned int nrounds);
typedef void (*ax86_hchacha_fn)(const u32 state[16], u32 out[8],
				unsigned int nrounds);

#endif /* AX86_CHACHA_GENERIC_H */
