// SPDX-License-Identifier: GPL-2.0
/*
 * AES-256 round keys as the kernel's AES library lays them out, which is
 * what the module feeds aesni-x86_64.S (compat.h): the 15 encryption keys
 * in FIPS-197 byte order, and the equivalent inverse cipher's (last key
 * first, InvMixColumns on the 13 middle ones) for aesdec.  Written from
 * FIPS-197 for the tests: the S-box is computed, not tabled.  Not
 * constant-time, and slow: test use only.
 */
#include <string.h>

#include "harness.h"

/* multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 */
static u8 gmul(u8 a, u8 b)
{
	u8 p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = (u8)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
		b >>= 1;
	}
	return p;
}

static u8 rotl8(u8 x, int n)
{
	return (u8)((x << n) | (x >> (8 - n)));
}

/* SubBytes of one byte: the inverse in GF(2^8) (0 for 0), then affine */
static u8 sbox(u8 x)
{
	u8 inv = 0;
	int i;

	for (i = 1; i < 256 && x; i++) {
		if (gmul(x, (u8)i) == 1) {
			inv = (u8)i;
			break;
		}
	}
	return inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^
	       rotl8(inv, 4) ^ 0x63;
}

void aes256_schedule(const u8 key[32], u8 enc[240], u8 dec[240])
{
	u8 rcon = 1, t[4], c[4];
	int i, j, r;

	memcpy(enc, key, 32);
	for (i = 8; i < 60; i++) {
		memcpy(t, enc + 4 * (i - 1), 4);
		if (i % 8 == 0) {
			u8 first = t[0];

			t[0] = sbox(t[1]) ^ rcon;
			t[1] = sbox(t[2]);
			t[2] = sbox(t[3]);
			t[3] = sbox(first);
			rcon = gmul(rcon, 2);
		} else if (i % 8 == 4) {
			for (j = 0; j < 4; j++)
				t[j] = sbox(t[j]);
		}
		for (j = 0; j < 4; j++)
			enc[4 * i + j] = enc[4 * (i - 8) + j] ^ t[j];
	}
	for (r = 0; r < 15; r++) {
		memcpy(dec + 16 * r, enc + 16 * (14 - r), 16);
		if (r == 0 || r == 14)
			continue;
		for (i = 0; i < 4; i++) {
			memcpy(c, dec + 16 * r + 4 * i, 4);
			for (j = 0; j < 4; j++)
				dec[16 * r + 4 * i + j] =
					gmul(c[j], 14) ^
					gmul(c[(j + 1) % 4], 11) ^
					gmul(c[(j + 2) % 4], 13) ^
					gmul(c[(j + 3) % 4], 9);
		}
	}
}
