/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instruction loops for make floor: the operations one unit of work of a
 * core issues, with the data dependencies taken out, so that a loop of them
 * runs at the throughput of the CPU's pipes.  No real core can beat that:
 * it is the floor the cores are measured against.
 *
 *	u64 floor_<loop>(u64 n, const void *buf)	n iterations
 *
 * Each loop body is one unit:
 *	chacha_avx2	one double round of 8 blocks (ymm): 32 vpaddd, 32
 *			vpxor, 16 vpor, 16 vpshufb (rotate by 16, 8), 32 shifts
 *			(rotate by 12, 7): 128 operations
 *	chacha_ssse3	the same for 4 blocks in xmm, plus the register copy
 *			each shift rotate needs in two-operand SSE
 *	chacha_sse2	4 blocks, rotate by 16 as pshuflw + pshufhw, the
 *			other three by shifts
 *	out_avx2	the per-512-byte work after the rounds: feed-forward
 *			(16 broadcasts, 16 adds), transposes (32 unpacks, 16
 *			lane permutes), 16 XORs with the source, 16 stores
 *	out_sse		the same per 256 bytes in xmm (no lane permutes)
 *	nh_avx2		NH of 32 bytes, 4 passes: a message shuffle, then per
 *			pass a key add, a shuffle, a multiply, a 64-bit add
 *	nh_sse2		NH of 16 bytes the same way, with SSE's copies
 *	fused_avx2	6 double rounds and 16 NH groups interleaved: 512
 *			bytes of ChaCha12 and of NH, as one fused pass would
 *
 * The operands rotate through twelve registers so that every operation
 * reads a result written many operations earlier: latency stays hidden.
 * @buf (4 KiB, 64-byte aligned) stands in for message, key and output.
 */
#include <linux/linkage.h>

.section .rodata.cst32.ax86_floor, "aM", @progbits, 32
.align 32
.Lmask:	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13

.text

/*
 * A double round's operations in quarter-round order: eight chains
 * (registers 0..7, one per quarter round) read constants in 8..11 and use
 * 12..15 as the rotations' spares.  VEX form on \R (ymm or xmm).
 */
