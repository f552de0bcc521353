// SPDX-License-Identifier: GPL-2.0
/*
 * The nhpoly1305 shash (Adiantum's hash) on the SIMD NH of arch/x86/crypto/,
 * one driver per ISA variant the CPU can run, with the portable NH whenever
 * the FPU cannot be used.  Poly1305 of the NH outputs runs
 * poly1305-x86_64.S.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>

#include "../../../crypto/nhpoly1305.h"
#include "../../../crypto/nhpoly1305_kat.h"
#include "asm_cores.h"
#include "nh_dispatch.h"
#include "variants.h"

static int ax86_nhp_setkey(struct crypto_shash *tfm, const u8 *key,
			   unsigned int keylen)
{
	return ax86_nhpoly1305_setkey(crypto_shash_ctx(tfm), key, keylen);
}

static int ax86_nhp_init(struct shash_desc *desc)
{
	ax86_nhpoly1305_init(shash_desc_ctx(desc));
	return 0;
}

/* @nh is a constant after inlining: a direct call per variant */
static __always_inline int ax86_nhp_update(struct shash_desc *desc,
					   const u8 *src, unsigned int len,
					   ax86_nh_fn nh)
{
	const struct ax86_nhpoly1305_key *key = crypto_shash_ctx(desc->tfm);
	struct ax86_nhpoly1305_state *st = shash_desc_ctx(desc);
	unsigned int n;

	if (!crypto_simd_usable()) {
		ax86_nhpoly1305_update(st, key, src, len, ax86_nh_generic);
		return 0;
	}
	while (len) {
		n = min_t(unsigned int, len, AX86_FPU_CHUNK);
		kernel_fpu_begin();
		ax86_nhpoly1305_update(st, key, src, n, nh);
		kernel_fpu_end();
		src += n;
		len -= n;
	}
	return 0;
}

/* the final step hashes at most one buffered 16-byte unit: portable NH */
static int ax86_nhp_final(struct shash_desc *desc, u8 *out)
{
	ax86_nhpoly1305_final(shash_desc_ctx(desc), crypto_shash_ctx(desc->tfm),
			      out, ax86_nh_generic);
	return 0;
}

/* the functions of variant @isa, on NH core ax86_nh_<core> */
#define VARIANT_FUNCS(isa, core)					\
static int ax86_nhp_update_##isa(struct shash_desc *desc,		\
				 const u8 *src, unsigned int len)	\
{									\
	return ax86_nhp_update(desc, src, len, ax86_nh_##core);		\
}									\
static int ax86_nhp_digest_##isa(struct shash_desc *desc,		\
				 const u8 *src, unsigned int len,	\
				 u8 *out)				\
{									\
	ax86_nhp_init(desc);						\
	ax86_nhp_update(desc, src, len, ax86_nh_##core);		\
	return ax86_nhp_final(desc, out);				\
}

VARIANT_FUNCS(sse2, sse2_or_dsum)
VARIANT_FUNCS(avx, avx)
VARIANT_FUNCS(avx2, avx2)
VARIANT_FUNCS(avx512, avx512)

#define ALG(isa) {							\
	.base.cra_name		= "nhpoly1305",				\
	.base.cra_driver_name	= "nhpoly1305-ax86-" #isa,		\
	.base.cra_ctxsize	= sizeof(struct ax86_nhpoly1305_key),	\
	.base.cra_module	= THIS_MODULE,				\
	.digestsize		= AX86_NHPOLY1305_DIGEST_SIZE,		\
	.descsize		= sizeof(struct ax86_nhpoly1305_state),	\
	.init			= ax86_nhp_init,			\
	.update			= ax86_nhp_update_##isa,		\
	.final			= ax86_nhp_final,			\
	.digest			= ax86_nhp_digest_##isa,		\
	.setkey			= ax86_nhp_setkey,			\
}

/*
 * The variants: each driver, named by its ISA, and the NH core its
 * functions call (ax86_nh_<core>, VARIANT_FUNCS): the SSE2 one is
 * nh_dispatch.h's choice.  NH has no ymm-only AVX-512 variant and no SSSE3
 * one: nothing to gain.
 */
