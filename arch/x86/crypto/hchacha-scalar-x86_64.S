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
#include "hchacha-scalar-macros.S"

#define SLOT_OUT	16
#define SLOT_ROUNDS	24
#define FRAME		32

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
	HC_LOAD
.Ldround:
	HC_COLUMNS
	HC_DIAGONALS
	subl		$2, SLOT_ROUNDS(%rsp)
	jnz		.Ldround

	HC_STORE_WIPE	SLOT_OUT(%rsp)
	add		$FRAME, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbx
	RET
SYM_FUNC_END(ax86_hchacha_scalar)
