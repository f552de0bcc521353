/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel headers, just enough to compile the Linux 6.1 in-tree Poly1305
 * (lib/crypto/poly1305-donna64.c) into make bench: not used by anything
 * else.
 */
#ifndef AX86_BENCH_SHIM_KERNEL_H
#define AX86_BENCH_SHIM_KERNEL_H

#include <ax86_userspace.h>

#define likely(x)		__builtin_expect(!!(x), 1)
/* the in-tree file exports its functions: here a declaration of nothing */
#define EXPORT_SYMBOL(sym) \
	extern int ax86_unused_##sym

#endif
