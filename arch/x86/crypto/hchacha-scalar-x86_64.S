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
 * side.  Where SIMD steps take two cycles (simd_latency_models.h) that
 * beats the SSSE3 rows, and it needs no SIMD at all for the SSE2 variant.
 * Sixteen words want sixteen registers and x86-64 has fifteen besides
 * %rsp: x0 and x1 take turns in %eax, the other parked in the frame.  Both
 * are 'a' words, final after the 7th of a quarter round's 12 steps and
 * first read by the next round's 1st, so the trip through memory mostly
 * fits in the five steps between.  gcc parks three words of the portable
 * C and loses a store-to-load trip on three chains each round.  %rbp is a
 * data register here, as in poly1305-x86_64.S: Debian's kernels unwind
 * with ORC, which does not read it.
 */
#include <linux/linkage.h>

#define X1	%eax		/* x0 in the column round's last quarter */
#define X2	%ebx
#define X3	%ecx
#define X4	%edx
#define X5	%esi
#define X6	%edi
#define X7	%ebp
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
#define SLOT_OUT	8
#define SLOT_ROUNDS	16
#define FRAME		24

/* three quarter rounds side by side, step by step */
.macro QUARTER3 a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
	.irp n, 16, 12, 8, 7
	.if \n == 16 || \n == 8
	add		\b1, \a1
	add		\b2, \a2
	add		\b3, \a3
	xor		\a1, \d1
	xor		\a2, \d2
	xor		\a3, \d3
	rol		$\n, \d1
	rol		$\n, \d2
	rol		$\n, \d3
	.else
	add		\d1, \c1
	add		\d2, \c2
	add		\d3, \c3
	xor		\c1, \b1
	xor		\c2, \b2
	xor		\c3, \b3
	rol		$\n, \b1
	rol		$\n, \b2
	rol		$\n, \b3
	.endif
	.endr
.endm

.macro QUARTER a, b, c, d
	add		\b, \a
	xor		\a, \d
	rol		$16, \d
	add		\d, \c
	xor		\c, \b
	rol		$12, \b
	add		\b, \a
	xor		\a, \d
	rol		$8, \d
	add		\d, \c
	xor		\c, \b
	rol		$7, \b
.endm

.text
SYM_FUNC_START(ax86_hchacha_scalar)
	push		%rbx
	push		%rbp
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$FRAME, %rsp
	mov		%rsi, SLOT_OUT(%rsp)
	mov		%edx, SLOT_ROUNDS(%rsp)
	mov		0x00(%rdi), %eax
	mov		%eax, SLOT_X0(%rsp)
	mov		0x04(%rdi), X1
	mov		0x08(%rdi), X2
	mov		0x0c(%rdi), X3
	mov		0x10(%rdi), X4
	mov		0x14(%rdi), X5
	mov		0x1c(%rdi), X7
	mov		0x20(%rdi), X8
	mov		0x24(%rdi), X9
	mov		0x28(%rdi), X10
	mov		0x2c(%rdi), X11
	mov		0x30(%rdi), X12
	mov		0x34(%rdi), X13
	mov		0x38(%rdi), X14
	mov		0x3c(%rdi), X15
	mov		0x18(%rdi), X6		/* last: X6 is %edi */
.Ldround:
	/* columns: x1's, then x1 parked and x0 fetched for its own */
	QUARTER3	X1, X5, X9, X13,  X2, X6, X10, X14,  X3, X7, X11, X15
	mov		%eax, SLOT_X1(%rsp)
	mov		SLOT_X0(%rsp), %eax
	QUARTER		%eax, X4, X8, X12
	/* diagonals: x0's first, then x0 parked and x1 fetched */
	QUARTER3	%eax, X5, X10, X15,  X2, X7, X8, X13,  X3, X4, X9, X14
	mov		%eax, SLOT_X0(%rsp)
	mov		SLOT_X1(%rsp), %eax
	QUARTER		X1, X6, X11, X12
	subl		$2, SLOT_ROUNDS(%rsp)
	jnz		.Ldround

	mov		SLOT_OUT(%rsp), %rsi
	mov		X1, 0x04(%rsi)
	mov		SLOT_X0(%rsp), %eax
	mov		%eax, 0x00(%rsi)
	mov		X2, 0x08(%rsi)
	mov		X3, 0x0c(%rsi)
	mov		X12, 0x10(%rsi)
	mov		X13, 0x14(%rsi)
	mov		X14, 0x18(%rsi)
	mov		X15, 0x1c(%rsi)
	/*
	 * x4..x11 with the output would give back the key: clear the
	 * scratch registers that hold them (x5's now holds @out, x7's is
	 * popped) and the frame's x0, x1.
	 */
	xor		X4, X4
	xor		X6, X6
	xor		X8, X8
	xor		X9, X9
	xor		X10, X10
	xor		X11, X11
	movq		$0, SLOT_X0(%rsp)
	add		$FRAME, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbp
	pop		%rbx
	RET
SYM_FUNC_END(ax86_hchacha_scalar)
