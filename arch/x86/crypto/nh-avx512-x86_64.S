/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (Adiantum's: 4 passes, 16-byte units, stride 2) with AVX-512
 * (F, BW for the dword masks; BMI2).
 *
 * void ax86_nh_avx512(const u32 *key, const u8 *msg, unsigned int len,
 *		       u8 hash[32]);
 *
 * @len is a multiple of 16 up to 1024; @key is in our NH key order (see
 * crypto/nh_generic.h): per unit (k0, k2, k1, k3).  Four units per zmm
 * register, as in the AVX2 version; the last one to three units are read
 * under a dword mask, zeroed lanes adding nothing.
 * Sums: zmm16..zmm19 for passes 0..3.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx

/* zmm\s += products of the pass keyed at \koff for the units in zmm20 */
.macro PASS koff, s, mask
	vmovdqu32	\koff(KEY), %zmm21\mask
	vpaddd		%zmm20, %zmm21, %zmm21
	vpshufd		$0xf5, %zmm21, %zmm22
	vpmuludq	%zmm22, %zmm21, %zmm21
	vpaddq		%zmm21, %zmm\s, %zmm\s
.endm

.macro UNITS mask
	vmovdqu32	(MSG), %zmm20\mask
	vpshufd		$0xd8, %zmm20, %zmm20
	PASS		0, 16, \mask
	PASS		16, 17, \mask
	PASS		32, 18, \mask
	PASS		48, 19, \mask
.endm

.text
SYM_TYPED_FUNC_START(ax86_nh_avx512)
	vpxord		%zmm16, %zmm16, %zmm16
	vpxord		%zmm17, %zmm17, %zmm17
	vpxord		%zmm18, %zmm18, %zmm18
	vpxord		%zmm19, %zmm19, %zmm19
.Lquad:
	cmp		$64, LEN
	jb		.Lrest
	UNITS
	add		$64, KEY
	add		$64, MSG
	sub		$64, LEN
	jmp		.Lquad
.Lrest:
	test		LEN, LEN
	jz		.Lsum
	/* LEN / 4 dwords are left: mask (1 << LEN / 4) - 1 */
	mov		LEN, %r8d
	shr		$2, %r8d
	mov		$1, %r9d
	shlx		%r8d, %r9d, %r9d
	dec		%r9d
	kmovw		%r9d, %k1
	UNITS		{%k1}{z}
.Lsum:
	/* fold each sum to 256 bits, then as in the AVX2 version */
.irp s, 16, 17, 18, 19
	vextracti64x4	$1, %zmm\s, %ymm21
	vpaddq		%ymm21, %ymm\s, %ymm\s
.endr
	vpunpcklqdq	%ymm17, %ymm16, %ymm20
	vpunpckhqdq	%ymm17, %ymm16, %ymm21
	vpaddq		%ymm21, %ymm20, %ymm20	/* [S0 S1 | S0 S1] partial */
	vpunpcklqdq	%ymm19, %ymm18, %ymm22
	vpunpckhqdq	%ymm19, %ymm18, %ymm23
	vpaddq		%ymm23, %ymm22, %ymm22	/* [S2 S3 | S2 S3] partial */
	vshufi64x2	$0, %ymm22, %ymm20, %ymm21	/* low lanes */
	vshufi64x2	$3, %ymm22, %ymm20, %ymm23	/* high lanes */
	vpaddq		%ymm23, %ymm21, %ymm21	/* [h0 h1 | h2 h3] */
	vmovdqu64	%ymm21, (HASH)
	vzeroupper
	RET
SYM_FUNC_END(ax86_nh_avx512)
