/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's <linux/linkage.h> to assemble .S files
 * unchanged in userspace: ours for the tests and the benchmark, and the
 * Linux 6.1 in-tree cores the benchmark compares against.
 */
#ifndef AX86_SHIM_LINKAGE_H
#define AX86_SHIM_LINKAGE_H

#ifdef __ASSEMBLER__

#define SYM_FUNC_START(name)		\
	.globl name;			\
	.type name, @function;		\
	.p2align 4;			\
	name:

#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)

#define SYM_FUNC_START_LOCAL(name)	\
	.type name, @function;		\
	.p2align 4;			\
	name:

#define SYM_FUNC_END(name)		\
	.size name, . - name

#define RET	ret

#endif /* __ASSEMBLER__ */

#endif /* AX86_SHIM_LINKAGE_H */
