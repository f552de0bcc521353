/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (Adiantum's: 4 passes, 16-byte units, stride 2) with AVX-512F.
 *
 * void ax86_nh_avx512(const u32 *key, const u8 *msg, unsigned int len,
 *		       u8 hash[32]);
 *
 * @len is a multiple of 16 up to 1024.  One 64-byte key load covers all
 * four passes of a unit (pass p is keyed 16p bytes further on), against
 * the unit broadcast to the four 128-bit lanes: lane p accumulates pass p.
 */
#include <linux/linkage.h>

.section .rodata.cst64.ax86_nh_avx512, "aM", @progbits, 64
.align 64
.Lgather:	.quad 0, 2, 4, 6, 0, 2, 4, 6

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx

.text
SYM_FUNC_START(ax86_nh_avx512)
	vpxord		%zmm16, %zmm16, %zmm16
	test		LEN, LEN
	jz		.Lstore
.Lunit:
	vbroadcasti32x4	(MSG), %zmm17
	vpaddd		(KEY), %zmm17, %zmm17
	vpshufd		$0x50, %zmm17, %zmm18
	vpshufd		$0xfa, %zmm17, %zmm17
	vpmuludq	%zmm18, %zmm17, %zmm17
	vpaddq		%zmm17, %zmm16, %zmm16
	add		$16, KEY
	add		$16, MSG
	sub		$16, LEN
	jnz		.Lunit
.Lstore:
	/* lane p = (p, p) halves: add the halves, gather qword 0 of each */
	vpshufd		$0x4e, %zmm16, %zmm17
	vpaddq		%zmm17, %zmm16, %zmm16
	vmovdqa64	.Lgather(%rip), %zmm18
	vpermq		%zmm16, %zmm18, %zmm17
	vmovdqu64	%ymm17, (HASH)
	vzeroupper
	RET
SYM_FUNC_END(ax86_nh_avx512)
