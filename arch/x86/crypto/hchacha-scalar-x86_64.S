/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HChaCha (the XChaCha subkey derivation) in general-purpose registers.
 *
 * void ax86_hchacha_scalar(const u32 state[16], u32 out[8],
 *			    unsigned int nrounds);
 *
 * @out gets words 0..3 and 12..15 of the permuted state (no feed-forward).
 *
 * HChaCha is one chain of dependent steps, so its time is their latency:
 * twelve one-cycle steps a round with the four quarter rounds side by
 * side.  Where SIMD steps take two cycles (cpu_quirks.h) that beats the
 * SSSE3 rows, and it needs no SIMD at all for the SSE2 variant.
 *
 * Sixteen words want sixteen registers; x86-64 has fourteen besides %rsp
 * and %rbp, which holds nothing here: a frame-pointer kernel's unwinder
 * reads it at any instruction.  Two words are parked in the frame at any
 * time, and they are 'a' words (x0..x3, the first row), each in its own
 * quarter round in both kinds of round.  An 'a' word is final after the
 * 7th of a quarter round's 12 steps and first read by the next round's
 * 1st, so its trip through memory mostly fits in the five steps between;
 * the 'b', 'c' and 'd' words have no such gap.  x1 and x0 take turns in
 * %eax, x2 and x3 in %ebx: a round is two halves of two quarter rounds
 * side by side, the 'a' words of the first half parked and those of the
 * second fetched between them.  Out of order, the halves overlap.  gcc
 * parks three words of the portable C and loses a store-to-load trip on
 * three chains each round.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

#define A01	%eax		/* x1 or x0 */
#define A23	%ebx		/* x2 or x3 */
#define X4	%ecx
#define X5	%edx
#define X6	%esi
#define X7	%edi
#define X8	%r8d
#define X9	%r9d
#define X10	%r10d
#define X11	%r11d
#define X12	%r12d
#define X13	%r13d
#define X14	%r14d
#define X15	%r15d

#define SLOT_X0		0
#define SLOT_X1		4
#define SLOT_X2		8
#define SLOT_X3		12
#define SLOT_OUT	16
#define SLOT_ROUNDS	24
#define FRAME		32

/* two quarter rounds side by side, step by step */
.macro QUARTER2 a1, b1, c1, d1, a2, b2, c2, d2
	.irp n, 16, 12, 8, 7
	.if \n == 16 || \n == 8
	add		\b1, \a1
	add		\b2, \a2
	xor		\a1, \d1
	xor		\a2, \d2
	rol		$\n, \d1
	rol		$\n, \d2
	.else
	add		\d1, \c1
	add		\d2, \c2
	xor		\c1, \b1
	xor		\c2, \b2
	rol		$\n, \b1
	rol		$\n, \b2
	.endif
	.endr
.endm

.text
SYM_TYPED_FUNC_START(ax86_hchacha_scalar)
	push		%rbx
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$FRAME, %rsp
	mov		%rsi, SLOT_OUT(%rsp)
	mov		%edx, SLOT_ROUNDS(%rsp)
	mov		0x00(%rdi), %eax
	mov		%eax, SLOT_X0(%rsp)
	mov		0x0c(%rdi), %eax
	mov		%eax, SLOT_X3(%rsp)
	mov		0x04(%rdi), A01
	mov		0x08(%rdi), A23
	mov		0x10(%rdi), X4
	mov		0x14(%rdi), X5
	mov		0x18(%rdi), X6
	mov		0x20(%rdi), X8
	mov		0x24(%rdi), X9
	mov		0x28(%rdi), X10
	mov		0x2c(%rdi), X11
	mov		0x30(%rdi), X12
	mov		0x34(%rdi), X13
	mov		0x38(%rdi), X14
	mov		0x3c(%rdi), X15
	mov		0x1c(%rdi), X7		/* last: X7 is %edi */
.Ldround:
	/* columns: x1's and x2's, then they are parked and x0, x3 fetched */
	QUARTER2	A01, X5, X9, X13,  A23, X6, X10, X14
	mov		A01, SLOT_X1(%rsp)
	mov		A23, SLOT_X2(%rsp)
	mov		SLOT_X0(%rsp), A01
	mov		SLOT_X3(%rsp), A23
	QUARTER2	A01, X4, X8, X12,  A23, X7, X11, X15
	/* diagonals: x0's and x3's first, then x1, x2 back */
	QUARTER2	A01, X5, X10, X15,  A23, X4, X9, X14
	mov		A01, SLOT_X0(%rsp)
	mov		A23, SLOT_X3(%rsp)
	mov		SLOT_X1(%rsp), A01
	mov		SLOT_X2(%rsp), A23
	QUARTER2	A01, X6, X11, X12,  A23, X7, X8, X13
	subl		$2, SLOT_ROUNDS(%rsp)
	jnz		.Ldround

	mov		SLOT_OUT(%rsp), %rsi
	mov		SLOT_X0(%rsp), X4
	mov		X4, 0x00(%rsi)
	mov		A01, 0x04(%rsi)
	mov		A23, 0x08(%rsi)
	mov		SLOT_X3(%rsp), X4
	mov		X4, 0x0c(%rsi)
	mov		X12, 0x10(%rsi)
	mov		X13, 0x14(%rsi)
	mov		X14, 0x18(%rsi)
	mov		X15, 0x1c(%rsi)
	/*
	 * x4..x11 with the output would give back the key: clear the
	 * scratch registers that hold them (x6's now holds @out) and the
	 * frame's x0..x3.
	 */
	xor		X4, X4
	xor		X5, X5
	xor		X7, X7
	xor		X8, X8
	xor		X9, X9
	xor		X10, X10
	xor		X11, X11
	movq		$0, SLOT_X0(%rsp)
	movq		$0, SLOT_X2(%rsp)
	add		$FRAME, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbx
	RET
SYM_FUNC_END(ax86_hchacha_scalar)
