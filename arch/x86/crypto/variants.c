// SPDX-License-Identifier: GPL-2.0
/*
 * Registering a glue module's driver sets, one per ISA variant, its
 * variants parameter and its selfcheck parameter with the helpers its
 * checks share (variants.h).  Part of adiantum_x86_core.
 */
#include <crypto/internal/skcipher.h>
#include <linux/bits.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "variants.h"

/* max_isa: NULL or "" means no cap; else an ISA name */
static int ax86_parse_max_isa(const char *s, enum ax86_isa *max)
{
	int i;

	*max = AX86_NR_ISA - 1;
	if (!s || !*s)
		return 0;
	for (i = 0; i < AX86_NR_ISA; i++) {
		if (sysfs_streq(s, ax86_isa_names[i])) {
			*max = i;
			return 0;
		}
	}
	return -EINVAL;
}

void ax86_glue_unregister(struct ax86_glue *glue)
{
	int i;

	for (i = AX86_NR_ISA - 1; i >= 0; i--) {
		if (glue->registered & BIT(i))
			glue->unregister_isa(i);
	}
	glue->registered = 0;
}
AX86_EXPORT(ax86_glue_unregister);

int ax86_glue_register(struct ax86_glue *glue, const char *max_isa)
{
	enum ax86_isa max;
	int i, err;

	if (ax86_parse_max_isa(max_isa, &max)) {
		pr_err("%s: unknown max_isa=%s\n", glue->name, max_isa);
		return -EINVAL;
	}
	glue->max = max;
	glue->registered = 0;
	for (i = 0; i <= max; i++) {
		if (!(glue->isas & BIT(i)) || !ax86_cpu_has(i))
			continue;
		err = glue->register_isa(i, ax86_priority_from(glue->priority_base,
							       i));
		if (err == AX86_GLUE_SKIP)
			continue;
		if (err) {
			pr_err("%s: registering the %s drivers failed: %d\n",
			       glue->name, ax86_isa_names[i], err);
			ax86_glue_unregister(glue);
			return err;
		}
		glue->registered |= BIT(i);
	}
	if (!glue->registered) {
		pr_info("%s: no usable SIMD on this CPU, nothing registered\n",
			glue->name);
		return -ENODEV;
	}
	return 0;
}
AX86_EXPORT(ax86_glue_register);

/* one ISA's set of skciphers, each at @priority */
int ax86_glue_register_skciphers(struct skcipher_alg *algs, int count,
				 int priority)
{
	int i;

	for (i = 0; i < count; i++)
		algs[i].base.cra_priority = priority;
	return crypto_register_skciphers(algs, count);
}
AX86_EXPORT(ax86_glue_register_skciphers);

/*
 * The variants parameter, a sysfs page at most (a module has 15 lines of
 * under 100 bytes at most).  ax86_emit() appends to @buf at @len and
 * returns the new length.
 */
int ax86_emit(char *buf, int len, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	len += vscnprintf(buf + len, PAGE_SIZE - len, fmt, args);
	va_end(args);
	return len;
}
AX86_EXPORT(ax86_emit);

/*
 * One line per driver from the module, then, when max_isa kept this CPU
 * from registering some of the sets the module has:
 * "capped max_isa=<cap> left-out=<isa>,<isa>..."
 */
static int ax86_glue_variants_get(char *buf, const struct kernel_param *kp)
{
	const struct ax86_glue *glue = kp->arg;
	const char *sep = "";
	int i, len = 0;

	for (i = 0; i < AX86_NR_ISA; i++) {
		if (glue->registered & BIT(i))
			len = glue->show_isa(buf, len, i);
	}
	for (i = glue->max + 1; i < AX86_NR_ISA; i++) {
		if (!(glue->isas & BIT(i)) || !ax86_cpu_has(i))
			continue;
		if (!*sep)
			len = ax86_emit(buf, len, "capped max_isa=%s left-out=",
					ax86_isa_names[glue->max]);
		len = ax86_emit(buf, len, "%s%s", sep, ax86_isa_names[i]);
		sep = ",";
	}
	if (*sep)
		len = ax86_emit(buf, len, "\n");
	return len;
}

