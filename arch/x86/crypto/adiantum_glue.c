// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum(xchacha12,aes) and adiantum(xchacha20,aes) as whole skciphers:
 * the construction of crypto/adiantum.h on the SIMD cores of
 * arch/x86/crypto/, one driver per ISA variant the CPU can run, ranked
 * above the kernel's adiantum template.  A message of up to 4 KiB that
 * sits in one page each way (every dm-crypt sector, every fscrypt data
 * unit) runs in one kernel_fpu_begin() section with the AES block inside
 * it (AES-NI, else a constant-time form); other layouts are walked
 * where they lie, piece by piece.  The portable C of crypto/ serves when
 * the FPU is not usable.  Synchronous, no allocation per request: a
 * request's working memory is its context.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/highmem.h>
#include <linux/jump_label.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>

#include "../../../crypto/adiantum_kat.h"
#include "adiantum_dispatch.h"
#include "variants.h"
/* above every other driver of these names: ours 400s, template ~385 */
#define AX86_ADIANTUM_PRIORITY_BASE	500

/*
 * One AES key schedule, the library's: AES-NI and the portable C run on
 * it, and where the vector-permute core runs, it runs on the same keys
 * put in its form at setkey (aes_vperm_key.h)
 */
struct ax86_adiantum_ctx {
	struct ax86_adiantum_key key;
	struct ax86_aes_lib_key lib;
	/* the library's keys in the vector-permute core's form, where it runs */
	struct ax86_aes_vperm_key vperm;
};

/*
 * The crypto API aligns a tfm's context to 8 bytes only on x86; the SSE2
 * Poly1305's key table wants 16 (crypto/poly1305_core.h), so the context
 * is allocated 15 bytes larger and used from its first 16-byte boundary,
 * as the kernel's AES-NI glue does with its keys.
 */
#define AX86_CTX_ALIGN	16

static inline struct ax86_adiantum_ctx *
ax86_adiantum_tfm_ctx(struct crypto_skcipher *tfm)
{
	return PTR_ALIGN(crypto_skcipher_ctx(tfm), AX86_CTX_ALIGN);
}

/*
 * Decided at load, for every request of the SIMD variants: AES-NI where
 * the CPU has it, else the vector-permute core where it has SSSE3 (the
 * sse2 variant too: the Atoms whose slow pshufb ranks it first have
 * SSSE3, and there the permute core costs a fraction of the bitsliced
 * C), else the C.  Static keys: the choice is patched into the code, not
 * tested per block, and no indirect call (a retpoline on the old CPUs
 * Adiantum is for) comes of it.
 */
static DEFINE_STATIC_KEY_FALSE(ax86_aes_ni);
static DEFINE_STATIC_KEY_FALSE(ax86_aes_ssse3);

/* the SIMD variants' AES is the vector-permute core (never with AES-NI) */
static bool ax86_adiantum_runs_vperm(void)
{
	return static_branch_likely(&ax86_aes_ssse3);
}

static int ax86_adiantum_ctx_setkey(struct ax86_adiantum_ctx *ctx,
				    const u8 *key, unsigned int keylen,
				    unsigned int nrounds)
{
	u8 aes_key[AX86_ADIANTUM_AES_KEY_SIZE];
	u8 *derived;
	int err;

	if (keylen != AX86_ADIANTUM_KEY_SIZE)
		return -EINVAL;
	derived = kmalloc(AX86_ADIANTUM_DERIVED_BYTES, GFP_KERNEL);
	if (!derived)
		return -ENOMEM;
	err = ax86_adiantum_setkey(&ctx->key, key, keylen, nrounds, derived,
				   aes_key);
	kfree_sensitive(derived);	/* wiped by the call; belt and braces */
	if (!err)
		err = ax86_aes_lib_setkey(&ctx->lib, aes_key, sizeof(aes_key));
	memzero_explicit(aes_key, sizeof(aes_key));
	if (!err && ax86_adiantum_runs_vperm())
		ax86_aes_vperm_setkey(&ctx->vperm,
				      ax86_aes_lib_enc_keys(&ctx->lib),
				      ax86_aes_lib_dec_keys(&ctx->lib));
	return err;
}

static int ax86_adiantum12_setkey(struct crypto_skcipher *tfm, const u8 *key,
				  unsigned int keylen)
{
	return ax86_adiantum_ctx_setkey(ax86_adiantum_tfm_ctx(tfm), key, keylen,
					12);
}

static int ax86_adiantum20_setkey(struct crypto_skcipher *tfm, const u8 *key,
				  unsigned int keylen)
{
	return ax86_adiantum_ctx_setkey(ax86_adiantum_tfm_ctx(tfm), key, keylen,
					20);
}

/*
 * The AES block, on the library's round keys: without the FPU the
 * portable constant-time C; in our FPU section the form the CPU decided
 * at load (above): AES-NI, else the SSSE3 vector-permute core (for the
 * sse2 variant too), else the portable C on an SSE2-only CPU.  The
 * library's own block would index tables with secret bytes, and run its
 * slow C inside our FPU section.
 */
static void ax86_adiantum_aes_generic(const void *c, u8 out[16],
				      const u8 in[16], bool enc)
{
	const struct ax86_adiantum_ctx *ctx = c;

	if (enc)
		ax86_aes_ct_encrypt256(ax86_aes_lib_enc_keys(&ctx->lib), out,
				       in);
	else
		ax86_aes_ct_decrypt256(ax86_aes_lib_dec_keys(&ctx->lib), out,
				       in);
}

