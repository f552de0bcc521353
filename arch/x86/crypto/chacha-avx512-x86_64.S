/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha stream XOR with AVX-512 (F, VL, BW; BMI2 for the tail masks):
 *   ax86_chacha_xor_avx512vl: 8 blocks at a time in ymm registers, for CPUs
 *	that lower their clock when zmm registers are used;
 *   ax86_chacha_xor_avx512:   16 blocks at a time in zmm registers.
 *
 * void ax86_chacha_xor_avx512(const u32 state[16], u8 *dst, const u8 *src,
 *			       unsigned int len, unsigned int nrounds,
 *			       void *scratch);
 *
 * Same contract as the SSE and AVX2 versions: any @len, block i uses
 * counter state[12] + i (mod 2^32), @state is not written, no access outside
 * [src, src + len) and [dst, dst + len), dst == src allowed; @scratch is
 * AX86_CHACHA_SCRATCH_BYTES (asm_cores.h) at a 64-byte boundary, the
 * caller's alone for the call (per CPU in the kernel, per thread in
 * userspace).  No core here has a stack frame.
 *
 * With 32 vector registers and a rotate instruction, all sixteen state
 * rows stay in registers 0..15, the counters in 16, temporaries in 17..31;
 * ax86_chacha_xor_avx512vl and ax86_chacha_xor_avx512 leave @scratch
 * untouched.  The final partial piece of a message is read and
 * written with byte masks, which never touch the masked-off bytes.
 *
 * ax86_chacha_xor_avx512_pairs, same contract, is for the CPUs of
 * cpu_quirks.h's zmm pairs rule, where a double round waits on its four
 * chains (Zen 5, whose simple SIMD instructions take two cycles; Zen 4,
 * which runs a zmm instruction as two halves): while more than one batch is
 * left it runs two, A in registers 0..15 and B in 16..31, their quarter
 * rounds side by side, so the core overlaps eight chains.  A's output
 * needs registers 16..21 (its counters and five spares): B's rows there
 * wait in @scratch while A's are written, the other ten stay in 22..31,
 * and A's counters wait there while B's rows are in 16..31.  If a pair
 * ran, the core zeroes what it used of @scratch (USED_BYTES) before
 * returning, so an area that came in zeroed goes back zeroed.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

#include "asm_cores.h"		/* AX86_CHACHA_SCRATCH_BYTES */

.section .rodata.cst64.ax86_chacha_avx512, "aM", @progbits, 64
.align 64
.Lctr_inc:	.long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15

.section .rodata.cst4.ax86_chacha_avx512, "aM", @progbits, 4
.align 4
.Leight:	.long 8
.Lsixteen:	.long 16

#define STATE	%rdi
#define DST	%rsi
#define SRC	%rdx
#define LEN	%rcx
#define NROUNDS	%r8d
#define ROUND	%eax
#define ONES	%r11		/* all ones, for bzhi */
#define SCRATCH	%r9		/* pairs: the caller's area, 64-byte aligned */
#define PAIRED	%r10d		/* pairs: bit 0 while batch B waits, bit 1 once a pair ran */

/* pairs: scratch layout, offsets from SCRATCH */
#define CTR	0		/* A's counters while B's rows fill 16..31 */
#define SET_B	64		/* B's rows 0..5 (in 16..21) while A is output */
#define USED_BYTES	(SET_B + 6 * 64)

#if USED_BYTES > AX86_CHACHA_SCRATCH_BYTES
#error "the pairs' scratch layout is larger than the caller's area"
#endif

.text

/* x_i op= y_i for four pairs */
.macro OP4 op, W, x0, y0, x1, y1, x2, y2, x3, y3
	\op		%\W\y0, %\W\x0, %\W\x0
	\op		%\W\y1, %\W\x1, %\W\x1
	\op		%\W\y2, %\W\x2, %\W\x2
	\op		%\W\y3, %\W\x3, %\W\x3
.endm

