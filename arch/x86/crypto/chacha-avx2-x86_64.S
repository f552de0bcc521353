/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha stream XOR, eight blocks at a time in ymm registers (AVX2).
 *
 * void ax86_chacha_xor_avx2(const u32 state[16], u8 *dst, const u8 *src,
 *			     unsigned int len, unsigned int nrounds,
 *			     void *scratch);
 *
 * Same contract as the SSE version: any @len, block i uses counter
 * state[12] + i (mod 2^32), @state is not written, no access outside
 * [src, src + len) and [dst, dst + len), dst == src allowed.  @scratch:
 * AX86_CHACHA_SCRATCH_BYTES (asm_cores.h) at a 64-byte boundary, the
 * caller's alone for the call (per CPU in the kernel, per thread in
 * userspace), where the counters, parked rows, a partial batch's keystream
 * and a pair's waiting batch go: the core has no stack frame.  It zeroes
 * what it used of the area before returning (up to USED_BYTES, or
 * PAIRS_USED_BYTES if a pair ran), so an area that came in zeroed goes
 * back zeroed.
 *
 * Word w of blocks 0..7 sits in one ymm register (blocks 0..3 in the low
 * 128-bit lane, 4..7 in the high one): all sixteen rows in ymm0..ymm15, so
 * the four quarter rounds of a half round run side by side.  A spare
 * register comes from the a row of the fourth quarter round, which is not
 * used from its xor into d until the add after the next shift rotation: it
 * steps out to the scratch area for that stretch, its register holding the
 * byte shuffle's mask and then serving as the shift rotation's spare.  A
 * mask in a register rather than a memory operand runs at the same speed
 * on Zen 3, and keeps llvm-mca's models (make model) from putting the
 * mask's load on the rows' dependency chains.
 *
 * ax86_chacha_xor_avx2_pairs, same contract, is for CPUs whose simple SIMD
 * instructions take two cycles (cpu_quirks.h): there a double
 * round waits on its four chains, not on the pipes (63 cycles where a loop
 * of its instructions without the dependencies takes 41).  While more than
 * one batch is left it runs two, A and B, half round by half round, the
 * registers holding one while the other waits in the scratch area:
 * each swap is 16 stores and 16 loads, which the idle load and store
 * ports absorb, and the core overlaps A's chains with B's (47 cycles a
 * double round per batch).  A is output first, then B from the scratch
 * area.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

#include "asm_cores.h"		/* AX86_CHACHA_SCRATCH_BYTES */

.section .rodata.cst32.ax86_chacha_avx2, "aM", @progbits, 32
.align 32
.Lrot16:	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
		.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
.Lrot8:		.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
		.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
.Lctr_inc:	.long 0, 1, 2, 3, 4, 5, 6, 7
.Leights:	.long 8, 8, 8, 8, 8, 8, 8, 8

#define STATE	%rdi
#define DST	%rsi
#define SRC	%rdx
#define LEN	%rcx
#define NROUNDS	%r8d
#define SCRATCH	%r9		/* the caller's area, 64-byte aligned */
#define ROUND	%eax
#define PAIRED	%r11d		/* pairs: bit 0 while batch B waits, bit 1 once a pair ran */

#define BATCH	512		/* bytes per iteration */

/* scratch layout, offsets from SCRATCH */
#define CTR	0		/* row 12: the counters of this batch */
#define SPILL	32		/* rows 14, 15 parked while 0..7 are output */
#define TMP	96		/* the a row parked for a shuffle and rotation */
#define KS	128		/* keystream of a final partial batch (last) */
#define USED_BYTES	640
/*
 * pairs: batch A's rows while B's are in the registers, and B's while A's
 * are.  A is output first, so SET_A is free again when B, if it is the
 * final partial batch, parks its keystream in KS.
 */
#define SET_A	KS
#define SET_B	USED_BYTES
#define PAIRS_USED_BYTES	(SET_B + 512)

#if PAIRS_USED_BYTES > AX86_CHACHA_SCRATCH_BYTES
#error "the pairs' scratch layout is larger than the caller's area"
#endif

.text