/* a SIMD variant's AES block: the form the CPU decided (the keys above) */
static void ax86_adiantum_aes_simd(const void *c, u8 out[16],
				   const u8 in[16], bool enc)
{
	const struct ax86_adiantum_ctx *ctx = c;
	const u32 *enc_keys = ax86_aes_lib_enc_keys(&ctx->lib);
	const u32 *dec_keys = ax86_aes_lib_dec_keys(&ctx->lib);

	if (static_branch_likely(&ax86_aes_ni)) {
		if (enc)
			ax86_aesni_encrypt256(enc_keys, out, in);
		else
			ax86_aesni_decrypt256(dec_keys, out, in);
	} else if (static_branch_likely(&ax86_aes_ssse3)) {
		if (enc)
			ax86_aes_vperm_encrypt256(ctx->vperm.enc, out, in);
		else
			ax86_aes_vperm_decrypt256(ctx->vperm.dec, out, in);
	} else if (enc) {
		ax86_aes_ct_encrypt256(enc_keys, out, in);
	} else {
		ax86_aes_ct_decrypt256(dec_keys, out, in);
	}
}

/*
 * Its decryption side by side with HChaCha where the form has one: the
 * vector-permute core's (adiantum.h's ax86_aes_dec_hchacha_fn).  Its
 * HChaCha is the scalar one whatever the variant's: it runs on the
 * integer pipes while the block's shuffles wait on each other.
 */
static bool ax86_adiantum_dec_hchacha_simd(const void *c, u8 m[16],
					   u32 state[16], unsigned int nrounds)
{
	const struct ax86_adiantum_ctx *ctx = c;

	if (!ax86_adiantum_runs_vperm())
		return false;
	ax86_aes_vperm_decrypt256_hchacha(ctx->vperm.dec, m, state, nrounds);
	return true;
}

/* its name, for the variants parameter */
static const char *ax86_adiantum_aes_form(void)
{
	if (static_branch_likely(&ax86_aes_ni))
		return "aes-ni";
	if (static_branch_likely(&ax86_aes_ssse3))
		return "vperm";
	return "ct";
}

/*
 * The one-go path's Poly1305 on every SIMD variant, for the variants
 * parameter: the switch core_main.c sets at load (adiantum_dispatch.h)
 */
static const char *ax86_adiantum_poly_form(void)
{
	return ax86_on(ax86_poly_sse2_on) ? "sse2" : "scalar";
}

/* One variant's code: the cores of adiantum_dispatch.h and its AES */
struct ax86_adiantum_ops {
	void (*crypt)(struct ax86_adiantum_work *w,
		      const struct ax86_adiantum_key *key, const void *aes,
		      ax86_aes_fn aes_fn, ax86_aes_dec_hchacha_fn dec_hchacha,
		      u8 *dst, const u8 *src, unsigned int len,
		      const u8 tweak[32], bool enc);
	void (*hash)(struct ax86_adiantum_req *rq,
		     const struct ax86_adiantum_key *key, const u8 *src,
		     unsigned int len);
	void (*middle)(struct ax86_adiantum_req *rq,
		       const struct ax86_adiantum_key *key, const u8 r_in[16],
		       bool enc, const void *aes, ax86_aes_fn aes_fn,
		       ax86_aes_dec_hchacha_fn dec_hchacha);
	void (*xor)(struct ax86_adiantum_req *rq,
		    const struct ax86_adiantum_key *key, u8 *dst,
		    const u8 *src, unsigned int len);
	void (*end)(struct ax86_adiantum_req *rq,
		    const struct ax86_adiantum_key *key, u8 r_out[16]);
	ax86_aes_fn aes;
	ax86_aes_dec_hchacha_fn dec_hchacha;
	bool simd;		/* the cores need a kernel_fpu_begin() section */
};

static __always_inline void fpu_begin(const struct ax86_adiantum_ops *ops)
{
	if (ops->simd)
		kernel_fpu_begin();
}

static __always_inline void fpu_end(const struct ax86_adiantum_ops *ops)
{
	if (ops->simd)
		kernel_fpu_end();
}

/*
 * How long preemption (and from 6.15 bottom halves) stays off.  A whole
 * 4 KiB message in one FPU section takes 4.1-5.8k cycles on CPUs with
 * AVX2 (make model: Haswell, Zen 1 to 3), but 25-36k on those without
 * (Bonnell, Silvermont, Goldmont, Bulldozer): up to 23 us at 1.6 GHz.
 * There a message longer than AX86_FPU_SECTION_BYTES goes in sections:
 * the hash of L and the middle step, then the XOR pass (hashed as it goes)
 * that many bytes at a time.  make model gives the longest section per
 * CPU (item fpu-section-4096): at most 13.9k cycles, 8.7 us at 1.6 GHz,
 * on Goldmont.  The cost: the step-by-step path, 0.5-2% of a 4 KiB
 * message measured in userspace, plus two kernel_fpu_end/begin pairs.
 */
#define AX86_FPU_SECTION_BYTES	2048
static DEFINE_STATIC_KEY_FALSE(ax86_fpu_sections);

/*
 * A message whose source and destination each lie in one page, mapped: at
 * most a page, so one FPU section covers it whole.
 */
static __always_inline void
ax86_adiantum_linear(const struct ax86_adiantum_ctx *ctx,
		     struct ax86_adiantum_work *w, u8 *dst, const u8 *src,
		     unsigned int len, const u8 *tweak, bool enc,
		     const struct ax86_adiantum_ops *ops)
{
	BUILD_BUG_ON(PAGE_SIZE > AX86_FPU_CHUNK);
	fpu_begin(ops);
	ops->crypt(w, &ctx->key, ctx, ops->aes, ops->dec_hchacha, dst, src, len,
		   tweak, enc);
	fpu_end(ops);
}

/*
 * The same message in sections of at most AX86_FPU_SECTION_BYTES of the
 * XOR pass, and the path of lengths the one-go code leaves out (see
 * ax86_adiantum_whole_ok()).  L is hashed whole before anything is
 * written, and each piece of the XOR pass reads its source before writing
 * the same range: in place works.
 */
