/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cores each whole-Adiantum variant runs, and its AES block, shared
 * by the glue, the unit tests and make bench so that all three run the
 * same code.  Called with the FPU usable.
 */
#ifndef AX86_ADIANTUM_DISPATCH_H
#define AX86_ADIANTUM_DISPATCH_H

#include "../../../crypto/adiantum.h"
#include "../../../crypto/aes_ct.h"
#include "aes_vperm_key.h"
#include "chacha_dispatch.h"
#include "cpu_quirks.h"
#include "nh_dispatch.h"

/*
 * AES-256 round keys laid out as the kernel's AES library lays them out
 * (the module passes the library's own: compat.h), which AES-NI and the
 * portable C take, and the vector-permute core's form of them
 * (aes_vperm_key.h); for the tests and the benchmarks, filled by
 * ax86_aesni_key_forms() once enc and dec are set
 */
struct ax86_aesni_key {
	u32 enc[60];
	u32 dec[60];
	struct ax86_aes_vperm_key vperm;
};

static inline void ax86_aesni_key_forms(struct ax86_aesni_key *k)
{
	ax86_aes_vperm_setkey(&k->vperm, k->enc, k->dec);
}

/*
 * The AES block where the CPU has no AES-NI, in constant time: the SSSE3
 * vector-permute core (aes-vperm-x86_64.S) for the variants that may use
 * SSSE3, the portable bitsliced C (crypto/aes_ct.c) for sse2 and for the
 * path without the FPU.  The module decides by the CPU, not the variant:
 * where the CPU has SSSE3 the sse2 variant runs the permute core too
 * (the slow-pshufb Atoms rank sse2 first); sse2's line is the form of an
 * SSE2-only CPU.  One line each names the form, for the userspace tests,
 * benchmark and model (the glue decides at load, adiantum_glue.c):
 * ax86_adiantum_aes_block(isa) is its block on struct ax86_aesni_key,
 * ax86_adiantum_aes_name(isa) its name.  Where the CPU has AES-NI, every
 * SIMD variant runs that.
 */
#define AX86_ADIANTUM_AES_sse2		ct
#define AX86_ADIANTUM_AES_ssse3		vperm
#define AX86_ADIANTUM_AES_avx		vperm
#define AX86_ADIANTUM_AES_avx2		vperm
#define AX86_ADIANTUM_AES_avx512vl	vperm
#define AX86_ADIANTUM_AES_avx512	vperm
#define AX86_ADIANTUM_AES_generic	ct

#define __ax86_aes_name(form)		#form
#define ax86_aes_name(form)		__ax86_aes_name(form)
#define ax86_adiantum_aes_name(isa)	ax86_aes_name(AX86_ADIANTUM_AES_##isa)

/*
 * one block of each form on struct ax86_aesni_key's keys @ek and @dk, an
 * ax86_aes_fn
 */
#define AX86_AES_BLOCK(name, encrypt, decrypt, ek, dk)			\
static inline void name(const void *aes, u8 out[16], const u8 in[16],	\
			bool enc)					\
{									\
	const struct ax86_aesni_key *k = aes;				\
									\
	if (enc)							\
		encrypt(k->ek, out, in);				\
	else								\
		decrypt(k->dk, out, in);				\
}
AX86_AES_BLOCK(ax86_aesni_block, ax86_aesni_encrypt256, ax86_aesni_decrypt256,
	       enc, dec)
AX86_AES_BLOCK(ax86_aes_vperm_block, ax86_aes_vperm_encrypt256,
	       ax86_aes_vperm_decrypt256, vperm.enc, vperm.dec)
AX86_AES_BLOCK(ax86_aes_ct_block, ax86_aes_ct_encrypt256,
	       ax86_aes_ct_decrypt256, enc, dec)
#define __ax86_aes_block(form)		ax86_aes_##form##_block
#define ax86_aes_block(form)		__ax86_aes_block(form)
#define ax86_adiantum_aes_block(isa)	ax86_aes_block(AX86_ADIANTUM_AES_##isa)

/*
 * Each form's decryption side by side with HChaCha on struct
 * ax86_aesni_key (adiantum.h's ax86_aes_dec_hchacha_fn): the
 * vector-permute core has one (aes-vperm-x86_64.S); the portable C's
 * returns false, and the caller runs its AES and HChaCha one after the
 * other (AES-NI's block is short enough to overlap without help).
 * ax86_adiantum_aes_dec_hchacha_block(isa) is a variant's.
 */
