/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 of up to eight whole blocks from h = 0, emitted, in SSE2: for
 * the CPUs whose 64-bit multiply is slow (cpu_quirks.h), where the nine
 * mulq of a block in poly1305-x86_64.S cost more than the rest of it.
 * Called in a kernel_fpu_begin() section.
 *
 * void ax86_poly1305_emit_sse2(const struct ax86_poly1305_key *key,
 *				const u8 *src, unsigned int nblocks,
 *				u8 out[16]);
 *
 * What the whole-message path of Adiantum asks (adiantum_dispatch.h): H_T
 * (three blocks) and each NHPoly1305 of L (two blocks per NH message, at
 * most eight), every block with 2^128 added, h mod 2^130 - 5 truncated to
 * 128 bits to @out; the same as ax86_poly1305_blocks_emit() from a zero
 * state.  @nblocks is 0..8.
 *
 * The blocks are absorbed as (m1 r^n + m2 r^(n-1) + ... + mn r) in radix
 * 2^26, two blocks side by side in the two 64-bit lanes of each register
 * (pmuludq: two 32 x 32 -> 64 products per instruction), block j times
 * r^(n-j+1); the key's lane table (struct ax86_poly1305_lanes) holds each
 * pair of powers so: entry k - 1 has r^k and r^(k-1) (r^0 is 0: the
 * single last block of an odd count leaves the second lane's product 0).
 * Sums: five columns of at most 20 products below 2^55 each.  The lanes
 * are added once, and the columns carried and reduced in scalar registers.
 */
#include <linux/linkage.h>

/* struct ax86_poly1305_key (crypto/poly1305_core.h, which checks these) */
#define LANES		320	/* offsetof(..., lanes) */
#define LANE_BYTES	144	/* one power pair: r0..r4, then s1..s4 */
#define R(i)		(16 * (i))
#define S(i)		(80 + 16 * ((i) - 1))

#define KP	%rdi		/* the power pair of the next block */
#define SRC	%rsi
#define N	%edx		/* blocks left */
#define OUT	%rcx

#define D0	%xmm0		/* column sums of 2^0, 2^26, ... 2^104 */
#define D1	%xmm1
#define D2	%xmm2
#define D3	%xmm3
#define D4	%xmm4
#define M0	%xmm5		/* a pair of blocks' 26-bit limbs */
#define M1	%xmm6
#define M2	%xmm7
#define M3	%xmm8
#define M4	%xmm9
#define T	%xmm10		/* scratch; xmm10..15 hold products */

.section .rodata.cst16.ax86_poly1305_sse2, "aM", @progbits, 16
.align 16
.Lmask:		.quad	0x3ffffff, 0x3ffffff	/* 2^26 - 1 */
.Lhibit:	.quad	1 << 24, 1 << 24	/* 2^128 in limb 4 */

.text

/*
 * The blocks' low halves in M0 and high halves in M3, one block per lane,
 * to the limbs M0..M4 (2^128 added)
 */
.macro LIMBS
	movdqa		M0, M1
	psrlq		$26, M1
	movdqa		M0, M2
	psrlq		$52, M2
	pand		.Lmask(%rip), M0
	pand		.Lmask(%rip), M1
	movdqa		M3, M4
	psllq		$12, M4
	por		M4, M2
	pand		.Lmask(%rip), M2
	movdqa		M3, M4
	psrlq		$40, M4
	por		.Lhibit(%rip), M4
	psrlq		$14, M3
	pand		.Lmask(%rip), M3
.endm

/*
 * Three products of the power limbs at \k1..\k3(KP) and \m1..\m3 into
 * \t1..\t3; their sums into \d1..\d3 come a triple later (ADD3), so that
 * on the in-order Atoms no sum waits out its multiply's latency
 */
.macro MUL3 k1, m1, t1, k2, m2, t2, k3, m3, t3
	movdqa		\m1, \t1
	movdqa		\m2, \t2
	movdqa		\m3, \t3
	pmuludq		\k1(KP), \t1
	pmuludq		\k2(KP), \t2
	pmuludq		\k3(KP), \t3
.endm

.macro ADD3 t1, d1, t2, d2, t3, d3
	paddq		\t1, \d1
	paddq		\t2, \d2
	paddq		\t3, \d3
.endm

/*
 * The products of M0..M4 and the power pair at KP: column i takes
 * m_j r_l for j + l = i and 5 m_j r_l (s_l) for j + l = i + 5, as 2^130
 * is 5 mod p.  Products alternate between xmm10..12 and xmm13..15.
 */
.macro PRODUCTS
	MUL3		R(0), M0, %xmm10, R(1), M0, %xmm11, R(2), M0, %xmm12
	MUL3		R(3), M0, %xmm13, R(4), M0, %xmm14, R(0), M1, %xmm15
	ADD3		%xmm10, D0, %xmm11, D1, %xmm12, D2
	MUL3		R(1), M1, %xmm10, R(2), M1, %xmm11, R(3), M1, %xmm12
	ADD3		%xmm13, D3, %xmm14, D4, %xmm15, D1
	MUL3		S(4), M1, %xmm13, R(0), M2, %xmm14, R(1), M2, %xmm15
	ADD3		%xmm10, D2, %xmm11, D3, %xmm12, D4
	MUL3		R(2), M2, %xmm10, S(3), M2, %xmm11, S(4), M2, %xmm12
	ADD3		%xmm13, D0, %xmm14, D2, %xmm15, D3
	MUL3		R(0), M3, %xmm13, R(1), M3, %xmm14, S(2), M3, %xmm15
	ADD3		%xmm10, D4, %xmm11, D0, %xmm12, D1
	MUL3		S(3), M3, %xmm10, S(4), M3, %xmm11, R(0), M4, %xmm12
	ADD3		%xmm13, D3, %xmm14, D4, %xmm15, D0
	MUL3		S(1), M4, %xmm13, S(2), M4, %xmm14, S(3), M4, %xmm15
	ADD3		%xmm10, D1, %xmm11, D2, %xmm12, D4
	movdqa		M4, %xmm10
	pmuludq		S(4)(KP), %xmm10
	ADD3		%xmm13, D0, %xmm14, D1, %xmm15, D2
	paddq		%xmm10, D3
.endm

/* column \d's two lanes added, to \r */
.macro LANES_SUM d, r
	pshufd		$0x4e, \d, T
	paddq		T, \d
	movq		\d, \r
.endm

/* \to += \from >> 26, \from keeps its low 26 bits */
.macro CARRY from, to
	mov		\from, %rax
	shr		$26, %rax
	add		%rax, \to
	and		$0x3ffffff, \from
.endm

SYM_FUNC_START(ax86_poly1305_emit_sse2)
	pxor		D0, D0
	pxor		D1, D1
	pxor		D2, D2
	pxor		D3, D3
	pxor		D4, D4
	/* the first block's power pair: entry nblocks - 1 */
	lea		LANES - LANE_BYTES(%rdi), KP
	mov		N, %eax
	imul		$LANE_BYTES, %rax, %rax
	add		%rax, KP
	cmp		$2, N
	jb		.Lodd
.Lpair:
	movdqu		(SRC), M0
	movdqu		16(SRC), T
	movdqa		M0, M3
	punpcklqdq	T, M0		/* low halves of the two blocks */
	punpckhqdq	T, M3		/* high halves */
	LIMBS
	PRODUCTS
	add		$32, SRC
	sub		$2 * LANE_BYTES, KP
	sub		$2, N
	cmp		$2, N
	jae		.Lpair
.Lodd:
	test		N, N
	jz		.Lsum
	/* the last block alone, times r (entry 0), its second lane 0 */
	movq		(SRC), M0
	movq		8(SRC), M3
	LIMBS
	PRODUCTS
.Lsum:
	LANES_SUM	D0, %r8
	LANES_SUM	D1, %r9
	LANES_SUM	D2, %r10
	LANES_SUM	D3, %r11
	LANES_SUM	D4, %rsi
	/*
	 * Carried: the top limb's excess comes back times 5 to limb 0, and
	 * one more pass leaves limbs 0..3 below 2^26 and h below 2^130 +
	 * 2^104, so one conditional subtraction of p reduces it.
	 */
	CARRY		%r8, %r9
	CARRY		%r9, %r10
	CARRY		%r10, %r11
	CARRY		%r11, %rsi
	mov		%rsi, %rax
	shr		$26, %rax
	and		$0x3ffffff, %rsi
	lea		(%rax, %rax, 4), %rax
	add		%rax, %r8
	CARRY		%r8, %r9
	CARRY		%r9, %r10
	CARRY		%r10, %r11
	CARRY		%r11, %rsi
	/* h = r8 + r9 2^26 + ... + rsi 2^104 as %rdx:%rdi:%r8 (2, 64, 64 bits) */
	shl		$26, %r9
	or		%r9, %r8
	mov		%r10, %rax
	shl		$52, %rax
	or		%rax, %r8
	shr		$12, %r10
	shl		$14, %r11
	or		%r11, %r10
	mov		%rsi, %rdi
	shl		$40, %rdi
	or		%r10, %rdi
	shr		$24, %rsi
	mov		%rsi, %rdx
	/* h + 5 reaches 2^130 exactly when h >= p: then h - p is its low bits */
	mov		%r8, %r9
	mov		%rdi, %r10
	add		$5, %r9
	adc		$0, %r10
	adc		$0, %rdx
	shr		$2, %rdx
	cmovnz		%r9, %r8
	cmovnz		%r10, %rdi
	mov		%r8, (OUT)
	mov		%rdi, 8(OUT)
	/* nothing of the key or the blocks stays in a vector register */
	pxor		M0, M0
	pxor		M1, M1
	pxor		M2, M2
	pxor		M3, M3
	pxor		M4, M4
	pxor		%xmm10, %xmm10
	pxor		%xmm11, %xmm11
	pxor		%xmm12, %xmm12
	pxor		%xmm13, %xmm13
	pxor		%xmm14, %xmm14
	pxor		%xmm15, %xmm15
	pxor		D0, D0
	pxor		D1, D1
	pxor		D2, D2
	pxor		D3, D3
	pxor		D4, D4
	RET
SYM_FUNC_END(ax86_poly1305_emit_sse2)