.macro CHACHA_VEX R
	vpaddd		%\R\()8, %\R\()0, %\R\()0
	vpaddd		%\R\()9, %\R\()1, %\R\()1
	vpaddd		%\R\()10, %\R\()2, %\R\()2
	vpaddd		%\R\()11, %\R\()3, %\R\()3
	vpaddd		%\R\()8, %\R\()4, %\R\()4
	vpaddd		%\R\()9, %\R\()5, %\R\()5
	vpaddd		%\R\()10, %\R\()6, %\R\()6
	vpaddd		%\R\()11, %\R\()7, %\R\()7
	vpxor		%\R\()8, %\R\()0, %\R\()0
	vpxor		%\R\()9, %\R\()1, %\R\()1
	vpxor		%\R\()10, %\R\()2, %\R\()2
	vpxor		%\R\()11, %\R\()3, %\R\()3
	vpxor		%\R\()8, %\R\()4, %\R\()4
	vpxor		%\R\()9, %\R\()5, %\R\()5
	vpxor		%\R\()10, %\R\()6, %\R\()6
	vpxor		%\R\()11, %\R\()7, %\R\()7
	vpshufb		.Lmask(%rip), %\R\()0, %\R\()0
	vpshufb		.Lmask(%rip), %\R\()1, %\R\()1
	vpshufb		.Lmask(%rip), %\R\()2, %\R\()2
	vpshufb		.Lmask(%rip), %\R\()3, %\R\()3
	vpshufb		.Lmask(%rip), %\R\()4, %\R\()4
	vpshufb		.Lmask(%rip), %\R\()5, %\R\()5
	vpshufb		.Lmask(%rip), %\R\()6, %\R\()6
	vpshufb		.Lmask(%rip), %\R\()7, %\R\()7
	vpaddd		%\R\()8, %\R\()0, %\R\()0
	vpaddd		%\R\()9, %\R\()1, %\R\()1
	vpaddd		%\R\()10, %\R\()2, %\R\()2
	vpaddd		%\R\()11, %\R\()3, %\R\()3
	vpaddd		%\R\()8, %\R\()4, %\R\()4
	vpaddd		%\R\()9, %\R\()5, %\R\()5
	vpaddd		%\R\()10, %\R\()6, %\R\()6
	vpaddd		%\R\()11, %\R\()7, %\R\()7
	vpxor		%\R\()8, %\R\()0, %\R\()0
	vpxor		%\R\()9, %\R\()1, %\R\()1
	vpxor		%\R\()10, %\R\()2, %\R\()2
	vpxor		%\R\()11, %\R\()3, %\R\()3
	vpxor		%\R\()8, %\R\()4, %\R\()4
	vpxor		%\R\()9, %\R\()5, %\R\()5
	vpxor		%\R\()10, %\R\()6, %\R\()6
	vpxor		%\R\()11, %\R\()7, %\R\()7
	vpslld		$12, %\R\()0, %\R\()12
	vpsrld		$20, %\R\()0, %\R\()0
	vpor		%\R\()12, %\R\()0, %\R\()0
	vpslld		$12, %\R\()1, %\R\()13
	vpsrld		$20, %\R\()1, %\R\()1
	vpor		%\R\()13, %\R\()1, %\R\()1
	vpslld		$12, %\R\()2, %\R\()14
	vpsrld		$20, %\R\()2, %\R\()2
	vpor		%\R\()14, %\R\()2, %\R\()2
	vpslld		$12, %\R\()3, %\R\()15
	vpsrld		$20, %\R\()3, %\R\()3
	vpor		%\R\()15, %\R\()3, %\R\()3
	vpslld		$12, %\R\()4, %\R\()12
	vpsrld		$20, %\R\()4, %\R\()4
	vpor		%\R\()12, %\R\()4, %\R\()4
	vpslld		$12, %\R\()5, %\R\()13
	vpsrld		$20, %\R\()5, %\R\()5
	vpor		%\R\()13, %\R\()5, %\R\()5
	vpslld		$12, %\R\()6, %\R\()14
	vpsrld		$20, %\R\()6, %\R\()6
	vpor		%\R\()14, %\R\()6, %\R\()6
	vpslld		$12, %\R\()7, %\R\()15
	vpsrld		$20, %\R\()7, %\R\()7
	vpor		%\R\()15, %\R\()7, %\R\()7
	vpaddd		%\R\()8, %\R\()0, %\R\()0
	vpaddd		%\R\()9, %\R\()1, %\R\()1
	vpaddd		%\R\()10, %\R\()2, %\R\()2
	vpaddd		%\R\()11, %\R\()3, %\R\()3
	vpaddd		%\R\()8, %\R\()4, %\R\()4
	vpaddd		%\R\()9, %\R\()5, %\R\()5
	vpaddd		%\R\()10, %\R\()6, %\R\()6
	vpaddd		%\R\()11, %\R\()7, %\R\()7
	vpxor		%\R\()8, %\R\()0, %\R\()0
	vpxor		%\R\()9, %\R\()1, %\R\()1
	vpxor		%\R\()10, %\R\()2, %\R\()2
	vpxor		%\R\()11, %\R\()3, %\R\()3
	vpxor		%\R\()8, %\R\()4, %\R\()4
	vpxor		%\R\()9, %\R\()5, %\R\()5
	vpxor		%\R\()10, %\R\()6, %\R\()6
	vpxor		%\R\()11, %\R\()7, %\R\()7
	vpshufb		.Lmask(%rip), %\R\()0, %\R\()0
	vpshufb		.Lmask(%rip), %\R\()1, %\R\()1
	vpshufb		.Lmask(%rip), %\R\()2, %\R\()2
	vpshufb		.Lmask(%rip), %\R\()3, %\R\()3
	vpshufb		.Lmask(%rip), %\R\()4, %\R\()4
	vpshufb		.Lmask(%rip), %\R\()5, %\R\()5
	vpshufb		.Lmask(%rip), %\R\()6, %\R\()6
	vpshufb		.Lmask(%rip), %\R\()7, %\R\()7
	vpaddd		%\R\()8, %\R\()0, %\R\()0
	vpaddd		%\R\()9, %\R\()1, %\R\()1
	vpaddd		%\R\()10, %\R\()2, %\R\()2
	vpaddd		%\R\()11, %\R\()3, %\R\()3
	vpaddd		%\R\()8, %\R\()4, %\R\()4
	vpaddd		%\R\()9, %\R\()5, %\R\()5
	vpaddd		%\R\()10, %\R\()6, %\R\()6
	vpaddd		%\R\()11, %\R\()7, %\R\()7
	vpxor		%\R\()8, %\R\()0, %\R\()0
	vpxor		%\R\()9, %\R\()1, %\R\()1
	vpxor		%\R\()10, %\R\()2, %\R\()2
	vpxor		%\R\()11, %\R\()3, %\R\()3
	vpxor		%\R\()8, %\R\()4, %\R\()4
	vpxor		%\R\()9, %\R\()5, %\R\()5
	vpxor		%\R\()10, %\R\()6, %\R\()6
	vpxor		%\R\()11, %\R\()7, %\R\()7
	vpslld		$7, %\R\()0, %\R\()12
	vpsrld		$25, %\R\()0, %\R\()0
	vpor		%\R\()12, %\R\()0, %\R\()0
	vpslld		$7, %\R\()1, %\R\()13
	vpsrld		$25, %\R\()1, %\R\()1
	vpor		%\R\()13, %\R\()1, %\R\()1
	vpslld		$7, %\R\()2, %\R\()14
	vpsrld		$25, %\R\()2, %\R\()2
	vpor		%\R\()14, %\R\()2, %\R\()2
	vpslld		$7, %\R\()3, %\R\()15
	vpsrld		$25, %\R\()3, %\R\()3
	vpor		%\R\()15, %\R\()3, %\R\()3
	vpslld		$7, %\R\()4, %\R\()12
	vpsrld		$25, %\R\()4, %\R\()4
	vpor		%\R\()12, %\R\()4, %\R\()4
	vpslld		$7, %\R\()5, %\R\()13
	vpsrld		$25, %\R\()5, %\R\()5
	vpor		%\R\()13, %\R\()5, %\R\()5
	vpslld		$7, %\R\()6, %\R\()14
	vpsrld		$25, %\R\()6, %\R\()6
	vpor		%\R\()14, %\R\()6, %\R\()6
	vpslld		$7, %\R\()7, %\R\()15
	vpsrld		$25, %\R\()7, %\R\()7
	vpor		%\R\()15, %\R\()7, %\R\()7
