/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make bench shim: the XOR helpers of the crypto API.  __crypto_xor() is
 * lib/crypto/utils.c of Linux 6.1; crypto_xor_cpy(), an inline function of
 * its include/crypto/algapi.h, is cut out of that header at build time
 * (mk/bench.mk) into linux_crypto_xor_cpy.h.
 */
#ifndef AX86_BENCH_SHIM_ALGAPI_H
#define AX86_BENCH_SHIM_ALGAPI_H

#include <linux/kernel.h>

void __crypto_xor(u8 *dst, const u8 *src1, const u8 *src2, unsigned int len);

#include <linux_crypto_xor_cpy.h>

#endif
