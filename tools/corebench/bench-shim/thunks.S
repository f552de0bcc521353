/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench shim: the thunks that the kernel's -mfunction-return=
 * thunk-extern and -mindirect-branch=thunk-extern make gcc call.  Here
 * they are what a kernel patches them to on a CPU that needs neither
 * retpolines nor return thunks: a plain return and plain indirect jumps
 * (one direct jmp each more than the patched kernel runs).
 */
	.text
	.globl	__x86_return_thunk
	.type	__x86_return_thunk, @function
__x86_return_thunk:
	ret
	int3
	.size	__x86_return_thunk, . - __x86_return_thunk

.macro THUNK reg
	.globl	__x86_indirect_thunk_\reg
	.type	__x86_indirect_thunk_\reg, @function
__x86_indirect_thunk_\reg:
	jmp	*%\reg
	int3
	.size	__x86_indirect_thunk_\reg, . - __x86_indirect_thunk_\reg
.endm

	THUNK rax
	THUNK rbx
	THUNK rcx
	THUNK rdx
	THUNK rsi
	THUNK rdi
	THUNK rbp
	THUNK r8
	THUNK r9
	THUNK r10
	THUNK r11
	THUNK r12
	THUNK r13
	THUNK r14
	THUNK r15

	.section .note.GNU-stack, "", @progbits
