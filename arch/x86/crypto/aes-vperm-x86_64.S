/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One AES-256 block each way with SSSE3 vector permutes, in constant time:
 * every S-box is nibble lookups in 16-byte tables with pshufb, so no
 * branch and no memory address depends on the key or the data (the
 * method of Hamburg's "Accelerating AES with Vector Permute
 * Instructions"; the field, the bases and every table here are derived
 * by tools/aesgen/vperm.py, whose docstring has the algebra).  For the
 * CPUs without AES-NI, inside the Adiantum glue's kernel_fpu_begin()
 * section, with the interface of aesni-x86_64.S:
 *
 * void ax86_aes_vperm_encrypt256(const u32 enc[60], u8 out[16],
 *				  const u8 in[16]);
 *	@enc: the 15 round keys in order;
 * void ax86_aes_vperm_decrypt256(const u32 dec[60], u8 out[16],
 *				  const u8 in[16]);
 *	@dec: those of the equivalent inverse cipher (last key first,
 *	InvMixColumns on the middle 13): the kernel AES library's, as
 *	AES-NI takes them.  No second key schedule: each round key goes
 *	into the state's basis as the round runs (two lookups), off the
 *	chain of the state.
 *
 * Between rounds the state is in a basis of the field's tower (beta in
 * vperm.py): a byte is (i << 4) | k, two GF(16) coordinates, which the
 * inversion reads as they are.  Encryption round keys carry the S-box's
 * 0x63, decryption keys the 0x63 their inverse S-box takes off: the
 * output tables cannot (a lookup with index "infinity" gives 0).
 *
 * One block is one chain of 14 rounds, so each round is laid out for
 * latency (about 13 cycles: split, five inversion lookups, output
 * tables, MixColumns as two rotations deep).  xmm0..xmm7 carry data and
 * are cleared before returning; xmm11..xmm15 hold tables only.  No stack
 * frame, no callee-saved register.  Unaligned pointers are fine.
 */
#include <linux/linkage.h>

