/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One AES-256 block each way with SSSE3 vector permutes, in constant time:
 * every S-box is nibble lookups in 16-byte tables with pshufb, so no
 * branch and no memory address depends on the key or the data (the
 * method of Hamburg's "Accelerating AES with Vector Permute
 * Instructions"; the field, the bases, the frame and every table here are
 * derived by tools/aesgen/vperm.py, whose docstring has the algebra).
 * For the CPUs without AES-NI, inside the Adiantum glue's
 * kernel_fpu_begin() section, with the interface of aesni-x86_64.S:
 *
 * void ax86_aes_vperm_encrypt256(const u32 venc[60], u8 out[16],
 *				  const u8 in[16]);
 * void ax86_aes_vperm_decrypt256(const u32 vdec[60], u8 out[16],
 *				  const u8 in[16]);
 *	@venc, @vdec: the 15 round keys in this core's form, made once per
 *	key by aes_vperm_key.h's ax86_aes_vperm_keys() from the kernel AES
 *	library's encryption keys, or from its decryption keys (those of
 *	the equivalent inverse cipher, as AES-NI takes them): each in the
 *	state's basis and its round's frame (below), so that a round adds
 *	its key with one XOR.
 *
 * Between rounds the state is in a basis of the field's tower (beta in
 * vperm.py): a byte is (i << 4) | k, two GF(16) coordinates, which the
 * inversion reads as they are.  Encryption round keys carry the S-box's
 * 0x63, decryption keys the 0x63 their inverse S-box takes off: the
 * output tables cannot (a lookup with index "infinity" gives 0).  Its
 * bytes are not put back in AES's order each round but kept moved by
 * ShiftRows' powers (the frame, vperm.py): the term of MixColumns that
 * rotates nothing then needs no byte move, and the masks of the others
 * repeat every four rounds, which the loop is unrolled by.
 *
 * One block is one chain of 14 rounds, and each round is laid out for
 * it: every table comes from memory (a load, not a register copy on the
 * way), and the round has as few operations on the state as the chain
 * allows, as all of them compete for the same three vector ports (two of
 * which shuffle).  By count an encryption round is 13 dependent steps
 * (split 2, inversion 5, output tables 2, MixColumns 4: two shuffles one
 * after the other) among 25 operations on the state; a decryption round
 * 12 (its shuffles side by side) among 32.  The round key is one load and
 * one XOR.  xmm0..xmm7 carry data and are cleared before returning; xmm15
 * holds 0x0f.  No stack frame, no callee-saved register.  Unaligned
 * pointers are fine.
 */
#include <linux/linkage.h>
#include "hchacha-scalar-macros.S"

