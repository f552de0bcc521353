/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha stream XOR, four blocks at a time in xmm registers, for CPUs with
 * SSE2 only (K8/K10 Athlons and Phenoms), with SSSE3, and with AVX but not
 * AVX2 (Jaguar, Sandy Bridge, Bulldozer to Steamroller).  They differ in
 * how they rotate by 16 and 8 bits: SSE2 swaps words (16) and shifts (8),
 * SSSE3 shuffles bytes with pshufb, AVX swaps words (16) and shuffles bytes
 * (8), which llvm-mca's models of the AVX CPUs without AVX2 put below the
 * best of the other two (the double round on btver2 85 cycles, SSE2 95; on
 * bdver2 149, SSSE3 156).  AVX also writes every instruction in its
 * three-operand VEX form, so no register is copied before an operation
 * overwrites it.
 *
 * void ax86_chacha_xor_sse2(const u32 state[16], u8 *dst, const u8 *src,
 *			     unsigned int len, unsigned int nrounds,
 *			     void *scratch);
 * (and ax86_chacha_xor_ssse3, ax86_chacha_xor_avx, same arguments)
 *
 * Any @len; the block counter (state word 12) of block i is state[12] + i,
 * wrapping at 2^32; @state is not written.  Reads and writes stay inside
 * [src, src + len) and [dst, dst + len); dst == src is allowed.
 *
 * @scratch: AX86_CHACHA_SCRATCH_BYTES (asm_cores.h) at a 64-byte boundary,
 * the caller's and no one else's for the call (per CPU in the kernel, per
 * thread in userspace).  What does not fit in the registers (the input
 * state, parked rows, a partial batch's keystream, a pair's waiting batch)
 * goes there, not on the stack: the cores have no stack frame.  Before
 * returning they zero what they used of it (up to USED_BYTES, or
 * PAIRS_USED_BYTES if a pair ran), so an area that came in zeroed goes
 * back zeroed.
 *
 * Register use: word w of the four blocks sits in lane j = block j, all
 * sixteen rows in xmm0..xmm15, so the four quarter rounds of a half round
 * run side by side.  Rotations done with shifts need one spare register:
 * for SSE2 the d or c row of the fourth quarter round steps out to the
 * scratch area for them.  For SSSE3 and AVX its a row does, which is not
 * used from its xor into d until the add after the next shift rotation:
 * across that stretch its register holds pshufb's mask (if any), then
 * serves as the shift rotation's spare.  A mask in a register rather than
 * a memory operand runs at the same speed on Zen 3, and keeps llvm-mca's
 * models (make model) from putting the mask's load on the rows' dependency
 * chains.
 *
 * ax86_chacha_xor_{sse2,ssse3,avx}_pairs, same contract, are for CPUs whose
 * simple SIMD instructions take two cycles (cpu_quirks.h), where
 * a double round waits on its four chains: while more than one batch is
 * left they run two, A and B, half round by half round, one batch's rows
 * in the registers while the other's wait in the scratch area, as the AVX2
 * core does (chacha-avx2-x86_64.S).  A is output first, then B.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

#include "asm_cores.h"		/* AX86_CHACHA_SCRATCH_BYTES */

.section .rodata.cst16.ax86_chacha_sse, "aM", @progbits, 16
.align 16
.Lrot16:	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
.Lrot8:		.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
.Lctr_inc:	.long 0, 1, 2, 3
.Lfours:	.long 4, 4, 4, 4

#define STATE	%rdi
#define DST	%rsi
#define SRC	%rdx
#define LEN	%rcx
#define NROUNDS	%r8d
#define SCRATCH	%r9		/* the caller's area, 64-byte aligned */
#define ROUND	%eax
#define PAIRED	%r11d		/* pairs: bit 0 while batch B waits, bit 1 once a pair ran */

/* scratch layout, offsets from SCRATCH */
#define ORIG	0		/* 16 rows: the input state, broadcast */
#define PARK	256		/* row d parked while rows are transposed */
#define TMP	320		/* the row parked during rotations */
#define KS	336		/* keystream of a final partial batch (last) */
#define USED_BYTES	592
/*
 * pairs: batch A's rows while B's are in the registers, and B's while A's
 * are.  A is output first, so SET_A is free again when B, if it is the
 * final partial batch, parks its keystream in KS.
 */
#define SET_A	KS
#define SET_B	USED_BYTES
#define PAIRS_USED_BYTES	(SET_B + 256)

#if PAIRS_USED_BYTES > AX86_CHACHA_SCRATCH_BYTES
#error "the pairs' scratch layout is larger than the caller's area"
#endif

.text

