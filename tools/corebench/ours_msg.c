// SPDX-License-Identifier: GPL-2.0
/*
 * make bench: what our drivers run per message, built with the kernel's
 * code-generation flags (mk/bench.mk) as the modules are: each variant's
 * whole message (ax86_adiantum_crypt_<isa>() of adiantum_dispatch.h, the
 * inline construction of crypto/adiantum.h), its stream and HChaCha
 * dispatch, NHPoly1305, and the AES block the whole-construction driver
 * passes in: the kernel's AES library (on 6.1, lib/crypto/aes.c of
 * linux-source-6.1, compiled beside this) expands the key, and the block
 * runs AES-NI on those round keys where the CPU has it, else the
 * variant's constant-time form (adiantum_dispatch.h: the SSSE3 vector
 * permutes, the portable C for sse2), as adiantum_glue.c does.
 */
#include <crypto/aes.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "corebench.h"

/*
 * The driver's context, as far as its AES goes: one key schedule, the
 * library's (compat.h, ax86_aes_lib_key: on 6.1 a struct crypto_aes_ctx
 * from aes_expandkey()), which every AES form runs on, the vector-permute
 * core on a copy in its form (@keys holds both, as the glue's context
 * does).  One per AES class, the AES-NI one only where the CPU has it.
 */
struct ours_aes {
	struct ax86_aesni_key keys;
	bool aesni;
};

/*
 * A variant's AES block as the glue's ax86_adiantum_aes_simd_<form>()
 * runs it: AES-NI in the AES-NI class, else the variant's form
 */
#define OURS_FUNCS(isa)							\
void ours_aes_block_##isa(const void *c, u8 out[16], const u8 in[16],	\
			  bool enc)					\
{									\
	const struct ours_aes *k = c;					\
									\
	if (k->aesni)							\
		ax86_aesni_block(&k->keys, out, in, enc);		\
	else								\
		ax86_adiantum_aes_block(isa)(&k->keys, out, in, enc);	\
}									\
static bool ours_dec_hchacha_##isa(const void *c, u8 m[16],		\
				  u32 state[16], unsigned int nrounds)	\
{									\
	const struct ours_aes *k = c;					\
									\
	return !k->aesni &&						\
	       ax86_adiantum_aes_dec_hchacha_block(isa)(&k->keys, m,	\
							state, nrounds); \
}									\
void ours_##isa(u32 *st, u8 *dst, const u8 *src, unsigned int len,	\
		unsigned int nrounds)					\
{									\
	ax86_stream_##isa(st, dst, src, len, nrounds);			\
}									\
void ours_hchacha_##isa(const u32 st[16], u32 out[8],			\
			unsigned int nrounds)				\
{									\
	ax86_hchacha_for_##isa(st, out, nrounds);			\
}									\
void ours_adiantum_##isa(const struct ax86_adiantum_key *key,		\
			 const void *aes, u8 *dst, const u8 *src,	\
			 unsigned int len, const u8 tweak[32], bool enc) \
{									\
	ax86_adiantum_crypt_##isa(key, aes, ours_aes_block_##isa,	\
				  ours_dec_hchacha_##isa, dst, src, len,	\
				  tweak, enc);				\
}
OURS_FUNCS(sse2)
OURS_FUNCS(ssse3)
OURS_FUNCS(avx)
OURS_FUNCS(avx2)
OURS_FUNCS(avx512vl)
OURS_FUNCS(avx512)

/* the kernel's flags take SSE away and add the stack protector */
const char *cb_build_flags(void)
{
#if !defined(__SSE2__) && defined(__SSP_STRONG__)
	return "kernel code-generation flags (mk/bench.mk)";
#else
	return "userspace flags (BENCH_KFLAGS empty)";
#endif
}

/* this file's copies of the CPU switches the glue sets at load */
void ours_init(bool slow_simd_chains, bool zmm_pairs, bool short_nh_ymm,
	       bool poly_sse2)
{
	ax86_slow_simd_chains = slow_simd_chains;
	ax86_zmm_pairs_on = zmm_pairs;
	ax86_short_nh_ymm_on = short_nh_ymm;
	ax86_poly_sse2_on = poly_sse2;
}

static struct ours_aes ours_aes_keys[CB_NR_AES];

int ours_aes_setkey(const u8 raw[32], bool have_aesni)
{
	struct crypto_aes_ctx lib;
	struct ax86_aesni_key keys;
	int i;

	if (aes_expandkey(&lib, raw, 32))
		return -1;
	memcpy(keys.enc, lib.key_enc, sizeof(keys.enc));
	memcpy(keys.dec, lib.key_dec, sizeof(keys.dec));
	ax86_aesni_key_forms(&keys);
	for (i = 0; i < CB_NR_AES; i++) {
		ours_aes_keys[i].keys = keys;
		ours_aes_keys[i].aesni = have_aesni && i == CB_AESNI;
	}
	memzero_explicit(&lib, sizeof(lib));
	memzero_explicit(&keys, sizeof(keys));
	return 0;
}

const void *ours_aes_key(enum cb_aes aes)
{
	return &ours_aes_keys[aes];
}

/* the nhpoly1305 driver's update and final over one buffer */
void ours_nhpoly1305(const struct ax86_nhpoly1305_key *key, ax86_nh_fn nh,
		     const u8 *src, unsigned int len, u8 out[16])
{
	struct ax86_nhpoly1305_state st;

	ax86_nhpoly1305_init(&st);
	ax86_nhpoly1305_update(&st, key, src, len, nh);
	ax86_nhpoly1305_final(&st, key, out, nh);
}

/* an XChaCha message as either glue runs it: subkey, then the stream */
void cb_xchacha(const struct cb_impl *m, const u8 key[32], const u8 iv[32],
		u8 *buf, unsigned int len, unsigned int nrounds)
{
	u32 kw[8], st[16], subkey[8];

	ax86_chacha_key_words(kw, key);
	ax86_chacha_init(st, kw, iv);
	m->hchacha(st, subkey, nrounds);
	ax86_xchacha_finish(st, subkey, iv);
	m->stream(st, buf, buf, len, nrounds);
}
