/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HChaCha (the XChaCha subkey derivation) on one block with AVX-512VL: the
 * SSSE3 core's layout (hchacha-ssse3-x86_64.S: rows in xmm0..xmm3, the
 * diagonals by rotating rows a, c and d), with vprold for all four
 * rotations.  HChaCha is one chain of dependent steps; a rotation by 12 or
 * 7 in SSSE3 is two shifts and an or, two steps on the chain, and vprold
 * is one, so a double round waits four cycles less (docs/design.md has
 * the times).
 *
 * void ax86_hchacha_avx512vl(const u32 state[16], u32 out[8],
 *			      unsigned int nrounds);
 *
 * @out gets words 0..3 and 12..15 of the permuted state (no feed-forward).
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>

#define A	%xmm0
#define B	%xmm1
#define C	%xmm2
#define D	%xmm3

/* \x += \y, \z ^= \x, \z <<<= \n: one step of four quarter rounds */
.macro STEP x, y, z, n
	vpaddd		\y, \x, \x
	vpxor		\x, \z, \z
	vprold		$\n, \z, \z
.endm

/* a quarter round on each column of the rows as they stand */
.macro QUARTERS
	STEP		A, B, D, 16
	STEP		C, D, B, 12
	STEP		A, B, D, 8
	STEP		C, D, B, 7
.endm

.text
SYM_TYPED_FUNC_START(ax86_hchacha_avx512vl)
	vmovdqu		0x00(%rdi), A
	vmovdqu		0x10(%rdi), B
	vmovdqu		0x20(%rdi), C
	vmovdqu		0x30(%rdi), D
.Ldround:
	QUARTERS
	/* diagonals into columns; b, which the chain reads next, stays */
	vpshufd		$0x93, A, A
	vpshufd		$0x39, C, C
	vpshufd		$0x4e, D, D
	QUARTERS
	vpshufd		$0x39, A, A
	vpshufd		$0x93, C, C
	vpshufd		$0x4e, D, D
	sub		$2, %edx
	jnz		.Ldround
	vmovdqu		A, 0x00(%rsi)
	vmovdqu		D, 0x10(%rsi)
	vzeroupper
	RET
SYM_FUNC_END(ax86_hchacha_avx512vl)