/*
 * Each instruction in the build's encoding: legacy SSE, or VEX when
 * USE_VEX is set.  V: the same operands either way (moves, immediate
 * shuffles).  V2: \dst op= \src.  V3: \dst = \src1 op \src2, which SSE
 * does as a copy (unless \dst is \src1) and V2.  A memory operand comes
 * last, so its comma stays inside the vararg.
 */
.macro V op, args:vararg
.if USE_VEX
	v\op		\args
.else
	\op		\args
.endif
.endm

.macro V2 op, dst, src:vararg
.if USE_VEX
	v\op		\src, \dst, \dst
.else
	\op		\src, \dst
.endif
.endm

.macro V3 op, dst, src1, src2:vararg
.if USE_VEX
	v\op		\src2, \src1, \dst
.else
.ifc \src2, \dst
	.error "V3: the SSE copy into \dst would overwrite \src2"
.endif
.ifnc \src1, \dst
	movdqa		\src1, \dst
.endif
	\op		\src2, \dst
.endif
.endm

/* xmm\r <<<= \n through xmm\tmp */
.macro ROTL r, n, tmp
.if USE_VEX
	vpslld		$\n, %xmm\r, %xmm\tmp
	vpsrld		$(32 - \n), %xmm\r, %xmm\r
	vpor		%xmm\tmp, %xmm\r, %xmm\r
.else
	movdqa		%xmm\r, %xmm\tmp
	pslld		$\n, %xmm\r
	psrld		$(32 - \n), %xmm\tmp
	por		%xmm\tmp, %xmm\r
.endif
.endm

/* rotate by 16 without SSSE3: swap the 16-bit halves of each word */
.macro ROT16 r
	V		pshuflw, $0xb1, %xmm\r, %xmm\r
	V		pshufhw, $0xb1, %xmm\r, %xmm\r
.endm

/* x_i op= y_i for four pairs */
.macro OP4 op, x0, y0, x1, y1, x2, y2, x3, y3
	V2		\op, %xmm\x0, %xmm\y0
	V2		\op, %xmm\x1, %xmm\y1
	V2		\op, %xmm\x2, %xmm\y2
	V2		\op, %xmm\x3, %xmm\y3
.endm

/*
 * Rotate four rows by \n.  SSE2: xmm\t (a c or d row) is parked while it
 * serves.  SSSE3 and AVX, by 16 or 8: xmm\a (an a row) is parked, holds
 * the byte shuffle's mask if there is one, and CXR4 uses it next and
 * brings it back.
 */
.macro ROT4 n, t, a, x0, x1, x2, x3
.if ROT8_PSHUFB
	V		movdqa, %xmm\a, TMP(SCRATCH)
.if \n == 8 || ROT16_PSHUFB
	ROTB_MASK	\n, \a
.irp x, \x0, \x1, \x2, \x3
	V2		pshufb, %xmm\x, %xmm\a
.endr
.else
.irp x, \x0, \x1, \x2, \x3
	ROT16		\x
.endr
.endif
.elseif \n == 16
.irp x, \x0, \x1, \x2, \x3
	ROT16		\x
.endr
.else
	movdqa		%xmm\t, TMP(SCRATCH)
	ROTL		\x0, \n, \t
	ROTL		\x1, \n, \t
	ROTL		\x2, \n, \t
	ROTL		\x3, \n, \t
	movdqa		TMP(SCRATCH), %xmm\t
.endif
.endm

/* c += d, b ^= c, b <<<= \n for one quarter round, xmm\a the spare */
.macro CXR1 n, a, b, c, d
	V2		paddd, %xmm\c, %xmm\d
	V2		pxor, %xmm\b, %xmm\c
	ROTL		\b, \n, \a
.endm

/*
 * c += d, b ^= c, b <<<= \n (12 or 7) for four quarter rounds.  SSSE3 and
 * AVX take them one quarter round after the other, with xmm\a (parked by
 * ROT4) as the spare, and bring xmm\a back: in llvm-mca's Sandy Bridge
 * and Haswell models the shifts of the four then spread out instead of
 * queueing for the one shift port (56 -> 51 cycles a double round; Linux
 * 51).  SSE2 keeps the steps of the four side by side, which the in-order
 * Atoms it serves want (bonnell 136 cycles, 152 the other way).  Zen 3
 * runs both orders at the same speed.
 */
.macro CXR4 n, t, a, b0, c0, d0, b1, c1, d1, b2, c2, d2, b3, c3, d3
.if ROT8_PSHUFB
	CXR1		\n, \a, \b0, \c0, \d0
	CXR1		\n, \a, \b1, \c1, \d1
	CXR1		\n, \a, \b2, \c2, \d2
	CXR1		\n, \a, \b3, \c3, \d3
	V		movdqa, TMP(SCRATCH), %xmm\a
