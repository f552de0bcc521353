/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernel versions we build for (6.1 .. 7.x)
 * lives here, so that the glue and the cores read as if there were one kernel.
 */
#ifndef AX86_COMPAT_H
#define AX86_COMPAT_H

/* 6.12 moved <asm/unaligned.h> to <linux/unaligned.h> */
#if __has_include("linux/unaligned.h")
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif /* AX86_COMPAT_H */
