/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HChaCha (the XChaCha subkey derivation) on one block with SSSE3: the
 * four state rows in xmm0..xmm3, diagonal rounds by rotating rows a, c, d.
 *
 * void ax86_hchacha_ssse3(const u32 state[16], u32 out[8],
 *			   unsigned int nrounds);
 *
 * @out gets words 0..3 and 12..15 of the permuted state (no feed-forward).
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

.section .rodata.cst16.ax86_hchacha_ssse3, "aM", @progbits, 16
.align 16
.Lrot16:	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
.Lrot8:		.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14

.macro ROTL r, n
	movdqa		%xmm\r, %xmm4
	pslld		$\n, %xmm\r
	psrld		$(32 - \n), %xmm4
	por		%xmm4, %xmm\r
.endm

/* four quarter rounds on rows a=xmm0, b=xmm1, c=xmm2, d=xmm3 */
.macro QROWS
	paddd		%xmm1, %xmm0
	pxor		%xmm0, %xmm3
	pshufb		%xmm5, %xmm3
	paddd		%xmm3, %xmm2
	pxor		%xmm2, %xmm1
	ROTL		1, 12
	paddd		%xmm1, %xmm0
	pxor		%xmm0, %xmm3
	pshufb		%xmm6, %xmm3
	paddd		%xmm3, %xmm2
	pxor		%xmm2, %xmm1
	ROTL		1, 7
.endm

.text
SYM_TYPED_FUNC_START(ax86_hchacha_ssse3)
	movdqu		0x00(%rdi), %xmm0
	movdqu		0x10(%rdi), %xmm1
	movdqu		0x20(%rdi), %xmm2
	movdqu		0x30(%rdi), %xmm3
	movdqa		.Lrot16(%rip), %xmm5
	movdqa		.Lrot8(%rip), %xmm6
.Ldround:
	QROWS
	/*
	 * Diagonals into columns, row b staying put: a right by 1 word, c
	 * left by 1, d by 2 (lane 0 then holds x3, x4, x9, x14).  b is the
	 * last row a round finishes and the first the next one reads; a, c
	 * and d are done earlier, so their shuffles stay off the chain.
	 */
	pshufd		$0x93, %xmm0, %xmm0
	pshufd		$0x39, %xmm2, %xmm2
	pshufd		$0x4e, %xmm3, %xmm3
	QROWS
	pshufd		$0x39, %xmm0, %xmm0
	pshufd		$0x93, %xmm2, %xmm2
	pshufd		$0x4e, %xmm3, %xmm3
	sub		$2, %edx
	jnz		.Ldround
	movdqu		%xmm0, 0x00(%rsi)
	movdqu		%xmm3, 0x10(%rsi)
	RET
SYM_FUNC_END(ax86_hchacha_ssse3)