.else
	OP4		paddd, \c0, \d0, \c1, \d1, \c2, \d2, \c3, \d3
	OP4		pxor, \b0, \c0, \b1, \c1, \b2, \c2, \b3, \c3
	ROT4		\n, \t, \a, \b0, \b1, \b2, \b3
.endif
.endm

/* the byte shuffle's mask for a rotation by 16 or 8 into xmm\r */
.macro ROTB_MASK n, r
.if \n == 16
	V		movdqa, .Lrot16(%rip), %xmm\r
.else
	V		movdqa, .Lrot8(%rip), %xmm\r
.endif
.endm

/* Four quarter rounds side by side on (a_i, b_i, c_i, d_i) */
.macro QR4 a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
	OP4		paddd, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
	OP4		pxor, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
	ROT4		16, \c3, \a3, \d0, \d1, \d2, \d3
	CXR4		12, \d3, \a3, \b0, \c0, \d0, \b1, \c1, \d1, \b2, \c2, \d2, \b3, \c3, \d3
	OP4		paddd, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
	OP4		pxor, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
	ROT4		8, \c3, \a3, \d0, \d1, \d2, \d3
	CXR4		7, \d3, \a3, \b0, \c0, \d0, \b1, \c1, \d1, \b2, \c2, \d2, \b3, \c3, \d3
.endm

/* pairs: the sixteen rows to and from the scratch area at \area */
.macro STORE_ROWS area
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	V		movdqa, %xmm\w, \area+16*\w(SCRATCH)
.endr
.endm

.macro LOAD_ROWS area
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	V		movdqa, \area+16*\w(SCRATCH), %xmm\w
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

/*
 * Keystream chunk in xmm\r for batch offset \off: XOR into dst, or, for a
 * final partial batch, park it in KS for the byte loop.
 */
.macro OUT r, off, tmp
	cmp		$256, LEN
	jb		.Lpark\@
.if USE_VEX
	vpxor		\off(SRC), %xmm\r, %xmm\r
.else
	movdqu		\off(SRC), %xmm\tmp
	pxor		%xmm\tmp, %xmm\r
.endif
	V		movdqu, %xmm\r, \off(DST)
	jmp		.Lnext\@
.Lpark\@:
	V		movdqa, %xmm\r, KS+\off(SCRATCH)
.Lnext\@:
.endm

/*
 * Rows r0..r3 hold words 4g..4g+3 of blocks 0..3; turn them into the
 * 16-byte pieces at offset 16g of each block and output them.
 */
.macro TRANSPOSE_OUT r0, r1, r2, r3, t0, t1, g
	V3		punpckldq, %xmm\t0, %xmm\r0, %xmm\r1
	V2		punpckhdq, %xmm\r0, %xmm\r1
	V3		punpckldq, %xmm\t1, %xmm\r2, %xmm\r3
	V2		punpckhdq, %xmm\r2, %xmm\r3
	V3		punpcklqdq, %xmm\r1, %xmm\t0, %xmm\t1
	V2		punpckhqdq, %xmm\t0, %xmm\t1
	V3		punpcklqdq, %xmm\r3, %xmm\r0, %xmm\r2
	V2		punpckhqdq, %xmm\r0, %xmm\r2
	OUT		\r1, (16 * \g), \t1
	OUT		\t0, (64 + 16 * \g), \t1
	OUT		\r3, (128 + 16 * \g), \t1
	OUT		\r0, (192 + 16 * \g), \t1
.endm

.macro CHACHA_4BLOCKS pairs
	test		%ecx, %ecx
	jz		.Lout\@
	mov		%ecx, %ecx

	/* ORIG: each state word broadcast to four lanes, counters 0..3 */
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	V		movd, 4*\w(STATE), %xmm0
	V		pshufd, $0, %xmm0, %xmm0
	V		movdqa, %xmm0, ORIG+16*\w(SCRATCH)
.endr
	V		movdqa, ORIG+16*12(SCRATCH), %xmm0
	V2		paddd, %xmm0, .Lctr_inc(%rip)
	V		movdqa, %xmm0, ORIG+16*12(SCRATCH)
.if \pairs
	xor		PAIRED, PAIRED
.endif

.Lbatch\@:
.if \pairs
	cmp		$256, LEN
	jbe		.Lsingle\@
	LOAD_ROWS	ORIG
	mov		$3, PAIRED
	mov		NROUNDS, ROUND
	/* B starts from ORIG too, its counters 4 on: no copy of it to make */
	COLUMNS
	STORE_ROWS	SET_A
	LOAD_ROWS	ORIG
	V2		paddd, %xmm12, .Lfours(%rip)
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
	LOAD_ROWS	ORIG
	mov		NROUNDS, ROUND