static __always_inline void
ax86_adiantum_sectioned(const struct ax86_adiantum_ctx *ctx,
			struct ax86_adiantum_work *w, u8 *dst, const u8 *src,
			unsigned int len, const u8 *tweak, bool enc,
			const struct ax86_adiantum_ops *ops)
{
	unsigned int bulk = len - AX86_ADIANTUM_BLOCK_SIZE, off = 0, n;
	struct ax86_adiantum_req *rq = &w->rq;

	memcpy(w->r, src + bulk, sizeof(w->r));
	ax86_adiantum_begin(rq, &ctx->key, bulk, tweak);
	fpu_begin(ops);
	ops->hash(rq, &ctx->key, src, bulk);
	ops->middle(rq, &ctx->key, w->r, enc, ctx, ops->aes, ops->dec_hchacha);
	fpu_end(ops);
	do {	/* once at least: the last section ends R */
		n = min_t(unsigned int, bulk - off, AX86_FPU_SECTION_BYTES);
		fpu_begin(ops);
		ops->xor(rq, &ctx->key, dst + off, src + off, n);
		if (off + n == bulk)
			ops->end(rq, &ctx->key, w->r);
		fpu_end(ops);
		off += n;
	} while (off < bulk);
	memcpy(dst + bulk, w->r, sizeof(w->r));
	memzero_explicit(w->r, sizeof(w->r));
}

/*
 * Scattered messages are walked with sg_mapping_iter, one page piece at a
 * time mapped (atomically: any context), unmapped before the next piece
 * and before a reschedule.  A stopped iterator resumes where it stopped.
 */
static inline void ax86_sg_start(struct sg_mapping_iter *m,
				 struct scatterlist *sg, unsigned int flags)
{
	sg_miter_start(m, sg, sg_nents(sg), SG_MITER_ATOMIC | flags);
}

/*
 * @len bytes between @buf and @m's position, into @buf or (@to_sg) out of
 * it; false if the list ends first
 */
static bool ax86_sg_copy(struct sg_mapping_iter *m, u8 *buf,
			 unsigned int len, bool to_sg)
{
	unsigned int n;

	for (; len; buf += n, len -= n) {
		if (!sg_miter_next(m))
			return false;
		n = min_t(unsigned int, m->length, len);
		if (to_sg)
			memcpy(m->addr, buf, n);
		else
			memcpy(buf, m->addr, n);
		m->consumed = n;
		sg_miter_stop(m);
	}
	return true;
}

/*
 * Any other layout, walked where it lies: L hashed page piece by page
 * piece, then XORed from each source piece into the destination piece at
 * the same offset and hashed there.  The stream takes whole 64-byte blocks
 * but at the end of L, so a block that straddles two pieces goes through
 * a 64-byte bounce buffer, read whole before it is written: in place
 * works.  Each piece is one FPU section of at most a page (or
 * AX86_FPU_SECTION_BYTES where sections are bounded), and under
 * CRYPTO_TFM_REQ_MAY_SLEEP the walk may reschedule between pieces.
 * -EINVAL if a scatterlist is shorter than the request says.
 */
static __always_inline int
ax86_adiantum_scattered(const struct ax86_adiantum_ctx *ctx,
			struct ax86_adiantum_work *w,
			struct skcipher_request *req, bool enc,
			const struct ax86_adiantum_ops *ops)
{
	unsigned int bulk = req->cryptlen - AX86_ADIANTUM_BLOCK_SIZE, off, n;
	unsigned int most = static_branch_unlikely(&ax86_fpu_sections) ?
			    AX86_FPU_SECTION_BYTES : PAGE_SIZE;
	bool may_sleep = req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP;
	struct ax86_adiantum_req *rq = &w->rq;
	u8 *buf = w->bounce, *r = w->r;
	struct sg_mapping_iter in ax86_written_first, out ax86_written_first;
	int err = -EINVAL;

	ax86_adiantum_begin(rq, &ctx->key, bulk, req->iv);
	ax86_sg_start(&in, req->src, SG_MITER_FROM_SG);
	ax86_sg_start(&out, req->dst, SG_MITER_TO_SG);
	for (off = 0; off < bulk; off += n) {
		if (!sg_miter_next(&in))
			goto out;
		n = min_t(unsigned int, in.length, min(bulk - off, most));
		fpu_begin(ops);
		ops->hash(rq, &ctx->key, in.addr, n);
		fpu_end(ops);
		in.consumed = n;
		sg_miter_stop(&in);
		if (may_sleep)
			cond_resched();
	}
	if (!ax86_sg_copy(&in, r, sizeof(w->r), false))
		goto out;
	fpu_begin(ops);
	ops->middle(rq, &ctx->key, r, enc, ctx, ops->aes, ops->dec_hchacha);
	fpu_end(ops);

	ax86_sg_start(&in, req->src, SG_MITER_FROM_SG);
	for (off = 0; off < bulk; off += n) {
		if (!sg_miter_next(&in) || !sg_miter_next(&out))
			goto out;
		n = min_t(unsigned int, min(in.length, out.length),
			  min(bulk - off, most));
		if (n < bulk - off)
			n = round_down(n, AX86_CHACHA_BLOCK_SIZE);
		if (n) {
			fpu_begin(ops);
			ops->xor(rq, &ctx->key, out.addr, in.addr, n);
			fpu_end(ops);
		}
		out.consumed = n;
		in.consumed = n;
		sg_miter_stop(&out);
		sg_miter_stop(&in);
		if (!n) {	/* a block across pieces */
			n = min_t(unsigned int, bulk - off,
				  sizeof(w->bounce));
			if (!ax86_sg_copy(&in, buf, n, false))
				goto out;
			fpu_begin(ops);
			ops->xor(rq, &ctx->key, buf, buf, n);
			fpu_end(ops);
			if (!ax86_sg_copy(&out, buf, n, true))
				goto out;
		}
		if (may_sleep)
			cond_resched();
	}
	fpu_begin(ops);
	ops->end(rq, &ctx->key, r);
	fpu_end(ops);
	if (ax86_sg_copy(&out, r, sizeof(w->r), true))
		err = 0;
out:
	sg_miter_stop(&in);
	sg_miter_stop(&out);
	if (err)	/* else ops->end() wiped it */
		memzero_explicit(rq, sizeof(*rq));
	memzero_explicit(buf, sizeof(w->bounce));
	memzero_explicit(r, sizeof(w->r));
	return err;
}