.section .rodata.cst16.ax86_aes_vperm, "aM", @progbits, 16
.align 16
/* The tables, as tools/aesgen/aesgen.py vperm prints them: */
/* aesgen vperm: begin */
.Lnib:	.byte 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f
/* 1/n in GF(16), 1/0 = infinity (0x80) */
.Linv:	.byte 0x80, 0x01, 0x09, 0x0e, 0x0d, 0x0b, 0x07, 0x06, 0x0f, 0x02, 0x0c, 0x05, 0x0a, 0x04, 0x03, 0x08
/* a/k, a = 1/nu = 0xf, a/0 = infinity */
.Lak:	.byte 0x80, 0x0f, 0x0e, 0x05, 0x07, 0x03, 0x0b, 0x04, 0x0a, 0x0d, 0x08, 0x06, 0x0c, 0x09, 0x02, 0x01
/* a byte to the state's basis: low nibble, high nibble */
.Lenc_in_lo:	.byte 0xcc, 0xdc, 0xee, 0xfe, 0xe8, 0xf8, 0xca, 0xda, 0x48, 0x58, 0x6a, 0x7a, 0x6c, 0x7c, 0x4e, 0x5e
.Lenc_in_hi:	.byte 0x00, 0xf3, 0x8d, 0x7e, 0x73, 0x80, 0xfe, 0x0d, 0xbe, 0x4d, 0x33, 0xc0, 0xcd, 0x3e, 0x40, 0xb3
.Ldec_in_lo:	.byte 0x34, 0xe1, 0x5d, 0x88, 0x2d, 0xf8, 0x44, 0x91, 0x96, 0x43, 0xff, 0x2a, 0x8f, 0x5a, 0xe6, 0x33
.Ldec_in_hi:	.byte 0x00, 0x17, 0xe7, 0xf0, 0x6f, 0x78, 0x88, 0x9f, 0xb9, 0xae, 0x5e, 0x49, 0xd6, 0xc1, 0x31, 0x26
/* S(x) less 0x63, in the state's basis */
.Lenc_s_io:	.byte 0x00, 0xbb, 0xc0, 0xce, 0xe8, 0x5d, 0x0e, 0xb5, 0x75, 0x9d, 0x53, 0x93, 0xe6, 0x28, 0x26, 0x7b
.Lenc_s_jo:	.byte 0x00, 0xda, 0xd9, 0xd1, 0x74, 0xa6, 0x08, 0xd2, 0x0b, 0x7f, 0xae, 0x77, 0x7c, 0xad, 0xa5, 0x03
/* 2 S(x) less 0xc6, in the state's basis */
.Lenc_s2_io:	.byte 0x00, 0xb5, 0xbb, 0xab, 0x4f, 0xea, 0x10, 0xa5, 0x1e, 0x51, 0xfa, 0x41, 0x5f, 0xf4, 0xe4, 0x0e
.Lenc_s2_jo:	.byte 0x00, 0x49, 0x19, 0xa9, 0x2e, 0xd7, 0xb0, 0xf9, 0xe0, 0xce, 0x67, 0x7e, 0x9e, 0x37, 0x87, 0x50
/* S(x) less 0x63, in AES's basis */
.Lenc_last_io:	.byte 0x00, 0x7b, 0xb0, 0x3d, 0x67, 0x91, 0x8d, 0xf6, 0x46, 0x21, 0x1c, 0xac, 0xea, 0xd7, 0x5a, 0xcb
.Lenc_last_jo:	.byte 0x00, 0x64, 0x99, 0x12, 0xe5, 0x0a, 0x8b, 0xef, 0x76, 0x93, 0x81, 0x18, 0x6e, 0x7c, 0xf7, 0xfd
/* 14 InvS(x), in the decryption state's basis */
.Ldec_m14_io:	.byte 0x00, 0x1a, 0x15, 0x76, 0x12, 0x6b, 0x63, 0x79, 0x6c, 0x7e, 0x08, 0x1d, 0x71, 0x07, 0x64, 0x0f
.Ldec_m14_jo:	.byte 0x00, 0xc8, 0xc6, 0xee, 0x94, 0x74, 0x28, 0xe0, 0x26, 0xb2, 0x5c, 0x9a, 0xbc, 0x52, 0x7a, 0x0e
/* 11 InvS(x), in the decryption state's basis */
.Ldec_m11_io:	.byte 0x00, 0x64, 0x0f, 0x1a, 0x07, 0x76, 0x15, 0x71, 0x7e, 0x79, 0x63, 0x6c, 0x12, 0x08, 0x1d, 0x6b
.Ldec_m11_jo:	.byte 0x00, 0x7a, 0x0e, 0xc8, 0x52, 0xee, 0xc6, 0xbc, 0xb2, 0xe0, 0x28, 0x26, 0x94, 0x5c, 0x9a, 0x74
/* 13 InvS(x), in the decryption state's basis */
.Ldec_m13_io:	.byte 0x00, 0xc8, 0xc6, 0xee, 0x94, 0x74, 0x28, 0xe0, 0x26, 0xb2, 0x5c, 0x9a, 0xbc, 0x52, 0x7a, 0x0e
.Ldec_m13_jo:	.byte 0x00, 0xa6, 0x8f, 0x96, 0x66, 0xd9, 0x19, 0xbf, 0x30, 0x56, 0xc0, 0x4f, 0x7f, 0xe9, 0xf0, 0x29
/* 9 InvS(x), in the decryption state's basis */
.Ldec_m9_io:	.byte 0x00, 0x2c, 0xa8, 0xf8, 0xdd, 0xa1, 0x50, 0x7c, 0xd4, 0x09, 0xf1, 0x59, 0x8d, 0x75, 0x25, 0x84
.Ldec_m9_jo:	.byte 0x00, 0x5b, 0x9e, 0x40, 0x60, 0xe5, 0xde, 0x85, 0x1b, 0x7b, 0x3b, 0xa5, 0xbe, 0xfe, 0x20, 0xc5
/* InvS(x), in AES's basis */
.Ldec_last_io:	.byte 0x00, 0xf3, 0xc8, 0xdc, 0x2c, 0xcb, 0x14, 0xe7, 0x2f, 0x03, 0xdf, 0x17, 0x38, 0xe4, 0xf0, 0x3b
.Ldec_last_jo:	.byte 0x00, 0xf2, 0x99, 0x30, 0x9d, 0xc6, 0xa9, 0x5b, 0xc2, 0x5f, 0x6f, 0xf6, 0x34, 0x04, 0xad, 0x6b
/* byte permutations: ShiftRows, rotations in a column */
.Lsr:	.byte 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11
.Lrot1:	.byte 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12
.Lrot1_sr:	.byte 5, 10, 15, 0, 9, 14, 3, 4, 13, 2, 7, 8, 1, 6, 11, 12
.Lrot3_sr:	.byte 15, 0, 5, 10, 3, 4, 9, 14, 7, 8, 13, 2, 11, 12, 1, 6
.Lisr:	.byte 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3
.Lrot2_isr:	.byte 10, 7, 0, 13, 14, 11, 4, 1, 2, 15, 8, 5, 6, 3, 12, 9
.L63:	.byte 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63
/* aesgen vperm: end */

