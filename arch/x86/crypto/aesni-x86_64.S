/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AES-256 with AES-NI for Adiantum's one block per message: the key
 * schedule and a single block each way.  Called inside the Adiantum glue's
 * own kernel_fpu_begin() section, where the kernel's AES would take its
 * slow C path.
 *
 * void ax86_aesni_setkey256(u32 enc[60], u32 dec[60], const u8 key[32]);
 *	@enc: the 15 round keys; @dec: those of the equivalent inverse
 *	cipher (last key first, aesimc on the middle 13), as aesdec wants.
 * void ax86_aesni_encrypt256(const u32 enc[60], u8 out[16], const u8 in[16]);
 * void ax86_aesni_decrypt256(const u32 dec[60], u8 out[16], const u8 in[16]);
 *
 * Nothing needs to be aligned: the crypto API aligns a tfm context to 8
 * bytes only, so round keys go through movdqu (one block a message: the
 * extra loads cost nothing that shows).
 */
#include <linux/linkage.h>

/*
 * One step of the schedule: \prev is the key two steps back, \word holds
 * aeskeygenassist's output of the previous key; \sel picks its dword
 * (0xff: RotWord(SubWord(w3)) ^ rcon, for even steps; 0xaa: SubWord(w3),
 * for odd steps).  Each word of the new key is the XOR of that value with
 * all words of \prev up to its own position: three shifted XORs build the
 * prefix sums.  Clobbers xmm4.
 */
.macro NEXT_KEY prev, word, sel
	pshufd		$\sel, %xmm\word, %xmm\word
	movdqa		%xmm\prev, %xmm4
	pslldq		$4, %xmm4
	pxor		%xmm4, %xmm\prev
	pslldq		$4, %xmm4
	pxor		%xmm4, %xmm\prev
	pslldq		$4, %xmm4
	pxor		%xmm4, %xmm\prev
	pxor		%xmm\word, %xmm\prev
.endm

/* round keys 2i and 2i + 1 from 2i - 2 (xmm0) and 2i - 1 (xmm1) */
.macro KEY_PAIR i, rcon
	aeskeygenassist	$\rcon, %xmm1, %xmm2
	NEXT_KEY	0, 2, 0xff
	movdqu		%xmm0, (32 * \i)(%rdi)
.if \i < 7
	aeskeygenassist	$0, %xmm0, %xmm2
	NEXT_KEY	1, 2, 0xaa
	movdqu		%xmm1, (32 * \i + 16)(%rdi)
.endif
.endm

.text
SYM_FUNC_START(ax86_aesni_setkey256)
	movdqu		0x00(%rdx), %xmm0
	movdqu		0x10(%rdx), %xmm1
	movdqu		%xmm0, 0x00(%rdi)
	movdqu		%xmm1, 0x10(%rdi)
	KEY_PAIR	1, 0x01
	KEY_PAIR	2, 0x02
	KEY_PAIR	3, 0x04
	KEY_PAIR	4, 0x08
	KEY_PAIR	5, 0x10
	KEY_PAIR	6, 0x20
	KEY_PAIR	7, 0x40

	/* the inverse cipher's keys: reversed, the middle ones InvMixColumns */
	movdqu		0xe0(%rdi), %xmm0
	movdqu		%xmm0, 0x00(%rsi)
	mov		$1, %eax
.Linv:
	mov		$14, %ecx
	sub		%eax, %ecx
	shl		$4, %ecx
	movdqu		(%rdi, %rcx), %xmm0
	aesimc		%xmm0, %xmm0
	mov		%eax, %ecx
	shl		$4, %ecx
	movdqu		%xmm0, (%rsi, %rcx)
	inc		%eax
	cmp		$14, %eax
	jb		.Linv
	movdqu		0x00(%rdi), %xmm0
	movdqu		%xmm0, 0xe0(%rsi)

	pxor		%xmm0, %xmm0	/* no key material left in registers */
	pxor		%xmm1, %xmm1
	pxor		%xmm2, %xmm2
	pxor		%xmm4, %xmm4
	RET
SYM_FUNC_END(ax86_aesni_setkey256)

/* one round: the key at \off(%rdi) through xmm1, \op aesenc or aesdec */
.macro ROUND op, off
	movdqu		\off(%rdi), %xmm1
	\op		%xmm1, %xmm0
.endm

/*
 * 14 rounds with the round keys at %rdi.  The block comes in as two
 * 8-byte loads: the glue's C writes it as two 64-bit words (the 128-bit
 * sum M1), and one 16-byte load of two stores cannot be forwarded from
 * them; it waits for both to reach the cache (0.3-1.7% of a 512-byte
 * message on Zen 5).
 */
.macro ROUNDS op
	movq		(%rdx), %xmm0
	movhps		8(%rdx), %xmm0
	movdqu		0x00(%rdi), %xmm1
	pxor		%xmm1, %xmm0
.irp off, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90, 0xa0, 0xb0, 0xc0, 0xd0
	ROUND		\op, \off
.endr
	ROUND		\op\()last, 0xe0
	movdqu		%xmm0, (%rsi)
	pxor		%xmm0, %xmm0
	pxor		%xmm1, %xmm1
.endm

SYM_FUNC_START(ax86_aesni_encrypt256)
	ROUNDS		aesenc
	RET
SYM_FUNC_END(ax86_aesni_encrypt256)

SYM_FUNC_START(ax86_aesni_decrypt256)
	ROUNDS		aesdec
	RET
SYM_FUNC_END(ax86_aesni_decrypt256)