/* the first @len bytes of @sg in one page */
static bool ax86_in_one_page(struct scatterlist *sg, unsigned int len)
{
	return sg->length >= len && sg->offset + len <= PAGE_SIZE;
}

/*
 * The steps of the sectioned and scattered paths, each a function of its
 * own: inlined, each would bring its own NHPoly1305 buffers into one
 * frame (the steps run one after another; their frames need not add up).
 */
#define STEP_FUNCS(isa)							\
static noinline void							\
ax86_adiantum_step_hash_##isa(struct ax86_adiantum_req *rq,		\
			      const struct ax86_adiantum_key *key,	\
			      const u8 *src, unsigned int len)		\
{									\
	ax86_adiantum_hash_##isa(rq, key, src, len);			\
}									\
static noinline void							\
ax86_adiantum_step_middle_##isa(struct ax86_adiantum_req *rq,		\
				const struct ax86_adiantum_key *key,	\
				const u8 r_in[16], bool enc,		\
				const void *aes, ax86_aes_fn aes_fn,	\
				ax86_aes_dec_hchacha_fn dec_hchacha)	\
{									\
	ax86_adiantum_middle_##isa(rq, key, r_in, enc, aes, aes_fn,	\
				   dec_hchacha);			\
}									\
static noinline void							\
ax86_adiantum_step_xor_##isa(struct ax86_adiantum_req *rq,		\
			     const struct ax86_adiantum_key *key,	\
			     u8 *dst, const u8 *src, unsigned int len)	\
{									\
	ax86_adiantum_xor_##isa(rq, key, dst, src, len);		\
}									\
static noinline void							\
ax86_adiantum_step_end_##isa(struct ax86_adiantum_req *rq,		\
			     const struct ax86_adiantum_key *key,	\
			     u8 r_out[16])				\
{									\
	ax86_adiantum_end_##isa(rq, key, r_out);			\
}

#define OPS(isa, _aes, _dec_hchacha, _simd) {				\
	.crypt = ax86_adiantum_crypt_whole_##isa,			\
	.hash = ax86_adiantum_step_hash_##isa,				\
	.middle = ax86_adiantum_step_middle_##isa,			\
	.xor = ax86_adiantum_step_xor_##isa,				\
	.end = ax86_adiantum_step_end_##isa,				\
	.aes = _aes,							\
	.dec_hchacha = _dec_hchacha,					\
	.simd = _simd,							\
}

/*
 * One variant's request: @ops is a constant after inlining, so each
 * variant calls its own cores directly, with no indirect call on the hot
 * path; the two layouts are functions of their own to keep each stack
 * frame small.
 */
#define LAYOUT_FUNCS(name, _ops)					\
static noinline void							\
ax86_adiantum_sectioned_##name(const struct ax86_adiantum_ctx *ctx,	\
			       struct ax86_adiantum_work *w, u8 *dst,	\
			       const u8 *src, unsigned int len,		\
			       const u8 *tweak, bool enc)		\
{									\
	ax86_adiantum_sectioned(ctx, w, dst, src, len, tweak, enc, _ops); \
}									\
static noinline void							\
ax86_adiantum_linear_##name(const struct ax86_adiantum_ctx *ctx,	\
			    struct ax86_adiantum_work *w, u8 *dst,	\
			    const u8 *src, unsigned int len,		\
			    const u8 *tweak, bool enc)			\
{									\
	if (!ax86_adiantum_whole_ok(len) ||				\
	    ((_ops)->simd &&						\
	     static_branch_unlikely(&ax86_fpu_sections) &&		\
	     len > AX86_FPU_SECTION_BYTES)) {				\
		ax86_adiantum_sectioned_##name(ctx, w, dst, src, len,	\
					       tweak, enc);		\
		return;							\
	}								\
	ax86_adiantum_linear(ctx, w, dst, src, len, tweak, enc, _ops);	\
}									\
static noinline int							\
ax86_adiantum_scattered_##name(const struct ax86_adiantum_ctx *ctx,	\
			       struct ax86_adiantum_work *w,		\
			       struct skcipher_request *req, bool enc)	\
{									\
	return ax86_adiantum_scattered(ctx, w, req, enc, _ops);		\
}									\
static int ax86_adiantum_layout_##name(const struct ax86_adiantum_ctx *ctx, \
				       struct ax86_adiantum_work *w,	\
				       struct skcipher_request *req,	\
				       bool enc)			\
{									\
	unsigned int len = req->cryptlen;				\
	u8 *src, *dst;							\
									\
	if (!ax86_in_one_page(req->src, len) ||				\
	    !ax86_in_one_page(req->dst, len))				\
		return ax86_adiantum_scattered_##name(ctx, w, req, enc); \
	src = kmap_local_page(sg_page(req->src)) + req->src->offset;	\
	if (req->dst == req->src)					\
		dst = src;						\
	else								\
		dst = kmap_local_page(sg_page(req->dst)) +		\
		      req->dst->offset;					\
	ax86_adiantum_linear_##name(ctx, w, dst, src, len, req->iv, enc); \
	if (req->dst != req->src)					\
		kunmap_local(dst);					\
	kunmap_local(src);						\
	return 0;							\
}

/* without the FPU: the portable cores and AES */
STEP_FUNCS(generic)
static const struct ax86_adiantum_ops ax86_adiantum_ops_generic =
	OPS(generic, ax86_adiantum_aes_generic, NULL, false);
LAYOUT_FUNCS(generic, &ax86_adiantum_ops_generic)