.section .rodata.cst16.ax86_aes_vperm, "aM", @progbits, 16
.align 16
/* The tables, as tools/aesgen/aesgen.py vperm prints them: */
/* aesgen vperm: begin */
.Lnib:	.byte 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f
/* 1/n in GF(16), 1/0 = infinity (0x80) */
.Linv:	.byte 0x80, 0x01, 0x09, 0x0e, 0x0d, 0x0b, 0x07, 0x06, 0x0f, 0x02, 0x0c, 0x05, 0x0a, 0x04, 0x03, 0x08
/* a/k, a = 1/nu = 0xf, a/0 = infinity */
.Lak:	.byte 0x80, 0x0f, 0x0e, 0x05, 0x07, 0x03, 0x0b, 0x04, 0x0a, 0x0d, 0x08, 0x06, 0x0c, 0x09, 0x02, 0x01
/* block ^ key 0 to the state's nibbles k (low) and i (high), from its low and high nibbles */
.Lenc_k_lo:	.byte 0x00, 0x00, 0x02, 0x02, 0x04, 0x04, 0x06, 0x06, 0x04, 0x04, 0x06, 0x06, 0x00, 0x00, 0x02, 0x02
.Lenc_k_hi:	.byte 0x00, 0x03, 0x0d, 0x0e, 0x03, 0x00, 0x0e, 0x0d, 0x0e, 0x0d, 0x03, 0x00, 0x0d, 0x0e, 0x00, 0x03
.Lenc_i_lo:	.byte 0x00, 0x01, 0x02, 0x03, 0x02, 0x03, 0x00, 0x01, 0x08, 0x09, 0x0a, 0x0b, 0x0a, 0x0b, 0x08, 0x09
.Lenc_i_hi:	.byte 0x00, 0x0f, 0x08, 0x07, 0x07, 0x08, 0x0f, 0x00, 0x0b, 0x04, 0x03, 0x0c, 0x0c, 0x03, 0x04, 0x0b
/* the same, decrypting */
.Ldec_k_lo:	.byte 0x04, 0x01, 0x0d, 0x08, 0x0d, 0x08, 0x04, 0x01, 0x06, 0x03, 0x0f, 0x0a, 0x0f, 0x0a, 0x06, 0x03
.Ldec_k_hi:	.byte 0x00, 0x07, 0x07, 0x00, 0x0f, 0x08, 0x08, 0x0f, 0x09, 0x0e, 0x0e, 0x09, 0x06, 0x01, 0x01, 0x06
.Ldec_i_lo:	.byte 0x03, 0x0e, 0x05, 0x08, 0x02, 0x0f, 0x04, 0x09, 0x09, 0x04, 0x0f, 0x02, 0x08, 0x05, 0x0e, 0x03
.Ldec_i_hi:	.byte 0x00, 0x01, 0x0e, 0x0f, 0x06, 0x07, 0x08, 0x09, 0x0b, 0x0a, 0x05, 0x04, 0x0d, 0x0c, 0x03, 0x02
/* S(x) less 0x63, in the state's basis */
.Lenc_s_io:	.byte 0x00, 0xbb, 0xc0, 0xce, 0xe8, 0x5d, 0x0e, 0xb5, 0x75, 0x9d, 0x53, 0x93, 0xe6, 0x28, 0x26, 0x7b
.Lenc_s_jo:	.byte 0x00, 0xda, 0xd9, 0xd1, 0x74, 0xa6, 0x08, 0xd2, 0x0b, 0x7f, 0xae, 0x77, 0x7c, 0xad, 0xa5, 0x03
/* 3 S(x) less 0xa5, in the state's basis */
.Lenc_s3_io:	.byte 0x00, 0x0e, 0x7b, 0x65, 0xa7, 0xb7, 0x1e, 0x10, 0x6b, 0xcc, 0xa9, 0xd2, 0xb9, 0xdc, 0xc2, 0x75
.Lenc_s3_jo:	.byte 0x00, 0x93, 0xc0, 0x78, 0x5a, 0x71, 0xb8, 0x2b, 0xeb, 0xb1, 0xc9, 0x09, 0xe2, 0x9a, 0x22, 0x53
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
/* ShiftRows twice: the last round out of the frame */
.Lsr2:	.byte 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 5, 14, 7
/* Lrkcd: row r of column c takes row r + k of column c + d */
.Lr1c0:	.byte 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12
.Lr1c1:	.byte 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0
.Lr1c2:	.byte 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4
.Lr1c3:	.byte 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8
.Lr2c0:	.byte 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
.Lr2c2:	.byte 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5
.Lr3c0:	.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
.Lr3c1:	.byte 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2
.Lr3c2:	.byte 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6
.Lr3c3:	.byte 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10
/* aesgen vperm: end */

#define NIB	%xmm15		/* 0x0f in every byte */

.text
/* the state in xmm0 to its low nibbles k (xmm0) and high ones i (xmm1) */
.macro SPLIT
	movdqa		.Lnib(%rip), %xmm1
	pandn		%xmm0, %xmm1
	psrld		$4, %xmm1
	pand		NIB, %xmm0
.endm

/*
 * The block at \in(%rdx) plus round key 0 straight to the state's
 * nibbles, k in xmm0 and i in xmm6: \dir's tables on the low and high
 * nibbles of each byte.  xmm1..xmm3 are scratch.
 */
.macro FIRST dir, in=0
	movq		\in(%rdx), %xmm0
	movhps		8+\in(%rdx), %xmm0
	movdqu		(%rdi), %xmm1
	pxor		%xmm1, %xmm0
	SPLIT
	movdqa		.L\dir\()_k_lo(%rip), %xmm2
	pshufb		%xmm0, %xmm2
	movdqa		.L\dir\()_i_lo(%rip), %xmm3
	pshufb		%xmm0, %xmm3
	movdqa		.L\dir\()_k_hi(%rip), %xmm0
	pshufb		%xmm1, %xmm0
	pxor		%xmm2, %xmm0		/* k */
	movdqa		.L\dir\()_i_hi(%rip), %xmm6
	pshufb		%xmm1, %xmm6
	pxor		%xmm3, %xmm6		/* i */
.endm

/*
 * The paired decryption's other work (below) goes in after shuffles:
 * part \n of the HChaCha half round \hc (a macro taking \n and
 * \between), nothing where \hc is blank.
 */
.macro HC_PART hc, n, between
.ifnb \hc
	\hc		\n, \between
.endif
.endm

