/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instruction loops for make floor: the operations one unit of work of a
 * core issues, with the data dependencies taken out, so that a loop of them
 * runs at the throughput of the CPU's pipes.  No real core can beat that:
 * it is the floor the cores are measured against.
 *
 *	u64 floor_<loop>(u64 n, const void *buf)	n iterations
 *
 * Each loop body is one unit:
 *	chacha_avx2	one double round of 8 blocks (ymm): 32 vpaddd, 32
 *			vpxor, 16 vpor, 16 vpshufb (rotate by 16, 8), 32 shifts
 *			(rotate by 12, 7): 128 operations
 *	chacha_ssse3	the same for 4 blocks in xmm, plus the register copy
 *			each shift rotate needs in two-operand SSE
 *	chacha_sse2	4 blocks, rotate by 16 as pshuflw + pshufhw, the
 *			other three by shifts
 *	out_avx2	the per-512-byte work after the rounds: feed-forward
 *			(16 broadcasts, 16 adds), transposes (32 unpacks, 16
 *			lane permutes), 16 XORs with the source, 16 stores
 *	out_sse		the same per 256 bytes in xmm (no lane permutes)
 *	nh_avx2		NH of 32 bytes, 4 passes: a message shuffle, then per
 *			pass a key add, a shuffle, a multiply, a 64-bit add
 *	nh_sse2		NH of 16 bytes the same way, with SSE's copies
 *	fused_avx2	6 double rounds and 16 NH groups interleaved: 512
 *			bytes of ChaCha12 and of NH, as one fused pass would
 *	aes_enc_chain	one AES-256 block of aes-vperm-x86_64.S, its chain
 *	aes_dec_chain	only: 14 times the longest dependent path of a round
 *			(encrypt: pandn, psrld, pxor, then a pshufb and a
 *			pxor five times; decrypt: four times, one pxor more)
 *	aes_ct_enc	the integer work of one round of the bitsliced block
 *	aes_ct_dec	(crypto/aes_ct.c) 14 times: about 240 operations
 *			encrypting (30 of them shifts and rotates), 270
 *			decrypting (40), in ten chains, no copies, nothing
 *			spilled
 *
 * Eight independent chains (or, for NH, sums fed by short chains) keep
 * enough operations ready every cycle that latency stays hidden.  The AES
 * loops are the other kind: one block is one chain, so its floor is the
 * latency of that chain's operations, whatever the pipes could take.
 * @buf (4 KiB, 64-byte aligned) stands in for message, key and output.
 */
#include <linux/linkage.h>

.section .rodata.cst32.ax86_floor, "aM", @progbits, 32
.align 32
.Lmask:	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13

.text

/*
 * A double round's operations in quarter-round order, per ISA: eight
 * chains (registers 0..7, one per quarter round) read constants in 8..11
 * and use 12..15 as the rotations' spares.
 */
.macro ADD_avx2 c, s
	vpaddd		%ymm\s, %ymm\c, %ymm\c
.endm
.macro XOR_avx2 c, s
	vpxor		%ymm\s, %ymm\c, %ymm\c
.endm
.macro ROT_avx2 c, n, t
	vpslld		$\n, %ymm\c, %ymm\t
	vpsrld		$(32 - \n), %ymm\c, %ymm\c
	vpor		%ymm\t, %ymm\c, %ymm\c
.endm
.macro BYTES_avx2 c, n, t
	vpshufb		.Lmask(%rip), %ymm\c, %ymm\c
.endm

/* two-operand SSE: a rotation by shifts needs a copy first */
.macro ADD_sse c, s
	paddd		%xmm\s, %xmm\c
.endm
.macro XOR_sse c, s
	pxor		%xmm\s, %xmm\c
.endm
.macro ROT_sse c, n, t
	movdqa		%xmm\c, %xmm\t
	pslld		$\n, %xmm\c
	psrld		$(32 - \n), %xmm\t
	por		%xmm\t, %xmm\c
.endm
.macro BYTES_ssse3 c, n, t
	pshufb		.Lmask(%rip), %xmm\c
.endm
/* SSE2 has no byte shuffle: 16 by word shuffles, 8 by shifts */
.macro BYTES_sse2 c, n, t
.if \n == 16
	pshuflw		$0xb1, %xmm\c, %xmm\c
	pshufhw		$0xb1, %xmm\c, %xmm\c
