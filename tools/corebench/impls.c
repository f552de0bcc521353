// SPDX-License-Identifier: GPL-2.0
/*
 * What make bench times: our cores per ISA, the Linux 6.1 in-tree cores
 * (assembled at bench time from the Debian linux-source-6.1 package, driven
 * the way the in-tree glue drives them), OpenSSL and libsodium.
 */
#include <openssl/evp.h>
#include <sodium.h>

#include "../../arch/x86/crypto/asm_cores.h"
#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "corebench.h"

/* blocks started by @len bytes, at most @max */
static unsigned int started(unsigned int len, unsigned int max)
{
	unsigned int n = (len + 63) / 64;

	return n < max ? n : max;
}

typedef void (*linux_fn)(u32 *, u8 *, const u8 *, unsigned int, int);

/*
 * The in-tree dispatch (arch/x86/crypto/chacha_glue.c of 6.1), restated:
 * whole wide batches, then the narrowest routine that covers the rest.
 * @wide2 is NULL when short tails fall back to the SSSE3 code.
 */
static void linux_dispatch(u32 *st, u8 *dst, const u8 *src, unsigned int len,
			   unsigned int nrounds, linux_fn b8, linux_fn b4,
			   linux_fn b2, bool two_covers_one)
{
	if (b8) {
		for (; len >= 512; len -= 512, src += 512, dst += 512) {
			b8(st, dst, src, len, nrounds);
			st[12] += 8;
		}
		if (len > 256) {
			b8(st, dst, src, len, nrounds);
			st[12] += started(len, 8);
			return;
		}
		if (len > 128) {
			b4(st, dst, src, len, nrounds);
			st[12] += started(len, 4);
			return;
		}
		if (len > (two_covers_one ? 0 : 64)) {
			b2(st, dst, src, len, nrounds);
			st[12] += started(len, 2);
			return;
		}
	}
	for (; len >= 256; len -= 256, src += 256, dst += 256) {
		chacha_4block_xor_ssse3(st, dst, src, len, nrounds);
		st[12] += 4;
	}
	if (len > 64) {
		chacha_4block_xor_ssse3(st, dst, src, len, nrounds);
		st[12] += started(len, 4);
	} else if (len) {
		chacha_block_xor_ssse3(st, dst, src, len, nrounds);
		st[12]++;
	}
}

static void linux_ssse3(u32 *st, u8 *dst, const u8 *src, unsigned int len,
			unsigned int nrounds)
{
	linux_dispatch(st, dst, src, len, nrounds, NULL, NULL, NULL, false);
}

static void linux_avx2(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		       unsigned int nrounds)
{
	linux_dispatch(st, dst, src, len, nrounds, chacha_8block_xor_avx2,
		       chacha_4block_xor_avx2, chacha_2block_xor_avx2, false);
}

static void linux_avx512vl(u32 *st, u8 *dst, const u8 *src, unsigned int len,
			   unsigned int nrounds)
{
	linux_dispatch(st, dst, src, len, nrounds, chacha_8block_xor_avx512vl,
		       chacha_4block_xor_avx512vl, chacha_2block_xor_avx512vl,
		       true);
}

static void linux_hchacha(const u32 st[16], u32 out[8], unsigned int nrounds)
{
	hchacha_block_ssse3(st, out, nrounds);
}

static void linux_nh_sse2(const u32 *key, const u8 *msg, unsigned int len,
			  u8 hash[AX86_NH_HASH_BYTES])
{
	nh_sse2(key, msg, len, hash);
}

static void linux_nh_avx2(const u32 *key, const u8 *msg, unsigned int len,
			  u8 hash[AX86_NH_HASH_BYTES])
{
	nh_avx2(key, msg, len, hash);
}

/* our cores, through the same dispatch the glue uses */
#define OURS_FUNCS(isa)							\
static void ours_##isa(u32 *st, u8 *dst, const u8 *src, unsigned int len, \
		       unsigned int nrounds)				\
{									\
	ax86_stream_##isa(st, dst, src, len, nrounds);			\
}									\
static void ours_hchacha_##isa(const u32 st[16], u32 out[8],		\
			       unsigned int nrounds)			\
{									\
	ax86_hchacha_simd_##isa(st, out, nrounds);			\
}									\
static void ours_adiantum_##isa(const struct ax86_adiantum_key *key,	\
				const void *aes, ax86_aes_fn aes_fn,	\
				u8 *dst, const u8 *src,			\
				unsigned int len, const u8 tweak[32],	\
				bool enc)				\
{									\
	ax86_adiantum_crypt_##isa(key, aes, aes_fn, dst, src, len,	\
				  tweak, enc);				\
}
OURS_FUNCS(sse2)
OURS_FUNCS(ssse3)
OURS_FUNCS(avx)
OURS_FUNCS(avx2)
OURS_FUNCS(avx512vl)
OURS_FUNCS(avx512)

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

#define OURS(_isa, _needs, _nh, _own) {				\
	.impl = "ours", .isa = #_isa, .needs = _needs,			\
	.stream = ours_##_isa, .hchacha = ours_hchacha_##_isa,		\
	.nh = _nh, .nh_own = _own, .adiantum = ours_adiantum_##_isa,	\
}
/* the in-tree glue derives XChaCha subkeys with its SSSE3 HChaCha */
#define LINUX(_isa, _needs, _stream, _nh, _own) {			\
	.impl = "linux-6.1", .isa = #_isa, .needs = _needs,		\
	.stream = _stream, .hchacha = linux_hchacha,			\
	.nh = _nh, .nh_own = _own, .linux_nhp = true,			\
}

const struct cb_impl cb_impls[] = {
	OURS(sse2, AX86_NEEDS_SSE2, ax86_nh_sse2, true),
	OURS(ssse3, AX86_NEEDS_SSSE3, ax86_nh_sse2, false),
	OURS(avx, AX86_NEEDS_AVX, ax86_nh_avx, true),
	OURS(avx2, AX86_NEEDS_AVX2, ax86_nh_avx2, true),
	OURS(avx512vl, AX86_NEEDS_AVX512, ax86_nh_avx2, false),
	OURS(avx512, AX86_NEEDS_AVX512, ax86_nh_avx512, true),
	LINUX(sse2, "sse2", NULL, linux_nh_sse2, true),
	LINUX(ssse3, "sse2 ssse3", linux_ssse3, linux_nh_sse2, false),
	LINUX(avx2, "sse2 ssse3 avx avx2", linux_avx2, linux_nh_avx2, true),
	LINUX(avx512vl, "sse2 ssse3 avx avx2 avx512f avx512vl avx512bw",
	      linux_avx512vl, linux_nh_avx2, false),
	{ .impl = "openssl", .isa = "auto", .needs = "",
	  .chacha20_msg = openssl_chacha20 },
	{ .impl = "libsodium", .isa = "auto", .needs = "",
	  .chacha20_msg = sodium_chacha20, .xchacha20_msg = sodium_xchacha20 },
};

const unsigned int cb_nr_impls = ARRAY_SIZE(cb_impls);

void cb_impls_init(void)
{
	/* the HChaCha the drivers pick on this CPU (chacha_dispatch.h) */
	ax86_slow_simd_chains = cpu_simd_latency2();
	if (sodium_init() < 0)
		fprintf(stderr, "corebench: sodium_init failed\n");
}
