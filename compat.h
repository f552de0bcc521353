/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernel versions we build for (6.1 .. 7.x)
 * lives here, so that the glue and the cores read as if there were one kernel.
 */
#ifndef AX86_COMPAT_H
#define AX86_COMPAT_H

#include <linux/version.h>

/*
 * The kernels this tree is built and tested for (dkms.conf's
 * BUILD_EXCLUSIVE_KERNEL tells DKMS the same): anywhere else a clear error
 * rather than a module no test has run
 */
#if KERNEL_VERSION(6, 1, 0) > LINUX_VERSION_CODE || \
	KERNEL_VERSION(7, 4, 0) <= LINUX_VERSION_CODE
#error "adiantum-x86 builds for Linux 6.1 to 7.3 only"
#endif

/* 6.12 moved <asm/unaligned.h> to <linux/unaligned.h> */
#if __has_include("linux/unaligned.h")
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * adiantum_x86_core's exports live in the symbol namespace ADIANTUM_X86.
 * 6.13 made the namespace argument a string; before, a bare token.  No
 * macro tells the two apart, so the version does (see the AES library
 * below).
 */
#include <linux/export.h>
#include <linux/module.h>

#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
#define AX86_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, "ADIANTUM_X86")
#define AX86_IMPORT_NS()	MODULE_IMPORT_NS("ADIANTUM_X86")
#else
#define AX86_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, ADIANTUM_X86)
#define AX86_IMPORT_NS()	MODULE_IMPORT_NS(ADIANTUM_X86)
#endif

/*
 * Whether the kernel itself knows the cores that zmm code slows down
 * (X86_FEATURE_PREFER_YMM, from 6.15); isa.h decides with our model list
 * where it does not.
 */
#include <asm/cpufeature.h>

#ifdef X86_FEATURE_PREFER_YMM
#define AX86_KERNEL_KNOWS_PREFER_YMM	1
#define ax86_kernel_prefers_ymm()	boot_cpu_has(X86_FEATURE_PREFER_YMM)
#else
#define AX86_KERNEL_KNOWS_PREFER_YMM	0
#define ax86_kernel_prefers_ymm()	false
#endif

/*
 * The kernel's AES library expands the key of the one AES block per
 * Adiantum message; our AES forms (AES-NI, aes-vperm-x86_64.S and
 * crypto/aes_ct.c) run the block on its round keys, the vector-permute
 * core on a copy put in its form at setkey.  7.0 replaced struct
 * crypto_aes_ctx and aes_expandkey() by struct aes_key and
 * aes_preparekey().  The expanded keys are the same in both versions:
 * the round keys in order for encryption, and those of the equivalent
 * inverse cipher (last first, InvMixColumns on the middle ones) for
 * decryption; so one key schedule serves every form.
 */
#include <crypto/aes.h>

/*
 * No macro tells the two APIs apart, so the version does (checkpatch's
 * advice against LINUX_VERSION_CODE is for in-tree code; this header is
 * where an out-of-tree module keeps such tests).
 */
#if KERNEL_VERSION(7, 0, 0) <= LINUX_VERSION_CODE
struct ax86_aes_lib_key {
	struct aes_key k;
};

static inline int ax86_aes_lib_setkey(struct ax86_aes_lib_key *key,
				      const u8 *raw, unsigned int len)
{
	return aes_preparekey(&key->k, raw, len);
}

static inline const u32 *ax86_aes_lib_enc_keys(const struct ax86_aes_lib_key *key)
{
	return key->k.k.rndkeys;
}

static inline const u32 *ax86_aes_lib_dec_keys(const struct ax86_aes_lib_key *key)
{
	return key->k.inv_k.inv_rndkeys;
}
#else
struct ax86_aes_lib_key {
	struct crypto_aes_ctx k;
};

static inline int ax86_aes_lib_setkey(struct ax86_aes_lib_key *key,
				      const u8 *raw, unsigned int len)
{
	return aes_expandkey(&key->k, raw, len);
}

static inline const u32 *ax86_aes_lib_enc_keys(const struct ax86_aes_lib_key *key)
{
	return key->k.key_enc;
}

static inline const u32 *ax86_aes_lib_dec_keys(const struct ax86_aes_lib_key *key)
{
	return key->k.key_dec;
}
#endif

#endif /* AX86_COMPAT_H */
