/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part every glue module shares: its drivers come in one set per ISA
 * variant; at load it registers the sets this CPU can run, up to the cap
 * of its max_isa parameter, each at the priority isa.h gives, and takes
 * them all back if one fails; its read-only variants parameter lists what
 * it registered; and its root-only selfcheck parameter checks, on request,
 * every driver it registered through the crypto API.  A glue module
 * describes its sets in a struct ax86_glue and declares its parameters
 * with AX86_GLUE_PARAMS(); the code is in adiantum_x86_core (variants.c),
 * once.
 */
#ifndef AX86_VARIANTS_H
#define AX86_VARIANTS_H

#include <linux/moduleparam.h>
#include <linux/types.h>

#include "isa.h"

/*
 * At most this many bytes of message per kernel_fpu_begin() section:
 * preemption (and, from 6.15, bottom halves) stay off inside one.
 */
#define AX86_FPU_CHUNK	4096

/* struct ax86_glue's isas of a module with a set for every variant */
#define AX86_EVERY_ISA	(BIT(AX86_NR_ISA) - 1)
#define AX86_EVERY_ISA_NAMES \
	"sse2, ssse3, avx, avx2, avx512vl (ymm only) or avx512"

/* register_isa(): the set was left out on purpose, not an error */
#define AX86_GLUE_SKIP	1

struct ax86_selfcheck;

struct ax86_glue {
	const char *name;	/* the module's, for its log lines */
	unsigned int isas;	/* BIT(isa) of each set the module has */
	int priority_base;	/* isa.h's ranking starts there */
	/* register @isa's set at @priority: 0, AX86_GLUE_SKIP or -errno */
	int (*register_isa)(enum ax86_isa isa, int priority);
	void (*unregister_isa)(enum ax86_isa isa);
	/* append the variants lines of @isa's set to @buf at @len */
	int (*show_isa)(char *buf, int len, enum ax86_isa isa);
	/*
	 * The selfcheck parameter: check each driver of @isa's set through
	 * the crypto API by its driver name, against known answers and the
	 * portable C, with one ax86_sc_report() per driver.  Process
	 * context; may sleep.
	 */
	void (*selfcheck_isa)(struct ax86_selfcheck *sc, enum ax86_isa isa);
	/* set by ax86_glue_register() */
	enum ax86_isa max;
	unsigned int registered;
};

int ax86_glue_register(struct ax86_glue *glue, const char *max_isa);
void ax86_glue_unregister(struct ax86_glue *glue);
__printf(3, 4) int ax86_emit(char *buf, int len, const char *fmt, ...);

struct skcipher_alg;
int ax86_glue_register_skciphers(struct skcipher_alg *algs, int count,
				 int priority);

/* the variants parameter of every glue module; its arg: the ax86_glue */
extern const struct kernel_param_ops ax86_glue_variants_ops;

/*
 * The selfcheck parameter of every glue module, root only (0600).
 * Writing "1" runs the module's checks of every driver it registered and
 * logs a line per driver; the write fails with -EBADMSG if one failed.
 * Writing "plant" runs the same checks with a one-bit error planted in
 * what each comparison reads of the driver's output: every driver must
 * then FAIL (a check that cannot fail proves nothing).  Reading gives the
 * last run's lines, "PASS <driver> <what>" or "FAIL <driver> <what>", or
 * a line "none: ..." before any run.  The kernel runs get and set with
 * the module's parameter lock held, so runs and reads never overlap.
 * The text lives as long as the module (static, never freed): a read in
 * flight while the module unloads finds it still there.
 */
struct ax86_selfcheck_param {
	struct ax86_glue *glue;
	char *text;		/* PAGE_SIZE bytes, "" before the first run */
};

extern const struct kernel_param_ops ax86_glue_selfcheck_ops;

/*
 * One run of the selfcheck parameter: the text it writes, a random number
 * generator (seeded from get_random_bytes(), splitmix64: fast enough that
 * the inputs cost nothing beside the crypto) and the planted error.
 */
struct ax86_selfcheck {
	char *text;
	int len;
	int failed;		/* drivers that failed */
	bool plant;		/* "plant": corrupt what each comparison reads */
	u64 rng;
	const char *module;
};