.endm

/* the same in two-operand SSE: SSSE3 (pshufb) or SSE2 (pshuflw/hw) */
.macro ROT_SSE r, n, t
	movdqa		%xmm\r, %xmm\t
	pslld		$\n, %xmm\r
	psrld		$(32 - \n), %xmm\t
	por		%xmm\t, %xmm\r
.endm

.macro ROT16_SSE r, ssse3
.if \ssse3
	pshufb		.Lmask(%rip), %xmm\r
.else
	pshuflw		$0xb1, %xmm\r, %xmm\r
	pshufhw		$0xb1, %xmm\r, %xmm\r
.endif
.endm

.macro ROT8_SSE r, ssse3, t
.if \ssse3
	pshufb		.Lmask(%rip), %xmm\r
.else
	ROT_SSE		\r, 8, \t
.endif
.endm

.macro CHACHA_SSE ssse3
	paddd		%xmm8, %xmm0
	paddd		%xmm9, %xmm1
	paddd		%xmm10, %xmm2
	paddd		%xmm11, %xmm3
	paddd		%xmm8, %xmm4
	paddd		%xmm9, %xmm5
	paddd		%xmm10, %xmm6
	paddd		%xmm11, %xmm7
	pxor		%xmm8, %xmm0
	pxor		%xmm9, %xmm1
	pxor		%xmm10, %xmm2
	pxor		%xmm11, %xmm3
	pxor		%xmm8, %xmm4
	pxor		%xmm9, %xmm5
	pxor		%xmm10, %xmm6
	pxor		%xmm11, %xmm7
	ROT16_SSE	0, \ssse3
	ROT16_SSE	1, \ssse3
	ROT16_SSE	2, \ssse3
	ROT16_SSE	3, \ssse3
	ROT16_SSE	4, \ssse3
	ROT16_SSE	5, \ssse3
	ROT16_SSE	6, \ssse3
	ROT16_SSE	7, \ssse3
	paddd		%xmm8, %xmm0
	paddd		%xmm9, %xmm1
	paddd		%xmm10, %xmm2
	paddd		%xmm11, %xmm3
	paddd		%xmm8, %xmm4
	paddd		%xmm9, %xmm5
	paddd		%xmm10, %xmm6
	paddd		%xmm11, %xmm7
	pxor		%xmm8, %xmm0
	pxor		%xmm9, %xmm1
	pxor		%xmm10, %xmm2
	pxor		%xmm11, %xmm3
	pxor		%xmm8, %xmm4
	pxor		%xmm9, %xmm5
	pxor		%xmm10, %xmm6
	pxor		%xmm11, %xmm7
	ROT_SSE		0, 12, 12
	ROT_SSE		1, 12, 13
	ROT_SSE		2, 12, 14
	ROT_SSE		3, 12, 15
	ROT_SSE		4, 12, 12
	ROT_SSE		5, 12, 13
	ROT_SSE		6, 12, 14
	ROT_SSE		7, 12, 15
	paddd		%xmm8, %xmm0
	paddd		%xmm9, %xmm1
	paddd		%xmm10, %xmm2
	paddd		%xmm11, %xmm3
	paddd		%xmm8, %xmm4
	paddd		%xmm9, %xmm5
	paddd		%xmm10, %xmm6
	paddd		%xmm11, %xmm7
	pxor		%xmm8, %xmm0
	pxor		%xmm9, %xmm1
	pxor		%xmm10, %xmm2
	pxor		%xmm11, %xmm3
	pxor		%xmm8, %xmm4
	pxor		%xmm9, %xmm5
	pxor		%xmm10, %xmm6
	pxor		%xmm11, %xmm7
	ROT8_SSE	0, \ssse3, 12
	ROT8_SSE	1, \ssse3, 13
	ROT8_SSE	2, \ssse3, 14
	ROT8_SSE	3, \ssse3, 15
	ROT8_SSE	4, \ssse3, 12
	ROT8_SSE	5, \ssse3, 13
	ROT8_SSE	6, \ssse3, 14
	ROT8_SSE	7, \ssse3, 15
	paddd		%xmm8, %xmm0
	paddd		%xmm9, %xmm1
	paddd		%xmm10, %xmm2
	paddd		%xmm11, %xmm3
	paddd		%xmm8, %xmm4
	paddd		%xmm9, %xmm5
	paddd		%xmm10, %xmm6
	paddd		%xmm11, %xmm7
	pxor		%xmm8, %xmm0
	pxor		%xmm9, %xmm1
	pxor		%xmm10, %xmm2
	pxor		%xmm11, %xmm3
	pxor		%xmm8, %xmm4
	pxor		%xmm9, %xmm5
	pxor		%xmm10, %xmm6
	pxor		%xmm11, %xmm7
	ROT_SSE		0, 7, 12
	ROT_SSE		1, 7, 13
	ROT_SSE		2, 7, 14
	ROT_SSE		3, 7, 15
	ROT_SSE		4, 7, 12
	ROT_SSE		5, 7, 13
	ROT_SSE		6, 7, 14
	ROT_SSE		7, 7, 15
