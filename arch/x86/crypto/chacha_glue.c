// SPDX-License-Identifier: GPL-2.0
/*
 * chacha20, xchacha20 and xchacha12 skciphers on the SIMD code of
 * arch/x86/crypto/, one driver per ISA variant the CPU can run, with the
 * portable code of crypto/ whenever the FPU cannot be used.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/internal/skcipher.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>

#include "chacha_dispatch.h"
#include "variants.h"

struct ax86_chacha_ctx {
	u32 key[8];
	unsigned int nrounds;
};

static int ax86_chacha20_setkey(struct crypto_skcipher *tfm, const u8 *key,
				unsigned int keylen)
{
	struct ax86_chacha_ctx *ctx = crypto_skcipher_ctx(tfm);

	if (keylen != AX86_CHACHA_KEY_SIZE)
		return -EINVAL;
	ax86_chacha_key_words(ctx->key, key);
	ctx->nrounds = 20;
	return 0;
}

static int ax86_chacha12_setkey(struct crypto_skcipher *tfm, const u8 *key,
				unsigned int keylen)
{
	struct ax86_chacha_ctx *ctx = crypto_skcipher_ctx(tfm);
	int err = ax86_chacha20_setkey(tfm, key, keylen);

	if (!err)
		ctx->nrounds = 12;
	return err;
}

/*
 * XOR @len bytes; @len is a multiple of 64 unless this is the end of the
 * message.  The SIMD code never sees more than AX86_FPU_CHUNK bytes per FPU
 * section.  @stream is a constant after inlining: each variant calls its
 * own code directly.
 */
static __always_inline void ax86_chacha_do(u32 state[16], u8 *dst,
					   const u8 *src, unsigned int len,
					   unsigned int nrounds,
					   ax86_stream_fn stream)
{
	unsigned int n;

	if (!crypto_simd_usable()) {
		ax86_chacha_crypt(state, dst, src, len, nrounds);
		return;
	}
	while (len) {
		n = min_t(unsigned int, len, AX86_FPU_CHUNK);
		kernel_fpu_begin();
		stream(state, dst, src, n, nrounds);
		kernel_fpu_end();
		dst += n;
		src += n;
		len -= n;
	}
}

static __always_inline int ax86_chacha_walk(struct skcipher_request *req,
					    u32 state[16],
					    unsigned int nrounds,
					    ax86_stream_fn stream)
{
	struct skcipher_walk walk ax86_written_first;
	unsigned int n;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes > 0) {
		n = walk.nbytes;
		/* only the last step may end inside a block */
		if (n < walk.total)
			n = round_down(n, AX86_CHACHA_BLOCK_SIZE);
		ax86_chacha_do(state, walk.dst.virt.addr, walk.src.virt.addr,
			       n, nrounds, stream);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	memzero_explicit(state, 16 * sizeof(u32));
	return err;
}

static __always_inline int ax86_chacha(struct skcipher_request *req,
				       ax86_stream_fn stream)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct ax86_chacha_ctx *ctx = crypto_skcipher_ctx(tfm);
	u32 state[16] ax86_written_first;

	ax86_chacha_init(state, ctx->key, req->iv);
	return ax86_chacha_walk(req, state, ctx->nrounds, stream);
}

static __always_inline int ax86_xchacha(struct skcipher_request *req,
					ax86_stream_fn stream,
					ax86_hchacha_fn hchacha)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct ax86_chacha_ctx *ctx = crypto_skcipher_ctx(tfm);
	u32 state[16] ax86_written_first, subkey[8] ax86_written_first;

	ax86_chacha_init(state, ctx->key, req->iv);
	if (crypto_simd_usable()) {
		kernel_fpu_begin();
		hchacha(state, subkey, ctx->nrounds);
		kernel_fpu_end();
	} else {
		ax86_hchacha(state, subkey, ctx->nrounds);
	}
	ax86_xchacha_finish(state, subkey, req->iv);
	memzero_explicit(subkey, sizeof(subkey));
	return ax86_chacha_walk(req, state, ctx->nrounds, stream);
}