.macro ROTL r, n, tmp
	vpslld		$\n, %ymm\r, %ymm\tmp
	vpsrld		$(32 - \n), %ymm\r, %ymm\r
	vpor		%ymm\tmp, %ymm\r, %ymm\r
.endm

/* x_i op= y_i for four pairs */
.macro OP4 op, x0, y0, x1, y1, x2, y2, x3, y3
	\op		%ymm\y0, %ymm\x0, %ymm\x0
	\op		%ymm\y1, %ymm\x1, %ymm\x1
	\op		%ymm\y2, %ymm\x2, %ymm\x2
	\op		%ymm\y3, %ymm\x3, %ymm\x3
.endm

/* rotate by 16 or 8: ymm\t steps out (ROT4 brings it back), holds the mask */
.macro SHUF4 mask, t, x0, x1, x2, x3
	vmovdqa		%ymm\t, TMP(SCRATCH)
	vmovdqa		\mask(%rip), %ymm\t
	vpshufb		%ymm\t, %ymm\x0, %ymm\x0
	vpshufb		%ymm\t, %ymm\x1, %ymm\x1
	vpshufb		%ymm\t, %ymm\x2, %ymm\x2
	vpshufb		%ymm\t, %ymm\x3, %ymm\x3
.endm

/* rotate by 12 or 7 with ymm\t, parked by SHUF4, as the spare; restore it */
.macro ROT4 n, t, x0, x1, x2, x3
	ROTL		\x0, \n, \t
	ROTL		\x1, \n, \t
	ROTL		\x2, \n, \t
	ROTL		\x3, \n, \t
	vmovdqa		TMP(SCRATCH), %ymm\t
.endm

/* Four quarter rounds side by side on (a_i, b_i, c_i, d_i) */
.macro QR4 a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
	OP4		vpaddd, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
	OP4		vpxor, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
	SHUF4		.Lrot16, \a3, \d0, \d1, \d2, \d3
	OP4		vpaddd, \c0, \d0, \c1, \d1, \c2, \d2, \c3, \d3
	OP4		vpxor, \b0, \c0, \b1, \c1, \b2, \c2, \b3, \c3
	ROT4		12, \a3, \b0, \b1, \b2, \b3
	OP4		vpaddd, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
	OP4		vpxor, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
	SHUF4		.Lrot8, \a3, \d0, \d1, \d2, \d3
	OP4		vpaddd, \c0, \d0, \c1, \d1, \c2, \d2, \c3, \d3
	OP4		vpxor, \b0, \c0, \b1, \c1, \b2, \c2, \b3, \c3
	ROT4		7, \a3, \b0, \b1, \b2, \b3
.endm

/* pairs: the sixteen rows to and from the scratch area at \area */
.macro STORE_ROWS area
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vmovdqa		%ymm\w, \area+32*\w(SCRATCH)
.endr
.endm

.macro LOAD_ROWS area
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vmovdqa		\area+32*\w(SCRATCH), %ymm\w
.endr
.endm

.macro SWAP to, from
	STORE_ROWS	\to
	LOAD_ROWS	\from
.endm

.macro COLUMNS
	QR4		0, 4, 8, 12,  1, 5, 9, 13,  2, 6, 10, 14,  3, 7, 11, 15
.endm

.macro DIAGONALS
	QR4		0, 5, 10, 15,  1, 6, 11, 12,  2, 7, 8, 13,  3, 4, 9, 14
.endm

/* a batch's rows from @state, its counters from CTR(SCRATCH), + 8 for B */
.macro LOAD_STATE b
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15
	vpbroadcastd	4*\w(STATE), %ymm\w
.endr
	vmovdqa		CTR(SCRATCH), %ymm12
.if \b
	vpaddd		.Leights(%rip), %ymm12, %ymm12
.endif
.endm

/*
 * 32 keystream bytes in ymm\r for batch offset \off: XOR into dst, or, in a
 * final partial batch, park them in KS for the byte loop.
 */
.macro OUT r, off, tmp
	cmp		$BATCH, LEN
	jb		.Lpark\@
	vpxor		\off(SRC), %ymm\r, %ymm\r
	vmovdqu		%ymm\r, \off(DST)
	jmp		.Lnext\@
