/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <asm/frame.h> for assembling kernel .S files in userspace (the in-tree
 * cores that make bench compares against): frame pointers are not needed.
 */
#ifndef AX86_SHIM_ASM_FRAME_H
#define AX86_SHIM_ASM_FRAME_H

#ifdef __ASSEMBLER__
#define FRAME_BEGIN
#define FRAME_END
#endif

#endif /* AX86_SHIM_ASM_FRAME_H */
