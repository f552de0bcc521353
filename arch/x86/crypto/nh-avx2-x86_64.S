/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (Adiantum's: 4 passes, 16-byte units, stride 2) with AVX2.
 *
 * void ax86_nh_avx2(const u32 *key, const u8 *msg, unsigned int len,
 *		     u8 hash[32]);
 *
 * @len is a multiple of 16 up to 1024.  The key of pass p at unit u starts
 * 16p bytes after that of pass 0, so one 32-byte load serves passes 0 and 1
 * (and one more passes 2 and 3) against the unit broadcast to both lanes.
 */
#include <linux/linkage.h>

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx

/* ymm\s += products of the two passes keyed at \koff for the unit in ymm0 */
.macro PASS2 koff, s
	vpaddd		\koff(KEY), %ymm0, %ymm1
	vpshufd		$0x50, %ymm1, %ymm2
	vpshufd		$0xfa, %ymm1, %ymm1
	vpmuludq	%ymm2, %ymm1, %ymm1
	vpaddq		%ymm1, %ymm\s, %ymm\s
.endm

.text
SYM_FUNC_START(ax86_nh_avx2)
	vpxor		%xmm4, %xmm4, %xmm4	/* passes 0, 1 */
	vpxor		%xmm5, %xmm5, %xmm5	/* passes 2, 3 */
	test		LEN, LEN
	jz		.Lstore
.Lunit:
	vbroadcasti128	(MSG), %ymm0
	PASS2		0, 4
	PASS2		32, 5
	add		$16, KEY
	add		$16, MSG
	sub		$16, LEN
	jnz		.Lunit
.Lstore:
	/* lanes: ymm4 = [p0 p0 | p1 p1], ymm5 = [p2 p2 | p3 p3] */
	vpunpcklqdq	%ymm5, %ymm4, %ymm0
	vpunpckhqdq	%ymm5, %ymm4, %ymm1
	vpaddq		%ymm1, %ymm0, %ymm0	/* [p0 p2 | p1 p3] */
	vpermq		$0xd8, %ymm0, %ymm0	/* [p0 p1 | p2 p3] */
	vmovdqu		%ymm0, (HASH)
	vzeroupper
	RET
SYM_FUNC_END(ax86_nh_avx2)