#define VARIANT(_isa, name, core)					\
	{ .alg = ALG(name), .isa = _isa, .nh = #core }

static struct ax86_nh_variant {
	struct shash_alg alg;
	enum ax86_isa isa;
	const char *nh;
} ax86_nh_variants[] = {
	VARIANT(AX86_SSE2, sse2, sse2_or_dsum),
	VARIANT(AX86_AVX, avx, avx),
	VARIANT(AX86_AVX2, avx2, avx2),
	VARIANT(AX86_AVX512, avx512, avx512),
};

/*
 * our own known answer, before a variant may register (see the header):
 * SSE2's on both NH cores nh_dispatch.h may pick, so that every kernel
 * runs the 32-bit-sum one at least here, whatever its CPU
 */
static bool ax86_nhp_selftest(struct ax86_nhp_kat_scratch *s,
			      enum ax86_isa isa)
{
	bool ok;

	if (!ax86_nhp_kat(s, ax86_nh_generic))
		return false;
	kernel_fpu_begin();
	switch (isa) {
	case AX86_SSE2:
		ok = ax86_nhp_kat(s, ax86_nh_sse2) &&
		     ax86_nhp_kat(s, ax86_nh_sse2_dsum);
		break;
	case AX86_AVX:
		ok = ax86_nhp_kat(s, ax86_nh_avx);
		break;
	case AX86_AVX2:
		ok = ax86_nhp_kat(s, ax86_nh_avx2);
		break;
	case AX86_AVX512:
		ok = ax86_nhp_kat(s, ax86_nh_avx512);
		break;
	default:
		ok = false;
	}
	kernel_fpu_end();
	return ok;
}

/* the variant of @isa: the glue registers only the ISAs of the table */
static struct ax86_nh_variant *ax86_nh_variant(enum ax86_isa isa)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ax86_nh_variants); i++)
		if (ax86_nh_variants[i].isa == isa)
			return &ax86_nh_variants[i];
	return NULL;
}

static int ax86_nhp_register_isa(enum ax86_isa isa, int priority)
{
	struct ax86_nh_variant *v = ax86_nh_variant(isa);
	struct ax86_nhp_kat_scratch *kat;
	bool ok;

	kat = kmalloc(sizeof(*kat), GFP_KERNEL);
	if (!kat)
		return -ENOMEM;
	ok = ax86_nhp_selftest(kat, isa);
	kfree_sensitive(kat);
	if (!ok) {
		pr_err("the %s driver fails its known-answer test: not registered\n",
		       ax86_isa_names[isa]);
		return AX86_GLUE_SKIP;
	}
	v->alg.base.cra_priority = priority;
	return crypto_register_shash(&v->alg);
}

static void ax86_nhp_unregister_isa(enum ax86_isa isa)
{
	crypto_unregister_shash(&ax86_nh_variant(isa)->alg);
}

/* what the driver of @isa runs and why it ranks there (isa.h) */
static int ax86_nhp_show_isa(char *buf, int len, enum ax86_isa isa)
{
	const struct ax86_nh_variant *v = ax86_nh_variant(isa);

	return ax86_emit(buf, len, "%s %d nh=%s rank=%s\n",
			 v->alg.base.cra_driver_name, v->alg.base.cra_priority,
			 v->nh, ax86_rank_reason(isa));
}

#define AX86_NHP_SC_CASES	300
#define AX86_NHP_SC_MAX		8208

/* the selfcheck parameter's buffers: too big for a kernel stack */
struct ax86_nhp_sc {
	struct ax86_nhp_kat_scratch kat;
	struct ax86_nhpoly1305_key key;
	struct ax86_nhpoly1305_state st;
	u8 raw[AX86_NHPOLY1305_KEY_SIZE];
	u8 msg[AX86_NHP_SC_MAX + 64];
	u8 want[AX86_NHPOLY1305_DIGEST_SIZE];
	u8 got[AX86_NHPOLY1305_DIGEST_SIZE];
};

/* @len bytes of @msg through @desc in 1..4 updates split at random */
static int ax86_nhp_sc_digest(struct ax86_selfcheck *sc,
			      struct shash_desc *desc, const u8 *msg,
			      unsigned int len, u8 *out, bool whole)
{
	unsigned int n, parts = 1 + ax86_sc_below(sc, 4);
	int err;

	if (whole)
		return crypto_shash_digest(desc, msg, len, out);
	err = crypto_shash_init(desc);
	while (!err && parts--) {
		n = parts ? ax86_sc_below(sc, len + 1) : len;
		err = crypto_shash_update(desc, msg, n);
		msg += n;
		len -= n;
	}
	return err ?: crypto_shash_final(desc, out);
}

/*
 * The driver @drv through the crypto API by its driver name: our known
 * answer (nhpoly1305_kat.h: two updates, and one digest), then random
 * keys and messages of 0..8208 bytes at random alignments, in random
 * updates or one digest, against the portable C
 */
static bool ax86_nhp_sc_driver(struct ax86_selfcheck *sc, const char *drv,
			       struct ax86_nhp_sc *s, char *why, size_t whylen)
{
	struct crypto_shash *tfm;
	struct shash_desc *desc = NULL;
	unsigned int i, len, off, at;
	bool ok = false, whole;
	int err;