.else
	ROT_sse		\c, \n, \t
.endif
.endm

/* one step of all eight chains */
.macro STEP op
	\op		0, 8
	\op		1, 9
	\op		2, 10
	\op		3, 11
	\op		4, 8
	\op		5, 9
	\op		6, 10
	\op		7, 11
.endm

.macro ROTATE op, n
	\op		0, \n, 12
	\op		1, \n, 13
	\op		2, \n, 14
	\op		3, \n, 15
	\op		4, \n, 12
	\op		5, \n, 13
	\op		6, \n, 14
	\op		7, \n, 15
.endm

/* add, xor, rotate by bytes (16 or 8), add, xor, rotate by shifts */
.macro HALF alu, bytes, nb, ns
	STEP		ADD_\alu
	STEP		XOR_\alu
	ROTATE		BYTES_\bytes, \nb
	STEP		ADD_\alu
	STEP		XOR_\alu
	ROTATE		ROT_\alu, \ns
.endm

/* @alu: the add and xor form; @bytes: how 16 and 8 rotate */
.macro DROUND alu, bytes
	HALF		\alu, \bytes, 16, 12
	HALF		\alu, \bytes, 8, 7
.endm

.macro OUT_AVX2
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpbroadcastd	4*\i(%rsi), %ymm15
	vpaddd		%ymm15, %ymm\i, %ymm\i
.endr
.irp i, 0, 2, 4, 6, 8, 10, 12, 14
	vpunpckldq	%ymm1, %ymm\i, %ymm12
	vpunpckhdq	%ymm3, %ymm\i, %ymm13
	vpunpcklqdq	%ymm5, %ymm\i, %ymm14
	vpunpckhqdq	%ymm7, %ymm\i, %ymm11
.endr
.irp i, 0, 2, 4, 6, 8, 10, 12, 14
	vperm2i128	$0x20, %ymm9, %ymm\i, %ymm10
	vperm2i128	$0x31, %ymm9, %ymm\i, %ymm11
.endr
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vpxor		1024+32*\i(%rsi), %ymm\i, %ymm\i
	vmovdqu		%ymm\i, 2048+32*\i(%rsi)
.endr
.endm

.macro OUT_SSE
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	paddd		16*\i(%rsi), %xmm\i
.endr
.irp i, 0, 2, 4, 6, 8, 10, 12, 14
	movdqa		%xmm\i, %xmm12
	punpckldq	%xmm1, %xmm12
	punpckhdq	%xmm3, %xmm\i
	movdqa		%xmm5, %xmm13
	punpcklqdq	%xmm7, %xmm13
	punpckhqdq	%xmm9, %xmm11
.endr
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movdqu		1024+16*\i(%rsi), %xmm15
	pxor		%xmm15, %xmm\i
	movdqu		%xmm\i, 2048+16*\i(%rsi)
.endr
.endm

/* pass \p of NH over the unit(s) at \off into sums \s */
.macro PASS_AVX2 off, p, m, t, u, s
	vpaddd		1024+\off+16*\p(%rsi), %ymm\m, %ymm\t
	vpshufd		$0xf5, %ymm\t, %ymm\u
	vpmuludq	%ymm\u, %ymm\t, %ymm\t
	vpaddq		%ymm\t, %ymm\s, %ymm\s
.endm

.macro PASS_SSE2 off, p, s
	movdqu		1024+\off+16*\p(%rsi), %xmm1
	paddd		%xmm0, %xmm1
	pshufd		$0xf5, %xmm1, %xmm2
	pmuludq		%xmm2, %xmm1
	paddq		%xmm1, %xmm\s
.endm

/*
 * NH of 32 bytes at \off: message in ymm\m, products in \t and \u, the
 * four passes' sums in \s0..\s3
 */
.macro NH_AVX2 off, m=0, t=1, u=2, s0=4, s1=5, s2=6, s3=7
	vpshufd		$0xd8, \off(%rsi), %ymm\m
	PASS_AVX2	\off, 0, \m, \t, \u, \s0
	PASS_AVX2	\off, 1, \m, \t, \u, \s1
	PASS_AVX2	\off, 2, \m, \t, \u, \s2
	PASS_AVX2	\off, 3, \m, \t, \u, \s3
.endm

.macro NH_SSE2 off
	pshufd		$0xd8, \off(%rsi), %xmm0
	PASS_SSE2	\off, 0, 4
	PASS_SSE2	\off, 1, 5
	PASS_SSE2	\off, 2, 6
	PASS_SSE2	\off, 3, 7
