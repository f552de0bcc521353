/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU switches the dispatch headers read on every call: each set once
 * when adiantum_x86_core loads (core_main.c, from isa.h's reading of
 * cpu_quirks.h).  In the kernel each is a static key, so reading one is a
 * jump patched at load rather than a load and a test, as Linux's own arch
 * glue reads its CPU features.  In userspace (the unit tests, make bench,
 * the model) a plain bool in each program, which it sets one way or both.
 *
 *	AX86_CPU_SWITCH(name);		declares it
 *	ax86_on(name)			reads it
 */
#ifndef AX86_CPU_SWITCH_H
#define AX86_CPU_SWITCH_H

#ifdef __KERNEL__
#include <linux/jump_label.h>
#define AX86_CPU_SWITCH(name)	DECLARE_STATIC_KEY_FALSE(name)
#define ax86_on(name)		static_branch_unlikely(&(name))
#else
#define AX86_CPU_SWITCH(name)	static bool name __maybe_unused
#define ax86_on(name)		(name)
#endif

#endif /* AX86_CPU_SWITCH_H */
