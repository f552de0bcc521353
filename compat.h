/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernel versions we build for (6.1 .. 7.x)
 * lives here, so that the glue and the cores read as if there were one kernel.
 */
#ifndef AX86_COMPAT_H
#define AX86_COMPAT_H

#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif /* AX86_COMPAT_H */
