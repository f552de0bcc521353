/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel primitives crypto/ uses, for its userspace builds (unit tests,
 * tool, benchmark).  x86 is little endian, so the le accessors are copies.
 */
#ifndef AX86_USERSPACE_H
#define AX86_USERSPACE_H

#include <assert.h>		/* static_assert, as <linux/build_bug.h> */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/cdefs.h>		/* __always_inline */

typedef uint8_t u8;
typedef uint32_t u32;
typedef uint64_t u64;

static inline u32 get_unaligned_le32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline u64 get_unaligned_le64(const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return v;
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

#define min_t(type, a, b) ((type)(a) < (type)(b) ? (type)(a) : (type)(b))
#define round_down(x, y) ((x) & ~((__typeof__(x))(y) - 1))
#define round_up(x, y) ((((x) - 1) | ((__typeof__(x))(y) - 1)) + 1)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define __maybe_unused __attribute_maybe_unused__	/* sys/cdefs.h */
#define __always_unused __attribute__((__unused__))
#define __aligned(n) __attribute__((__aligned__(n)))

#endif /* AX86_USERSPACE_H */