/* writing the read-only variants parameter (modprobe m variants=x) fails */
static int ax86_glue_variants_set(const char *val,
				  const struct kernel_param *kp)
{
	return -EPERM;
}

const struct kernel_param_ops ax86_glue_variants_ops = {
	.set = ax86_glue_variants_set,
	.get = ax86_glue_variants_get,
};
AX86_EXPORT(ax86_glue_variants_ops);

/*
 * The selfcheck parameter (variants.h).  A run checks every driver the
 * module registered, set by set, in the caller's process context.
 */
static int ax86_glue_selfcheck_set(const char *val,
				   const struct kernel_param *kp)
{
	const struct ax86_selfcheck_param *p = kp->arg;
	struct ax86_glue *glue = p->glue;
	struct ax86_selfcheck sc = {
		.text = p->text,
		.module = glue->name,
	};
	int i;

	if (sysfs_streq(val, "plant"))
		sc.plant = true;
	else if (!sysfs_streq(val, "1"))
		return -EINVAL;
	might_sleep();
	get_random_bytes(&sc.rng, sizeof(sc.rng));
	p->text[0] = '\0';
	/* a value given at load comes before any registration */
	if (!glue->registered || !glue->selfcheck_isa) {
		ax86_emit(p->text, 0, "none: %s\n", glue->registered ?
			  "this module has no self-check" :
			  "no driver registered (the module is loading or unloading)");
		return 0;
	}
	for (i = 0; i < AX86_NR_ISA; i++) {
		if (glue->registered & BIT(i))
			glue->selfcheck_isa(&sc, i);
	}
	return sc.failed ? -EBADMSG : 0;
}

static int ax86_glue_selfcheck_get(char *buf, const struct kernel_param *kp)
{
	const struct ax86_selfcheck_param *p = kp->arg;

	if (!p->text[0])
		return scnprintf(buf, PAGE_SIZE,
				 "none: no self-check has run; write 1 to run one\n");
	return scnprintf(buf, PAGE_SIZE, "%s", p->text);
}

const struct kernel_param_ops ax86_glue_selfcheck_ops = {
	.set = ax86_glue_selfcheck_set,
	.get = ax86_glue_selfcheck_get,
};
AX86_EXPORT(ax86_glue_selfcheck_ops);