.macro ROL4 W, n, x0, x1, x2, x3
	vprold		$\n, %\W\x0, %\W\x0
	vprold		$\n, %\W\x1, %\W\x1
	vprold		$\n, %\W\x2, %\W\x2
	vprold		$\n, %\W\x3, %\W\x3
.endm

/* Four quarter rounds at once on (a_i, b_i, c_i, d_i), i = 0..3 */
.macro QR4 W, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
	OP4		vpaddd, \W, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
	OP4		vpxord, \W, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
	ROL4		\W, 16, \d0, \d1, \d2, \d3
	OP4		vpaddd, \W, \c0, \d0, \c1, \d1, \c2, \d2, \c3, \d3
	OP4		vpxord, \W, \b0, \c0, \b1, \c1, \b2, \c2, \b3, \c3
	ROL4		\W, 12, \b0, \b1, \b2, \b3
	OP4		vpaddd, \W, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
	OP4		vpxord, \W, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
	ROL4		\W, 8, \d0, \d1, \d2, \d3
	OP4		vpaddd, \W, \c0, \d0, \c1, \d1, \c2, \d2, \c3, \d3
	OP4		vpxord, \W, \b0, \c0, \b1, \c1, \b2, \c2, \b3, \c3
	ROL4		\W, 7, \b0, \b1, \b2, \b3
.endm

/*
 * In-lane 4x4 transpose, in place: rows r0..r3 (words 4g..4g+3 of all
 * blocks) become r_j = words 4g..4g+3 of block 4L+j in each 128-bit lane L.
 */
.macro TRANSPOSE4 W, r0, r1, r2, r3
	vpunpckldq	%\W\r1, %\W\r0, %\W\()17
	vpunpckhdq	%\W\r1, %\W\r0, %\W\()18
	vpunpckldq	%\W\r3, %\W\r2, %\W\()19
	vpunpckhdq	%\W\r3, %\W\r2, %\W\()20
	vpunpcklqdq	%\W\()19, %\W\()17, %\W\r0
	vpunpckhqdq	%\W\()19, %\W\()17, %\W\r1
	vpunpcklqdq	%\W\()20, %\W\()18, %\W\r2
	vpunpckhqdq	%\W\()20, %\W\()18, %\W\r3
.endm

/*
 * \C keystream bytes in \W\r for message offset \off of this batch: XOR
 * into dst in full, under a byte mask if the message ends inside, or not
 * at all if it ended before.
 */
.macro OUT W, C, r, off
	cmp		$(\off + \C), LEN
	jb		.Lpart\@
	vpxord		\off(SRC), %\W\r, %\W\r
	vmovdqu64	%\W\r, \off(DST)
	jmp		.Lnext\@
.Lpart\@:
	mov		LEN, %rax
	sub		$\off, %rax
	jbe		.Lnext\@
	bzhi		%rax, ONES, %rax
	kmovq		%rax, %k1
	vmovdqu8	\off(SRC), %\W\()21{%k1}{z}
	vpxord		%\W\()21, %\W\r, %\W\r
	vmovdqu8	%\W\r, \off(DST){%k1}
.Lnext\@:
.endm

/*
 * ymm, after TRANSPOSE4 of groups g and g+1: x = block j | block j+4 words
 * 4g..4g+3, y = the same for words 4g+4..4g+7; out go the two 32-byte
 * pieces at offset 16g (\off) of blocks j and j+4.
 */
.macro OUT_YMM_J j, x, y, off
	vshufi32x4	$0, %ymm\y, %ymm\x, %ymm22
	vshufi32x4	$3, %ymm\y, %ymm\x, %ymm23
	OUT		ymm, 32, 22, (64*\j + \off)
	OUT		ymm, 32, 23, (64*(\j + 4) + \off)
.endm

/*
 * zmm, after TRANSPOSE4 of all four groups: y0..y3 hold words 0..3, 4..7,
 * 8..11 and 12..15 of blocks j, j+4, j+8, j+12 (one per 128-bit lane);
 * a 4x4 transpose of the lanes, through 17..20 and back into y0..y3,
 * gives those four whole blocks.  Registers 22..31 are left alone: the
 * pairs keep batch B's rows there.
 */