.endm

.macro LOOP name
SYM_FUNC_START(floor_\name)
.Lloop_\name:
.endm

.macro END_LOOP name
	dec		%rdi
	jnz		.Lloop_\name
	vzeroupper
	RET
SYM_FUNC_END(floor_\name)
.endm

LOOP chacha_avx2
	DROUND		avx2, avx2
END_LOOP chacha_avx2

LOOP chacha_ssse3
	DROUND		sse, ssse3
END_LOOP chacha_ssse3

LOOP chacha_sse2
	DROUND		sse, sse2
END_LOOP chacha_sse2

LOOP out_avx2
	OUT_AVX2
END_LOOP out_avx2

LOOP out_sse
	OUT_SSE
END_LOOP out_sse

LOOP nh_avx2
	NH_AVX2		0
END_LOOP nh_avx2

LOOP nh_sse2
	NH_SSE2		0
END_LOOP nh_sse2

/*
 * 512 bytes: 6 double rounds, 16 NH groups of 32 bytes in between, the NH
 * on the rotations' spare registers (one sum: a short chain of adds)
 */
.macro NH_FUSED off
	NH_AVX2		\off, 12, 13, 14, 15, 15, 15, 15
.endm

LOOP fused_avx2
.irp r, 0, 1, 2, 3, 4, 5
	DROUND		avx2, avx2
	NH_FUSED	64*\r
	NH_FUSED	64*\r+32
.endr
.irp g, 12, 13, 14, 15
	NH_FUSED	32*\g
.endr
END_LOOP fused_avx2

/*
 * A vector-permute round's longest path (aes-vperm-x86_64.S): the split
 * of the state into nibbles, j = i ^ k, then \n table lookups, each
 * followed by an XOR, then \tail more XORs.  The lookups shuffle the
 * state by a constant index; the round's have the state as the index and
 * a table as the data, which measured the same on Zen 5.
 */
.macro AES_PATH n, tail
	pandn		%xmm9, %xmm0
	psrld		$4, %xmm0
	pxor		%xmm9, %xmm0
.rept \n
	pshufb		%xmm8, %xmm0
	pxor		%xmm9, %xmm0
.endr
.rept \tail
	pxor		%xmm9, %xmm0
.endr
.endm

.macro AES_CHAIN name, n, tail
SYM_FUNC_START(floor_\name)
	movdqa		(%rsi), %xmm0
	movdqa		16(%rsi), %xmm8
	movdqa		32(%rsi), %xmm9
.Lloop_\name:
.rept 14
	AES_PATH	\n, \tail
.endr
	dec		%rdi
	jnz		.Lloop_\name
	RET
SYM_FUNC_END(floor_\name)
.endm

AES_CHAIN aes_enc_chain, 5, 0
AES_CHAIN aes_dec_chain, 4, 1

/*
 * A round's integer operations in ten independent chains, 14 rounds a
 * call, in tens: \rot rotates, \x XORs, \a ANDs, \o ORs (the mix of
 * the round's own), as if nothing waited for anything and no register
 * copy or spill took a slot.  rbx, r12 and r13 are saved on the stack;
 * the loop's counter is rdi.
 */
.macro CT_TENS n, op, arg
.rept \n
.irp r, rax, rbx, rcx, rdx, r8, r9, r10, r11, r12, r13
	\op		\arg, %\r
.endr
.endr
.endm

.macro AES_CT_LOOP name, rot, x, a, o
SYM_FUNC_START(floor_\name)
	push		%rbx
	push		%r12
	push		%r13
	mov		(%rsi), %rsi
.Lloop_\name:
.rept 14
	CT_TENS		\rot, ror, $7
	CT_TENS		\x, xor, %rsi
	CT_TENS		\a, and, %rsi
	CT_TENS		\o, or, %rsi
.endr
	dec		%rdi
	jnz		.Lloop_\name
	pop		%r13
	pop		%r12
	pop		%rbx
	RET
SYM_FUNC_END(floor_\name)
.endm

/* encrypting 240: 30 rotates, 120 XOR, 70 AND, 20 OR; decrypting 270 */
AES_CT_LOOP aes_ct_enc, 3, 12, 7, 2
AES_CT_LOOP aes_ct_dec, 4, 14, 7, 2