/*
 * k in xmm0 and i in \i to io in xmm2 and jo in xmm3 (vperm.py): with
 * j = i ^ k,
 *	io = 1/(1/i + a/k) + j,	jo = 1/(1/j + a/k) + i
 * xmm0, xmm1, xmm4 are free after it.  Parts 0..4 of \hc after its
 * shuffles.
 */
.macro INVERT i, hc, between
	movdqa		.Lak(%rip), %xmm2
	pshufb		%xmm0, %xmm2		/* a/k */
	HC_PART		\hc, 0, \between
	pxor		\i, %xmm0		/* j */
	movdqa		.Linv(%rip), %xmm3
	pshufb		\i, %xmm3
	HC_PART		\hc, 1, \between
	pxor		%xmm2, %xmm3		/* 1/i + a/k */
	movdqa		.Linv(%rip), %xmm4
	pshufb		%xmm0, %xmm4
	HC_PART		\hc, 2, \between
	pxor		%xmm2, %xmm4		/* 1/j + a/k */
	movdqa		.Linv(%rip), %xmm2
	pshufb		%xmm3, %xmm2
	HC_PART		\hc, 3, \between
	pxor		%xmm0, %xmm2		/* io */
	movdqa		.Linv(%rip), %xmm3
	pshufb		%xmm4, %xmm3
	HC_PART		\hc, 4, \between
	pxor		\i, %xmm3		/* jo */
.endm

/*
 * A linear image of the inverse is \tab_io[io] ^ \tab_jo[jo]: IO puts
 * the first in \dst, JO adds the second (xmm7 is scratch), then moves
 * \dst by \r if given.  Apart, so that a round can order its lookups.
 * Part \n of \hc after each shuffle (JO's move: part \n + 1).
 */
.macro IO tab, dst, hc, n, between
	movdqa		\tab\()_io(%rip), \dst
	pshufb		%xmm2, \dst
	HC_PART		\hc, \n, \between
.endm

.macro JO tab, dst, r, hc, n, between
	movdqa		\tab\()_jo(%rip), %xmm7
	pshufb		%xmm3, %xmm7
	HC_PART		\hc, \n, \between
	pxor		%xmm7, \dst
.ifnb \r
	pshufb		\r(%rip), \dst
	HC_PART		\hc, (\n)+1, \between
.endif
.endm

/*
 * One encryption round but the last, from k (xmm0) and i (\i), the round
 * key in \key: with A = S(x) and B = 3 S(x) from the tables, in the frame
 * (\r1, \r2 the frame's rot1 and rot2),
 *	c = B ^ rot2(A),	x = c ^ rot1(c) ^ A ^ key
 * is MixColumns after ShiftRows, plus the key.  The io lookups first
 * (io is ready a step before jo), and each shuffle ahead of what can
 * wait: A's copy costs less than the shuffle losing its port to A ^ key.
 */
.macro ENC_MIX i, key, r1, r2
	INVERT		\i
	IO		.Lenc_s, %xmm0
	IO		.Lenc_s3, %xmm1
	JO		.Lenc_s, %xmm0		/* A */
	JO		.Lenc_s3, %xmm1		/* B */
	movdqa		%xmm0, %xmm4
	pshufb		\r2(%rip), %xmm4
	pxor		%xmm1, %xmm4		/* c */
	pxor		\key, %xmm0		/* A ^ key */
	pxor		%xmm4, %xmm0
	pshufb		\r1(%rip), %xmm4
	pxor		%xmm4, %xmm0
.endm

/* a whole one on the state in xmm0, its key in the register \key */
.macro ENC_ROUND key, r1, r2
	SPLIT
	ENC_MIX		%xmm1, \key, \r1, \r2
.endm

/*
 * One decryption round but the last: InvMixColumns (14 s_r + 11 s_r+1 +
 * 13 s_r+2 + 9 s_r+3) after InvShiftRows, in the frame: the 14s term
 * with the key unmoved, the three others each moved once by the frame's
 * \r1, \r2, \r3, side by side.  Eleven shuffles follow the inversion
 * and only two pipes shuffle: in program order (which is the order the
 * pipes take ready work in) first what has a move after it, the 14s term
 * last.
 */
.macro DEC_MIX i, key, r1, r2, r3, hc, between
	INVERT		\i, \hc, \between
	IO		.Ldec_m11, %xmm1, \hc, 5, \between
	IO		.Ldec_m13, %xmm4, \hc, 6, \between
	IO		.Ldec_m9, %xmm6, \hc, 7, \between
	JO		.Ldec_m11, %xmm1, \r1, \hc, 8, \between
	JO		.Ldec_m13, %xmm4, \r2, \hc, 10, \between
	JO		.Ldec_m9, %xmm6, \r3, \hc, 12, \between
	IO		.Ldec_m14, %xmm0, \hc, 14, \between
	pxor		\key, %xmm0
	JO		.Ldec_m14, %xmm0, , \hc, 15, \between	/* 14 s ^ key */
	pxor		%xmm1, %xmm0
	pxor		%xmm6, %xmm4
	pxor		%xmm4, %xmm0