/* splitmix64: the inputs of the checks, not secrets */
static u64 ax86_sc_next(struct ax86_selfcheck *sc)
{
	u64 z = (sc->rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

u32 ax86_sc_rand(struct ax86_selfcheck *sc)
{
	return ax86_sc_next(sc) >> 32;
}
AX86_EXPORT(ax86_sc_rand);

unsigned int ax86_sc_below(struct ax86_selfcheck *sc, unsigned int n)
{
	return ((u64)ax86_sc_rand(sc) * n) >> 32;
}
AX86_EXPORT(ax86_sc_below);

void ax86_sc_fill(struct ax86_selfcheck *sc, u8 *p, unsigned int len)
{
	u64 r;

	for (; len >= 8; p += 8, len -= 8) {
		r = ax86_sc_next(sc);
		memcpy(p, &r, 8);
	}
	if (len) {
		r = ax86_sc_next(sc);
		memcpy(p, &r, len);
	}
}
AX86_EXPORT(ax86_sc_fill);

/*
 * Lengths where code changes its path: no or one partial ChaCha block or
 * NH unit, whole ones, one page and around it, the end of an NH message
 * (1024 bytes), two pages
 */
static const unsigned int ax86_sc_edges[] = {
	0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256,
	511, 512, 513, 1023, 1024, 1025, 1040, 2047, 2048, 2049, 4080, 4095,
	4096, 4097, 4111, 4112, 8191, 8192, 8208,
};

unsigned int ax86_sc_len(struct ax86_selfcheck *sc, unsigned int min,
			 unsigned int max)
{
	unsigned int r = ax86_sc_below(sc, 10), len, tries;

	if (r < 2) {
		for (tries = 0; tries < 8; tries++) {
			len = ax86_sc_edges[ax86_sc_below(sc,
					ARRAY_SIZE(ax86_sc_edges))];
			if (len >= min && len <= max)
				return len;
		}
	}
	if (r == 2)	/* short: per-message costs, tails */
		return min + ax86_sc_below(sc, min_t(unsigned int, 200,
						     max - min + 1));
	if (r < 8)	/* up to a page and a bit: every sector size */
		return min + ax86_sc_below(sc, min_t(unsigned int, 4112,
						     max) - min + 1);
	return min + ax86_sc_below(sc, max - min + 1);
}
AX86_EXPORT(ax86_sc_len);

bool ax86_sc_same(struct ax86_selfcheck *sc, u8 *got, const u8 *want,
		  unsigned int len, unsigned int *at)
{
	unsigned int i, bit = 0;
	bool same;

	if (sc->plant && len) {
		bit = ax86_sc_below(sc, len * 8);
		got[bit / 8] ^= 1 << (bit % 8);
	}
	same = !memcmp(got, want, len);
	for (i = 0; !same && i < len && got[i] == want[i]; i++)
		;
	*at = i;
	if (sc->plant && len)
		got[bit / 8] ^= 1 << (bit % 8);
	return same;
}
AX86_EXPORT(ax86_sc_same);

/*
 * A line of at most AX86_SC_LINE bytes: up to 18 drivers (ChaCha on an
 * AVX-512 CPU) fit in the parameter's page
 */
#define AX86_SC_LINE	224

static __printf(4, 0) void ax86_sc_vreport(struct ax86_selfcheck *sc,
					    const char *driver, bool ok,
					    const char *fmt, va_list args)
{
	char what[AX86_SC_LINE];

	vscnprintf(what, sizeof(what), fmt, args);
	if (!ok)
		sc->failed++;
	sc->len = ax86_emit(sc->text, sc->len, "%s %s %s%s\n",
			    ok ? "PASS" : "FAIL", driver,
			    sc->plant ? "(planted error) " : "", what);
	if (ok)
		pr_info("%s: selfcheck: PASS %s %s%s\n", sc->module, driver,
			sc->plant ? "(planted error) " : "", what);
	else
		pr_err("%s: selfcheck: FAIL %s %s%s\n", sc->module, driver,
		       sc->plant ? "(planted error) " : "", what);
}

void ax86_sc_report(struct ax86_selfcheck *sc, const char *driver, bool ok,
		    const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	ax86_sc_vreport(sc, driver, ok, fmt, args);
	va_end(args);
}
AX86_EXPORT(ax86_sc_report);

void ax86_sc_result(struct ax86_selfcheck *sc, const char *driver, bool ok,
		    const char *why, const char *fmt, ...)
{
	va_list args;

	if (!ok) {
		ax86_sc_report(sc, driver, false, "%s", why);
		return;
	}
	va_start(args, fmt);
	ax86_sc_vreport(sc, driver, true, fmt, args);
	va_end(args);
}
AX86_EXPORT(ax86_sc_result);

struct crypto_skcipher *ax86_sc_alloc_skcipher(struct ax86_selfcheck *sc,
					       const char *driver)
{
	struct crypto_skcipher *tfm = crypto_alloc_skcipher(driver, 0, 0);

	if (!IS_ERR(tfm))
		return tfm;
	ax86_sc_report(sc, driver, false,
		       "cannot be allocated by its driver name: error %ld",
		       PTR_ERR(tfm));
	return NULL;
}
AX86_EXPORT(ax86_sc_alloc_skcipher);

static int ax86_sc_cmp_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

unsigned int ax86_sc_sg(struct ax86_selfcheck *sc, struct scatterlist *sg,
			unsigned int max, u8 *buf, unsigned int len)
{
	unsigned int cut[AX86_SC_PIECES + 1], n, i, k;

	/* one piece in three: the one-page path of whole-message drivers */
	n = ax86_sc_below(sc, 3) ? 1 + ax86_sc_below(sc, max) : 1;
	n = clamp_t(unsigned int, n, 1, min_t(unsigned int, max, len ?: 1));
	n = min_t(unsigned int, n, AX86_SC_PIECES);
	cut[0] = 0;
	for (i = 1; i < n; i++)
		cut[i] = 1 + ax86_sc_below(sc, len - 1);
	sort(cut + 1, n - 1, sizeof(cut[0]), ax86_sc_cmp_uint, NULL);
	/* equal cuts would make empty pieces: drop them */
	for (i = 1, k = 1; i < n; i++) {
		if (cut[i] != cut[k - 1])
			cut[k++] = cut[i];
	}
	n = k;
	cut[n] = len;
	sg_init_table(sg, n);
	for (i = 0; i < n; i++)
		sg_set_buf(&sg[i], buf + cut[i], cut[i + 1] - cut[i]);
	return n;
}
AX86_EXPORT(ax86_sc_sg);

int ax86_sc_crypt(struct skcipher_request *req, struct scatterlist *src,
		  struct scatterlist *dst, unsigned int len, u8 *iv, bool enc)
{
	DECLARE_CRYPTO_WAIT(wait);

	skcipher_request_set_callback(req, CRYPTO_TFM_REQ_MAY_BACKLOG |
				      CRYPTO_TFM_REQ_MAY_SLEEP,
				      crypto_req_done, &wait);
	skcipher_request_set_crypt(req, src, dst, len, iv);
	return crypto_wait_req(enc ? crypto_skcipher_encrypt(req) :
			       crypto_skcipher_decrypt(req), &wait);
}
AX86_EXPORT(ax86_sc_crypt);

/* room before a message (its misalignment) and after it (guard bytes) */
#define AX86_SC_SLACK	64
#define AX86_SC_GUARD	0xa5

/* the buffers of ax86_sc_skcipher_diff(): allocated once per driver */
struct ax86_sc_bufs {
	u8 *msg, *want, *src, *dst;
	u8 key[64], iv[32], ivc[32];
	struct scatterlist sg_src[AX86_SC_PIECES], sg_dst[AX86_SC_PIECES];
};

/* bytes of @p other than @v, or the first such offset + 1 */
static unsigned int ax86_sc_spoiled(const u8 *p, unsigned int len, u8 v)
{
	unsigned int i;

	for (i = 0; i < len; i++) {
		if (p[i] != v)
			return i + 1;
	}
	return 0;
}

/*
 * One request of a case: @in (@len bytes) through the driver, in place or
 * out of place at random offsets; true if it gave @expect and touched
 * nothing else
 */
static bool ax86_sc_one(struct ax86_selfcheck *sc, struct skcipher_request *req,
			const struct ax86_sc_cipher *c, struct ax86_sc_bufs *b,
			const u8 *in, const u8 *expect, unsigned int len,
			bool enc, char *why, size_t whylen)
{
	unsigned int total = c->max_len + 2 * AX86_SC_SLACK, at, bad;
	unsigned int soff = ax86_sc_below(sc, AX86_SC_SLACK);
	unsigned int doff = ax86_sc_below(sc, AX86_SC_SLACK);
	bool inplace = !ax86_sc_below(sc, 4);
	unsigned int ns, nd;
	const char *dir = enc ? "encrypt" : "decrypt";
	int err;

	memset(b->dst, AX86_SC_GUARD, total);
	if (inplace) {
		memcpy(b->dst + doff, in, len);
		ns = ax86_sc_sg(sc, b->sg_dst, AX86_SC_PIECES, b->dst + doff,
				len);
		nd = ns;
	} else {
		memset(b->src, AX86_SC_GUARD, total);
		memcpy(b->src + soff, in, len);
		ns = ax86_sc_sg(sc, b->sg_src, AX86_SC_PIECES, b->src + soff,
				len);
		nd = ax86_sc_sg(sc, b->sg_dst, AX86_SC_PIECES, b->dst + doff,
				len);
	}
	memcpy(b->ivc, b->iv, sizeof(b->ivc));
	err = ax86_sc_crypt(req, inplace ? b->sg_dst : b->sg_src, b->sg_dst,
			    len, b->ivc, enc);
	if (err) {
		snprintf(why, whylen, "%s of %u bytes: error %d", dir, len, err);
		return false;
	}
	if (!ax86_sc_same(sc, b->dst + doff, expect, len, &at)) {
		snprintf(why, whylen,
			 "%s of %u bytes (%s, %u and %u pieces) differs from the portable C from byte %u",
			 dir, len, inplace ? "in place" : "out of place", ns, nd,
			 at);
		return false;
	}
	bad = ax86_sc_spoiled(b->dst, doff, AX86_SC_GUARD);
	if (!bad)
		bad = ax86_sc_spoiled(b->dst + doff + len, total - doff - len,
				      AX86_SC_GUARD);
	if (bad) {
		snprintf(why, whylen, "%s of %u bytes wrote outside the destination",
			 dir, len);
		return false;
	}
	if (!inplace && memcmp(b->src + soff, in, len)) {
		snprintf(why, whylen, "%s of %u bytes out of place changed the source",
			 dir, len);
		return false;
	}
	return true;
}

bool ax86_sc_skcipher_diff(struct ax86_selfcheck *sc,
			   struct crypto_skcipher *tfm,
			   const struct ax86_sc_cipher *c, char *why,
			   size_t whylen)
{
	unsigned int total = c->max_len + 2 * AX86_SC_SLACK, i, len;
	struct skcipher_request *req;
	struct ax86_sc_bufs *b;
	bool ok = false;
	int err;

	snprintf(why, whylen, "out of memory");
	if (c->keysize > sizeof(b->key) || c->ivsize > sizeof(b->iv)) {
		snprintf(why, whylen, "key or IV too long for the check");
		return false;
	}
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	req = skcipher_request_alloc(tfm, GFP_KERNEL);
	if (!b || !req)
		goto out;
	b->msg = kmalloc(c->max_len, GFP_KERNEL);
	b->want = kmalloc(c->max_len, GFP_KERNEL);
	b->src = kmalloc(total, GFP_KERNEL);
	b->dst = kmalloc(total, GFP_KERNEL);
	if (!b->msg || !b->want || !b->src || !b->dst)
		goto out;
	for (i = 0; i < c->cases; i++) {
		ax86_sc_fill(sc, b->key, c->keysize);
		err = crypto_skcipher_setkey(tfm, b->key, c->keysize);
		if (!err)
			err = c->ref_setkey(c->ref, b->key);
		if (err) {
			snprintf(why, whylen, "setkey: error %d", err);
			goto out;
		}
		len = ax86_sc_len(sc, c->min_len, c->max_len);
		ax86_sc_fill(sc, b->iv, c->ivsize);
		/* a block counter about to wrap: it must not carry */
		if (c->ctr_at >= 0 && !ax86_sc_below(sc, 4))
			put_unaligned_le32(0xffffffff - ax86_sc_below(sc, 4),
					   b->iv + c->ctr_at);
		ax86_sc_fill(sc, b->msg, len);
		c->ref_crypt(c->ref, b->want, b->msg, len, b->iv, true);
		if (!ax86_sc_one(sc, req, c, b, b->msg, b->want, len, true, why,
				 whylen) ||
		    !ax86_sc_one(sc, req, c, b, b->want, b->msg, len, false, why,
				 whylen))
			goto out;
		cond_resched();
	}
	ok = true;
out:
	if (b) {
		kfree_sensitive(b->msg);
		kfree_sensitive(b->want);
		kfree_sensitive(b->src);
		kfree_sensitive(b->dst);
	}
	kfree_sensitive(b);
	if (req)
		skcipher_request_free(req);
	return ok;
}
AX86_EXPORT(ax86_sc_skcipher_diff);