.Lround\@:
	COLUMNS
	DIAGONALS
	sub		$2, ROUND
	jnz		.Lround\@

	/* feed-forward, then row d parked to free registers for transposing */
.Lfeed\@:
.irp w, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	V2		paddd, %xmm\w, ORIG+16*\w(SCRATCH)
.endr
	V		movdqa, %xmm12, PARK+16*0(SCRATCH)
	V		movdqa, %xmm13, PARK+16*1(SCRATCH)
	V		movdqa, %xmm14, PARK+16*2(SCRATCH)
	V		movdqa, %xmm15, PARK+16*3(SCRATCH)
	TRANSPOSE_OUT	0, 1, 2, 3, 12, 13, 0
	TRANSPOSE_OUT	4, 5, 6, 7, 12, 13, 1
	TRANSPOSE_OUT	8, 9, 10, 11, 12, 13, 2
.irp w, 0, 1, 2, 3
	V		movdqa, PARK+16*\w(SCRATCH), %xmm\w
.endr
	TRANSPOSE_OUT	0, 1, 2, 3, 4, 5, 3

	cmp		$256, LEN
	jb		.Ltail\@
	je		.Ldone\@
	sub		$256, LEN
	add		$256, SRC
	add		$256, DST
	V		movdqa, ORIG+16*12(SCRATCH), %xmm0
	V2		paddd, %xmm0, .Lfours(%rip)
	V		movdqa, %xmm0, ORIG+16*12(SCRATCH)
.if \pairs
	btr		$0, PAIRED
	jnc		.Lbatch\@
	LOAD_ROWS	SET_B
	jmp		.Lfeed\@
.else
	jmp		.Lbatch\@
.endif

	/* a final partial batch: XOR len < 256 bytes from the parked keystream */
.Ltail\@:
	xor		%eax, %eax
.Ltail16\@:
	lea		16(%rax), %r10
	cmp		LEN, %r10
	ja		.Ltail1\@
	V		movdqu, (SRC,%rax), %xmm0
	V2		pxor, %xmm0, KS(SCRATCH,%rax)
	V		movdqu, %xmm0, (DST,%rax)
	mov		%r10, %rax
	jmp		.Ltail16\@
.Ltail1\@:
	cmp		LEN, %rax
	jae		.Ltail_done\@
	movzbl		(SRC,%rax), %r10d
	xorb		KS(SCRATCH,%rax), %r10b
	movb		%r10b, (DST,%rax)
	inc		%rax
	jmp		.Ltail1\@

	/*
	 * The scratch area holds the key and keystream: wipe it, KS too if
	 * a partial batch used it, SET_A and SET_B if a pair ran (%r8, the
	 * round count, is free by now).
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
	V2		pxor, %xmm0, %xmm0
	xor		%eax, %eax
.Lwipe\@:
	V		movdqa, %xmm0, (SCRATCH,%rax)
	add		$16, %rax
	cmp		%r8, %rax
	jb		.Lwipe\@
.if USE_VEX
	vzeroupper
.endif
.Lout\@:
	RET
.endm

.set USE_VEX, 0
.set ROT16_PSHUFB, 0
.set ROT8_PSHUFB, 0
SYM_TYPED_FUNC_START(ax86_chacha_xor_sse2)
	CHACHA_4BLOCKS	0
SYM_FUNC_END(ax86_chacha_xor_sse2)

SYM_TYPED_FUNC_START(ax86_chacha_xor_sse2_pairs)
	CHACHA_4BLOCKS	1
SYM_FUNC_END(ax86_chacha_xor_sse2_pairs)

.set ROT16_PSHUFB, 1
.set ROT8_PSHUFB, 1
SYM_TYPED_FUNC_START(ax86_chacha_xor_ssse3)
	CHACHA_4BLOCKS	0
SYM_FUNC_END(ax86_chacha_xor_ssse3)

SYM_TYPED_FUNC_START(ax86_chacha_xor_ssse3_pairs)
	CHACHA_4BLOCKS	1
SYM_FUNC_END(ax86_chacha_xor_ssse3_pairs)

.set USE_VEX, 1
.set ROT16_PSHUFB, 0
.set ROT8_PSHUFB, 1
SYM_TYPED_FUNC_START(ax86_chacha_xor_avx)
	CHACHA_4BLOCKS	0
SYM_FUNC_END(ax86_chacha_xor_avx)

SYM_TYPED_FUNC_START(ax86_chacha_xor_avx_pairs)
	CHACHA_4BLOCKS	1
SYM_FUNC_END(ax86_chacha_xor_avx_pairs)