#define VARIANT_FUNCS(isa)						\
STEP_FUNCS(isa)								\
static const struct ax86_adiantum_ops ax86_adiantum_ops_##isa =		\
	OPS(isa, ax86_adiantum_aes_simd, ax86_adiantum_dec_hchacha_simd, true); \
LAYOUT_FUNCS(isa, &ax86_adiantum_ops_##isa)				\
static int ax86_adiantum_crypt_req_##isa(struct skcipher_request *req,	\
					 bool enc)			\
{									\
	const struct ax86_adiantum_ctx *ctx =				\
		ax86_adiantum_tfm_ctx(crypto_skcipher_reqtfm(req));	\
	struct ax86_adiantum_work *w = skcipher_request_ctx(req);	\
									\
	/* the template's answer, before anything is read or written */ \
	if (req->cryptlen < AX86_ADIANTUM_BLOCK_SIZE)			\
		return -EINVAL;						\
	if (crypto_simd_usable())					\
		return ax86_adiantum_layout_##isa(ctx, w, req, enc);	\
	return ax86_adiantum_layout_generic(ctx, w, req, enc);		\
}									\
static int ax86_adiantum_encrypt_##isa(struct skcipher_request *req)	\
{									\
	return ax86_adiantum_crypt_req_##isa(req, true);		\
}									\
static int ax86_adiantum_decrypt_##isa(struct skcipher_request *req)	\
{									\
	return ax86_adiantum_crypt_req_##isa(req, false);		\
}

VARIANT_FUNCS(sse2)
VARIANT_FUNCS(ssse3)
VARIANT_FUNCS(avx)
VARIANT_FUNCS(avx2)
VARIANT_FUNCS(avx512vl)
VARIANT_FUNCS(avx512)

/* a variant's two layouts */
typedef void (*ax86_linear_fn)(const struct ax86_adiantum_ctx *ctx,
			       struct ax86_adiantum_work *w, u8 *dst,
			       const u8 *src, unsigned int len,
			       const u8 *tweak, bool enc);
typedef int (*ax86_scattered_fn)(const struct ax86_adiantum_ctx *ctx,
				 struct ax86_adiantum_work *w,
				 struct skcipher_request *req, bool enc);

/*
 * What each variant is, by ISA: its two layouts (for the load-time known
 * answers) and the names of its cores and of its AES without AES-NI,
 * picked where the dispatch headers pick them (for the variants
 * parameter)
 */
#define VARIANT(isa) {							\
	ax86_adiantum_linear_##isa, ax86_adiantum_scattered_##isa,	\
	ax86_stream_core_##isa, ax86_hchacha_core_##isa,		\
	ax86_adiantum_nh_core(isa)					\
}

static const struct {
	ax86_linear_fn linear;
	ax86_scattered_fn scattered;
	const char *(*chacha)(void);
	const char *(*hchacha)(void);
	const char *nh;
} ax86_adiantum_variants[AX86_NR_ISA] = AX86_ISA_TABLE(VARIANT);

/* too big for a kernel stack: allocated for the checks at load */
struct ax86_adiantum_kat {
	struct ax86_adiantum_ctx ctx;
	struct ax86_adiantum_work work;	/* the request context's part */
	struct scatterlist src[2], dst[2];
	u8 key[AX86_ADIANTUM_KEY_SIZE];
	u8 tweak[AX86_ADIANTUM_IV_SIZE];
	u8 iv[AX86_ADIANTUM_IV_SIZE];
	u8 msg[AX86_ADIANTUM_KAT_MAX];
	u8 ct[AX86_ADIANTUM_KAT_MAX];
	u8 out[AX86_ADIANTUM_KAT_MAX];
	struct skcipher_request req;	/* last: it ends in a flexible array */
};

/* @len bytes from @in to @out through the scattered path, split in two */
static int ax86_adiantum_kat_split(struct ax86_adiantum_kat *k,
				    ax86_scattered_fn scattered, u8 *out,
				    const u8 *in, unsigned int len, bool enc)
{
	unsigned int part = len / 2 + 3;	/* an odd split */

	sg_init_table(k->src, 2);
	sg_set_buf(&k->src[0], in, part);
	sg_set_buf(&k->src[1], in + part, len - part);
	sg_init_table(k->dst, 2);
	sg_set_buf(&k->dst[0], out, part);
	sg_set_buf(&k->dst[1], out + part, len - part);
	memcpy(k->iv, k->tweak, sizeof(k->iv));
	k->req.src = k->src;
	k->req.dst = k->dst;
	k->req.cryptlen = len;
	k->req.iv = k->iv;
	return scattered(&k->ctx, &k->work, &k->req, enc);
}

/*
 * Our known answers (crypto/adiantum_kat.h) through one variant's two
 * layouts, both ways; true if every one holds
 */
static bool ax86_adiantum_kat(struct ax86_adiantum_kat *k,
			      ax86_linear_fn linear,
			      ax86_scattered_fn scattered)
{
	static const unsigned int lens[] = AX86_ADIANTUM_KAT_LENS;
	unsigned int r, i, len;

	for (r = 0; r < 2; r++) {
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			len = lens[i];
			ax86_adiantum_kat_inputs(k->key, k->tweak, k->msg, len);
			if (ax86_adiantum_ctx_setkey(&k->ctx, k->key,
						     sizeof(k->key),
						     r ? 20 : 12))
				return false;
			linear(&k->ctx, &k->work, k->ct, k->msg, len, k->tweak,
			       true);
			if (ax86_adiantum_kat_fold(k->ct, len) !=
			    ax86_adiantum_kat_answers[r][i])
				return false;
			linear(&k->ctx, &k->work, k->out, k->ct, len, k->tweak,
			       false);
			if (memcmp(k->out, k->msg, len))
				return false;
			if (ax86_adiantum_kat_split(k, scattered, k->out,
						    k->msg, len, true) ||
			    memcmp(k->out, k->ct, len))
				return false;
			if (ax86_adiantum_kat_split(k, scattered, k->out,
						    k->ct, len, false) ||
			    memcmp(k->out, k->msg, len))
				return false;
		}
	}
	return true;
}