#define NIB	%xmm15		/* 0x0f in every byte */
#define INV	%xmm14		/* .Linv */
#define AK	%xmm13		/* .Lak */
#define IN_LO	%xmm12		/* .L{enc,dec}_in_lo */
#define IN_HI	%xmm11		/* .L{enc,dec}_in_hi */

.text
/* \x: its low nibbles, in place; \hi: its high nibbles */
.macro SPLIT x, hi
	movdqa		NIB, \hi
	pandn		\x, \hi
	psrld		$4, \hi
	pand		NIB, \x
.endm

/* \x = IN_LO[low nibble] ^ IN_HI[high nibble]: a byte to the state */
.macro TO_STATE x, t1, t2
	SPLIT		\x, \t1
	movdqa		IN_LO, \t2
	pshufb		\x, \t2
	movdqa		IN_HI, \x
	pshufb		\t1, \x
	pxor		\t2, \x
.endm

/*
 * The state in xmm0 to io in xmm2 and jo in xmm3 (vperm.py): with
 * i = high nibble, k = low nibble, j = i ^ k,
 *	io = 1/(1/i + a/k) + j,	jo = 1/(1/j + a/k) + i
 * xmm0, xmm1, xmm4 are free after it.
 */
.macro INVERT
	SPLIT		%xmm0, %xmm1		/* xmm0 = k, xmm1 = i */
	movdqa		AK, %xmm2
	pshufb		%xmm0, %xmm2		/* a/k */
	pxor		%xmm1, %xmm0		/* j */
	movdqa		INV, %xmm3
	pshufb		%xmm1, %xmm3
	pxor		%xmm2, %xmm3		/* 1/i + a/k */
	movdqa		INV, %xmm4
	pshufb		%xmm0, %xmm4
	pxor		%xmm2, %xmm4		/* 1/j + a/k */
	movdqa		INV, %xmm2
	pshufb		%xmm3, %xmm2
	pxor		%xmm0, %xmm2		/* io */
	movdqa		INV, %xmm3
	pshufb		%xmm4, %xmm3
	pxor		%xmm1, %xmm3		/* jo */
.endm

/* \dst = \tab_io[io] ^ \tab_jo[jo]: a linear image of the inverse */
.macro OUT tab, dst, t
	movdqa		\tab\()_io(%rip), \dst
	pshufb		%xmm2, \dst
	movdqa		\tab\()_jo(%rip), \t
	pshufb		%xmm3, \t
	pxor		\t, \dst
.endm

/* the key at \key into the state's basis, in xmm5 */
.macro ROUND_KEY key
	movdqu		\key, %xmm5
	TO_STATE	%xmm5, %xmm6, %xmm7
.endm

/*
 * One encryption round but the last, the key at \key: with A = S(x) and
 * B = 2 S(x) from the tables, ShiftRows folded into the byte moves and
 * rotk a column's rows moved up by k,
 *	C = SR(B) ^ rot1(SR(A))	(2 s_r + s_r+1)
 *	x = rot1(C) ^ C ^ rot3(SR(A)) ^ key
 * is MixColumns (2 s_r + 3 s_r+1 + s_r+2 + s_r+3) plus the key.
 */
.macro ENC_ROUND key
	ROUND_KEY	\key
	INVERT
	OUT		.Lenc_s, %xmm0, %xmm1
	OUT		.Lenc_s2, %xmm4, %xmm1
	pshufb		.Lsr(%rip), %xmm4
	movdqa		%xmm0, %xmm1
	pshufb		.Lrot1_sr(%rip), %xmm1
	pxor		%xmm1, %xmm4		/* C */
	pshufb		.Lrot3_sr(%rip), %xmm0
	pxor		%xmm5, %xmm0
	pxor		%xmm4, %xmm0
	pshufb		.Lrot1(%rip), %xmm4
	pxor		%xmm4, %xmm0
