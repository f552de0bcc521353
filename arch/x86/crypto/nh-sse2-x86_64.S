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
 *
 * Pass p of unit u uses key unit u + p, so each key unit serves four
 * (unit, pass) pairs.  The main loop takes four units at a time and keeps
 * key units in registers: K[j % 4] holds key unit j, loaded once (at the
 * unit that first needs it, as pass 3) and consumed in place by its last
 * use (pass 0, four units later).  The message unit is consumed in place
 * by pass 3, and copied for passes 1 and 2.  That leaves the sixteen
 * multiply chains of four units independent of each other, and the order
 * below lets an in-order core (Atom) overlap them: each unit's loads and
 * shuffles sit between the previous multiplies, each unit's message is
 * loaded during the one before, and the sums of passes 0 and 3 of a unit
 * are added at the start of the next (the registers are free by then).
 * The order was chosen with llvm-mca (make model) over the CPU models of
 * tools/model/model.py; unit 3 loads key unit 5 for pass 2 instead of
 * copying, which balances the ports of the big cores.
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>
#include "nh-sse2-store.h"

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx

/* the main loop's registers */
#define S0	%xmm0		/* t with its odd words down, per pass */
#define S1	%xmm1
#define S2	%xmm2
#define S3	%xmm3
#define K0	%xmm4		/* key unit j in K(j % 4); pass 0's t */
#define K1	%xmm5
#define K2	%xmm6
#define K3	%xmm7
#define M0	%xmm8		/* message of even units; pass 3's t */
#define M1	%xmm9		/* message of odd units */
#define T1	%xmm10		/* pass 1's t */
#define T2	%xmm11		/* pass 2's t */
#define SUM0	%xmm12		/* two 64-bit sums per pass */
#define SUM1	%xmm13
#define SUM2	%xmm14
#define SUM3	%xmm15

.text
SYM_TYPED_FUNC_START(ax86_nh_sse2)
	pxor		SUM0, SUM0
	pxor		SUM1, SUM1
	pxor		SUM2, SUM2
	pxor		SUM3, SUM3
	cmp		$64, LEN
	jb		.Lrest
	/*
	 * Key units 0..2 in place; K3 and M1 stand for pass 0's and pass 3's
	 * t of the unit before the first, added to the sums at its start.
	 */
	movdqu		0(KEY), K0
	movdqu		16(KEY), K1
	movdqu		32(KEY), K2
	pxor		K3, K3
	pxor		M1, M1
	sub		$64, LEN
.Lfour:
	/* unit 0 */
	movdqu		(MSG), M0
	paddq		M1, SUM3
	paddq		K3, SUM0
	movdqu		48(KEY), K3
	pshufd		$0xd8, M0, M0
	paddd		M0, K0
	movdqa		M0, T1
	paddd		K1, T1
	movdqa		M0, T2
	paddd		K2, T2
	pshufd		$0xf5, T1, S1
	pshufd		$0xf5, T2, S2
	pshufd		$0xf5, K0, S0
	paddd		K3, M0
	pmuludq		S2, T2
	pmuludq		S1, T1
	movdqu		16(MSG), M1
	pmuludq		S0, K0
	pshufd		$0xd8, M1, M1
	paddq		T1, SUM1
	pshufd		$0xf5, M0, S3
	pmuludq		S3, M0
	paddq		T2, SUM2
	/* unit 1 */
	movdqa		M1, T2
	movdqa		M1, T1
	paddd		K2, T1
	pshufd		$0xf5, T1, S1
	paddd		K3, T2
	paddd		M1, K1
	paddq		M0, SUM3
	paddq		K0, SUM0
	pmuludq		S1, T1
	movdqu		64(KEY), K0
	pshufd		$0xf5, T2, S2
	pshufd		$0xf5, K1, S0
	paddd		K0, M1
	pmuludq		S2, T2
	pmuludq		S0, K1
	movdqu		32(MSG), M0
	pshufd		$0xf5, M1, S3
	paddq		T2, SUM2
	pshufd		$0xd8, M0, M0
	paddq		T1, SUM1
	pmuludq		S3, M1
	/* unit 2 */
	movdqa		M0, T2
	movdqa		M0, T1
	paddd		K3, T1
	paddd		K0, T2
	pshufd		$0xf5, T1, S1
	paddq		K1, SUM0
	pshufd		$0xf5, T2, S2
	paddd		M0, K2
	pmuludq		S1, T1
	movdqu		80(KEY), K1
	pmuludq		S2, T2
	pshufd		$0xf5, K2, S0
	paddq		M1, SUM3
	paddd		K1, M0
	movdqu		48(MSG), M1
	pmuludq		S0, K2
	paddq		T2, SUM2
	pshufd		$0xf5, M0, S3
	pshufd		$0xd8, M1, M1
	paddq		T1, SUM1
	pmuludq		S3, M0
	/* unit 3 */
	movdqu		80(KEY), T2
	movdqa		M1, T1
	paddq		M0, SUM3
	paddd		K0, T1
	paddd		M1, T2
	pshufd		$0xf5, T1, S1
	paddq		K2, SUM0
	pshufd		$0xf5, T2, S2
	paddd		M1, K3
	pmuludq		S1, T1
	movdqu		96(KEY), K2
	pshufd		$0xf5, K3, S0
	paddd		K2, M1
	pmuludq		S2, T2
	pmuludq		S0, K3
	pshufd		$0xf5, M1, S3
	paddq		T1, SUM1
	pmuludq		S3, M1
	paddq		T2, SUM2
	add		$64, KEY
	add		$64, MSG
	sub		$64, LEN
	jae		.Lfour
	/* passes 0 and 3 of the last unit; LEN wrapped: what is left - 64 */
	paddq		K3, SUM0
	paddq		M1, SUM3
	add		$64, LEN
.Lrest:
	test		LEN, LEN
	jz		.Lsum
	/* a unit at a time, its four passes side by side */
.Lone:
	movdqu		(MSG), %xmm8
	movdqu		0(KEY), %xmm0
	movdqu		16(KEY), %xmm1
	movdqu		32(KEY), %xmm2
	movdqu		48(KEY), %xmm3
	pshufd		$0xd8, %xmm8, %xmm8	/* (m0, m2, m1, m3) */
	paddd		%xmm8, %xmm0
	paddd		%xmm8, %xmm1
	paddd		%xmm8, %xmm2
	paddd		%xmm8, %xmm3
	pshufd		$0xf5, %xmm0, %xmm4	/* t2, t3 to the even lanes */
	pshufd		$0xf5, %xmm1, %xmm5
	pshufd		$0xf5, %xmm2, %xmm6
	pshufd		$0xf5, %xmm3, %xmm7
	pmuludq		%xmm4, %xmm0
	pmuludq		%xmm5, %xmm1
	pmuludq		%xmm6, %xmm2
	pmuludq		%xmm7, %xmm3
	paddq		%xmm0, SUM0
	paddq		%xmm1, SUM1
	paddq		%xmm2, SUM2
	paddq		%xmm3, SUM3
	add		$16, KEY
	add		$16, MSG
	sub		$16, LEN
	jnz		.Lone
.Lsum:
	NH_SSE2_STORE	SUM0, SUM1, SUM2, SUM3, %xmm0, HASH
	RET
SYM_FUNC_END(ax86_nh_sse2)