	tfm = crypto_alloc_shash(drv, 0, 0);
	if (IS_ERR(tfm)) {
		snprintf(why, whylen,
			 "cannot be allocated by its driver name: error %ld",
			 PTR_ERR(tfm));
		return false;
	}
	snprintf(why, whylen, "out of memory");
	desc = kmalloc(sizeof(*desc) + crypto_shash_descsize(tfm), GFP_KERNEL);
	if (!desc)
		goto out;
	desc->tfm = tfm;
	/* ax86_nhp_kat() lays out its key and message, and checks the C */
	if (!ax86_nhp_kat(&s->kat, ax86_nh_generic)) {
		snprintf(why, whylen, "the portable C fails the known answer");
		goto out;
	}
	err = crypto_shash_setkey(tfm, s->kat.raw, sizeof(s->kat.raw));
	if (!err)
		err = crypto_shash_init(desc);
	if (!err)
		err = crypto_shash_update(desc, s->kat.msg, AX86_NHP_KAT_SPLIT);
	if (!err)
		err = crypto_shash_update(desc, s->kat.msg + AX86_NHP_KAT_SPLIT,
					  AX86_NHP_KAT_LEN - AX86_NHP_KAT_SPLIT);
	if (!err)
		err = crypto_shash_final(desc, s->got);
	if (err || !ax86_sc_same(sc, s->got, ax86_nhp_kat_digest,
				 sizeof(s->got), &at)) {
		snprintf(why, whylen, "known answer (two updates): %s",
			 err ? "error" : "wrong digest");
		goto out;
	}
	err = crypto_shash_digest(desc, s->kat.msg, AX86_NHP_KAT_LEN, s->got);
	if (err || !ax86_sc_same(sc, s->got, ax86_nhp_kat_digest,
				 sizeof(s->got), &at)) {
		snprintf(why, whylen, "known answer (one digest): %s",
			 err ? "error" : "wrong digest");
		goto out;
	}
	for (i = 0; i < AX86_NHP_SC_CASES; i++) {
		ax86_sc_fill(sc, s->raw, sizeof(s->raw));
		err = crypto_shash_setkey(tfm, s->raw, sizeof(s->raw));
		if (!err)
			err = ax86_nhpoly1305_setkey(&s->key, s->raw,
						     sizeof(s->raw));
		if (err) {
			snprintf(why, whylen, "setkey: error %d", err);
			goto out;
		}
		len = ax86_sc_len(sc, 0, AX86_NHP_SC_MAX);
		off = ax86_sc_below(sc, 64);
		ax86_sc_fill(sc, s->msg + off, len);
		ax86_nhpoly1305_init(&s->st);
		ax86_nhpoly1305_update(&s->st, &s->key, s->msg + off, len,
				       ax86_nh_generic);
		ax86_nhpoly1305_final(&s->st, &s->key, s->want,
				      ax86_nh_generic);
		whole = !ax86_sc_below(sc, 4);
		err = ax86_nhp_sc_digest(sc, desc, s->msg + off, len, s->got,
					 whole);
		if (err || !ax86_sc_same(sc, s->got, s->want, sizeof(s->got),
					 &at)) {
			snprintf(why, whylen,
				 "%u-byte message (%s): %s than the portable C's",
				 len, whole ? "one digest" : "random updates",
				 err ? "an error rather" : "another digest");
			goto out;
		}
		cond_resched();
	}
	ok = true;
out:
	kfree_sensitive(desc);
	crypto_free_shash(tfm);
	return ok;
}

static void ax86_nhp_selfcheck_isa(struct ax86_selfcheck *sc,
				   enum ax86_isa isa)
{
	const char *drv = ax86_nh_variant(isa)->alg.base.cra_driver_name;
	struct ax86_nhp_sc *s;
	char why[160] = "";

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s) {
		ax86_sc_report(sc, drv, false, "out of memory");
		return;
	}
	ax86_sc_result(sc, drv, ax86_nhp_sc_driver(sc, drv, s, why, sizeof(why)),
		       why,
		       "known answer (two updates, one digest); %u random keys and messages of 0..%u bytes against the portable C, in 1-4 updates or one digest",
		       AX86_NHP_SC_CASES, AX86_NHP_SC_MAX);
	kfree_sensitive(s);
}

static struct ax86_glue ax86_nhp_glue = {
	.name		= KBUILD_MODNAME,
	.isas		= BIT(AX86_SSE2) | BIT(AX86_AVX) | BIT(AX86_AVX2) |
			  BIT(AX86_AVX512),
	.priority_base	= AX86_PRIORITY_BASE,
	.register_isa	= ax86_nhp_register_isa,
	.unregister_isa	= ax86_nhp_unregister_isa,
	.show_isa	= ax86_nhp_show_isa,
	.selfcheck_isa	= ax86_nhp_selfcheck_isa,
};

AX86_GLUE_PARAMS(ax86_nhp_glue, "sse2, avx, avx2 or avx512");

static int __init ax86_nhp_mod_init(void)
{
	return ax86_glue_register(&ax86_nhp_glue, max_isa);
}

static void __exit ax86_nhp_mod_exit(void)
{
	ax86_glue_unregister(&ax86_nhp_glue);
}

module_init(ax86_nhp_mod_init);
module_exit(ax86_nhp_mod_exit);

AX86_IMPORT_NS();
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("NHPoly1305 for Adiantum with SSE2/AVX/AVX2/AVX-512 (adiantum-x86)");
MODULE_ALIAS_CRYPTO("nhpoly1305");
MODULE_ALIAS_CRYPTO("nhpoly1305-ax86-sse2");
MODULE_ALIAS_CRYPTO("nhpoly1305-ax86-avx");
MODULE_ALIAS_CRYPTO("nhpoly1305-ax86-avx2");
MODULE_ALIAS_CRYPTO("nhpoly1305-ax86-avx512");
