/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (Adiantum's: 4 passes, 16-byte units, stride 2) with SSE2.
 *
 * void ax86_nh_sse2(const u32 *key, const u8 *msg, unsigned int len,
 *		     u8 hash[32]);
 *
 * @len is a multiple of 16 up to 1024; @key is in our NH key order (see
 * crypto/nh_generic.h): per unit (k0, k2, k1, k3).  The unit is put in the
 * same order once, so t = m + k holds (t0, t2, t1, t3): pmuludq of t with
 * its odd words moved down gives t0 * t2 and t1 * t3 side by side.
 */
#include <linux/linkage.h>

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx

/* sum xmm\s += products of pass \p for the unit in xmm0 */
.macro PASS p, s
	movdqu		16*\p(KEY), %xmm1
	paddd		%xmm0, %xmm1
	pshufd		$0xf5, %xmm1, %xmm2	/* t2, t3 to the even lanes */
	pmuludq		%xmm2, %xmm1
	paddq		%xmm1, %xmm\s
.endm

.text
SYM_FUNC_START(ax86_nh_sse2)
	pxor		%xmm4, %xmm4
	pxor		%xmm5, %xmm5
	pxor		%xmm6, %xmm6
	pxor		%xmm7, %xmm7
	test		LEN, LEN
	jz		.Lstore
.Lunit:
	movdqu		(MSG), %xmm0
	pshufd		$0xd8, %xmm0, %xmm0	/* (m0, m2, m1, m3) */
	PASS		0, 4
	PASS		1, 5
	PASS		2, 6
	PASS		3, 7
	add		$16, KEY
	add		$16, MSG
	sub		$16, LEN
	jnz		.Lunit
.Lstore:
	/* each pass sum is the total of its two 64-bit lanes */
	movdqa		%xmm4, %xmm0
	punpcklqdq	%xmm5, %xmm0
	punpckhqdq	%xmm5, %xmm4
	paddq		%xmm4, %xmm0
	movdqu		%xmm0, 0(HASH)
	movdqa		%xmm6, %xmm0
	punpcklqdq	%xmm7, %xmm0
	punpckhqdq	%xmm7, %xmm6
	paddq		%xmm6, %xmm0
	movdqu		%xmm0, 16(HASH)
	RET
SYM_FUNC_END(ax86_nh_sse2)