u32 ax86_sc_rand(struct ax86_selfcheck *sc);
/* 0 .. @n - 1 (@n > 0) */
unsigned int ax86_sc_below(struct ax86_selfcheck *sc, unsigned int n);
void ax86_sc_fill(struct ax86_selfcheck *sc, u8 *p, unsigned int len);
/* a message length in @min..@max: short, page-sized, odd and edge ones */
unsigned int ax86_sc_len(struct ax86_selfcheck *sc, unsigned int min,
			 unsigned int max);
/*
 * Whether the driver's @len bytes @got equal @want; if not, @at is the
 * first byte that differs.  Under "plant" one bit of @got is flipped
 * first (and back after): the comparison must see it.
 */
bool ax86_sc_same(struct ax86_selfcheck *sc, u8 *got, const u8 *want,
		  unsigned int len, unsigned int *at);
/* the result line of @driver, in the text and in the kernel log */
__printf(4, 5) void ax86_sc_report(struct ax86_selfcheck *sc,
				   const char *driver, bool ok,
				   const char *fmt, ...);
/* @driver's line: PASS with what @fmt says was checked, or FAIL with @why */
__printf(5, 6) void ax86_sc_result(struct ax86_selfcheck *sc,
				   const char *driver, bool ok,
				   const char *why, const char *fmt, ...);

/* at most this many scatterlist pieces per side of a request */
#define AX86_SC_PIECES	4

struct scatterlist;
/* @len bytes at @buf as 1..@max random pieces (each of 1 byte or more) */
unsigned int ax86_sc_sg(struct ax86_selfcheck *sc, struct scatterlist *sg,
			unsigned int max, u8 *buf, unsigned int len);

struct crypto_skcipher;
struct skcipher_request;
/* the skcipher @driver by its name, or NULL after its FAIL line */
struct crypto_skcipher *ax86_sc_alloc_skcipher(struct ax86_selfcheck *sc,
					       const char *driver);
/* one request through @req's tfm, waited for: 0 or -errno */
int ax86_sc_crypt(struct skcipher_request *req, struct scatterlist *src,
		  struct scatterlist *dst, unsigned int len, u8 *iv, bool enc);

/*
 * A skcipher driver against the portable C: @cases random keys, IVs and
 * messages of @min_len..@max_len bytes, each encrypted and decrypted
 * through the driver, in place or out of place, its scatterlists split at
 * random points, at random alignments, with guard bytes around the
 * destination and the source of an out-of-place request checked.
 */
struct ax86_sc_cipher {
	unsigned int keysize, ivsize;
	unsigned int min_len, max_len;
	unsigned int cases;
	int ctr_at;		/* IV offset of a le32 block counter, or -1 */
	/* the portable C: key it, then one message each way */
	int (*ref_setkey)(void *ref, const u8 *key);
	void (*ref_crypt)(void *ref, u8 *dst, const u8 *src, unsigned int len,
			  const u8 *iv, bool enc);
	void *ref;
};

/* true if every case matched; else @why (@whylen bytes) says which */
bool ax86_sc_skcipher_diff(struct ax86_selfcheck *sc,
			   struct crypto_skcipher *tfm,
			   const struct ax86_sc_cipher *c, char *why,
			   size_t whylen);

/*
 * The three parameters of a glue module whose struct ax86_glue is @_glue:
 * max_isa (@isas: the ISA names it takes, for modinfo), variants and
 * selfcheck.
 */
#define AX86_GLUE_PARAMS(_glue, isas)					\
static char *max_isa;							\
module_param(max_isa, charp, 0444);					\
MODULE_PARM_DESC(max_isa, "highest ISA to register: " isas		\
		 " (default: all the CPU has)");			\
module_param_cb(variants, &ax86_glue_variants_ops, &(_glue), 0444);	\
MODULE_PARM_DESC(variants,						\
		 "read only: each driver registered, its priority, the cores it runs and why it ranks there"); \
static char ax86_selfcheck_text[PAGE_SIZE];				\
static struct ax86_selfcheck_param ax86_selfcheck_param = {		\
	.glue = &(_glue),						\
	.text = ax86_selfcheck_text,					\
};									\
module_param_cb(selfcheck, &ax86_glue_selfcheck_ops,			\
		&ax86_selfcheck_param, 0600);				\
MODULE_PARM_DESC(selfcheck,						\
		 "root only: write 1 to check every driver registered against known answers and the portable C; read: the last run's result, a line per driver")

#endif /* AX86_VARIANTS_H */