.endm

/*
 * a whole one on the state in xmm0, its key in the register \key (and
 * \hc's sixteen parts, if given)
 */
.macro DEC_ROUND key, r1, r2, r3, hc, between
	SPLIT
	DEC_MIX		%xmm1, \key, \r1, \r2, \r3, \hc, \between
.endm

/*
 * The last round on the state in xmm0, to AES's basis (\tab) and byte
 * order, its key in the register \key (moved by ShiftRows^2 already, as
 * the sum is before its one move) added with the io lookup: the block in
 * xmm0.
 */
.macro LAST tab, key
	SPLIT
	INVERT		%xmm1
	IO		\tab, %xmm0
	pxor		\key, %xmm0
	JO		\tab, %xmm0, .Lsr2
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

/*
 * Round 1 from the block, rounds 2..13 as three times the frame's four
 * phases (each round's masks: vperm.py's enc_masks(), dec_masks()), round
 * 14 out of the frame.  The block comes in as two 8-byte loads, as in
 * aesni-x86_64.S: the glue's C writes it as two 64-bit words, which one
 * 16-byte load could not take forwarded.
 */
SYM_FUNC_START(ax86_aes_vperm_encrypt256)
	movdqa		.Lnib(%rip), NIB
	movdqu		0x10(%rdi), %xmm5
	FIRST		enc
	ENC_MIX		%xmm6, %xmm5, .Lr1c1, .Lr2c2
	lea		0x20(%rdi), %rax	/* round key 2 */
	lea		0xe0(%rdi), %rcx	/* round key 14 */
.Lenc_rounds:
	movdqu		0x00(%rax), %xmm5
	ENC_ROUND	%xmm5, .Lr1c2, .Lr2c0
	movdqu		0x10(%rax), %xmm5
	ENC_ROUND	%xmm5, .Lr1c3, .Lr2c2
	movdqu		0x20(%rax), %xmm5
	ENC_ROUND	%xmm5, .Lr1c0, .Lr2c0
	movdqu		0x30(%rax), %xmm5
	ENC_ROUND	%xmm5, .Lr1c1, .Lr2c2
	add		$0x40, %rax
	cmp		%rcx, %rax
	jne		.Lenc_rounds
	movdqu		(%rcx), %xmm5
	LAST		.Lenc_last, %xmm5
	FINISH
	RET
SYM_FUNC_END(ax86_aes_vperm_encrypt256)

SYM_FUNC_START(ax86_aes_vperm_decrypt256)
	movdqa		.Lnib(%rip), NIB
	movdqu		0x10(%rdi), %xmm5
	FIRST		dec
	DEC_MIX		%xmm6, %xmm5, .Lr1c3, .Lr2c2, .Lr3c1
	lea		0x20(%rdi), %rax
	lea		0xe0(%rdi), %rcx
.Ldec_rounds:
	movdqu		0x00(%rax), %xmm5
	DEC_ROUND	%xmm5, .Lr1c2, .Lr2c0, .Lr3c2
	movdqu		0x10(%rax), %xmm5
	DEC_ROUND	%xmm5, .Lr1c1, .Lr2c2, .Lr3c3
	movdqu		0x20(%rax), %xmm5
	DEC_ROUND	%xmm5, .Lr1c0, .Lr2c0, .Lr3c0
	movdqu		0x30(%rax), %xmm5
	DEC_ROUND	%xmm5, .Lr1c3, .Lr2c2, .Lr3c1
	add		$0x40, %rax
	cmp		%rcx, %rax
	jne		.Ldec_rounds
	movdqu		(%rcx), %xmm5
	LAST		.Ldec_last, %xmm5
	FINISH
	RET
SYM_FUNC_END(ax86_aes_vperm_decrypt256)