.Lpark\@:
	vmovdqa		%ymm\r, KS+\off(SCRATCH)
.Lnext\@:
.endm

/*
 * 4x4 transpose inside each 128-bit lane: rows r0..r3 (words 4g..4g+3)
 * become, for j = 0..3, [block j | block j+4] words 4g..4g+3.  The results
 * end up in r1, t0, r3, r0 (j = 0, 1, 2, 3); r2 and t1 are free after.
 */
.macro TRANSPOSE4 r0, r1, r2, r3, t0, t1
	vpunpckldq	%ymm\r1, %ymm\r0, %ymm\t0
	vpunpckhdq	%ymm\r1, %ymm\r0, %ymm\r0
	vpunpckldq	%ymm\r3, %ymm\r2, %ymm\t1
	vpunpckhdq	%ymm\r3, %ymm\r2, %ymm\r2
	vpunpcklqdq	%ymm\t1, %ymm\t0, %ymm\r1
	vpunpckhqdq	%ymm\t1, %ymm\t0, %ymm\t0
	vpunpcklqdq	%ymm\r2, %ymm\r0, %ymm\r3
	vpunpckhqdq	%ymm\r2, %ymm\r0, %ymm\r0
.endm

/* lo and hi halves of blocks j and j+4 from groups g (x) and g+1 (y) */
.macro JOIN_OUT x, y, j, off, t, u
	vperm2i128	$0x20, %ymm\y, %ymm\x, %ymm\t
	vperm2i128	$0x31, %ymm\y, %ymm\x, %ymm\u
	OUT		\t, (64 * \j + \off), \x
	OUT		\u, (64 * (\j + 4) + \off), \x
.endm

/*
 * Eight rows of the keystream (words 4g..4g+7: a0..a3 the first four, b0..b3
 * the next) → 32-byte pieces at +\off of each block, with s0 and s1 spare.
 * The results of the first transpose leave a2 free for the second.
 */
.macro EIGHT_ROWS_OUT off, a0, a1, a2, a3, b0, b1, b2, b3, s0, s1
	TRANSPOSE4	\a0, \a1, \a2, \a3, \s0, \s1	/* j: a1, s0, a3, a0 */
	TRANSPOSE4	\b0, \b1, \b2, \b3, \a2, \s1	/* j: b1, a2, b3, b0 */
	JOIN_OUT	\a1, \b1, 0, \off, \b2, \s1
	JOIN_OUT	\s0, \a2, 1, \off, \b2, \s1
	JOIN_OUT	\a3, \b3, 2, \off, \b2, \s1
	JOIN_OUT	\a0, \b0, 3, \off, \b2, \s1
.endm

.macro CHACHA_XOR pairs
	test		%ecx, %ecx
	jz		.Lout\@
	mov		%ecx, %ecx

	vpbroadcastd	4*12(STATE), %ymm0
	vpaddd		.Lctr_inc(%rip), %ymm0, %ymm0
	vmovdqa		%ymm0, CTR(SCRATCH)
.if \pairs
	xor		PAIRED, PAIRED
.endif

	/* the state words come straight from @state: no key on the stack */
.Lbatch\@:
.if \pairs
	cmp		$BATCH, LEN
	jbe		.Lsingle\@
	LOAD_STATE	0
	mov		$3, PAIRED
	mov		NROUNDS, ROUND
	/* B starts from @state too, its counters 8 on: no copy to make */
	COLUMNS
	STORE_ROWS	SET_A
	LOAD_STATE	1
	jmp		.Lpair_b\@
.Lpair_round\@:
	COLUMNS
	SWAP		SET_A, SET_B
.Lpair_b\@:
	COLUMNS
	SWAP		SET_B, SET_A
	DIAGONALS
	SWAP		SET_A, SET_B
	DIAGONALS
	SWAP		SET_B, SET_A
	sub		$2, ROUND
	jnz		.Lpair_round\@
	jmp		.Lfeed\@
