/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SSE2 NH both users run (the nhpoly1305 shash and the whole
 * Adiantum variants sse2 and ssse3): ax86_nh_sse2, or on the CPUs of
 * cpu_quirks.h's slow 64-bit vector add ax86_nh_sse2_dsum, which sums in
 * 32-bit lanes.  Called with the FPU usable.
 */
#ifndef AX86_NH_DISPATCH_H
#define AX86_NH_DISPATCH_H

#include "asm_cores.h"
#include "cpu_switch.h"

/* on where cpu_quirks.h's slow paddq holds (isa.h) */
AX86_CPU_SWITCH(ax86_nh_dsum_on);

static __always_inline void ax86_nh_sse2_or_dsum(const u32 *key,
						 const u8 *msg,
						 unsigned int len,
						 u8 hash[32])
{
	if (ax86_on(ax86_nh_dsum_on))
		ax86_nh_sse2_dsum(key, msg, len, hash);
	else
		ax86_nh_sse2(key, msg, len, hash);
}

#endif /* AX86_NH_DISPATCH_H */
