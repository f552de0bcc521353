/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Core clock cycles from TSC ticks, for the benchmarks.  The TSC of a VM
 * ticks at a fixed rate, not at the core clock: a chain of dependent
 * one-cycle adds is timed against it, and the fastest of a few runs gives
 * core cycles per TSC tick.  The adds take a register operand: newer Intel
 * cores (seen on family 6 model 207) fold a chain of add-immediates at
 * rename, several a cycle, which read 4.6 cycles a tick where the core
 * runs 1.2.
 */
#ifndef AX86_CYCLES_H
#define AX86_CYCLES_H

#include <x86intrin.h>

static inline double ax86_core_cycles_per_tick(void)
{
	double best = 0;
	int t, i;

	for (t = 0; t < 5; t++) {
		unsigned long long x = 0, one = 1, t0 = __rdtsc();

		for (i = 0; i < 100000; i++)
			__asm__ volatile(".rept 100\n\tadd %1, %0\n\t.endr"
					 : "+r"(x) : "r"(one));
		t0 = __rdtsc() - t0;
		if (1e7 / t0 > best)
			best = 1e7 / t0;
	}
	return best;
}

#endif /* AX86_CYCLES_H */
