/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha stream XOR, eight blocks at a time in ymm registers (AVX2).
 *
 * void ax86_chacha_xor_avx2(const u32 state[16], u8 *dst, const u8 *src,
 *			     unsigned int len, unsigned int nrounds);
 *
 * Same contract as the SSE version: any @len, block i uses counter
 * state[12] + i (mod 2^32), @state is not written, no access outside
 * [src, src + len) and [dst, dst + len), dst == src allowed.
 *
 * Word w of blocks 0..7 sits in one ymm register (blocks 0..3 in the low
 * 128-bit lane, 4..7 in the high one).  Rows b, c, d stay in ymm4..ymm15,
 * row a lives on the stack and visits ymm0/ymm1 two words at a time.
 */
#include <linux/linkage.h>

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
#define FRAME	%r9		/* 32-byte aligned scratch on the stack */
#define ROUND	%eax

#define BATCH	512		/* bytes per iteration */

/* scratch layout, offsets from FRAME */
#define ORIG	0		/* 16 rows: the input state, broadcast */
#define AROW	512		/* the working a row ... */
#define SPILL	512		/* ... reused to park rows 8..15 at the end */
#define KS	768		/* keystream of a final partial batch */
#define FRAME_BYTES	1280

.text

.macro ROTL r, n, tmp
	vpslld		$\n, %ymm\r, %ymm\tmp
	vpsrld		$(32 - \n), %ymm\r, %ymm\r
	vpor		%ymm\tmp, %ymm\r, %ymm\r
.endm

/* Two quarter rounds side by side: (a1,b1,c1,d1) and (a2,b2,c2,d2). */
.macro QR2 a1, b1, c1, d1, a2, b2, c2, d2
	vmovdqa		AROW+32*\a1(FRAME), %ymm0
	vmovdqa		AROW+32*\a2(FRAME), %ymm1
	vpaddd		%ymm\b1, %ymm0, %ymm0
	vpaddd		%ymm\b2, %ymm1, %ymm1
	vpxor		%ymm0, %ymm\d1, %ymm\d1
	vpxor		%ymm1, %ymm\d2, %ymm\d2
	vpshufb		.Lrot16(%rip), %ymm\d1, %ymm\d1
	vpshufb		.Lrot16(%rip), %ymm\d2, %ymm\d2
	vpaddd		%ymm\d1, %ymm\c1, %ymm\c1
	vpaddd		%ymm\d2, %ymm\c2, %ymm\c2
	vpxor		%ymm\c1, %ymm\b1, %ymm\b1
	vpxor		%ymm\c2, %ymm\b2, %ymm\b2
	ROTL		\b1, 12, 2
	ROTL		\b2, 12, 3
	vpaddd		%ymm\b1, %ymm0, %ymm0
	vpaddd		%ymm\b2, %ymm1, %ymm1
	vpxor		%ymm0, %ymm\d1, %ymm\d1
	vpxor		%ymm1, %ymm\d2, %ymm\d2
	vpshufb		.Lrot8(%rip), %ymm\d1, %ymm\d1
	vpshufb		.Lrot8(%rip), %ymm\d2, %ymm\d2
	vpaddd		%ymm\d1, %ymm\c1, %ymm\c1
	vpaddd		%ymm\d2, %ymm\c2, %ymm\c2
	vpxor		%ymm\c1, %ymm\b1, %ymm\b1
	vpxor		%ymm\c2, %ymm\b2, %ymm\b2
	ROTL		\b1, 7, 2
	ROTL		\b2, 7, 3
	vmovdqa		%ymm0, AROW+32*\a1(FRAME)
	vmovdqa		%ymm1, AROW+32*\a2(FRAME)
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
	vmovdqa		%ymm\r, KS+\off(FRAME)
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

/* rows 0..7 of the keystream in ymm0..7 → 32-byte pieces at +\off */
.macro EIGHT_ROWS_OUT off
	TRANSPOSE4	0, 1, 2, 3, 8, 9	/* j: 1, 8, 3, 0 */
	TRANSPOSE4	4, 5, 6, 7, 10, 11	/* j: 5, 10, 7, 4 */
	JOIN_OUT	1, 5, 0, \off, 2, 9
	JOIN_OUT	8, 10, 1, \off, 2, 9
	JOIN_OUT	3, 7, 2, \off, 2, 9
	JOIN_OUT	0, 4, 3, \off, 2, 9
