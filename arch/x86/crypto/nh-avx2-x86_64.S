/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (Adiantum's: 4 passes, 16-byte units, stride 2) with AVX2.
 *
 * void ax86_nh_avx2(const u32 *key, const u8 *msg, unsigned int len,
 *		     u8 hash[32]);
 *
 * @len is a multiple of 16 up to 1024; @key is in our NH key order (see
 * crypto/nh_generic.h): per unit (k0, k2, k1, k3).  Two units per ymm
 * register: put in key order by one vpshufd, t = m + k holds (t0, t2, t1,
 * t3) per unit, and vpmuludq of t with its odd words moved down (a vpshufd:
 * cheaper than a shift on Zen 4) gives t0 * t2 and t1 * t3.
 * The key of pass p starts 16p bytes further on, so each pass is one load.
 * Sums: ymm4..ymm7 for passes 0..3, four 64-bit partial sums each.
 */
#include <linux/linkage.h>

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx

/* \W\s += products of the pass keyed at \koff for the units in \W\()0 */
.macro PASS W, koff, s
	vpaddd		\koff(KEY), %\W\()0, %\W\()1
	vpshufd		$0xf5, %\W\()1, %\W\()2
	vpmuludq	%\W\()2, %\W\()1, %\W\()1
	vpaddq		%ymm1, %ymm\s, %ymm\s	/* xmm ops zeroed ymm1's top */
.endm

.macro UNITS W, bytes
	vpshufd		$0xd8, (MSG), %\W\()0
	PASS		\W, 0, 4
	PASS		\W, 16, 5
	PASS		\W, 32, 6
	PASS		\W, 48, 7
	add		$\bytes, KEY
	add		$\bytes, MSG
	sub		$\bytes, LEN
.endm

.text
SYM_FUNC_START(ax86_nh_avx2)
	vpxor		%xmm4, %xmm4, %xmm4
	vpxor		%xmm5, %xmm5, %xmm5
	vpxor		%xmm6, %xmm6, %xmm6
	vpxor		%xmm7, %xmm7, %xmm7
.Lpair:
	cmp		$32, LEN
	jb		.Lodd
	UNITS		ymm, 32
	jmp		.Lpair
.Lodd:
	test		LEN, LEN
	jz		.Lsum
	UNITS		xmm, 16
.Lsum:
	/* S_p = [a b | c d] → hash[p] = a + b + c + d */
	vpunpcklqdq	%ymm5, %ymm4, %ymm0	/* [S0a S1a | S0c S1c] */
	vpunpckhqdq	%ymm5, %ymm4, %ymm1	/* [S0b S1b | S0d S1d] */
	vpaddq		%ymm1, %ymm0, %ymm0
	vpunpcklqdq	%ymm7, %ymm6, %ymm2
	vpunpckhqdq	%ymm7, %ymm6, %ymm3
	vpaddq		%ymm3, %ymm2, %ymm2
	vperm2i128	$0x20, %ymm2, %ymm0, %ymm1	/* low lanes */
	vperm2i128	$0x31, %ymm2, %ymm0, %ymm3	/* high lanes */
	vpaddq		%ymm3, %ymm1, %ymm1	/* [h0 h1 | h2 h3] */
	vmovdqu		%ymm1, (HASH)
	vzeroupper
	RET
SYM_FUNC_END(ax86_nh_avx2)
