/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few primitives the portable cores need, from the kernel when built as
 * part of a module and from libc when built into the userspace tests.  This
 * is the only place in crypto/ that knows which of the two it is in.
 */
#ifndef AX86_PORTABLE_H
#define AX86_PORTABLE_H

#ifdef __KERNEL__

#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#include "../compat.h"		/* get/put_unaligned_le*() */

#else /* userspace: tests, tool, benchmark */

#include <ax86_userspace.h>	/* tools/common/shim: u8..u64, unaligned access */

#endif /* __KERNEL__ */

/*
 * For a large local that every path writes before it reads it: no zeroing
 * at entry.  Kernels built with CONFIG_INIT_STACK_ALL_ZERO (Debian's) make
 * gcc zero every local (-ftrivial-auto-var-init=zero); for the buffers of
 * one message that is a rep stos per message, which a short one feels
 * (docs/performance.md has the cost).
 */
#if defined(__has_attribute) && __has_attribute(__uninitialized__)
#define ax86_written_first	__attribute__((__uninitialized__))
#else
#define ax86_written_first
#endif

#endif /* AX86_PORTABLE_H */
