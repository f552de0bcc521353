// SPDX-License-Identifier: GPL-2.0
/*
 * A test module for the VM: runs every one of our drivers from inside a
 * kernel_fpu_begin() section, where the SIMD code must not run and the
 * portable fallback must give the same bytes, and compares both with the
 * kernel's own drivers (-generic up to 6.17, -lib from 6.18; for Adiantum
 * the template over those).  Every other case puts the block counter a
 * few blocks below 2^32, with messages longer than one FPU section, so the
 * wrap happens inside the drivers' chunking.  Results go to the kernel log as lines
 * "adiantum_x86_fputest: PASS|FAIL|SKIP <driver> ..." for the VM test.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <asm/fpu/api.h>

#define MAX_LEN 9000

static const unsigned int lens[] = { 0, 1, 63, 64, 65, 4095, 4096, 4097,
				     MAX_LEN };
static const char *const isas[] = { "sse2", "ssse3", "avx", "avx2",
				    "avx512vl", "avx512" };

/* in_fpu: run the request inside a kernel FPU section (no sleeping) */
static int skcipher_run(struct crypto_skcipher *tfm, u8 *buf,
			unsigned int len, const u8 *iv_in, bool in_fpu)
{
	struct skcipher_request *req;
	struct scatterlist sg;
	u8 iv[32];
	int err;

	req = skcipher_request_alloc(tfm, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	memcpy(iv, iv_in, sizeof(iv));
	sg_init_one(&sg, buf, len);
	skcipher_request_set_callback(req, 0, NULL, NULL);
	skcipher_request_set_crypt(req, &sg, &sg, len, iv);
	if (in_fpu) {
		kernel_fpu_begin();
		err = crypto_skcipher_encrypt(req);
		kernel_fpu_end();
	} else {
		err = crypto_skcipher_encrypt(req);
	}
	skcipher_request_free(req);
	return err;
}

/* the kernel's own driver for @alg, its name in @gname */
static struct crypto_skcipher *reference(const char *alg, char *gname,
					 size_t size)
{
	static const char *const fmts[] = {
		"%s-generic", "%s-lib",
		"adiantum(%s-generic,aes-generic,nhpoly1305-generic)",
		"adiantum(%s-lib,aes-lib)",
	};
	struct crypto_skcipher *gen = ERR_PTR(-ENOENT);
	bool whole = !strncmp(alg, "adiantum-", 9);
	char stream[16];
	int i;

	/* adiantum-xchacha12-aes: the template over the in-tree parts */
	snprintf(stream, sizeof(stream), "%.9s", alg + 9);
	for (i = whole ? 2 : 0; i < (whole ? 4 : 2) && IS_ERR(gen); i++) {
		snprintf(gname, size, fmts[i], whole ? stream : alg);
		gen = crypto_alloc_skcipher(gname, 0, 0);
	}
	return gen;
}

/* the le32 block counter: IV bytes 0..3 (chacha20) or 24..27 (xchacha) */
static void counter_near_wrap(const char *alg, u8 *iv)
{
	u8 *ctr = strncmp(alg, "chacha20", 8) ? iv + 24 : iv;
	u32 c = 0xffffffffu - (get_random_u32() % 8);

	ctr[0] = c;
	ctr[1] = c >> 8;
	ctr[2] = c >> 16;
	ctr[3] = c >> 24;
}

static void test_skcipher(const char *alg, const char *isa, u8 *src,
			  u8 *a, u8 *b, u8 *g)
{
	struct crypto_skcipher *tfm, *gen;
	char drv[64], gname[64];
	bool whole = !strncmp(alg, "adiantum-", 9);
	u8 key[32], iv[32];
	int i, err = 0;

	snprintf(drv, sizeof(drv), "%s-ax86-%s", alg, isa);
	tfm = crypto_alloc_skcipher(drv, 0, 0);
	if (IS_ERR(tfm)) {
		pr_info("SKIP %s not registered (%ld)\n", drv, PTR_ERR(tfm));
		return;
	}
	gen = reference(alg, gname, sizeof(gname));
	if (IS_ERR(gen)) {
		pr_info("FAIL %s: no kernel driver to compare with\n", drv);
		crypto_free_skcipher(tfm);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(lens) && !err; i++) {
		unsigned int len = lens[i];

		/* Adiantum takes 16 bytes and more */
		if (whole && len < 16)
			len += 16;
		get_random_bytes(key, sizeof(key));
		get_random_bytes(iv, sizeof(iv));
		if (!whole && (i & 1))
			counter_near_wrap(alg, iv);
		get_random_bytes(src, len);
		memcpy(a, src, len);
		memcpy(b, src, len);
		memcpy(g, src, len);
		err = crypto_skcipher_setkey(tfm, key, sizeof(key)) ?:
		      crypto_skcipher_setkey(gen, key, sizeof(key)) ?:
		      skcipher_run(tfm, a, len, iv, false) ?:
		      skcipher_run(tfm, b, len, iv, true) ?:
		      skcipher_run(gen, g, len, iv, false);
		if (err)
			pr_info("FAIL %s: error %d at length %u\n", drv, err,
				len);
		else if (memcmp(a, g, len) || memcmp(b, g, len))
			err = -EBADMSG;
		if (err == -EBADMSG)
			pr_info("FAIL %s: length %u: %s differs from %s\n",
				drv, len, memcmp(b, g, len) ? "FPU-section run" :
				"normal run", gname);
	}
	if (!err)
		pr_info("PASS %s: inside kernel_fpu_begin() equals %s%s\n",
			drv, gname, whole ? "" : " (counter across 2^32 too)");
	crypto_free_skcipher(gen);
	crypto_free_skcipher(tfm);
}

static int shash_run(struct crypto_shash *tfm, const u8 *src,
		     unsigned int len, u8 *out, bool in_fpu)
{
	SHASH_DESC_ON_STACK(desc, tfm);
	int err;

	desc->tfm = tfm;
	if (in_fpu) {
		kernel_fpu_begin();
		err = crypto_shash_digest(desc, src, len, out);
		kernel_fpu_end();
	} else {
		err = crypto_shash_digest(desc, src, len, out);
	}
	shash_desc_zero(desc);
	return err;
}

static void test_nhpoly1305(const char *isa, u8 *src, u8 *key)
{
	struct crypto_shash *tfm, *gen;
	u8 a[16], b[16], g[16];
	char drv[64];
	int i, err = 0;

	snprintf(drv, sizeof(drv), "nhpoly1305-ax86-%s", isa);
	tfm = crypto_alloc_shash(drv, 0, 0);
	if (IS_ERR(tfm)) {
		pr_info("SKIP %s not registered (%ld)\n", drv, PTR_ERR(tfm));
		return;
	}
	/* from 7.0 the kernel has no nhpoly1305: our SIMD run is the reference */
	gen = crypto_alloc_shash("nhpoly1305-generic", 0, 0);
	if (IS_ERR(gen))
		gen = NULL;
	for (i = 0; i < ARRAY_SIZE(lens) && !err; i++) {
		get_random_bytes(key, 1088);
		get_random_bytes(src, lens[i]);
		err = crypto_shash_setkey(tfm, key, 1088) ?:
		      shash_run(tfm, src, lens[i], a, false) ?:
		      shash_run(tfm, src, lens[i], b, true);
		if (!err && gen)
			err = crypto_shash_setkey(gen, key, 1088) ?:
			      shash_run(gen, src, lens[i], g, false);
		else if (!err)
			memcpy(g, a, 16);
		if (!err && (memcmp(a, g, 16) || memcmp(b, g, 16)))
			err = -EBADMSG;
		if (err)
			pr_info("FAIL %s: length %u: error %d\n", drv, lens[i],
				err);
	}
	if (!err)
		pr_info("PASS %s: inside kernel_fpu_begin() equals %s\n", drv,
			gen ? "nhpoly1305-generic" :
			"its SIMD run (this kernel has no nhpoly1305 of its own)");
	if (gen)
		crypto_free_shash(gen);
	crypto_free_shash(tfm);
}

static int __init fputest_init(void)
{
	static const char *const algs[] = {
		"chacha20", "xchacha20", "xchacha12",
		"adiantum-xchacha12-aes", "adiantum-xchacha20-aes",
	};
	u8 *src, *a, *b, *g;
	int i, j;

	src = kmalloc(MAX_LEN, GFP_KERNEL);
	a = kmalloc(MAX_LEN, GFP_KERNEL);
	b = kmalloc(MAX_LEN, GFP_KERNEL);
	g = kmalloc(MAX_LEN, GFP_KERNEL);
	if (src && a && b && g) {
		for (i = 0; i < ARRAY_SIZE(algs); i++)
			for (j = 0; j < ARRAY_SIZE(isas); j++)
				test_skcipher(algs[i], isas[j], src, a, b, g);
		for (j = 0; j < ARRAY_SIZE(isas); j++)
			if (strcmp(isas[j], "ssse3") && strcmp(isas[j], "avx512vl"))
				test_nhpoly1305(isas[j], src, a);
	} else {
		pr_info("FAIL out of memory\n");
	}
	kfree(src);
	kfree(a);
	kfree(b);
	kfree(g);
	pr_info("DONE\n");
	return 0;
}

static void __exit fputest_exit(void)
{
}

module_init(fputest_init);
module_exit(fputest_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("adiantum-x86 test: our drivers inside kernel_fpu_begin()");
