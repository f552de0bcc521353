/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 blocks, scalar x86_64 (every x86_64 CPU: mul, no BMI2, no FPU):
 * the same arithmetic as crypto/poly1305_core.c, so the state after each
 * call is the one the C leaves, limb for limb.
 *
 * void ax86_poly1305_blocks_x86_64(struct ax86_poly1305_state *st,
 *				    const struct ax86_poly1305_key *key,
 *				    const u8 *src, unsigned int nblocks);
 *
 * void ax86_poly1305_blocks_emit_x86_64(const struct ax86_poly1305_state *st,
 *					 const struct ax86_poly1305_key *key,
 *					 const u8 *src, unsigned int nblocks,
 *					 u8 out[16]);
 *
 * Every block is whole: 2^128 is added to each (NHPoly1305 has no
 * shorter ones).
 * The second absorbs a message's last blocks (any number, 0 too) and
 * writes what ax86_poly1305_emit() would then; @st is not written.  Its
 * last group's column sums go straight to the 128-bit result: the carry
 * into limbs, the store and load of h and the emit's own carries would
 * put some forty cycles on the serial path of an Adiantum message, twice.
 *
 * Up to eight blocks at a time are absorbed as
 *	h = (h + m1) r^n + m2 r^(n-1) + ... + mn r
 * into three 128-bit column sums and carried once.  The compiler spills
 * the six accumulator words of that loop to the stack; here they stay in
 * registers (r10..r15), and each product is mov, mul, add, adc.  %rbp
 * holds nothing: a frame-pointer kernel's unwinder reads it at any
 * instruction.  That takes the fourteenth register, so the 2^128 of each
 * block is an or from memory (off the limbs' path: the load waits for
 * nothing).
 *
 * Layouts (crypto/poly1305_core.h): the state is h[3]; the key is eight
 * powers r^1..r^8 of five words each: limbs v0, v1, v2 and s1 = 20 v1,
 * s2 = 20 v2.  Limbs are 44, 44 and 42 bits.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

/*
 * arguments; @key, @st (or, emitting, a copy of it in the frame) and
 * @out are parked on the stack for the loop
 */
#define ST	%rdi
#define KEY	%rsi
#define OUT	%r8		/* the fifth argument, before M1 takes %r8 */
#define KEY_SLOT	(%rsp)
#define ST_SLOT		8(%rsp)
#define OUT_SLOT	16(%rsp)
#define H_COPY		24(%rsp)	/* emitting: h, three words */
#define H_COPY1		32(%rsp)
#define H_COPY2		40(%rsp)
#define SLOTS		48
#define SRC	%r9
#define LEFT	%ecx		/* blocks not absorbed yet */

#define D0L	%r10
#define D0H	%r11
#define D1L	%r12
#define D1H	%r13
#define D2L	%r14
#define D2H	%r15
#define M0	%rbx
#define M1	%r8
#define M2	%rdi
#define POW	%rsi		/* the power this block multiplies by */

#define MULT		40	/* bytes per power */
#define V0		0
#define V1		8
#define V2		16
#define S1		24
#define S2		32

.section .rodata.cst8.ax86_poly1305, "aM", @progbits, 8
.align 8
.Lhibit:	.quad	1 << 40		/* 2^128 in the top limb */

.text

/* d += a * b for a in register \a, b at \off(POW) */
.macro MAC a, off, lo, hi
	mov		\a, %rax
	mulq		\off(POW)
	add		%rax, \lo
	adc		%rdx, \hi
.endm

/* \lo = (\hi:\lo) >> \n, 64 bits of it (shrd is slow on AMD) */
.macro SHR128 n, lo, hi
	shr		$\n, \lo
	mov		\hi, %rax
	shl		$(64 - \n), %rax
	or		%rax, \lo
.endm

/* x &= 2^\bits - 1 without a 64-bit immediate */
.macro LOW bits, x
	shl		$(64 - \bits), \x
	shr		$(64 - \bits), \x
.endm

/* M0..M2 = the 44/44/42-bit limbs of the block at SRC, plus 2^128 */
.macro SPLIT
	mov		(SRC), M0
	mov		8(SRC), M2
	mov		M0, M1
	shr		$44, M1
	mov		M2, %rax
	shl		$20, %rax
	or		%rax, M1
	LOW		44, M1
	LOW		44, M0
	shr		$24, M2
	or		.Lhibit(%rip), M2
	add		$16, SRC
.endm

/* the three column sums += the block in M0..M2 times the power at POW */
.macro BLOCK
	MAC		M0, V0, D0L, D0H
	MAC		M1, S2, D0L, D0H
	MAC		M2, S1, D0L, D0H
	MAC		M0, V1, D1L, D1H
	MAC		M1, V0, D1L, D1H
	MAC		M2, S2, D1L, D1H
	MAC		M0, V2, D2L, D2H
	MAC		M1, V1, D2L, D2H
	MAC		M2, V0, D2L, D2H
.endm

/*
 * The blocks, in groups of up to eight; \emit: after the last group, the
 * result to @out instead of h to the state
 */
.macro POLY1305_BLOCKS emit
	push		%rbx
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$SLOTS, %rsp
	mov		KEY, KEY_SLOT
.if \emit
	mov		OUT, OUT_SLOT
	mov		(ST), %rax
	mov		8(ST), %r10
	mov		16(ST), %r11
	mov		%rax, H_COPY
	mov		%r10, H_COPY1
	mov		%r11, H_COPY2
	lea		H_COPY, ST