.endm

.macro OUT_AVX2
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpbroadcastd	4*\i(%rsi), %ymm15
	vpaddd		%ymm15, %ymm\i, %ymm\i
.endr
.irp i, 0, 2, 4, 6, 8, 10, 12, 14
	vpunpckldq	%ymm1, %ymm\i, %ymm12
	vpunpckhdq	%ymm3, %ymm\i, %ymm13
	vpunpcklqdq	%ymm5, %ymm\i, %ymm14
	vpunpckhqdq	%ymm7, %ymm\i, %ymm11
.endr
.irp i, 0, 2, 4, 6, 8, 10, 12, 14
	vperm2i128	$0x20, %ymm9, %ymm\i, %ymm10
	vperm2i128	$0x31, %ymm9, %ymm\i, %ymm11
.endr
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpxor		1024+32*\i(%rsi), %ymm\i, %ymm\i
	vmovdqu		%ymm\i, 2048+32*\i(%rsi)
.endr
.endm

.macro OUT_SSE
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	paddd		16*\i(%rsi), %xmm\i
.endr
.irp i, 0, 2, 4, 6, 8, 10, 12, 14
	movdqa		%xmm\i, %xmm12
	punpckldq	%xmm1, %xmm12
	punpckhdq	%xmm3, %xmm\i
	movdqa		%xmm5, %xmm13
	punpcklqdq	%xmm7, %xmm13
	punpckhqdq	%xmm9, %xmm11
