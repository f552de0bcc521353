/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel headers, just enough to compile the Linux 6.1 C that make bench
 * runs (lib/crypto/poly1305-donna64.c, aes.c, chacha.c, libchacha.c,
 * utils.c and crypto/aes_generic.c of linux-source-6.1): not used by
 * anything else.  The other <linux/...> and <asm/...> names of this
 * directory all come here.
 */
#ifndef AX86_BENCH_SHIM_KERNEL_H
#define AX86_BENCH_SHIM_KERNEL_H

#include <ax86_userspace.h>

typedef uint16_t u16;

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define __aligned(n)		__attribute__((__aligned__(n)))
#define ____cacheline_aligned	__aligned(64)
#define __visible		__attribute__((__externally_visible__))
#define __alias(sym)		__attribute__((__alias__(#sym)))
#define __init
#define __exit

/* the configuration the x86_64 kernels have, for IS_ENABLED() */
#define IS_ENABLED(option)	(option)
#define CONFIG_64BIT		1
#define CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS 1

/* the in-tree files export their functions: here a declaration of nothing */
#define EXPORT_SYMBOL(sym) \
	extern int ax86_unused_##sym
#define EXPORT_SYMBOL_GPL(sym)	EXPORT_SYMBOL(sym)
#define MODULE_LICENSE(s)	extern int ax86_unused_module_info
#define MODULE_DESCRIPTION(s)	MODULE_LICENSE(s)
#define MODULE_AUTHOR(s)	MODULE_LICENSE(s)
#define MODULE_ALIAS_CRYPTO(s)	MODULE_LICENSE(s)
#define THIS_MODULE		((struct module *)0)
/* the module's init and exit, callable by make bench under these names */
#define subsys_initcall(fn) \
	int cb_initcall_##fn(void); int cb_initcall_##fn(void) { return fn(); }
#define module_exit(fn) \
	void cb_exitcall_##fn(void); void cb_exitcall_##fn(void) { fn(); }

static inline u32 rol32(u32 w, unsigned int s)
{
	return (w << (s & 31)) | (w >> ((-s) & 31));
}

static inline u32 ror32(u32 w, unsigned int s)
{
	return (w >> (s & 31)) | (w << ((-s) & 31));
}

#define __ffs(w)		((unsigned long)__builtin_ctzl(w))

/* make bench prints it; the kernel's warning is a trap, off the fast path */
void cb_shim_warn(const char *file, int line);
#define WARN_ON_ONCE(cond) ({						\
	int __w = !!(cond);						\
	if (unlikely(__w))						\
		cb_shim_warn(__FILE__, __LINE__);			\
	__w;								\
})

/* any type, any alignment: a copy gcc turns into one load or store */
#define get_unaligned(p) ({						\
	__typeof__(*(p)) __v;						\
	memcpy(&__v, (p), sizeof(__v));					\
	__v;								\
})
#define put_unaligned(v, p) do {					\
	__typeof__(*(p)) __v = (v);					\
	memcpy((p), &__v, sizeof(__v));					\
} while (0)

#endif