.endif
	mov		ST, ST_SLOT
	mov		%rdx, SRC
.if \emit
	test		LEFT, LEFT
	jnz		.Lgroup\@
	/* no blocks: the limbs of h are the column sums */
	mov		(ST), D0L
	mov		8(ST), D1L
	mov		16(ST), D2L
	xor		%r11d, %r11d
	xor		%r13d, %r13d
	xor		%r15d, %r15d
	jmp		.Lemit\@
.endif

.Lgroup\@:
	/* n = min(LEFT, 8) blocks; the first takes h and r^n */
	mov		$8, %eax
	cmp		%eax, LEFT
	cmovb		LEFT, %eax
	sub		%eax, LEFT
	dec		%eax
	imul		$MULT, %eax, %eax
	mov		KEY_SLOT, POW
	add		%rax, POW
	xor		%r10d, %r10d
	xor		%r11d, %r11d
	xor		%r12d, %r12d
	xor		%r13d, %r13d
	xor		%r14d, %r14d
	xor		%r15d, %r15d
	SPLIT
	mov		ST_SLOT, %rax
	add		(%rax), M0
	add		8(%rax), M1
	add		16(%rax), M2
	BLOCK
	/* the others do not wait for h: r^(n-1) down to r^1 */
.Lblock\@:
	cmp		KEY_SLOT, POW
	je		.Lcarry\@
	sub		$MULT, POW
	SPLIT
	BLOCK
	jmp		.Lblock\@

	/*
	 * Column sums to limbs, partly reduced, as carry() in the C:
	 * h0 = d0 mod 2^44, d1 += d0 >> 44, h1 = d1 mod 2^44,
	 * d2 += d1 >> 44, h2 = d2 mod 2^42, h0 += 5 (d2 >> 42),
	 * h1 += h0 >> 44, h0 mod= 2^44.  Each shifted sum fits 64 bits.
	 */
.Lcarry\@:
.if \emit
	test		LEFT, LEFT
	jz		.Lemit\@
.endif
	mov		D0L, M0
	LOW		44, M0
	SHR128		44, D0L, D0H
	add		D0L, D1L
	adc		$0, D1H
	mov		D1L, M1
	LOW		44, M1
	SHR128		44, D1L, D1H
	add		D1L, D2L
	adc		$0, D2H
	mov		D2L, M2
	LOW		42, M2
	SHR128		42, D2L, D2H
	lea		(D2L, D2L, 4), %rax
	add		%rax, M0
	mov		M0, %rax
	shr		$44, %rax
	add		%rax, M1
	LOW		44, M0
	mov		ST_SLOT, %rax
	mov		M0, (%rax)
	mov		M1, 8(%rax)
	mov		M2, 16(%rax)
.if \emit
	jmp		.Lgroup\@	/* blocks are left: the last group emits */

	/*
	 * The value the column sums stand for, x = d0 + d1 2^44 + d2 2^88
	 * (under 2^190), in three words (D0L, D0H, D1H), then
	 * x = (x mod 2^130) + 5 (x >> 130), under 2^130 + 2^63 < 2p.  The
	 * result is x + 5 - 2^130 where that is not negative, else x, low
	 * 128 bits; cmov picks it, no branch on the value.
	 */
.Lemit\@:
	mov		D1L, %rbx
	shl		$44, %rbx		/* d1 2^44: word 0 */
	SHR128		20, D1L, D1H		/* word 1 */
	shr		$20, D1H		/* word 2 */
	mov		D2L, %rsi
	shl		$24, %rsi		/* d2 2^88: word 1 */
	shr		$40, D2L
	shl		$24, D2H
	or		D2H, D2L		/* word 2 */
	add		%rbx, D0L
	adc		D1L, D0H
	adc		$0, D1H
	add		%rsi, D0H
	adc		D2L, D1H
	mov		D1H, %rax
	shr		$2, %rax
	lea		(%rax, %rax, 4), %rax
	and		$3, D1H
	add		%rax, D0L
	adc		$0, D0H
	adc		$0, D1H			/* still 2^130 or more */
	mov		D0L, %rax
	mov		D0H, %rdx
	add		$5, %rax
	adc		$0, %rdx
	adc		$0, D1H
	shr		$2, D1H			/* bit 130 of x + 5 */
	cmovnz		%rax, D0L
	cmovnz		%rdx, D0H
	mov		OUT_SLOT, %rax
	mov		D0L, (%rax)
	mov		D0H, 8(%rax)
	/* h and the sums are functions of the key and the message */
	xor		%eax, %eax
	mov		%rax, H_COPY
	mov		%rax, H_COPY1
	mov		%rax, H_COPY2
.else
	test		LEFT, LEFT
	jnz		.Lgroup\@
.endif
	add		$SLOTS, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbx
.endm

SYM_TYPED_FUNC_START(ax86_poly1305_blocks_x86_64)
	test		LEFT, LEFT
	jz		.Lnone
	POLY1305_BLOCKS	0
.Lnone:
	RET
SYM_FUNC_END(ax86_poly1305_blocks_x86_64)

SYM_TYPED_FUNC_START(ax86_poly1305_blocks_emit_x86_64)
	POLY1305_BLOCKS	1
	RET
SYM_FUNC_END(ax86_poly1305_blocks_emit_x86_64)