.endm

/*
 * One decryption round but the last: InvMixColumns (14 s_r + 11 s_r+1 +
 * 13 s_r+2 + 9 s_r+3) after InvShiftRows, from the four multiples' tables:
 *	G = ISR(14 s) ^ rot2(ISR(13 s)) ^ key
 *	H = ISR(11 s) ^ rot2(ISR(9 s))
 *	x = G ^ rot1(H)
 */
.macro DEC_ROUND key
	ROUND_KEY	\key
	INVERT
	OUT		.Ldec_m14, %xmm0, %xmm4
	OUT		.Ldec_m13, %xmm1, %xmm4
	pshufb		.Lisr(%rip), %xmm0
	pshufb		.Lrot2_isr(%rip), %xmm1
	pxor		%xmm1, %xmm0
	pxor		%xmm5, %xmm0		/* G */
	OUT		.Ldec_m11, %xmm1, %xmm4
	OUT		.Ldec_m9, %xmm4, %xmm6
	pshufb		.Lisr(%rip), %xmm1
	pshufb		.Lrot2_isr(%rip), %xmm4
	pxor		%xmm4, %xmm1		/* H */
	pshufb		.Lrot1(%rip), %xmm1
	pxor		%xmm1, %xmm0
.endm

/*
 * The block at %rdx xor the first round key (and \c, a constant) into the
 * state, the tables of \dir in the registers.  The block comes in as two
 * 8-byte loads, as in aesni-x86_64.S: the glue's C writes it as two
 * 64-bit words, which one 16-byte load could not take forwarded.
 */
.macro START dir, c
	movdqa		.Lnib(%rip), NIB
	movdqa		.Linv(%rip), INV
	movdqa		.Lak(%rip), AK
	movdqa		.L\dir\()_in_lo(%rip), IN_LO
	movdqa		.L\dir\()_in_hi(%rip), IN_HI
	movq		(%rdx), %xmm0
	movhps		8(%rdx), %xmm0
	movdqu		(%rdi), %xmm1
	pxor		%xmm1, %xmm0
	\c
	TO_STATE	%xmm0, %xmm1, %xmm2
	lea		0x10(%rdi), %rax	/* round key 1 */
	lea		0xe0(%rdi), %rcx	/* round key 14 */
.endm

/* the block in xmm0 to (%rsi); every register that held data cleared */
.macro FINISH
	movdqu		%xmm0, (%rsi)
	pxor		%xmm0, %xmm0
	pxor		%xmm1, %xmm1
	pxor		%xmm2, %xmm2
	pxor		%xmm3, %xmm3
	pxor		%xmm4, %xmm4
	pxor		%xmm5, %xmm5
	pxor		%xmm6, %xmm6
	pxor		%xmm7, %xmm7
.endm

SYM_FUNC_START(ax86_aes_vperm_encrypt256)
	/* 0x63 in: the tables add beta(0x63), as they do to round keys */
	START		enc, "pxor .L63(%rip), %xmm0"
.Lenc_round:
	ENC_ROUND	(%rax)
	add		$0x10, %rax
	cmp		%rcx, %rax
	jne		.Lenc_round
	INVERT
	OUT		.Lenc_last, %xmm0, %xmm1
	pshufb		.Lsr(%rip), %xmm0
	movdqu		(%rcx), %xmm1
	pxor		%xmm1, %xmm0
	pxor		.L63(%rip), %xmm0
	FINISH
	RET
SYM_FUNC_END(ax86_aes_vperm_encrypt256)

SYM_FUNC_START(ax86_aes_vperm_decrypt256)
	START		dec, ""
.Ldec_round:
	DEC_ROUND	(%rax)
	add		$0x10, %rax
	cmp		%rcx, %rax
	jne		.Ldec_round
	INVERT
	OUT		.Ldec_last, %xmm0, %xmm1
	pshufb		.Lisr(%rip), %xmm0
	movdqu		(%rcx), %xmm1
	pxor		%xmm1, %xmm0
	FINISH
	RET
SYM_FUNC_END(ax86_aes_vperm_decrypt256)