.macro OUT_ZMM_J j, y0, y1, y2, y3
	vshufi32x4	$0x44, %zmm\y1, %zmm\y0, %zmm17
	vshufi32x4	$0xee, %zmm\y1, %zmm\y0, %zmm18
	vshufi32x4	$0x44, %zmm\y3, %zmm\y2, %zmm19
	vshufi32x4	$0xee, %zmm\y3, %zmm\y2, %zmm20
	vshufi32x4	$0x88, %zmm19, %zmm17, %zmm\y0
	vshufi32x4	$0xdd, %zmm19, %zmm17, %zmm\y1
	vshufi32x4	$0x88, %zmm20, %zmm18, %zmm\y2
	vshufi32x4	$0xdd, %zmm20, %zmm18, %zmm\y3
	OUT		zmm, 64, \y0, (64*\j)
	OUT		zmm, 64, \y1, (64*(\j + 4))
	OUT		zmm, 64, \y2, (64*(\j + 8))
	OUT		zmm, 64, \y3, (64*(\j + 12))
.endm

/*
 * \W: ymm or zmm; \N: blocks per batch; \B: {1toN}; \pairs: two batches
 * at once where more than one is left (zmm only)
 */
.macro CHACHA_AVX512 W, N, B, pairs=0
	test		%ecx, %ecx
	jz		.Lout\@
	mov		%ecx, %ecx
	mov		$-1, ONES
.if \pairs
	xor		PAIRED, PAIRED
.endif
	vpbroadcastd	4*12(STATE), %\W\()16
	vpaddd		.Lctr_inc(%rip), %\W\()16, %\W\()16

.Lbatch\@:
.if \pairs
	cmp		$(64 * \N), LEN
	jbe		.Lsingle\@
	/* B: rows 16..31 (its counter row 28), A: rows 0..15 */
	vmovdqa64	%zmm16, CTR(SCRATCH)
	vpaddd		.Lsixteen(%rip){1to16}, %zmm16, %zmm28
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15
	vpbroadcastd	4*\w(STATE), %zmm\w
.endr
	vmovdqa64	%zmm0, %zmm16
	vmovdqa64	%zmm1, %zmm17
	vmovdqa64	%zmm2, %zmm18
	vmovdqa64	%zmm3, %zmm19
	vmovdqa64	%zmm4, %zmm20
	vmovdqa64	%zmm5, %zmm21
	vmovdqa64	%zmm6, %zmm22
	vmovdqa64	%zmm7, %zmm23
	vmovdqa64	%zmm8, %zmm24
	vmovdqa64	%zmm9, %zmm25
	vmovdqa64	%zmm10, %zmm26
	vmovdqa64	%zmm11, %zmm27
	vmovdqa64	%zmm13, %zmm29
	vmovdqa64	%zmm14, %zmm30
	vmovdqa64	%zmm15, %zmm31
	vmovdqa64	CTR(SCRATCH), %zmm12
	mov		NROUNDS, ROUND
	mov		$3, PAIRED
.Lpair_round\@:
	QR4		zmm, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
	QR4		zmm, 16, 20, 24, 28, 17, 21, 25, 29, 18, 22, 26, 30, 19, 23, 27, 31
	QR4		zmm, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14
	QR4		zmm, 16, 21, 26, 31, 17, 22, 27, 28, 18, 23, 24, 29, 19, 20, 25, 30
	sub		$2, ROUND
	jnz		.Lpair_round\@
	vmovdqa64	%zmm16, SET_B+64*0(SCRATCH)
	vmovdqa64	%zmm17, SET_B+64*1(SCRATCH)
	vmovdqa64	%zmm18, SET_B+64*2(SCRATCH)
	vmovdqa64	%zmm19, SET_B+64*3(SCRATCH)
	vmovdqa64	%zmm20, SET_B+64*4(SCRATCH)
	vmovdqa64	%zmm21, SET_B+64*5(SCRATCH)
	vmovdqa64	CTR(SCRATCH), %zmm16
	jmp		.Lfeed\@
