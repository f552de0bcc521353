// SPDX-License-Identifier: GPL-2.0
/*
 * Portable ChaCha family, written for clarity: the SIMD code is what is fast.
 */
#include "chacha_generic.h"

static inline u32 rol32_(u32 v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

#define QR(a, b, c, d) do {					\
	x[a] += x[b]; x[d] = rol32_(x[d] ^ x[a], 16);		\
	x[c] += x[d]; x[b] = rol32_(x[b] ^ x[c], 12);		\
	x[a] += x[b]; x[d] = rol32_(x[d] ^ x[a], 8);		\
	x[c] += x[d]; x[b] = rol32_(x[b] ^ x[c], 7);		\
} while (0)

void ax86_chacha_permute(u32 x[16], unsigned int nrounds)
{
	unsigned int i;

	for (i = 0; i < nrounds; i += 2) {
		QR(0, 4, 8, 12);
		QR(1, 5, 9, 13);
		QR(2, 6, 10, 14);
		QR(3, 7, 11, 15);
		QR(0, 5, 10, 15);
		QR(1, 6, 11, 12);
		QR(2, 7, 8, 13);
		QR(3, 4, 9, 14);
	}
}

void ax86_chacha_key_words(u32 key[8], const u8 in[32])
{
	int i;

	for (i = 0; i < 8; i++)
		key[i] = get_unaligned_le32(in + 4 * i);
}

/* the keystream block of @state, as words */
static void chacha_keystream(const u32 state[16], u32 x[16],
			     unsigned int nrounds)
{
	int i;

	memcpy(x, state, 16 * sizeof(*x));
	ax86_chacha_permute(x, nrounds);
	for (i = 0; i < 16; i++)
		x[i] += state[i];
}

void ax86_chacha_block(const u32 state[16], u8 out[64], unsigned int nrounds)
{
	u32 x[16];
	int i;

	chacha_keystream(state, x, nrounds);
	for (i = 0; i < 16; i++)
		put_unaligned_le32(x[i], out + 4 * i);
	memzero_explicit(x, sizeof(x));
}

/*
 * The keystream stays in words, its bytes taken little-endian: one block
 * buffer on the stack, not two (this is the fallback of the kernel's
 * request paths, whose stack is counted)
 */
void ax86_chacha_crypt(u32 state[16], u8 *dst, const u8 *src,
		       unsigned int len, unsigned int nrounds)
{
	u32 x[16];
	unsigned int i, n;

	while (len) {
		chacha_keystream(state, x, nrounds);
		state[12]++;
		n = min_t(unsigned int, len, AX86_CHACHA_BLOCK_SIZE);
		for (i = 0; i < n; i++)
			dst[i] = src[i] ^ (u8)(x[i / 4] >> (8 * (i % 4)));
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(x, sizeof(x));
}

void ax86_hchacha(const u32 state[16], u32 out[8], unsigned int nrounds)
{
	u32 x[16];

	memcpy(x, state, sizeof(x));
	ax86_chacha_permute(x, nrounds);
	memcpy(&out[0], &x[0], 16);
	memcpy(&out[4], &x[12], 16);
	memzero_explicit(x, sizeof(x));
}

void ax86_xchacha_finish(u32 state[16], const u32 subkey[8], const u8 iv[32])
{
	u8 real_iv[16];

	/* 64-bit counter in the IV, of which ChaCha's one word uses the low */
	memcpy(&real_iv[0], iv + 24, 8);
	memcpy(&real_iv[8], iv + 16, 8);
	ax86_chacha_init(state, subkey, real_iv);
	memzero_explicit(real_iv, sizeof(real_iv));
}

void ax86_xchacha_init(u32 state[16], const u32 key[8], const u8 iv[32],
		       unsigned int nrounds)
{
	u32 subkey[8];

	ax86_chacha_init(state, key, iv);
	ax86_hchacha(state, subkey, nrounds);
	ax86_xchacha_finish(state, subkey, iv);
	memzero_explicit(subkey, sizeof(subkey));
}
