// SPDX-License-Identifier: GPL-2.0
/*
 * What make bench times: our cores per ISA, the Linux 6.1 in-tree cores
 * (assembled at bench time from the Debian linux-source-6.1 package, driven
 * the way the in-tree glue drives them; its generic C where it has no SIMD
 * code), OpenSSL and libsodium.  The per-message code of ours and of Linux
 * is in ours_msg.c and linux_msg.c, built with the kernel's flags.
 */
#include <openssl/evp.h>
#include <sodium.h>

#include "../../arch/x86/crypto/asm_cores.h"
#include "corebench.h"

static void openssl_chacha20(u8 *dst, const u8 *src, unsigned int len,
			     const u8 key[32], const u8 iv[16])
{
	static EVP_CIPHER_CTX *c;
	int n;

	if (!c)
		c = EVP_CIPHER_CTX_new();
	EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv);
	EVP_EncryptUpdate(c, dst, &n, src, len);
}

static void sodium_chacha20(u8 *dst, const u8 *src, unsigned int len,
			    const u8 key[32], const u8 iv[16])
{
	crypto_stream_chacha20_ietf_xor_ic(dst, src, len, iv + 4,
					   get_unaligned_le32(iv), key);
}

static void sodium_xchacha20(u8 *dst, const u8 *src, unsigned int len,
			     const u8 key[32], const u8 iv[32])
{
	crypto_stream_xchacha20_xor_ic(dst, src, len, iv,
				       get_unaligned_le64(iv + 24), key);
}

#define OURS(_isa, _needs, _nh, _own, _aes_row) {			\
	.impl = "ours", .isa = #_isa, .needs = _needs,			\
	.stream = ours_##_isa, .hchacha = ours_hchacha_##_isa,		\
	.nh = _nh, .nh_own = _own, .adiantum = ours_adiantum_##_isa,	\
	.aes_block = ours_aes_block_##_isa, .aes_row = _aes_row,	\
}
/*
 * the in-tree glue derives XChaCha subkeys with its SSSE3 HChaCha; without
 * SSSE3, xchacha12-generic with hchacha_block_generic()
 */
#define LINUX(_isa, _needs, _stream, _hchacha, _nh, _own, _aes_row) {		\
	.impl = "linux-6.1", .isa = #_isa, .needs = _needs,		\
	.stream = _stream, .hchacha = _hchacha,				\
	.nh = _nh, .nh_own = _own, .linux_nhp = true,			\
	.aes_row = _aes_row,						\
}

const struct cb_impl cb_impls[] = {
	OURS(sse2, AX86_NEEDS_SSE2, ax86_nh_sse2, true, true),
	OURS(ssse3, AX86_NEEDS_SSSE3, ax86_nh_sse2, false, true),
	OURS(avx, AX86_NEEDS_AVX, ax86_nh_avx, true, false),
	OURS(avx2, AX86_NEEDS_AVX2, ax86_nh_avx2, true, false),
	OURS(avx512vl, AX86_NEEDS_AVX512, ax86_nh_avx2, false, false),
	OURS(avx512, AX86_NEEDS_AVX512, ax86_nh_avx512, true, false),
	LINUX(sse2, "sse2", linux_generic, linux_hchacha_generic,
	      linux_nh_sse2, true, true),
	LINUX(ssse3, "sse2 ssse3", linux_ssse3, linux_hchacha, linux_nh_sse2,
	      false, false),
	LINUX(avx2, "sse2 ssse3 avx avx2", linux_avx2, linux_hchacha,
	      linux_nh_avx2, true, false),
	LINUX(avx512vl, "sse2 ssse3 avx avx2 avx512f avx512vl avx512bw",
	      linux_avx512vl, linux_hchacha, linux_nh_avx2, false, false),
	{ .impl = "openssl", .isa = "auto", .needs = "",
	  .chacha20_msg = openssl_chacha20 },
	{ .impl = "libsodium", .isa = "auto", .needs = "",
	  .chacha20_msg = sodium_chacha20, .xchacha20_msg = sodium_xchacha20 },
};

const unsigned int cb_nr_impls = ARRAY_SIZE(cb_impls);

void cb_impls_init(void)
{
	/* the HChaCha the drivers pick on this CPU (chacha_dispatch.h) */
	ours_init(cpu_simd_latency2(), cpu_zmm_pairs(), cpu_short_nh_ymm(),
		  cpu_poly_sse2());
	if (sodium_init() < 0)
		fprintf(stderr, "corebench: sodium_init failed\n");
}