/*
 * The SSE2 Poly1305 serves only Bonnell and Saltwell (cpu_quirks.h), which
 * no test machine is: every SIMD variant's self-test checks it against
 * the scalar core on the last known answer's keys, 0..8 blocks, so that
 * every kernel it loads on runs it once.
 */
static bool ax86_poly_sse2_kat(struct ax86_adiantum_kat *k)
{
	const struct ax86_poly1305_key *key = &k->ctx.key.msg.poly;
	unsigned int n;
	bool same = true;

	if ((unsigned long)key->lanes & 15)
		return true;	/* never run there (adiantum_dispatch.h) */
	for (n = 0; n <= AX86_POLY1305_POWERS; n++) {
		kernel_fpu_begin();
		ax86_poly1305_emit_sse2(key, k->ct, n, k->out);
		kernel_fpu_end();
		ax86_poly1305_emit_scalar(key, k->ct, n, k->out + 16);
		same &= !memcmp(k->out, k->out + 16, 16);
	}
	return same;
}

/* the known answers of @isa's variant, or of the portable one if < 0 */
static int ax86_adiantum_selftest(int isa)
{
	struct ax86_adiantum_kat *k;
	bool ok;

	k = kzalloc(sizeof(*k), GFP_KERNEL);
	if (!k)
		return -ENOMEM;
	if (isa < 0)
		ok = ax86_adiantum_kat(k, ax86_adiantum_linear_generic,
				       ax86_adiantum_scattered_generic);
	else
		ok = ax86_adiantum_kat(k, ax86_adiantum_variants[isa].linear,
				       ax86_adiantum_variants[isa].scattered) &&
		     ax86_poly_sse2_kat(k);
	kfree_sensitive(k);
	return ok ? 0 : -EBADMSG;
}

/*
 * A request's working memory is its context, not the stack: dm-crypt may
 * run us in softirq on top of the block layer, and the deepest request
 * path stays within 1 KiB of stack (tests/stack/).  Callers provide the
 * context with the request: dm-crypt in its per-bio data, AF_ALG with
 * skcipher_request_alloc(), and a caller of SYNC_SKCIPHER_REQUEST_ON_STACK()
 * in MAX_SYNC_SKCIPHER_REQSIZE bytes of its own stack, which the context
 * must fit.
 */
static int ax86_adiantum_init_tfm(struct crypto_skcipher *tfm)
{
	BUILD_BUG_ON(sizeof(struct ax86_adiantum_work) >
		     MAX_SYNC_SKCIPHER_REQSIZE);
	crypto_skcipher_set_reqsize(tfm, sizeof(struct ax86_adiantum_work));
	return 0;
}

#define ALG(_stream, _isa, _setkey) {					\
	.base.cra_name		= "adiantum(" _stream ",aes)",		\
	.base.cra_driver_name	= "adiantum-" _stream "-aes-ax86-" #_isa, \
	.base.cra_blocksize	= AX86_ADIANTUM_BLOCK_SIZE,		\
	.base.cra_ctxsize	= sizeof(struct ax86_adiantum_ctx) +	\
				  AX86_CTX_ALIGN - 1,			\
	.base.cra_module	= THIS_MODULE,				\
	.min_keysize		= AX86_ADIANTUM_KEY_SIZE,		\
	.max_keysize		= AX86_ADIANTUM_KEY_SIZE,		\
	.ivsize			= AX86_ADIANTUM_IV_SIZE,		\
	.setkey			= _setkey,				\
	.init			= ax86_adiantum_init_tfm,		\
	.encrypt		= ax86_adiantum_encrypt_##_isa,		\
	.decrypt		= ax86_adiantum_decrypt_##_isa,		\
}

#define VARIANT_ALGS(isa) {						\
	ALG("xchacha12", isa, ax86_adiantum12_setkey),			\
	ALG("xchacha20", isa, ax86_adiantum20_setkey),			\
}

#define ALGS_PER_ISA 2

static struct skcipher_alg ax86_adiantum_algs[AX86_NR_ISA][ALGS_PER_ISA] =
	AX86_ISA_TABLE(VARIANT_ALGS);

static int ax86_adiantum_register_isa(enum ax86_isa isa, int priority)
{
	int err;

	/* our own known answers first (see crypto/adiantum_kat.h) */
	err = ax86_adiantum_selftest(isa);
	if (err == -EBADMSG) {
		pr_err("the %s drivers fail their known-answer test: not registered\n",
		       ax86_isa_names[isa]);
		return AX86_GLUE_SKIP;
	}
	if (err)
		return err;
	return ax86_glue_register_skciphers(ax86_adiantum_algs[isa],
					    ALGS_PER_ISA, priority);
}

static void ax86_adiantum_unregister_isa(enum ax86_isa isa)
{
	crypto_unregister_skciphers(ax86_adiantum_algs[isa], ALGS_PER_ISA);
}

/* what each driver of @isa runs and why it ranks there (isa.h) */
static int ax86_adiantum_show_isa(char *buf, int len, enum ax86_isa isa)
{
	const struct skcipher_alg *alg;
	int i;

	for (i = 0; i < ALGS_PER_ISA; i++) {
		alg = &ax86_adiantum_algs[isa][i];
		len = ax86_emit(buf, len,
				"%s %d chacha=%s hchacha=%s nh=%s aes=%s poly=%s rank=%s\n",
				alg->base.cra_driver_name,
				alg->base.cra_priority,
				ax86_adiantum_variants[isa].chacha(),
				ax86_adiantum_variants[isa].hchacha(),
				ax86_adiantum_variants[isa].nh,
				ax86_adiantum_aes_form(),
				ax86_adiantum_poly_form(),
				ax86_rank_reason(isa));
	}
	return len;
}

