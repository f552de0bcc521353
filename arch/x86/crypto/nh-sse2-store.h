/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The end of both SSE2 NH cores (nh-sse2, nh-sse2-dsum): four registers
 * that each hold one pass's sum as two 64-bit halves become the 32-byte
 * hash, pass p's sum (the total of its halves) at 8 * p.  Included by
 * assembly only.
 */
#ifndef AX86_NH_SSE2_STORE_H
#define AX86_NH_SSE2_STORE_H

/* \s0 and \s2 are clobbered, \tmp is scratch */
.macro NH_SSE2_STORE s0, s1, s2, s3, tmp, hash
	movdqa		\s0, \tmp
	punpcklqdq	\s1, \tmp
	punpckhqdq	\s1, \s0
	paddq		\s0, \tmp
	movdqu		\tmp, 0(\hash)
	movdqa		\s2, \tmp
	punpcklqdq	\s3, \tmp
	punpckhqdq	\s3, \s2
	paddq		\s2, \tmp
	movdqu		\tmp, 16(\hash)
.endm

#endif
