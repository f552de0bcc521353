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
#include <linux/percpu.h>

#include "../../../compat.h"
#include "../../../crypto/nhpoly1305.h"
#include "adiantum_dispatch.h"
#include "isa.h"

/* the CPU switches (cpu_switch.h), off until ax86_core_init() */
/* chacha_dispatch.h: the CPUs whose dependent SIMD steps are slow */
DEFINE_STATIC_KEY_FALSE(ax86_slow_simd_chains);
AX86_EXPORT(ax86_slow_simd_chains);
/* chacha_dispatch.h: the CPUs whose zmm ChaCha core runs two batches at once */
DEFINE_STATIC_KEY_FALSE(ax86_zmm_pairs_on);
AX86_EXPORT(ax86_zmm_pairs_on);
/* adiantum_dispatch.h: the CPUs that hash short messages with the AVX2 NH */
DEFINE_STATIC_KEY_FALSE(ax86_short_nh_ymm_on);
AX86_EXPORT(ax86_short_nh_ymm_on);
/* nh_dispatch.h: the CPUs that hash with NH's 32-bit sums */
DEFINE_STATIC_KEY_FALSE(ax86_nh_dsum_on);
AX86_EXPORT(ax86_nh_dsum_on);
/* adiantum_dispatch.h: the CPUs that run Poly1305 in SSE2 */
DEFINE_STATIC_KEY_FALSE(ax86_poly_sse2_on);
AX86_EXPORT(ax86_poly_sse2_on);

/*
 * The SIMD ChaCha cores' scratch (asm_cores.h), one per CPU, so that the
 * cores need no stack frame (up to 1184 bytes of stack before, the AVX2
 * pairs, on a request path that must fit in 1 KiB).  It is the caller's
 * alone for the call, without a lock: the cores run only between
 * kernel_fpu_begin() and kernel_fpu_end() (the glue, through
 * chacha_dispatch.h), and there preemption is off, so no other task runs
 * on this CPU until the section ends, and no interrupt handler can be an
 * FPU user: softirq, hardirq and NMI code asks irq_fpu_usable()
 * (crypto_simd_usable()) first, which refuses while this CPU is in a
 * kernel FPU section, and takes the portable C, which never touches the
 * area.  From 6.15 kernel_fpu_begin() turns bottom halves off as well.
 * Each core zeroes what it used of the area before returning.
 */
DEFINE_PER_CPU_ALIGNED(struct ax86_chacha_scratch, ax86_chacha_scratch_area);
/* what EXPORT_PER_CPU_SYMBOL_GPL() is on x86, in our namespace */
AX86_EXPORT(ax86_chacha_scratch_area);

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
AX86_EXPORT(ax86_hchacha_avx512vl);
AX86_EXPORT(ax86_hchacha_scalar);
AX86_EXPORT(ax86_nh_sse2);
AX86_EXPORT(ax86_nh_sse2_dsum);
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
	if (ax86_simd_latency2())
		static_branch_enable(&ax86_slow_simd_chains);
	if (ax86_boot_cpu_zmm_pairs())
		static_branch_enable(&ax86_zmm_pairs_on);
	if (ax86_short_nh_ymm())
		static_branch_enable(&ax86_short_nh_ymm_on);
	if (ax86_paddq_slow())
		static_branch_enable(&ax86_nh_dsum_on);
	if (ax86_poly_sse2())
		static_branch_enable(&ax86_poly_sse2_on);
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