/* the selfcheck parameter's reference: the glue's portable path */
struct ax86_adiantum_sc_ref {
	struct ax86_adiantum_ctx ctx;
	struct ax86_adiantum_work work;
	unsigned int nrounds;
};

static int ax86_adiantum_sc_setkey(void *ref, const u8 *key)
{
	struct ax86_adiantum_sc_ref *r = ref;

	return ax86_adiantum_ctx_setkey(&r->ctx, key, AX86_ADIANTUM_KEY_SIZE,
					r->nrounds);
}

static void ax86_adiantum_sc_crypt(void *ref, u8 *dst, const u8 *src,
				   unsigned int len, const u8 *iv, bool enc)
{
	struct ax86_adiantum_sc_ref *r = ref;

	ax86_adiantum_linear_generic(&r->ctx, &r->work, dst, src, len, iv, enc);
}

/* the known answers' buffers: each a page of its own (kmalloc aligns) */
struct ax86_adiantum_sc_kat {
	struct scatterlist src[AX86_SC_PIECES], dst[AX86_SC_PIECES];
	u8 key[AX86_ADIANTUM_KEY_SIZE];
	u8 tweak[AX86_ADIANTUM_IV_SIZE];
	u8 iv[AX86_ADIANTUM_IV_SIZE];
	u8 *msg, *ct, *out;
};

/* the fold of @ct is @want; under "plant" with one bit of @ct flipped */
static bool ax86_adiantum_sc_fold(struct ax86_selfcheck *sc, u8 *ct,
				  unsigned int len, u64 want)
{
	unsigned int bit = sc->plant ? ax86_sc_below(sc, len * 8) : 0;
	bool ok;

	ct[bit / 8] ^= sc->plant << (bit % 8);
	ok = ax86_adiantum_kat_fold(ct, len) == want;
	ct[bit / 8] ^= sc->plant << (bit % 8);
	return ok;
}

/*
 * Our known answers (adiantum_kat.h) through the driver @req is for, as
 * the load-time test runs them on the variant's code: each message in one
 * piece each way (the one-page path), then scattered out of place and
 * back in place
 */
static bool ax86_adiantum_sc_kat(struct ax86_selfcheck *sc,
				 struct skcipher_request *req, int r,
				 struct ax86_adiantum_sc_kat *k, char *why,
				 size_t whylen)
{
	static const unsigned int lens[] = AX86_ADIANTUM_KAT_LENS;
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	unsigned int i, len, at;
	const char *step;
	int err;

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		len = lens[i];
		ax86_adiantum_kat_inputs(k->key, k->tweak, k->msg, len);
		err = crypto_skcipher_setkey(tfm, k->key, sizeof(k->key));
		step = "setkey";
		if (err)
			goto bad;
		sg_init_one(k->src, k->msg, len);
		sg_init_one(k->dst, k->ct, len);
		memcpy(k->iv, k->tweak, sizeof(k->iv));
		step = "encrypt in one piece";
		err = ax86_sc_crypt(req, k->src, k->dst, len, k->iv, true);
		if (err || !ax86_adiantum_sc_fold(sc, k->ct, len,
						  ax86_adiantum_kat_answers[r][i]))
			goto bad;
		sg_init_one(k->src, k->ct, len);
		sg_init_one(k->dst, k->out, len);
		memcpy(k->iv, k->tweak, sizeof(k->iv));
		step = "decrypt in one piece";
		err = ax86_sc_crypt(req, k->src, k->dst, len, k->iv, false);
		if (err || !ax86_sc_same(sc, k->out, k->msg, len, &at))
			goto bad;
		ax86_sc_sg(sc, k->src, AX86_SC_PIECES, k->msg, len);
		ax86_sc_sg(sc, k->dst, AX86_SC_PIECES, k->out, len);
		memcpy(k->iv, k->tweak, sizeof(k->iv));
		step = "encrypt scattered";
		err = ax86_sc_crypt(req, k->src, k->dst, len, k->iv, true);
		if (err || !ax86_sc_same(sc, k->out, k->ct, len, &at))
			goto bad;
		memcpy(k->out, k->ct, len);
		ax86_sc_sg(sc, k->dst, AX86_SC_PIECES, k->out, len);
		memcpy(k->iv, k->tweak, sizeof(k->iv));
		step = "decrypt scattered in place";
		err = ax86_sc_crypt(req, k->dst, k->dst, len, k->iv, false);
		if (err || !ax86_sc_same(sc, k->out, k->msg, len, &at))
			goto bad;
	}
	return true;
bad:
	snprintf(why, whylen, "known answer, %u bytes, %s: %s", len, step,
		 err ? "error" : "wrong result");
	return false;
}

#define AX86_ADIANTUM_SC_CASES	300
#define AX86_ADIANTUM_SC_MAX	8208

