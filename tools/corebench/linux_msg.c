// SPDX-License-Identifier: GPL-2.0
/*
 * make bench: what Linux 6.1 runs per message, built with the kernel's
 * code-generation flags (mk/bench.mk): its ChaCha glue's dispatch over the
 * in-tree assembly (arch/x86/crypto/chacha_glue.c, restated), its generic
 * ChaCha C for CPUs without SSSE3, the AES block cipher its Adiantum
 * template calls (aes-generic without AES-NI) and the template's steps.
 * The 6.1 C itself (lib/crypto/{aes,chacha,libchacha,utils}.c,
 * crypto/aes_generic.c) is compiled from linux-source-6.1 beside this.
 */
#include <stdio.h>

#include <crypto/aes.h>
#include <crypto/chacha.h>
#include <linux/crypto.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "corebench.h"

void cb_shim_warn(const char *file, int line)
{
	static bool once;

	if (!once)
		fprintf(stderr, "corebench: WARN_ON_ONCE at %s:%d\n", file,
			line);
	once = true;
}

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
 * @b8 is NULL when everything goes to the SSSE3 code.
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

void linux_ssse3(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		 unsigned int nrounds)
{
	linux_dispatch(st, dst, src, len, nrounds, NULL, NULL, NULL, false);
}

void linux_avx2(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		unsigned int nrounds)
{
	linux_dispatch(st, dst, src, len, nrounds, chacha_8block_xor_avx2,
		       chacha_4block_xor_avx2, chacha_2block_xor_avx2, false);
}

void linux_avx512vl(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		    unsigned int nrounds)
{
	linux_dispatch(st, dst, src, len, nrounds, chacha_8block_xor_avx512vl,
		       chacha_4block_xor_avx512vl, chacha_2block_xor_avx512vl,
		       true);
}

void linux_hchacha(const u32 st[16], u32 out[8], unsigned int nrounds)
{
	hchacha_block_ssse3(st, out, nrounds);
}

/*
 * No SSSE3: the chacha-x86_64 module registers nothing, and 6.1's
 * xchacha12-generic (crypto/chacha_generic.c) runs its generic C: the
 * subkey by hchacha_block_generic(), the stream by chacha_crypt_generic(),
 * which XORs each 64-byte block with crypto_xor_cpy().
 */
void linux_generic(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		   unsigned int nrounds)
{
	chacha_crypt_generic(st, dst, src, len, nrounds);
}

void linux_hchacha_generic(const u32 st[16], u32 out[8], unsigned int nrounds)
{
	hchacha_block_generic(st, out, nrounds);
}

void linux_nh_sse2(const u32 *key, const u8 *msg, unsigned int len,
		   u8 hash[AX86_NH_HASH_BYTES])
{
	nh_sse2(key, msg, len, hash);
}

void linux_nh_avx2(const u32 *key, const u8 *msg, unsigned int len,
		   u8 hash[AX86_NH_HASH_BYTES])
{
	nh_avx2(key, msg, len, hash);
}

/*
 * The template's block cipher, one tfm per AES class.  Without AES-NI it
 * is aes-generic, registered by crypto/aes_generic.c's init and called
 * through its cia_encrypt/cia_decrypt as crypto_cipher_encrypt_one()
 * calls it (aes-generic asks for no alignment, so nothing comes between).
 * With AES-NI, 6.1 runs aes-aesni: its context a struct crypto_aes_ctx
 * aligned to 16 by hand, expanded by aesni_set_key() into the schedule
 * aes_expandkey() makes (its fallback runs the library on the same
 * context), and aesni_encrypt() runs aesni_enc() in an FPU section around
 * the one block.  Stood in for by aes_expandkey() and our AES-NI block in
 * a function of the same shape, without the FPU section.
 */
static struct crypto_alg *aes_generic_alg;

int crypto_register_alg(struct crypto_alg *alg)
{
	aes_generic_alg = alg;
	return 0;
}

void crypto_unregister_alg(struct crypto_alg *alg)
{
	if (aes_generic_alg == alg)
		aes_generic_alg = NULL;
}

int cb_initcall_aes_init(void);

struct linux_cipher {
	void (*encrypt)(struct crypto_tfm *tfm, u8 *dst, const u8 *src);
	void (*decrypt)(struct crypto_tfm *tfm, u8 *dst, const u8 *src);
	struct crypto_tfm tfm;	/* last: its context follows */
};

