// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum_x86_core: the code the algorithm modules share, in memory once.
 * It holds every assembly core, the portable C of crypto/ and the glue
 * skeleton (variants.c), and decides the CPU switches the cores read; it
 * registers no algorithm.  adiantum_x86_chacha, _nhpoly1305 and _adiantum
 * import its entry points from the symbol namespace ADIANTUM_X86, so
 * modprobe loads it first and it unloads last.
 */
#include <linux/cache.h>
#include <linux/export.h>
#include <linux/module.h>

#include "../../../compat.h"
#include "../../../crypto/nhpoly1305.h"
#include "chacha_dispatch.h"
#include "isa.h"

/* chacha_dispatch.h: the CPUs whose dependent SIMD steps are slow */
bool ax86_slow_simd_chains __ro_after_init;
AX86_EXPORT(ax86_slow_simd_chains);

/* the assembly cores (asm_cores.h) */
AX86_EXPORT(ax86_chacha_xor_sse2);
AX86_EXPORT(ax86_chacha_xor_sse2_pairs);
AX86_EXPORT(ax86_chacha_xor_ssse3);
AX86_EXPORT(ax86_chacha_xor_ssse3_pairs);
AX86_EXPORT(ax86_chacha_xor_avx);
AX86_EXPORT(ax86_chacha_xor_avx_pairs);
AX86_EXPORT(ax86_chacha_xor_avx2);
AX86_EXPORT(ax86_chacha_xor_avx2_pairs);
AX86_EXPORT(ax86_chacha_xor_avx512vl);
AX86_EXPORT(ax86_chacha_xor_avx512);
AX86_EXPORT(ax86_chacha_xor_avx512_pairs);
AX86_EXPORT(ax86_hchacha_ssse3);
AX86_EXPORT(ax86_hchacha_scalar);
AX86_EXPORT(ax86_nh_sse2);
AX86_EXPORT(ax86_nh_avx);
AX86_EXPORT(ax86_nh_avx2);
AX86_EXPORT(ax86_nh_avx512);
AX86_EXPORT(ax86_poly1305_blocks_x86_64);
AX86_EXPORT(ax86_poly1305_blocks_emit_x86_64);

/* the portable C: the fallback without the FPU, and key setup */
AX86_EXPORT(ax86_chacha_key_words);
AX86_EXPORT(ax86_chacha_crypt);
AX86_EXPORT(ax86_hchacha);
AX86_EXPORT(ax86_xchacha_init);
AX86_EXPORT(ax86_xchacha_finish);
AX86_EXPORT(ax86_nh_key_words);
AX86_EXPORT(ax86_nh_generic);
AX86_EXPORT(ax86_poly1305_setkey);
AX86_EXPORT(ax86_nhpoly1305_setkey);

static int __init ax86_core_init(void)
{
	ax86_slow_simd_chains = ax86_simd_latency2();
	return 0;
}

/* nothing to undo; without an exit function the module could not unload */
static void __exit ax86_core_exit(void)
{
}

module_init(ax86_core_init);
module_exit(ax86_core_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ChaCha, HChaCha, NH and Poly1305 cores and the glue skeleton shared by the adiantum-x86 modules");