/* one driver: its known answers, then the differential */
static bool ax86_adiantum_sc_driver(struct ax86_selfcheck *sc,
				    struct crypto_skcipher *tfm,
				    unsigned int nrounds, char *why,
				    size_t whylen)
{
	struct ax86_adiantum_sc_ref *ref;
	struct ax86_adiantum_sc_kat *k;
	struct skcipher_request *req;
	struct ax86_sc_cipher c = {
		.keysize = AX86_ADIANTUM_KEY_SIZE,
		.ivsize = AX86_ADIANTUM_IV_SIZE,
		.min_len = AX86_ADIANTUM_BLOCK_SIZE,
		.max_len = AX86_ADIANTUM_SC_MAX,
		.cases = AX86_ADIANTUM_SC_CASES,
		.ctr_at = -1,
		.ref_setkey = ax86_adiantum_sc_setkey,
		.ref_crypt = ax86_adiantum_sc_crypt,
	};
	bool ok = false;

	snprintf(why, whylen, "out of memory");
	ref = kzalloc(sizeof(*ref), GFP_KERNEL);
	k = kzalloc(sizeof(*k), GFP_KERNEL);
	req = skcipher_request_alloc(tfm, GFP_KERNEL);
	if (!ref || !k || !req)
		goto out;
	k->msg = kmalloc(AX86_ADIANTUM_KAT_MAX, GFP_KERNEL);
	k->ct = kmalloc(AX86_ADIANTUM_KAT_MAX, GFP_KERNEL);
	k->out = kmalloc(AX86_ADIANTUM_KAT_MAX, GFP_KERNEL);
	if (!k->msg || !k->ct || !k->out)
		goto out;
	if (!ax86_adiantum_sc_kat(sc, req, nrounds == 20, k, why, whylen))
		goto out;
	ref->nrounds = nrounds;
	c.ref = ref;
	ok = ax86_sc_skcipher_diff(sc, tfm, &c, why, whylen);
out:
	if (k) {
		kfree_sensitive(k->msg);
		kfree_sensitive(k->ct);
		kfree_sensitive(k->out);
	}
	kfree_sensitive(k);
	kfree_sensitive(ref);
	if (req)
		skcipher_request_free(req);
	return ok;
}

/* each driver of @isa through the crypto API by its driver name */
static void ax86_adiantum_selfcheck_isa(struct ax86_selfcheck *sc,
					enum ax86_isa isa)
{
	static const unsigned int lens[] = AX86_ADIANTUM_KAT_LENS;
	const struct skcipher_alg *alg;
	struct crypto_skcipher *tfm;
	const char *drv;
	char why[160] = "";
	bool ok;
	int i;

	for (i = 0; i < ALGS_PER_ISA; i++) {
		alg = &ax86_adiantum_algs[isa][i];
		drv = alg->base.cra_driver_name;
		tfm = ax86_sc_alloc_skcipher(sc, drv);
		if (!tfm)
			continue;
		ok = ax86_adiantum_sc_driver(sc, tfm,
					     alg->setkey == ax86_adiantum12_setkey ?
					     12 : 20, why, sizeof(why));
		ax86_sc_result(sc, drv, ok, why,
			       "%zu known answers (%u..%u bytes) each way, in one piece and scattered; %u random keys, tweaks and messages of %u..%u bytes against the portable C (1-%u pieces, in place and out), both ways",
			       ARRAY_SIZE(lens), lens[0],
			       lens[ARRAY_SIZE(lens) - 1],
			       AX86_ADIANTUM_SC_CASES, AX86_ADIANTUM_BLOCK_SIZE,
			       AX86_ADIANTUM_SC_MAX, AX86_SC_PIECES);
		crypto_free_skcipher(tfm);
	}
}

static struct ax86_glue ax86_adiantum_glue = {
	.name		= KBUILD_MODNAME,
	.isas		= AX86_EVERY_ISA,
	.priority_base	= AX86_ADIANTUM_PRIORITY_BASE,
	.register_isa	= ax86_adiantum_register_isa,
	.unregister_isa	= ax86_adiantum_unregister_isa,
	.show_isa	= ax86_adiantum_show_isa,
	.selfcheck_isa	= ax86_adiantum_selfcheck_isa,
};

AX86_GLUE_PARAMS(ax86_adiantum_glue, AX86_EVERY_ISA_NAMES);

static int __init ax86_adiantum_mod_init(void)
{
	int err;

	if (boot_cpu_has(X86_FEATURE_AES))
		static_branch_enable(&ax86_aes_ni);
	else if (boot_cpu_has(X86_FEATURE_SSSE3))
		static_branch_enable(&ax86_aes_ssse3);
	if (!boot_cpu_has(X86_FEATURE_AVX2))
		static_branch_enable(&ax86_fpu_sections);
	/* every variant falls back to the portable one: it must hold too */
	err = ax86_adiantum_selftest(-1);
	if (err) {
		pr_err("the portable code fails its known-answer test (%d): nothing registered\n",
		       err);
		return err;
	}
	return ax86_glue_register(&ax86_adiantum_glue, max_isa);
}

static void __exit ax86_adiantum_mod_exit(void)
{
	ax86_glue_unregister(&ax86_adiantum_glue);
}

module_init(ax86_adiantum_mod_init);
module_exit(ax86_adiantum_mod_exit);

AX86_IMPORT_NS();
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Adiantum (XChaCha12/XChaCha20, AES-256, NHPoly1305) in one pass with SSE2/SSSE3/AVX/AVX2/AVX-512, AES-NI or constant-time AES (adiantum-x86)");
MODULE_ALIAS_CRYPTO("adiantum(xchacha12,aes)");
MODULE_ALIAS_CRYPTO("adiantum(xchacha20,aes)");
MODULE_ALIAS_CRYPTO("adiantum-xchacha12-aes-ax86-sse2");
MODULE_ALIAS_CRYPTO("adiantum-xchacha20-aes-ax86-sse2");
MODULE_ALIAS_CRYPTO("adiantum-xchacha12-aes-ax86-ssse3");
MODULE_ALIAS_CRYPTO("adiantum-xchacha20-aes-ax86-ssse3");
MODULE_ALIAS_CRYPTO("adiantum-xchacha12-aes-ax86-avx");
MODULE_ALIAS_CRYPTO("adiantum-xchacha20-aes-ax86-avx");
MODULE_ALIAS_CRYPTO("adiantum-xchacha12-aes-ax86-avx2");
MODULE_ALIAS_CRYPTO("adiantum-xchacha20-aes-ax86-avx2");
MODULE_ALIAS_CRYPTO("adiantum-xchacha12-aes-ax86-avx512vl");
MODULE_ALIAS_CRYPTO("adiantum-xchacha20-aes-ax86-avx512vl");
MODULE_ALIAS_CRYPTO("adiantum-xchacha12-aes-ax86-avx512");
MODULE_ALIAS_CRYPTO("adiantum-xchacha20-aes-ax86-avx512");
