/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Intel family-6 models whose pshufb costs several micro-ops (the in-order
 * Atoms Bonnell and Saltwell, and Silvermont/Airmont): there the SSE2
 * ChaCha, rotating by shifts, beats the SSSE3 one (make model: 4 KiB
 * Adiantum work 0.77-0.80 of Linux's with SSE2 against 0.84-0.94 with
 * SSSE3), so the SSSE3 variants rank just below the SSE2 ones.  The same
 * holds for AMD family 0x16, Jaguar and Puma (llvm's btver2: 0.86 against
 * 0.89, the SSSE3 double round bound by its one shuffle-capable ALU).  The
 * unit tests name every entry.
 */
#ifndef AX86_SLOW_PSHUFB_MODELS_H
#define AX86_SLOW_PSHUFB_MODELS_H

static const unsigned char ax86_slow_pshufb_models[] = {
	0x1c, 0x26,			/* Bonnell: Diamondville, Lincroft */
	0x27, 0x35, 0x36,		/* Saltwell: Penwell, Cloverview, Cedarview */
	0x37, 0x4a, 0x4d, 0x5a, 0x5d,	/* Silvermont */
	0x4c, 0x75,			/* Airmont */
};

#define AX86_SLOW_PSHUFB_AMD_FAMILY	0x16	/* Jaguar, Puma */

#endif /* AX86_SLOW_PSHUFB_MODELS_H */
