/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NH (Adiantum's: 4 passes, 16-byte units, stride 2) with SSE2, summed in
 * 32-bit lanes: for the CPUs whose 64-bit vector add is slow
 * (cpu_quirks.h: Silvermont and Airmont, where paddq blocks a port for
 * four cycles), in place of ax86_nh_sse2.
 *
 * void ax86_nh_sse2_dsum(const u32 *key, const u8 *msg, unsigned int len,
 *			  u8 hash[32]);
 *
 * The contract and the key order are ax86_nh_sse2's: @len a multiple of
 * 16 up to 1024, per key unit (k0, k2, k1, k3), the message unit put in
 * that order, so pmuludq of t = m + k with its odd words moved down gives
 * t0 * t2 and t1 * t3 side by side.
 *
 * No product is added as a 64-bit number.  Each is added as four dwords
 * into LO (each dword its own sum mod 2^32) and, shifted right by 16,
 * into HI.  The high dword of a sum needs nothing more (the sum is mod
 * 2^64); the low dword's carries are recovered at the end: HI's even
 * dwords hold the exact sum of the top 16 bits of the low dwords, under
 * 64 * 2^16 for the 64 units @len allows, so
 *	sum of low dwords = (HI << 16) + (LO - (HI << 16) mod 2^32)
 * where the last term is the sum of their bottom 16 bits, under 2^22.
 * A unit then costs two plain adds and a shift per pass where
 * ax86_nh_sse2 pays one paddq.
 *
 * A unit at a time, its four passes side by side.  Each iteration first
 * adds the unit before's products, whose multiplies then have the loads
 * and adds of this unit to hide behind, and multiplies last; the last
 * unit's are added after the loop.  The order within is the best a search
 * over llvm-mca's Silvermont model found (make model: 84 cycles per 64
 * bytes; multiplying and adding in one iteration, 92), and both pointers
 * step with one index (80).
 */
#include <linux/cfi_types.h>	/* exported: ENDBR at each entry (IBT) */
#include <linux/linkage.h>
#include "nh-sse2-store.h"

#define KEY	%rdi
#define MSG	%rsi
#define LEN	%edx
#define HASH	%rcx
#define IDX	%rax

#define M	%xmm0		/* the message unit */
#define T0	%xmm2		/* pass p's t, then its product */
#define T1	%xmm3
#define T2	%xmm4
#define T3	%xmm5
#define S0	%xmm6		/* t with its odd words down */
#define S1	%xmm7
#define LO0	%xmm8		/* dword sums of pass p's products */
#define LO1	%xmm9
#define LO2	%xmm10
#define LO3	%xmm11
#define HI0	%xmm12		/* dword sums of their top 16 bits */
#define HI1	%xmm13
#define HI2	%xmm14
#define HI3	%xmm15

/* pass p's product in \t into its sums */
.macro SUMS t, lo, hi
	paddd		\t, \lo
	psrld		$16, \t
	paddd		\t, \hi
.endm

/*
 * \lo and \hi to pass p's two 64-bit sums in \lo: LO's low dwords
 * corrected, then HI << 16 added as 64-bit numbers.  HI's odd dwords (the
 * top bits of the high dwords) need no mask: what the correction takes
 * from LO's high dwords, 2^32 * (odd << 16), the 64-bit add puts back as
 * odd << 48.
 */
.macro FOLD lo, hi
	movdqa		\hi, T0
	pslld		$16, T0
	psubd		T0, \lo
	psllq		$16, \hi
	paddq		\hi, \lo
.endm

.text
SYM_TYPED_FUNC_START(ax86_nh_sse2_dsum)
	pxor		LO0, LO0
	pxor		LO1, LO1
	pxor		LO2, LO2
	pxor		LO3, LO3
	pxor		HI0, HI0
	pxor		HI1, HI1
	pxor		HI2, HI2
	pxor		HI3, HI3
	pxor		T0, T0
	pxor		T1, T1
	pxor		T2, T2
	pxor		T3, T3
	test		LEN, LEN
	jz		.Lsum
	/* one index for both, from -len up to 0 */
	mov		LEN, %eax		/* IDX = LEN, zero-extended */
	add		IDX, MSG
	add		IDX, KEY
	neg		IDX
.Lunit:
	/* the unit before's products (zero the first time) into the sums */
	paddd		T0, LO0
	movdqu		(MSG,IDX), M
	paddd		T1, LO1
	psrld		$16, T1
	paddd		T1, HI1
	paddd		T3, LO3
	pshufd		$0xd8, M, M
	movdqu		16(KEY,IDX), T1
	psrld		$16, T0
	paddd		M, T1
	psrld		$16, T3
	paddd		T3, HI3
	paddd		T0, HI0
	movdqu		48(KEY,IDX), T3
	pshufd		$0xf5, T1, S1
	paddd		M, T3
	pmuludq		S1, T1
	pshufd		$0xf5, T3, S1
	paddd		T2, LO2
	movdqu		0(KEY,IDX), T0
	pmuludq		S1, T3
	paddd		M, T0
	psrld		$16, T2
	paddd		T2, HI2
	movdqu		32(KEY,IDX), T2
	paddd		M, T2
	pshufd		$0xf5, T0, S0
	pmuludq		S0, T0
	pshufd		$0xf5, T2, S0
	pmuludq		S0, T2
	add		$16, IDX
	jnz		.Lunit
	/* the last unit's */
	SUMS		T0, LO0, HI0
	SUMS		T1, LO1, HI1
	SUMS		T2, LO2, HI2
	SUMS		T3, LO3, HI3
.Lsum:
	FOLD		LO0, HI0
	FOLD		LO1, HI1
	FOLD		LO2, HI2
	FOLD		LO3, HI3
	NH_SSE2_STORE	LO0, LO1, LO2, LO3, T0, HASH
	RET
SYM_FUNC_END(ax86_nh_sse2_dsum)
