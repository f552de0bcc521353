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

#else /* userspace */

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint8_t u8;
typedef uint32_t u32;
typedef uint64_t u64;

#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif

static inline u32 get_unaligned_le32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;	/* x86 is little endian */
}

static inline u64 get_unaligned_le64(const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return v;	/* x86 is little endian */
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	memcpy(p, &v, sizeof(v));
}

static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

#define min(a, b) ((a) < (b) ? (a) : (b))
#define round_down(x, y) ((x) & ~((__typeof__(x))(y) - 1))

#endif /* __KERNEL__ */

/* Poly1305 multiplies 64-bit limbs; x86_64 gcc and clang have this type. */
typedef unsigned __int128 ax86_u128;

#endif /* AX86_PORTABLE_H */