.endm

SYM_FUNC_START(ax86_chacha_xor_avx2)
	test		%ecx, %ecx
	jz		.Lout
	mov		%ecx, %ecx
	sub		$(FRAME_BYTES + 32), %rsp
	lea		31(%rsp), FRAME
	and		$~31, FRAME

.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpbroadcastd	4*\w(STATE), %ymm0
	vmovdqa		%ymm0, ORIG+32*\w(FRAME)
.endr
	vmovdqa		ORIG+32*12(FRAME), %ymm0
	vpaddd		.Lctr_inc(%rip), %ymm0, %ymm0
	vmovdqa		%ymm0, ORIG+32*12(FRAME)

.Lbatch:
.irp w, 0, 1, 2, 3
	vmovdqa		ORIG+32*\w(FRAME), %ymm0
	vmovdqa		%ymm0, AROW+32*\w(FRAME)
.endr
.irp w, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vmovdqa		ORIG+32*\w(FRAME), %ymm\w
.endr
	mov		NROUNDS, ROUND
.Lround:
	QR2		0, 4, 8, 12,	1, 5, 9, 13
	QR2		2, 6, 10, 14,	3, 7, 11, 15
	QR2		0, 5, 10, 15,	1, 6, 11, 12
	QR2		2, 7, 8, 13,	3, 4, 9, 14
	sub		$2, ROUND
	jnz		.Lround

	/* feed-forward; rows 8..15 are parked to free registers */
.irp w, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpaddd		ORIG+32*\w(FRAME), %ymm\w, %ymm\w
.endr
.irp w, 0, 1, 2, 3
	vmovdqa		AROW+32*\w(FRAME), %ymm\w
	vpaddd		ORIG+32*\w(FRAME), %ymm\w, %ymm\w
.endr
.irp w, 8, 9, 10, 11, 12, 13, 14, 15
	vmovdqa		%ymm\w, SPILL+32*(\w - 8)(FRAME)
.endr
	EIGHT_ROWS_OUT	0
.irp w, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqa		SPILL+32*\w(FRAME), %ymm\w
.endr
	EIGHT_ROWS_OUT	32

	cmp		$BATCH, LEN
	jb		.Ltail
	je		.Ldone
	sub		$BATCH, LEN
	add		$BATCH, SRC
	add		$BATCH, DST
	vmovdqa		ORIG+32*12(FRAME), %ymm0
	vpaddd		.Leights(%rip), %ymm0, %ymm0
	vmovdqa		%ymm0, ORIG+32*12(FRAME)
	jmp		.Lbatch

	/* a final partial batch: XOR len < 512 bytes from the parked keystream */
.Ltail:
	xor		%eax, %eax
.Ltail32:
	lea		32(%rax), %r10
	cmp		LEN, %r10
	ja		.Ltail1
	vmovdqu		(SRC,%rax), %ymm0
	vpxor		KS(FRAME,%rax), %ymm0, %ymm0
	vmovdqu		%ymm0, (DST,%rax)
	mov		%r10, %rax
	jmp		.Ltail32
.Ltail1:
	cmp		LEN, %rax
	jae		.Ldone
	movzbl		(SRC,%rax), %r10d
	xorb		KS(FRAME,%rax), %r10b
	movb		%r10b, (DST,%rax)
	inc		%rax
	jmp		.Ltail1

	/* the scratch holds the key and keystream: wipe it */
.Ldone:
	vpxor		%xmm0, %xmm0, %xmm0
	xor		%eax, %eax
.Lwipe:
	vmovdqa		%ymm0, (FRAME,%rax)
	add		$32, %rax
	cmp		$FRAME_BYTES, %rax
	jb		.Lwipe
	add		$(FRAME_BYTES + 32), %rsp
	vzeroupper
.Lout:
	RET
SYM_FUNC_END(ax86_chacha_xor_avx2)