#define VARIANT_FUNCS(isa)						\
static int ax86_chacha_##isa(struct skcipher_request *req)		\
{									\
	return ax86_chacha(req, ax86_stream_##isa);			\
}									\
static int ax86_xchacha_##isa(struct skcipher_request *req)		\
{									\
	return ax86_xchacha(req, ax86_stream_##isa,			\
			    ax86_hchacha_for_##isa);			\
}

VARIANT_FUNCS(sse2)
VARIANT_FUNCS(ssse3)
VARIANT_FUNCS(avx)
VARIANT_FUNCS(avx2)
VARIANT_FUNCS(avx512vl)
VARIANT_FUNCS(avx512)

#define ALG(_name, _isa, _ivsize, _setkey, _crypt) {			\
	.base.cra_name		= _name,				\
	.base.cra_driver_name	= _name "-ax86-" #_isa,			\
	.base.cra_blocksize	= 1,					\
	.base.cra_ctxsize	= sizeof(struct ax86_chacha_ctx),	\
	.base.cra_module	= THIS_MODULE,				\
	.min_keysize		= AX86_CHACHA_KEY_SIZE,			\
	.max_keysize		= AX86_CHACHA_KEY_SIZE,			\
	.ivsize			= _ivsize,				\
	.chunksize		= AX86_CHACHA_BLOCK_SIZE,		\
	.setkey			= _setkey,				\
	.encrypt		= _crypt,				\
	.decrypt		= _crypt,				\
}

#define VARIANT_ALGS(isa) {						\
	ALG("chacha20", isa, AX86_CHACHA_IV_SIZE, ax86_chacha20_setkey,	\
	    ax86_chacha_##isa),						\
	ALG("xchacha20", isa, AX86_XCHACHA_IV_SIZE,			\
	    ax86_chacha20_setkey, ax86_xchacha_##isa),			\
	ALG("xchacha12", isa, AX86_XCHACHA_IV_SIZE,			\
	    ax86_chacha12_setkey, ax86_xchacha_##isa),			\
}

#define ALGS_PER_ISA 3

static struct skcipher_alg ax86_chacha_algs[AX86_NR_ISA][ALGS_PER_ISA] =
	AX86_ISA_TABLE(VARIANT_ALGS);

/* the cores of each variant, named where chacha_dispatch.h picks them */
#define CORES(isa) { ax86_stream_core_##isa, ax86_hchacha_core_##isa }

static const struct {
	const char *(*chacha)(void);
	const char *(*hchacha)(void);
} ax86_chacha_cores[AX86_NR_ISA] = AX86_ISA_TABLE(CORES);

static int ax86_chacha_register_isa(enum ax86_isa isa, int priority)
{
	return ax86_glue_register_skciphers(ax86_chacha_algs[isa], ALGS_PER_ISA,
					    priority);
}

static void ax86_chacha_unregister_isa(enum ax86_isa isa)
{
	crypto_unregister_skciphers(ax86_chacha_algs[isa], ALGS_PER_ISA);
}

/* what each driver of @isa runs and why it ranks there (isa.h) */
static int ax86_chacha_show_isa(char *buf, int len, enum ax86_isa isa)
{
	const struct skcipher_alg *alg;
	int i;

	for (i = 0; i < ALGS_PER_ISA; i++) {
		alg = &ax86_chacha_algs[isa][i];
		len = ax86_emit(buf, len, "%s %d chacha=%s",
				alg->base.cra_driver_name,
				alg->base.cra_priority,
				ax86_chacha_cores[isa].chacha());
		/* XChaCha derives its subkey with HChaCha */
		if (alg->ivsize == AX86_XCHACHA_IV_SIZE)
			len = ax86_emit(buf, len, " hchacha=%s",
					ax86_chacha_cores[isa].hchacha());
		len = ax86_emit(buf, len, " rank=%s\n", ax86_rank_reason(isa));
	}
	return len;
}

/* the selfcheck parameter's reference: the portable C of crypto/ */
struct ax86_chacha_ref {
	u32 key[8];
	unsigned int nrounds;
	bool xchacha;
};

static int ax86_chacha_ref_setkey(void *ref, const u8 *key)
{
	struct ax86_chacha_ref *r = ref;

	ax86_chacha_key_words(r->key, key);
	return 0;
}

/* ChaCha is its own inverse: @enc does not matter */
static void ax86_chacha_ref_crypt(void *ref, u8 *dst, const u8 *src,
				  unsigned int len, const u8 *iv, bool enc)
{
	struct ax86_chacha_ref *r = ref;
	u32 state[16] ax86_written_first;

	if (r->xchacha)
		ax86_xchacha_init(state, r->key, iv, r->nrounds);
	else
		ax86_chacha_init(state, r->key, iv);
	ax86_chacha_crypt(state, dst, src, len, r->nrounds);
	memzero_explicit(state, sizeof(state));
}

#define AX86_CHACHA_SC_CASES	300
#define AX86_CHACHA_SC_MAX	8208

/*
 * Each driver of @isa through the crypto API by its driver name, against
 * the portable C: random keys, IVs (block counters about to wrap among
 * them) and messages of 0..8208 bytes, each way, scattered, in place and
 * out of place
 */
static void ax86_chacha_selfcheck_isa(struct ax86_selfcheck *sc,
				      enum ax86_isa isa)
{
	struct ax86_chacha_ref ref;
	struct ax86_sc_cipher c = {
		.keysize = AX86_CHACHA_KEY_SIZE,
		.min_len = 0,
		.max_len = AX86_CHACHA_SC_MAX,
		.cases = AX86_CHACHA_SC_CASES,
		.ref_setkey = ax86_chacha_ref_setkey,
		.ref_crypt = ax86_chacha_ref_crypt,
		.ref = &ref,
	};
	const struct skcipher_alg *alg;
	struct crypto_skcipher *tfm;
	const char *drv;
	char why[160] = "";
	int i;

	for (i = 0; i < ALGS_PER_ISA; i++) {
		alg = &ax86_chacha_algs[isa][i];
		drv = alg->base.cra_driver_name;
		ref.xchacha = alg->ivsize == AX86_XCHACHA_IV_SIZE;
		ref.nrounds = alg->setkey == ax86_chacha12_setkey ? 12 : 20;
		c.ivsize = alg->ivsize;
		/* the low word of the counter: state word 12 either way */
		c.ctr_at = ref.xchacha ? 24 : 0;
		tfm = ax86_sc_alloc_skcipher(sc, drv);
		if (!tfm)
			continue;
		ax86_sc_result(sc, drv,
			       ax86_sc_skcipher_diff(sc, tfm, &c, why,
						     sizeof(why)), why,
			       "%u random keys, IVs and messages of 0..%u bytes against the portable C (counters across 2^32, 1-%u pieces, in place and out), both ways",
			       c.cases, c.max_len, AX86_SC_PIECES);
		crypto_free_skcipher(tfm);
		memzero_explicit(&ref, sizeof(ref));
	}
}

static struct ax86_glue ax86_chacha_glue = {
	.name		= KBUILD_MODNAME,
	.isas		= AX86_EVERY_ISA,
	.priority_base	= AX86_PRIORITY_BASE,
	.register_isa	= ax86_chacha_register_isa,
	.unregister_isa	= ax86_chacha_unregister_isa,
	.show_isa	= ax86_chacha_show_isa,
	.selfcheck_isa	= ax86_chacha_selfcheck_isa,
};

AX86_GLUE_PARAMS(ax86_chacha_glue, AX86_EVERY_ISA_NAMES);

static int __init ax86_chacha_mod_init(void)
{
	return ax86_glue_register(&ax86_chacha_glue, max_isa);
}

static void __exit ax86_chacha_mod_exit(void)
{
	ax86_glue_unregister(&ax86_chacha_glue);
}

module_init(ax86_chacha_mod_init);
module_exit(ax86_chacha_mod_exit);

AX86_IMPORT_NS();
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ChaCha20, XChaCha20, XChaCha12 with SSE2/SSSE3/AVX/AVX2/AVX-512 (adiantum-x86)");
MODULE_ALIAS_CRYPTO("chacha20");
MODULE_ALIAS_CRYPTO("xchacha20");
MODULE_ALIAS_CRYPTO("xchacha12");
MODULE_ALIAS_CRYPTO("chacha20-ax86-sse2");
MODULE_ALIAS_CRYPTO("xchacha20-ax86-sse2");
MODULE_ALIAS_CRYPTO("xchacha12-ax86-sse2");
MODULE_ALIAS_CRYPTO("chacha20-ax86-ssse3");
MODULE_ALIAS_CRYPTO("xchacha20-ax86-ssse3");
MODULE_ALIAS_CRYPTO("xchacha12-ax86-ssse3");
MODULE_ALIAS_CRYPTO("chacha20-ax86-avx");
MODULE_ALIAS_CRYPTO("xchacha20-ax86-avx");
MODULE_ALIAS_CRYPTO("xchacha12-ax86-avx");
MODULE_ALIAS_CRYPTO("chacha20-ax86-avx2");
MODULE_ALIAS_CRYPTO("xchacha20-ax86-avx2");
MODULE_ALIAS_CRYPTO("xchacha12-ax86-avx2");
MODULE_ALIAS_CRYPTO("chacha20-ax86-avx512vl");
MODULE_ALIAS_CRYPTO("xchacha20-ax86-avx512vl");
MODULE_ALIAS_CRYPTO("xchacha12-ax86-avx512vl");
MODULE_ALIAS_CRYPTO("chacha20-ax86-avx512");
MODULE_ALIAS_CRYPTO("xchacha20-ax86-avx512");
MODULE_ALIAS_CRYPTO("xchacha12-ax86-avx512");