.Lsingle\@:
.endif
	LOAD_STATE	0
	mov		NROUNDS, ROUND
.Lround\@:
	COLUMNS
	DIAGONALS
	sub		$2, ROUND
	jnz		.Lround\@

	/*
	 * Feed-forward and output, rows 0..7 first with rows 14 and 15 parked
	 * as the two spare registers, then rows 8..15 with 0 and 1 spare.
	 */
.Lfeed\@:
	vmovdqa		%ymm14, SPILL(SCRATCH)
	vmovdqa		%ymm15, SPILL+32(SCRATCH)
.irp w, 0, 1, 2, 3, 4, 5, 6, 7
	vpbroadcastd	4*\w(STATE), %ymm15
	vpaddd		%ymm15, %ymm\w, %ymm\w
.endr
	EIGHT_ROWS_OUT	0, 0, 1, 2, 3, 4, 5, 6, 7, 14, 15
	vmovdqa		SPILL(SCRATCH), %ymm14
	vmovdqa		SPILL+32(SCRATCH), %ymm15
.irp w, 8, 9, 10, 11, 13, 14, 15
	vpbroadcastd	4*\w(STATE), %ymm0
	vpaddd		%ymm0, %ymm\w, %ymm\w
.endr
	vpaddd		CTR(SCRATCH), %ymm12, %ymm12
	EIGHT_ROWS_OUT	32, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1

	cmp		$BATCH, LEN
	jb		.Ltail\@
	je		.Ldone\@
	sub		$BATCH, LEN
	add		$BATCH, SRC
	add		$BATCH, DST
	vmovdqa		CTR(SCRATCH), %ymm0
	vpaddd		.Leights(%rip), %ymm0, %ymm0
	vmovdqa		%ymm0, CTR(SCRATCH)
.if \pairs
	btr		$0, PAIRED
	jnc		.Lbatch\@
	LOAD_ROWS	SET_B
	jmp		.Lfeed\@
.else
	jmp		.Lbatch\@
.endif

	/* a final partial batch: XOR len < 512 bytes from the parked keystream */
.Ltail\@:
	xor		%eax, %eax
.Ltail32\@:
	lea		32(%rax), %r10
	cmp		LEN, %r10
	ja		.Ltail1\@
	vmovdqu		(SRC,%rax), %ymm0
	vpxor		KS(SCRATCH,%rax), %ymm0, %ymm0
	vmovdqu		%ymm0, (DST,%rax)
	mov		%r10, %rax
	jmp		.Ltail32\@
.Ltail1\@:
	cmp		LEN, %rax
	jae		.Ltail_done\@
	movzbl		(SRC,%rax), %r10d
	xorb		KS(SCRATCH,%rax), %r10b
	movb		%r10b, (DST,%rax)
	inc		%rax
	jmp		.Ltail1\@

	/*
	 * The scratch area holds counters, round state and keystream: wipe
	 * it, KS too if a partial batch used it, SET_A and SET_B if a pair
	 * ran (%r8, the round count, is free now).
	 */
.Ltail_done\@:
	mov		$USED_BYTES, %r8d
	jmp		.Lwipe_sets\@
.Ldone\@:
	mov		$KS, %r8d
.Lwipe_sets\@:
.if \pairs
	test		$2, PAIRED
	jz		.Lwipe_from_0\@
	mov		$PAIRS_USED_BYTES, %r8d
.endif
.Lwipe_from_0\@:
	vpxor		%xmm0, %xmm0, %xmm0
	xor		%eax, %eax
.Lwipe\@:
	vmovdqa		%ymm0, (SCRATCH,%rax)
	add		$32, %rax
	cmp		%r8, %rax
	jb		.Lwipe\@
	vzeroupper
.Lout\@:
	RET
.endm

SYM_TYPED_FUNC_START(ax86_chacha_xor_avx2)
	CHACHA_XOR	0
SYM_FUNC_END(ax86_chacha_xor_avx2)

SYM_TYPED_FUNC_START(ax86_chacha_xor_avx2_pairs)
	CHACHA_XOR	1
SYM_FUNC_END(ax86_chacha_xor_avx2_pairs)
