/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Intel family-6 models that lower the clock of the whole core while zmm
 * registers are in use (Skylake-X, Ice Lake, Tiger Lake): the set the
 * kernel marks X86_FEATURE_PREFER_YMM.  Used only on kernels that do not
 * have that flag; the unit tests name every entry.
 */
#ifndef AX86_ZMM_MODELS_H
#define AX86_ZMM_MODELS_H

static const unsigned char ax86_zmm_downclock_models[] = {
	0x55,	/* Skylake-X, Cascade Lake, Cooper Lake */
	0x6a,	/* Ice Lake-X */
	0x6c,	/* Ice Lake-D */
	0x7d,	/* Ice Lake */
	0x7e,	/* Ice Lake-L */
	0x9d,	/* Ice Lake NNPI */
	0x8c,	/* Tiger Lake-L */
	0x8d,	/* Tiger Lake */
};

#endif /* AX86_ZMM_MODELS_H */
