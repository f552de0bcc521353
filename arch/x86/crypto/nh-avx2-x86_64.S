/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (Adiantum's: 4 passes, 16-byte units, stride 2) with AVX2, and with
 * AVX alone (xmm only: Jaguar, Sandy Bridge, Bulldozer).
 *
 * void ax86_nh_avx2(const u32 *key, const u8 *msg, unsigned int len,
 *		     u8 hash[32]);
 * (and ax86_nh_avx, same arguments)
 *
 * @len is a multiple of 16 up to 1024; @key is in our NH key order (see
 * crypto/nh_generic.h): per unit (k0, k2, k1, k3).  Two units per ymm
 * register: put in key order by one vpshufd, t = m + k holds (t0, t2, t1,
 * t3) per unit, and vpmuludq of t with its odd words moved down (a vpshufd:
 * cheaper than a shift on Zen 4) gives t0 * t2 and t1 * t3.
 * The key of pass p starts 16p bytes further on, so each pass is one load.
 * Sums: ymm4..ymm7 for passes 0..3, four 64-bit partial sums each.  The
 * loop takes 128 bytes at a time, then 32, then 16: for 1 KiB about 4%
 * faster than 32 bytes a loop on Zen 3.
 *
 * The AVX version runs the same passes on one unit per xmm register, four
 * units a loop, with the key and message as memory operands: against the
 * SSE2 core no register is copied, which on a two-wide core (Jaguar) is a
 * sixth fewer instructions.  Its sums are xmm4..xmm7, two lanes each.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx

/*
 * \S\s += products of the pass keyed at \koff for the units in \W\()0;
 * the AVX2 core keeps ymm sums (\S) under its xmm tail: xmm ops zeroed
 * ymm1's top
 */
.macro PASS W, koff, s, S=ymm
	vpaddd		\koff(KEY), %\W\()0, %\W\()1
	vpshufd		$0xf5, %\W\()1, %\W\()2
	vpmuludq	%\W\()2, %\W\()1, %\W\()1
	vpaddq		%\S\()1, %\S\s, %\S\s
.endm

/* the four passes of the units at \off(MSG) */
.macro PASSES W, off, S=ymm
	vpshufd		$0xd8, \off(MSG), %\W\()0
	PASS		\W, \off, 4, \S
	PASS		\W, (\off + 16), 5, \S
	PASS		\W, (\off + 32), 6, \S
	PASS		\W, (\off + 48), 7, \S
.endm

.macro UNITS W, bytes, S=ymm
	PASSES		\W, 0, \S
	add		$\bytes, KEY
	add		$\bytes, MSG
	sub		$\bytes, LEN
.endm

.text
SYM_TYPED_FUNC_START(ax86_nh_avx2)
	vpxor		%xmm4, %xmm4, %xmm4
	vpxor		%xmm5, %xmm5, %xmm5
	vpxor		%xmm6, %xmm6, %xmm6
	vpxor		%xmm7, %xmm7, %xmm7
.Leight:
	cmp		$128, LEN
	jb		.Lpair
	PASSES		ymm, 0
	PASSES		ymm, 32
	PASSES		ymm, 64
	PASSES		ymm, 96
	sub		$-128, KEY
	sub		$-128, MSG
	add		$-128, LEN
	jmp		.Leight
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

SYM_TYPED_FUNC_START(ax86_nh_avx)
	vpxor		%xmm4, %xmm4, %xmm4
	vpxor		%xmm5, %xmm5, %xmm5
	vpxor		%xmm6, %xmm6, %xmm6
	vpxor		%xmm7, %xmm7, %xmm7
.Lfour_avx:
	cmp		$64, LEN
	jb		.Lone_avx
	PASSES		xmm, 0, xmm
	PASSES		xmm, 16, xmm
	PASSES		xmm, 32, xmm
	PASSES		xmm, 48, xmm
	add		$64, KEY
	add		$64, MSG
	sub		$64, LEN
	jmp		.Lfour_avx
.Lone_avx:
	test		LEN, LEN
	jz		.Lsum_avx
	UNITS		xmm, 16, xmm
	jmp		.Lone_avx
.Lsum_avx:
	/* S_p = [a b] → hash[p] = a + b */
	vpunpcklqdq	%xmm5, %xmm4, %xmm0	/* [S0a S1a] */
	vpunpckhqdq	%xmm5, %xmm4, %xmm1	/* [S0b S1b] */
	vpaddq		%xmm1, %xmm0, %xmm0
	vpunpcklqdq	%xmm7, %xmm6, %xmm2
	vpunpckhqdq	%xmm7, %xmm6, %xmm3
	vpaddq		%xmm3, %xmm2, %xmm2
	vmovdqu		%xmm0, (HASH)
	vmovdqu		%xmm2, 16(HASH)
	vzeroupper
	RET
SYM_FUNC_END(ax86_nh_avx)