static inline bool ax86_aes_vperm_dec_hchacha_block(const void *aes, u8 m[16],
						    u32 state[16],
						    unsigned int nrounds)
{
	const struct ax86_aesni_key *k = aes;

	ax86_aes_vperm_decrypt256_hchacha(k->vperm.dec, m, state, nrounds);
	return true;
}

static inline bool
ax86_aes_ct_dec_hchacha_block(const void *aes __always_unused,
			      u8 m[16] __always_unused,
			      u32 state[16] __always_unused,
			      unsigned int nrounds __always_unused)
{
	return false;
}
#define __ax86_aes_dec_hchacha_block(form) ax86_aes_##form##_dec_hchacha_block
#define ax86_aes_dec_hchacha_block(form) __ax86_aes_dec_hchacha_block(form)
#define ax86_adiantum_aes_dec_hchacha_block(isa)			\
	ax86_aes_dec_hchacha_block(AX86_ADIANTUM_AES_##isa)

/* on where cpu_quirks.h's short-message NH rule holds (isa.h) */
AX86_CPU_SWITCH(ax86_short_nh_ymm_on);

/*
 * The zmm variant's NH: the AVX-512 core, or where ax86_short_nh_ymm_on
 * the AVX2 one for pieces of up to AX86_NH_SHORT_YMM_BYTES, which are all
 * of a message of 512 bytes or less (its stream then runs on ymm,
 * chacha_dispatch.h); a longer message's pieces are 1 KiB but its last.
 */
static __always_inline void ax86_nh_avx512_or_avx2(const u32 *key,
						   const u8 *msg,
						   unsigned int len,
						   u8 hash[AX86_NH_HASH_BYTES])
{
	if (ax86_on(ax86_short_nh_ymm_on) && len <= AX86_NH_SHORT_YMM_BYTES)
		ax86_nh_avx2(key, msg, len, hash);
	else
		ax86_nh_avx512(key, msg, len, hash);
}

/*
 * NH per variant: SSSE3 adds nothing to NH, and the ymm-only AVX-512
 * variant uses the AVX2 one (AVX-512VL would add nothing there either).
 * The SSE2 NH is the one nh_dispatch.h picks by the CPU.
 * One line each names the core: ax86_adiantum_nh(isa) is its function
 * ax86_nh_<core>, ax86_adiantum_nh_core(isa) its name for the variants
 * parameter.
 */
#define AX86_ADIANTUM_NH_sse2		sse2_or_dsum
#define AX86_ADIANTUM_NH_ssse3		sse2_or_dsum
#define AX86_ADIANTUM_NH_avx		avx
#define AX86_ADIANTUM_NH_avx2		avx2
#define AX86_ADIANTUM_NH_avx512vl	avx2
#define AX86_ADIANTUM_NH_avx512		avx512_or_avx2
#define AX86_ADIANTUM_NH_generic	generic

#define __ax86_nh_fn(core)		ax86_nh_##core
#define __ax86_nh_name(core)		#core
#define ax86_adiantum_nh_fn(core)	__ax86_nh_fn(core)
#define ax86_adiantum_nh_name(core)	__ax86_nh_name(core)
#define ax86_adiantum_nh(isa)	ax86_adiantum_nh_fn(AX86_ADIANTUM_NH_##isa)
#define ax86_adiantum_nh_core(isa) ax86_adiantum_nh_name(AX86_ADIANTUM_NH_##isa)

/* on where cpu_quirks.h's slow 64-bit multiply holds (isa.h) */
AX86_CPU_SWITCH(ax86_poly_sse2_on);

static __always_inline void
ax86_poly1305_emit_sse2_or_scalar(const struct ax86_poly1305_key *key,
				  const u8 *src, unsigned int nblocks,
				  u8 out[16])
{
	/* a key the allocator left unaligned still works, slower */
	if (ax86_on(ax86_poly_sse2_on) && !((unsigned long)key->lanes & 15))
		ax86_poly1305_emit_sse2(key, src, nblocks, out);
	else
		ax86_poly1305_emit_scalar(key, src, nblocks, out);
}

/*
 * The Poly1305 of the one-go path's hashes (H_T and each NHPoly1305 of
 * L), per variant: every SIMD variant runs the form of the CPU, as with
 * AES; the portable path the scalar one.  ax86_adiantum_poly(isa) is its
 * function ax86_poly1305_emit_<form>.
 */
#define AX86_ADIANTUM_POLY_sse2		sse2_or_scalar
#define AX86_ADIANTUM_POLY_ssse3	sse2_or_scalar
#define AX86_ADIANTUM_POLY_avx		sse2_or_scalar
#define AX86_ADIANTUM_POLY_avx2		sse2_or_scalar
#define AX86_ADIANTUM_POLY_avx512vl	sse2_or_scalar
#define AX86_ADIANTUM_POLY_avx512	sse2_or_scalar
#define AX86_ADIANTUM_POLY_generic	scalar

#define __ax86_poly_fn(form)		ax86_poly1305_emit_##form
#define ax86_adiantum_poly_fn(form)	__ax86_poly_fn(form)
#define ax86_adiantum_poly(isa)	ax86_adiantum_poly_fn(AX86_ADIANTUM_POLY_##isa)

/* Step by step, for messages the glue cuts into several FPU sections */
#define AX86_ADIANTUM_STEPS(isa)					\
static __always_inline void						\
ax86_adiantum_hash_##isa(struct ax86_adiantum_req *rq,			\
			 const struct ax86_adiantum_key *key,		\
			 const u8 *src, unsigned int len)		\
{									\
	ax86_adiantum_hash(rq, key, src, len, ax86_adiantum_nh(isa));	\
}									\
static __always_inline void						\
ax86_adiantum_middle_##isa(struct ax86_adiantum_req *rq,		\
			   const struct ax86_adiantum_key *key,		\
			   const u8 r_in[16], bool enc,			\
			   const void *aes, ax86_aes_fn aes_fn,		\
			   ax86_aes_dec_hchacha_fn dec_hchacha)		\
{									\
	ax86_adiantum_middle(rq, key, r_in, enc, aes, aes_fn, dec_hchacha, \
			     ax86_hchacha_for_##isa,			\
			     ax86_adiantum_nh(isa));			\
}									\
static __always_inline void						\
ax86_adiantum_xor_##isa(struct ax86_adiantum_req *rq,			\
			const struct ax86_adiantum_key *key,		\
			u8 *dst, const u8 *src, unsigned int len)	\
{									\
	ax86_adiantum_xor(rq, key, dst, src, len, ax86_stream_##isa,	\
			  ax86_adiantum_nh(isa));			\
}									\
static __always_inline void						\
ax86_adiantum_end_##isa(struct ax86_adiantum_req *rq,			\
			const struct ax86_adiantum_key *key,		\
			u8 r_out[16])					\
{									\
	ax86_adiantum_end(rq, key, r_out, ax86_adiantum_nh(isa));	\
}									\
/* a whole message in one buffer each way, in one go; any length */	\
static __always_inline void						\
ax86_adiantum_crypt_##isa(const struct ax86_adiantum_key *key,		\
			  const void *aes, ax86_aes_fn aes_fn,		\
			  ax86_aes_dec_hchacha_fn dec_hchacha,		\
			  u8 *dst, const u8 *src, unsigned int len,	\
			  const u8 tweak[32], bool enc)			\
{									\
	ax86_adiantum_crypt(key, aes, dst, src, len, tweak, enc,	\
			    aes_fn, dec_hchacha, ax86_stream_##isa,	\
			    ax86_hchacha_for_##isa,			\
			    ax86_adiantum_nh(isa), ax86_adiantum_poly(isa)); \
}									\
/* the same where ax86_adiantum_whole_ok(@len): the glue's one-go path */ \
static __always_inline void						\
ax86_adiantum_crypt_whole_##isa(struct ax86_adiantum_work *w,		\
				const struct ax86_adiantum_key *key,	\
				const void *aes, ax86_aes_fn aes_fn,	\
				ax86_aes_dec_hchacha_fn dec_hchacha,	\
				u8 *dst, const u8 *src,			\
				unsigned int len, const u8 tweak[32],	\
				bool enc)				\
{									\
	__ax86_adiantum_crypt(w, key, aes, dst, src, len, tweak, enc,	\
			      aes_fn, dec_hchacha, ax86_stream_##isa,	\
			      ax86_hchacha_for_##isa,			\
			      ax86_adiantum_nh(isa), ax86_adiantum_poly(isa), \
			      true);					\
}

/* the portable cores, for the fallback when the FPU is not usable */
#define ax86_stream_generic		ax86_chacha_crypt
#define ax86_hchacha_for_generic	ax86_hchacha

AX86_ADIANTUM_STEPS(generic)
AX86_ADIANTUM_STEPS(sse2)
AX86_ADIANTUM_STEPS(ssse3)
AX86_ADIANTUM_STEPS(avx)
AX86_ADIANTUM_STEPS(avx2)
AX86_ADIANTUM_STEPS(avx512vl)
AX86_ADIANTUM_STEPS(avx512)

#endif /* AX86_ADIANTUM_DISPATCH_H */