.endr
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movdqu		1024+16*\i(%rsi), %xmm15
	pxor		%xmm15, %xmm\i
	movdqu		%xmm\i, 2048+16*\i(%rsi)
.endr
.endm

/* pass \p of NH over the unit(s) at \off into sums \s */
.macro PASS_AVX2 off, p, m, t, u, s
	vpaddd		1024+\off+16*\p(%rsi), %ymm\m, %ymm\t
	vpshufd		$0xf5, %ymm\t, %ymm\u
	vpmuludq	%ymm\u, %ymm\t, %ymm\t
	vpaddq		%ymm\t, %ymm\s, %ymm\s
.endm

.macro PASS_SSE2 off, p, s
	movdqu		1024+\off+16*\p(%rsi), %xmm1
	paddd		%xmm0, %xmm1
	pshufd		$0xf5, %xmm1, %xmm2
	pmuludq		%xmm2, %xmm1
	paddq		%xmm1, %xmm\s
.endm

/*
 * NH of 32 bytes at \off: message in ymm\m, products in \t and \u, the
 * four passes' sums in \s0..\s3
 */
.macro NH_AVX2 off, m=0, t=1, u=2, s0=4, s1=5, s2=6, s3=7
	vpshufd		$0xd8, \off(%rsi), %ymm\m
	PASS_AVX2	\off, 0, \m, \t, \u, \s0
	PASS_AVX2	\off, 1, \m, \t, \u, \s1
	PASS_AVX2	\off, 2, \m, \t, \u, \s2
	PASS_AVX2	\off, 3, \m, \t, \u, \s3
.endm

.macro NH_SSE2 off
	pshufd		$0xd8, \off(%rsi), %xmm0
	PASS_SSE2	\off, 0, 4
	PASS_SSE2	\off, 1, 5
	PASS_SSE2	\off, 2, 6
	PASS_SSE2	\off, 3, 7
.endm

.macro LOOP name
SYM_FUNC_START(floor_\name)
.Lloop_\name:
.endm

.macro END_LOOP name
	dec		%rdi
	jnz		.Lloop_\name
	vzeroupper
	RET
SYM_FUNC_END(floor_\name)
.endm

LOOP chacha_avx2
	CHACHA_VEX	ymm
END_LOOP chacha_avx2

LOOP chacha_ssse3
	CHACHA_SSE	1
END_LOOP chacha_ssse3

LOOP chacha_sse2
	CHACHA_SSE	0
END_LOOP chacha_sse2

LOOP out_avx2
	OUT_AVX2
END_LOOP out_avx2

LOOP out_sse
	OUT_SSE
END_LOOP out_sse

LOOP nh_avx2
	NH_AVX2		0
END_LOOP nh_avx2

LOOP nh_sse2
	NH_SSE2		0
END_LOOP nh_sse2

/*
 * 512 bytes: 6 double rounds, 16 NH groups of 32 bytes in between, the NH
 * on the rotations' spare registers (one sum: a short chain of adds)
 */
.macro NH_FUSED off
	NH_AVX2		\off, 12, 13, 14, 15, 15, 15, 15
.endm

LOOP fused_avx2
.irp r, 0, 1, 2, 3, 4, 5
	CHACHA_VEX	ymm
	NH_FUSED	64*\r
	NH_FUSED	64*\r+32
.endr
.irp g, 12, 13, 14, 15
	NH_FUSED	32*\g
.endr
END_LOOP fused_avx2