/*
 * Decryption side by side with the XChaCha subkey.  Adiantum decrypts
 * M = AES^-1(C_M) and derives its stream's subkey by HChaCha from the
 * same C_M: two serial chains, neither waiting for the other.  Called one
 * after the other they do not overlap on a Zen 4 (the block's 500 or so
 * operations fill the out-of-order window).  Here each AES round carries
 * half a round of the scalar HChaCha (hchacha-scalar-macros.S) in sixteen
 * parts, one after each of the round's shuffles and before the
 * instruction that waits for it: the integer pipes work while the block
 * waits, on an in-order Atom too, and the parts are close enough for a
 * small out-of-order window to see both (docs/design.md).
 *
 * void ax86_aes_vperm_decrypt256_hchacha(const u32 vdec[60], u8 out[16],
 *					  u32 state[16],
 *					  unsigned int nrounds);
 *	@vdec: the decryption keys in this core's form (above);
 *	@out gets the block decrypted from @state's words 12..15; @state's
 *	words 4..11 get words 0..3 and 12..15 of HChaCha of @state with
 *	@nrounds rounds (even, 12 or more: XChaCha12 and XChaCha20), as
 *	ax86_hchacha_scalar(state, &state[4], nrounds) writes them.
 *
 * Every GPR but %rsp and %rbp holds HChaCha's state, so the round keys
 * come through %rax in the gaps the HChaCha macros leave (KEYS_*), a
 * pass of four rounds ahead into xmm8..xmm11, the key pointer in the
 * frame.  Rounds 2..13 are three passes with two HChaCha rounds each; a
 * longer HChaCha finishes after the block's last round.
 */
#define SLOT_HOUT	16		/* &state[4] */
#define SLOT_OUT	24		/* @out */
#define SLOT_KEYS	32		/* this pass's first round key */
#define SLOT_ROUNDS	40
#define SLOT_PASSES	44
#define FRAME		48

/* this pass's round keys 1 and 2, then 3, then the next pass's first */
.macro KEYS_1_2
	mov		SLOT_KEYS(%rsp), %rax
	movdqu		0x10(%rax), %xmm9
	movdqu		0x20(%rax), %xmm10
.endm

.macro KEYS_3
	mov		SLOT_KEYS(%rsp), %rax
	movdqu		0x30(%rax), %xmm11
.endm

/* the next pass's first round key; after the last pass, key 14 */
.macro KEYS_NEXT
	mov		SLOT_KEYS(%rsp), %rax
	movdqu		0x40(%rax), %xmm8
	add		$0x40, %rax
	mov		%rax, SLOT_KEYS(%rsp)
.endm

SYM_FUNC_START(ax86_aes_vperm_decrypt256_hchacha)
	push		%rbx
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$FRAME, %rsp
	mov		%rsi, SLOT_OUT(%rsp)
	lea		0x10(%rdx), %rax
	mov		%rax, SLOT_HOUT(%rsp)
	mov		%ecx, SLOT_ROUNDS(%rsp)
	movl		$3, SLOT_PASSES(%rsp)
	movdqa		.Lnib(%rip), NIB
	movdqu		0x10(%rdi), %xmm5
	FIRST		dec, 0x30
	DEC_MIX		%xmm6, %xmm5, .Lr1c3, .Lr2c2, .Lr3c1
	lea		0x20(%rdi), %rax
	mov		%rax, SLOT_KEYS(%rsp)
	movdqu		0x20(%rdi), %xmm8
	mov		%rdx, %rdi
	HC_LOAD
.Ldec_hchacha_passes:
	DEC_ROUND	%xmm8, .Lr1c2, .Lr2c0, .Lr3c2, HC_COLUMNS_PART, KEYS_1_2
	DEC_ROUND	%xmm9, .Lr1c1, .Lr2c2, .Lr3c3, HC_DIAGONALS_PART, KEYS_3
	DEC_ROUND	%xmm10, .Lr1c0, .Lr2c0, .Lr3c0, HC_COLUMNS_PART
	DEC_ROUND	%xmm11, .Lr1c3, .Lr2c2, .Lr3c1, HC_DIAGONALS_PART, KEYS_NEXT
	subl		$1, SLOT_PASSES(%rsp)
	jnz		.Ldec_hchacha_passes
	LAST		.Ldec_last, %xmm8
	subl		$12, SLOT_ROUNDS(%rsp)
	jz		.Ldec_hchacha_done
.Ldec_hchacha_more:
	HC_COLUMNS
	HC_DIAGONALS
	subl		$2, SLOT_ROUNDS(%rsp)
	jnz		.Ldec_hchacha_more
.Ldec_hchacha_done:
	HC_STORE_WIPE	SLOT_HOUT(%rsp)
	mov		SLOT_OUT(%rsp), %rsi
	FINISH
	pxor		%xmm8, %xmm8
	pxor		%xmm9, %xmm9
	pxor		%xmm10, %xmm10
	pxor		%xmm11, %xmm11
	add		$FRAME, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbx
	RET
SYM_FUNC_END(ax86_aes_vperm_decrypt256_hchacha)
