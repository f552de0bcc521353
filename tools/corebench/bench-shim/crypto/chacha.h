/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench shim: the generic ChaCha of Linux 6.1 (lib/crypto/chacha.c,
 * lib/crypto/libchacha.c), what its crypto/chacha_generic.c runs.
 */
#ifndef AX86_BENCH_SHIM_CHACHA_H
#define AX86_BENCH_SHIM_CHACHA_H

#include <linux/kernel.h>

#define CHACHA_BLOCK_SIZE	64

void chacha_block_generic(u32 *state, u8 *stream, int nrounds);
void hchacha_block_generic(const u32 *state, u32 *out, int nrounds);
void chacha_crypt_generic(u32 *state, u8 *dst, const u8 *src,
			  unsigned int bytes, int nrounds);

#endif
