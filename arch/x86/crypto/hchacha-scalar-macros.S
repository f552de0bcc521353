/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HChaCha in general-purpose registers, as assembler macros: for
 * hchacha-scalar-x86_64.S's core and for aes-vperm-x86_64.S's decryption
 * paired with it.  Why it is laid out this way: hchacha-scalar-x86_64.S.
 * Included, not built: macros only (an object of its own would be empty,
 * as the userspace builds, which take every .S here, make it).
 *
 * The state takes all fourteen registers besides %rsp and %rbp; two of
 * its 'a' words at a time wait in the first 16 bytes of the caller's
 * frame (HC_SLOT_X0..3).  Between a round's halves %rax is free for a
 * few instructions (the 'between' hooks below): its old word is parked
 * and the next one not yet fetched, and the fetch renames it.  A round
 * comes whole (HC_COLUMNS, HC_DIAGONALS) or in sixteen parts of three
 * instructions or so (the _PART macros), for a caller that spreads it
 * between instructions of its own.
 */
#ifndef AX86_HCHACHA_SCALAR_MACROS_S
#define AX86_HCHACHA_SCALAR_MACROS_S

#define A01	%eax		/* x1 or x0 */
#define A23	%ebx		/* x2 or x3 */
#define X4	%ecx
#define X5	%edx
#define X6	%esi
#define X7	%edi
#define X8	%r8d
#define X9	%r9d
#define X10	%r10d
#define X11	%r11d
#define X12	%r12d
#define X13	%r13d
#define X14	%r14d
#define X15	%r15d

#define HC_SLOT_X0	0
#define HC_SLOT_X1	4
#define HC_SLOT_X2	8
#define HC_SLOT_X3	12

/*
 * Two quarter rounds side by side, in eight halves of a step: half \h
 * (0..7) of step h / 2, whose rotation is 16, 12, 8, 7.  A step is an
 * add, an XOR and a rotation of each quarter round; its first half the
 * two adds and one XOR, its second the other XOR and the rotations.
 */
.macro QHALF h, a1, b1, c1, d1, a2, b2, c2, d2
.if ((\h) / 2) % 2 == 0
	QHALF_STEP	(\h), \a1, \b1, \d1, \a2, \b2, \d2
.else
	QHALF_STEP	(\h), \c1, \d1, \b1, \c2, \d2, \b2
.endif
.endm

/* x += y, z ^= x, z <<<= the step's rotation; two side by side */
.macro QHALF_STEP h, x1, y1, z1, x2, y2, z2
.if (\h) % 2 == 0
	add		\y1, \x1
	add		\y2, \x2
	xor		\x1, \z1
.else
	xor		\x2, \z2
.if (\h) / 2 == 0
	rol		$16, \z1
	rol		$16, \z2
.elseif (\h) / 2 == 1
	rol		$12, \z1
	rol		$12, \z2
.elseif (\h) / 2 == 2
	rol		$8, \z1
	rol		$8, \z2
.else
	rol		$7, \z1
	rol		$7, \z2
.endif
.endif
.endm

.macro QUARTER2 a1, b1, c1, d1, a2, b2, c2, d2
	.irp h, 0, 1, 2, 3, 4, 5, 6, 7
	QHALF		\h, \a1, \b1, \c1, \d1, \a2, \b2, \c2, \d2
	.endr
.endm

/* the state at %rdi into the registers and slots; %rdi is lost */
.macro HC_LOAD
	mov		0x00(%rdi), %eax
	mov		%eax, HC_SLOT_X0(%rsp)
	mov		0x0c(%rdi), %eax
	mov		%eax, HC_SLOT_X3(%rsp)
	mov		0x04(%rdi), A01
	mov		0x08(%rdi), A23
	mov		0x10(%rdi), X4
	mov		0x14(%rdi), X5
	mov		0x18(%rdi), X6
	mov		0x20(%rdi), X8
	mov		0x24(%rdi), X9
	mov		0x28(%rdi), X10
	mov		0x2c(%rdi), X11
	mov		0x30(%rdi), X12
	mov		0x34(%rdi), X13
	mov		0x38(%rdi), X14
	mov		0x3c(%rdi), X15
	mov		0x1c(%rdi), X7		/* last: X7 is %edi */
.endm

/*
 * The column round, in sixteen parts so that a caller can spread it out
 * (HC_COLUMNS_PART \n, n = 0..15, in order): x1's and x2's quarter
 * rounds, then they are parked and x0, x3 fetched (\between, a macro
 * name, runs in the gap), then those two's.
 */
.macro HC_COLUMNS_PART n, between
.if (\n) < 8
	QHALF		(\n), A01, X5, X9, X13,  A23, X6, X10, X14
.else
.if (\n) == 8
	mov		A01, HC_SLOT_X1(%rsp)
	mov		A23, HC_SLOT_X2(%rsp)
.ifnb \between
	\between
.endif
	mov		HC_SLOT_X0(%rsp), A01
	mov		HC_SLOT_X3(%rsp), A23
.endif
	QHALF		(\n)-8, A01, X4, X8, X12,  A23, X7, X11, X15
.endif
.endm

/* the diagonal round: x0's and x3's first, then x1, x2 back */
.macro HC_DIAGONALS_PART n, between
.if (\n) < 8
	QHALF		(\n), A01, X5, X10, X15,  A23, X4, X9, X14
.else
.if (\n) == 8
	mov		A01, HC_SLOT_X0(%rsp)
	mov		A23, HC_SLOT_X3(%rsp)
.ifnb \between
	\between
.endif
	mov		HC_SLOT_X1(%rsp), A01
	mov		HC_SLOT_X2(%rsp), A23
.endif
	QHALF		(\n)-8, A01, X6, X11, X12,  A23, X7, X8, X13
.endif
.endm

/* each whole, in one piece */
.macro HC_COLUMNS between
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	HC_COLUMNS_PART	\n, \between
	.endr
.endm

.macro HC_DIAGONALS between
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	HC_DIAGONALS_PART \n, \between
	.endr
.endm

/*
 * Words 0..3 and 12..15 to \out (a memory operand holding the pointer),
 * then the registers and slots that held the rest cleared: x4..x11 with
 * the output would give back the key.  %rsi (x6) ends holding \out.
 */
.macro HC_STORE_WIPE out
	mov		\out, %rsi
	mov		HC_SLOT_X0(%rsp), X4
	mov		X4, 0x00(%rsi)
	mov		A01, 0x04(%rsi)
	mov		A23, 0x08(%rsi)
	mov		HC_SLOT_X3(%rsp), X4
	mov		X4, 0x0c(%rsi)
	mov		X12, 0x10(%rsi)
	mov		X13, 0x14(%rsi)
	mov		X14, 0x18(%rsi)
	mov		X15, 0x1c(%rsi)
	xor		X4, X4
	xor		X5, X5
	xor		X7, X7
	xor		X8, X8
	xor		X9, X9
	xor		X10, X10
	xor		X11, X11
	movq		$0, HC_SLOT_X0(%rsp)
	movq		$0, HC_SLOT_X2(%rsp)
.endm

#endif /* AX86_HCHACHA_SCALAR_MACROS_S */
