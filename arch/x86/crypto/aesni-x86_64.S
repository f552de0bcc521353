/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One AES-256 block each way with AES-NI, for Adiantum's one block per
 * message, on the round keys the kernel's AES library expanded (one key
 * schedule for both: compat.h).  Called inside the Adiantum glue's own
 * kernel_fpu_begin() section, where the kernel's AES would take its slow
 * C path.
 *
 * void ax86_aesni_encrypt256(const u32 enc[60], u8 out[16], const u8 in[16]);
 *	@enc: the 15 round keys in order;
 * void ax86_aesni_decrypt256(const u32 dec[60], u8 out[16], const u8 in[16]);
 *	@dec: those of the equivalent inverse cipher (last key first,
 *	InvMixColumns on the middle 13), as aesdec wants.
 *
 * Nothing needs to be aligned: the crypto API aligns a tfm context to 8
 * bytes only, so round keys go through movdqu (one block a message: the
 * extra loads cost nothing that shows).
 */
#include <linux/linkage.h>

.text
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