static struct {
	struct linux_cipher c;
	struct crypto_aes_ctx ctx;
} aes_generic_tfm;

static struct {
	struct linux_cipher c;
	u8 ctx[sizeof(struct crypto_aes_ctx) + 15];
} aesni_tfm;

static struct crypto_aes_ctx *aesni_ctx(struct crypto_tfm *tfm)
{
	return (void *)(((uintptr_t)crypto_tfm_ctx(tfm) + 15) & ~(uintptr_t)15);
}

static void linux_aesni_encrypt(struct crypto_tfm *tfm, u8 *dst,
				const u8 *src)
{
	ax86_aesni_encrypt256(aesni_ctx(tfm)->key_enc, dst, src);
}

static void linux_aesni_decrypt(struct crypto_tfm *tfm, u8 *dst,
				const u8 *src)
{
	ax86_aesni_decrypt256(aesni_ctx(tfm)->key_dec, dst, src);
}

int linux_aes_setkey(const u8 raw[32], bool have_aesni)
{
	struct crypto_alg *alg;

	if (!aes_generic_alg && cb_initcall_aes_init())
		return -1;
	alg = aes_generic_alg;
	if (!alg || alg->cra_ctxsize > sizeof(aes_generic_tfm.ctx))
		return -1;
	aes_generic_tfm.c.tfm.alg = alg;
	aes_generic_tfm.c.encrypt = alg->cra_u.cipher.cia_encrypt;
	aes_generic_tfm.c.decrypt = alg->cra_u.cipher.cia_decrypt;
	if (alg->cra_u.cipher.cia_setkey(&aes_generic_tfm.c.tfm, raw, 32))
		return -1;
	aesni_tfm.c.encrypt = linux_aesni_encrypt;
	aesni_tfm.c.decrypt = linux_aesni_decrypt;
	if (have_aesni && aes_expandkey(aesni_ctx(&aesni_tfm.c.tfm), raw, 32))
		return -1;
	return 0;
}

static struct linux_cipher *linux_cipher(enum cb_aes aes)
{
	return aes == CB_AESNI ? &aesni_tfm.c : &aes_generic_tfm.c;
}

/* the block function itself, for make bench's AES rows */
void linux_aes_block(enum cb_aes aes, u8 out[16], const u8 in[16], bool enc)
{
	struct linux_cipher *c = linux_cipher(aes);

	(enc ? c->encrypt : c->decrypt)(&c->tfm, out, in);
}

/*
 * crypto/adiantum.c of Linux 6.1, step by step: H_T on its Poly1305, the
 * nhpoly1305 hash of the source, the AES block, XChaCha12 over the bulk
 * rounded up to whole blocks where the message allows, the hash of the
 * destination.  Its 128-bit sums (two steps each in Linux) are made as
 * ours are, in one pass: a few cycles in Linux's favour.
 */
void linux_adiantum(const struct cb_impl *m,
		    const struct ax86_adiantum_key *adkey, enum cb_aes aes,
		    u8 *dst, const u8 *src, unsigned int len,
		    const u8 tweak[32], bool enc)
{
	struct linux_cipher *c = linux_cipher(aes);
	unsigned int bulk = len - 16, slen = bulk;
	u8 ht[16], hl[16], mm[16], siv[AX86_XCHACHA_IV_SIZE] = { 0 };
	u32 st[16], sub[8];

	linux_hash_tweak(bulk, tweak, ht);
	linux_nhpoly1305(m->nh, src, bulk, hl);
	ax86_le128_add3(mm, src + bulk, ht, hl);	/* Linux: two adds */
	if (enc)
		c->encrypt(&c->tfm, mm, mm);
	memcpy(siv, mm, 16);
	if (!enc)
		c->decrypt(&c->tfm, mm, mm);
	put_unaligned_le32(1, siv + 16);
	ax86_chacha_init(st, adkey->stream, siv);
	m->hchacha(st, sub, 12);
	ax86_xchacha_finish(st, sub, siv);
	if ((bulk + 63) / 64 * 64 <= len)
		slen = (bulk + 63) / 64 * 64;
	m->stream(st, dst, src, slen, 12);
	linux_nhpoly1305(m->nh, dst, bulk, hl);
	ax86_le128_sub2(dst + bulk, mm, ht, hl);	/* Linux: add, sub */
}