.Lsingle\@:
.endif
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15
	vpbroadcastd	4*\w(STATE), %\W\w
.endr
	vmovdqa64	%\W\()16, %\W\()12
	mov		NROUNDS, ROUND
.Lround\@:
	QR4		\W, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
	QR4		\W, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14
	sub		$2, ROUND
	jnz		.Lround\@

.Lfeed\@:
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15
	vpaddd		4*\w(STATE)\B, %\W\w, %\W\w
.endr
	vpaddd		%\W\()16, %\W\()12, %\W\()12

	TRANSPOSE4	\W, 0, 1, 2, 3
	TRANSPOSE4	\W, 4, 5, 6, 7
	TRANSPOSE4	\W, 8, 9, 10, 11
	TRANSPOSE4	\W, 12, 13, 14, 15
.ifc \W, zmm
	OUT_ZMM_J	0, 0, 4, 8, 12
	OUT_ZMM_J	1, 1, 5, 9, 13
	OUT_ZMM_J	2, 2, 6, 10, 14
	OUT_ZMM_J	3, 3, 7, 11, 15
.else
	OUT_YMM_J	0, 0, 4, 0
	OUT_YMM_J	1, 1, 5, 0
	OUT_YMM_J	2, 2, 6, 0
	OUT_YMM_J	3, 3, 7, 0
	OUT_YMM_J	0, 8, 12, 32
	OUT_YMM_J	1, 9, 13, 32
	OUT_YMM_J	2, 10, 14, 32
	OUT_YMM_J	3, 11, 15, 32
.endif

	cmp		$(64 * \N), LEN
	jbe		.Ldone\@
	sub		$(64 * \N), LEN
	add		$(64 * \N), SRC
	add		$(64 * \N), DST
.if \N == 16
	vpaddd		.Lsixteen(%rip)\B, %\W\()16, %\W\()16
.else
	vpaddd		.Leight(%rip)\B, %\W\()16, %\W\()16
.endif
.if \pairs
	btr		$0, PAIRED
	jnc		.Lbatch\@
	/* B: rows 6..15 from 22..31, rows 0..5 from the scratch area */
	vmovdqa64	%zmm22, %zmm6
	vmovdqa64	%zmm23, %zmm7
	vmovdqa64	%zmm24, %zmm8
	vmovdqa64	%zmm25, %zmm9
	vmovdqa64	%zmm26, %zmm10
	vmovdqa64	%zmm27, %zmm11
	vmovdqa64	%zmm28, %zmm12
	vmovdqa64	%zmm29, %zmm13
	vmovdqa64	%zmm30, %zmm14
	vmovdqa64	%zmm31, %zmm15
.irp w, 0, 1, 2, 3, 4, 5
	vmovdqa64	SET_B+64*\w(SCRATCH), %zmm\w
.endr
	jmp		.Lfeed\@
.else
	jmp		.Lbatch\@
.endif
.Ldone\@:
.if \pairs
	/* B's rows and A's counters were in the scratch area: wipe it */
	test		$2, PAIRED
	jz		.Lwiped\@
	vpxord		%zmm0, %zmm0, %zmm0
.irp w, 0, 1, 2, 3, 4, 5, 6
	vmovdqa64	%zmm0, 64*\w(SCRATCH)
.endr
.Lwiped\@:
.endif
	vzeroupper
.Lout\@:
	RET
.endm

SYM_TYPED_FUNC_START(ax86_chacha_xor_avx512vl)
	CHACHA_AVX512	ymm, 8, {1to8}
SYM_FUNC_END(ax86_chacha_xor_avx512vl)

SYM_TYPED_FUNC_START(ax86_chacha_xor_avx512)
	CHACHA_AVX512	zmm, 16, {1to16}
SYM_FUNC_END(ax86_chacha_xor_avx512)

SYM_TYPED_FUNC_START(ax86_chacha_xor_avx512_pairs)
	CHACHA_AVX512	zmm, 16, {1to16}, 1
SYM_FUNC_END(ax86_chacha_xor_avx512_pairs)
