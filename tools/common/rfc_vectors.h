/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Published known answers used by both the unit tests and the tool, as hex.
 * Keys of the RFC vectors are the bytes 00 01 02 ... 1f.
 */
#ifndef AX86_RFC_VECTORS_H
#define AX86_RFC_VECTORS_H

/* RFC 8439 2.3.2: ChaCha20 block, counter 1 (kernel IV: le32 ctr || nonce) */
#define RFC8439_BLOCK_IV	"01000000000000090000004a00000000"
#define RFC8439_BLOCK_OUT \
	"10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e" \
	"d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"

/* draft-irtf-cfrg-xchacha 2.2.1: HChaCha20 */
#define XCHACHA_DRAFT_HCHACHA_NONCE	"000000090000004a0000000031415927"
#define XCHACHA_DRAFT_HCHACHA_OUT \
	"82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc"

/* RFC 8439 2.5.2: Poly1305 */
#define RFC8439_POLY1305_KEY \
	"85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"
#define RFC8439_POLY1305_MSG	"Cryptographic Forum Research Group"
#define RFC8439_POLY1305_TAG	"a8061dc1305136c6c22b8baf0c0127a9"

/* hex to bytes; returns the byte count */
static inline unsigned int ax_unhex(unsigned char *out, const char *hex)
{
	unsigned int n = 0;
	int hi, lo;

	for (; hex[0] && hex[1]; hex += 2) {
		hi = hex[0] <= '9' ? hex[0] - '0' : (hex[0] | 32) - 'a' + 10;
		lo = hex[1] <= '9' ? hex[1] - '0' : (hex[1] | 32) - 'a' + 10;
		out[n++] = hi << 4 | lo;
	}
	return n;
}

#endif /* AX86_RFC_VECTORS_H */
