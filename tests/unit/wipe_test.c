// SPDX-License-Identifier: GPL-2.0
/*
 * NHPoly1305 leaves none of its NH outputs on the stack: they are functions
 * of the key and the message and must not outlive the call.  The code runs
 * on a thread whose stack is a buffer of ours, zeroed before; afterwards the
 * buffer is searched for every NH output the run produced.  NH here is the
 * SSE2 assembly, which keeps its sums in registers, so anything found was
 * left by the C around it.  The binary is linked with -z now (Makefile):
 * a lazy symbol lookup on this thread would save the registers' leftovers
 * on its stack (seen on an AVX-512 host: NH sum 2 of the last chunk).
 * The scalar HChaCha parks words in its frame: the same search for the
 * words it parks (x0..x3); the Poly1305 blocks+emit copies h into its
 * frame: the same search for h.  A whole Adiantum message of 4 KiB in one
 * go keeps the NH sums of L and of its output in an array of its own: the
 * same search for those.  The SIMD ChaCha cores keep their counters,
 * parked rows and keystream in the caller's scratch area (asm_cores.h),
 * not on the stack: that area must be all zero after every call.
 */
#define _GNU_SOURCE	/* memmem */
#include <pthread.h>
#include <string.h>

#include "../../arch/x86/crypto/asm_cores.h"
#include "../../crypto/adiantum.h"
#include "harness.h"

#define STACK_BYTES	(256 * 1024)

static struct ax86_nhpoly1305_key wipe_key;
static u32 wipe_state[16], wipe_subkey[8];
static u8 wipe_msg[4096 + 200];
static u8 wipe_digest[16];
static struct ax86_poly1305_state wipe_h;
static struct ax86_poly1305_key wipe_pkey;
static struct ax86_adiantum_key wipe_akey;
static u8 wipe_in[4096 + 16], wipe_out[4096 + 16], wipe_tweak[32];

/* a stand-in for AES: what is searched for does not depend on it */
static void copy_block(const void *aes, u8 out[16], const u8 in[16],
		       bool enc)
{
	(void)aes;
	(void)enc;
	memmove(out, in, 16);
}

static void *adiantum_run(void *arg)
{
	(void)arg;
	ax86_adiantum_crypt(&wipe_akey, NULL, wipe_out, wipe_in,
			    sizeof(wipe_in), wipe_tweak, true, copy_block,
			    NULL, ax86_chacha_crypt, ax86_hchacha, ax86_nh_sse2,
			    ax86_poly1305_emit_scalar);
	return NULL;
}

/* the NH sums of every KiB of L_in and of L_out */
static const char *find_whole_sums(const u8 *stack)
{
	u8 hash[AX86_NH_HASH_BYTES];
	unsigned int off, p, k;

	for (k = 0; k < 2; k++)
		for (off = 0; off < 4096; off += AX86_NH_MESSAGE_BYTES) {
			ax86_nh_generic(wipe_akey.msg.nh,
					(k ? wipe_out : wipe_in) + off,
					AX86_NH_MESSAGE_BYTES, hash);
			for (p = 0; p < AX86_NH_HASH_BYTES; p += 8)
				if (memmem(stack, STACK_BYTES, hash + p, 8))
					return k ? "an NH sum of L_out left on the stack" :
						   "an NH sum of L_in left on the stack";
		}
	return NULL;
}

static void *nhp_run(void *arg)
{
	struct ax86_nhpoly1305_state st;

	(void)arg;
	ax86_nhpoly1305_init(&st);
	/* a split inside an NH message makes the code continue a chunk */
	ax86_nhpoly1305_update(&st, &wipe_key, wipe_msg, 112, ax86_nh_sse2);
	ax86_nhpoly1305_update(&st, &wipe_key, wipe_msg + 112,
			       sizeof(wipe_msg) - 112, ax86_nh_sse2);
	ax86_nhpoly1305_final(&st, &wipe_key, wipe_digest, ax86_nh_sse2);
	return NULL;
}

static void *hchacha_run(void *arg)
{
	(void)arg;
	ax86_hchacha_scalar(wipe_state, wipe_subkey, 12);
	return NULL;
}

static void *emit_run(void *arg)
{
	(void)arg;
	ax86_poly1305_blocks_emit_x86_64(&wipe_h, &wipe_pkey, wipe_msg, 2,
					 wipe_digest);
	return NULL;
}

static const char *find_h(const u8 *stack)
{
	int i;

	for (i = 0; i < 3; i++)
		if (memmem(stack, STACK_BYTES, &wipe_h.h[i], 8))
			return "a limb of h left on the stack";
	return NULL;
}

static u32 rol(u32 v, int n)
{
	return (v << n) | (v >> (32 - n));
}

/* the column round's quarter round of 'a' word x[a], as the portable C's */
static void column_quarter(u32 x[16], int a)
{
	u32 *b = &x[a + 4], *c = &x[a + 8], *d = &x[a + 12];

	x[a] += *b;
	*d = rol(*d ^ x[a], 16);
	*c += *d;
	*b = rol(*b ^ *c, 12);
	x[a] += *b;
	*d = rol(*d ^ x[a], 8);
	*c += *d;
	*b = rol(*b ^ *c, 7);
}

/*
 * What the scalar HChaCha parks in its frame: the 'a' words x0..x3.  It
 * ends with x0, x3 as output (subkey words 0, 3) and x1, x2 as the last
 * column round left them (words 1 and 2 of the output are in registers):
 * those two are recomputed here with the C, 10 rounds and that column
 * round.  Words 1 and 2 of the output are searched for too.
 */
static const char *find_subkey(const u8 *stack)
{
	static char why[64];
	u32 x[16];
	int i;

	memcpy(x, wipe_state, sizeof(x));
	ax86_chacha_permute(x, 10);
	column_quarter(x, 1);
	column_quarter(x, 2);
	for (i = 0; i < 4; i++)
		if (memmem(stack, STACK_BYTES, &wipe_subkey[i], 4)) {
			snprintf(why, sizeof(why),
				 "subkey word %d left on the stack", i);
			return why;
		}
	for (i = 1; i < 3; i++)
		if (memmem(stack, STACK_BYTES, &x[i], 4)) {
			snprintf(why, sizeof(why),
				 "x%d of the last column round left on the stack",
				 i);
			return why;
		}
	return NULL;
}

/* every NH output of the run above, 8-byte sums; NULL if none is found */
static const char *find_nh_outputs(const u8 *stack)
{
	static char why[96];
	unsigned int off, len, p;
	u8 hash[AX86_NH_HASH_BYTES];

	for (off = 0; off < sizeof(wipe_msg); off += AX86_NH_MESSAGE_BYTES) {
		len = sizeof(wipe_msg) - off;
		if (len > AX86_NH_MESSAGE_BYTES)
			len = AX86_NH_MESSAGE_BYTES;
		len &= ~15u;
		ax86_nh_generic(wipe_key.nh, wipe_msg + off, len, hash);
		for (p = 0; p < AX86_NH_HASH_BYTES; p += 8)
			if (memmem(stack, STACK_BYTES, hash + p, 8)) {
				snprintf(why, sizeof(why),
					 "NH sum %u of the chunk at %u left on the stack",
					 p / 8, off);
				return why;
			}
	}
	/* the part hashed by the second update inside the first chunk */
	ax86_nh_generic(&wipe_key.nh[112 / 4], wipe_msg + 112, 1024 - 112,
			hash);
	for (p = 0; p < AX86_NH_HASH_BYTES; p += 8)
		if (memmem(stack, STACK_BYTES, hash + p, 8))
			return "NH sum of a continued chunk left on the stack";
	return NULL;
}

/*
 * What the thread runs after its function returns (TLS destructors, its
 * exit) writes over the stack just below its entry: a frame there would be
 * overwritten before the search, and a missing wipe go unseen (it did for
 * the Poly1305 blocks+emit's copy of h once that frame got 8 bytes
 * shallower).  The function runs this far below.
 */
#define DEPTH		(16 * 1024)

static void *(*deep_fn)(void *);

static void *deep_run(void *arg)
{
	u8 pad[DEPTH];
	void *ret;

	ret = deep_fn(arg);
	/* the pad is used after the call: its room stays in the frame */
	__asm__ volatile("" : : "r"(pad) : "memory");
	return ret;
}

/* run @fn on a zeroed stack of ours, then report what @find says of it */
static void run_on_stack(const char *group, void *(*fn)(void *),
			 const char *(*find)(const u8 *stack), const char *ok)
{
	pthread_attr_t attr;
	pthread_t t;
	u8 *stack;

	stack = aligned_alloc(4096, STACK_BYTES);
	if (!stack) {
		report_fail(group, "out of memory");
		return;
	}
	memset(stack, 0, STACK_BYTES);
	pthread_attr_init(&attr);
	pthread_attr_setstack(&attr, stack, STACK_BYTES);
	deep_fn = fn;
	if (pthread_create(&t, &attr, deep_run, NULL) ||
	    pthread_join(t, NULL)) {
		report_fail(group, "cannot run the thread");
	} else {
		const char *err = find(stack);

		if (err)
			report_fail(group, "%s", err);
		else
			report_pass(group, "%s", ok);
	}
	pthread_attr_destroy(&attr);
	free(stack);
}

/*
 * Each ChaCha core, called as the dispatch calls it (variants.c), on an
 * area that was zero: after every call it must be zero again.  The
 * lengths end each way a core can: after whole batches, in a partial
 * batch (its keystream parked in the area), after one or more pairs of
 * batches, with a partial batch after a pair (batches of 256 bytes for
 * the xmm cores, 512 for ymm, 1024 for zmm).
 */
static void test_scratch_wipe(void)
{
	static const unsigned int lens[] = {
		1, 200, 256, 300, 512, 700, 1024, 1100, 1536, 2048, 2100,
		3072, 4096 + 37
	};
	static u8 src[4096 + 64], dst[4096 + 64];
	const u8 *area = ax86_chacha_scratch();
	unsigned int i, k, b;
	char group[64];
	u32 state[16];
	struct rng r;

	for (i = 0; i < nr_variants; i++) {
		const struct variant *v = &variants[i];

		if (!v->chacha)
			continue;
		snprintf(group, sizeof(group), "chacha-scratch-wipe-%s",
			 v->name);
		if (variant_unsupported(v)) {
			report_skip(group, variant_unsupported(v));
			continue;
		}
		rng_seed(&r, run_seed, group);
		rng_fill(&r, state, sizeof(state));
		rng_fill(&r, src, sizeof(src));
		memset(ax86_chacha_scratch(), 0, AX86_CHACHA_SCRATCH_BYTES);
		for (k = 0; k < ARRAY_SIZE(lens); k++) {
			v->chacha(state, dst, src, lens[k], 20);
			for (b = 0; b < AX86_CHACHA_SCRATCH_BYTES; b++)
				if (area[b])
					break;
			if (b < AX86_CHACHA_SCRATCH_BYTES)
				break;
		}
		if (k < ARRAY_SIZE(lens))
			report_fail(group,
				    "%u bytes: byte %u of the scratch area left nonzero",
				    lens[k], b);
		else
			report_pass(group,
				    "%zu lengths: all %u bytes of the scratch area zero after each",
				    ARRAY_SIZE(lens), AX86_CHACHA_SCRATCH_BYTES);
	}
}

void test_stack_wipe(void)
{
	static const char group[] = "nhpoly1305-stack-wipe";
	u8 raw[AX86_NHPOLY1305_KEY_SIZE];
	char ok[80];
	struct rng r;

	test_scratch_wipe();
#ifdef __SANITIZE_ADDRESS__
	return;		/* ASan keeps its own stack frames: nothing to see */
#endif
	rng_seed(&r, run_seed, "hchacha-scalar-stack-wipe");
	rng_fill(&r, wipe_state, sizeof(wipe_state));
	run_on_stack("hchacha-scalar-stack-wipe", hchacha_run, find_subkey,
		     "12 rounds: no parked word x0..x3 left in its frame");
	rng_seed(&r, run_seed, "poly1305-emit-stack-wipe");
	rng_fill(&r, raw, 16);
	ax86_poly1305_setkey(&wipe_pkey, raw);
	wipe_h.h[0] = rng_next(&r) >> 20;
	wipe_h.h[1] = rng_next(&r) >> 20;
	wipe_h.h[2] = rng_next(&r) >> 22;
	run_on_stack("poly1305-emit-stack-wipe", emit_run, find_h,
		     "2 blocks: no limb of h left in its frame");
	{
		u8 key[32], derived[AX86_ADIANTUM_DERIVED_BYTES], aes[32];

		rng_seed(&r, run_seed, "adiantum-whole-stack-wipe");
		rng_fill(&r, key, sizeof(key));
		rng_fill(&r, wipe_in, sizeof(wipe_in));
		rng_fill(&r, wipe_tweak, sizeof(wipe_tweak));
		ax86_adiantum_setkey(&wipe_akey, key, 32, 12, derived, aes);
		run_on_stack("adiantum-whole-stack-wipe", adiantum_run,
			     find_whole_sums,
			     "4 KiB in one go: no NH sum of L_in or L_out left behind");
	}
	if (variant_unsupported(&variants[0])) {
		report_skip(group, variant_unsupported(&variants[0]));
		return;
	}
	rng_seed(&r, run_seed, group);
	rng_fill(&r, raw, sizeof(raw));
	rng_fill(&r, wipe_msg, sizeof(wipe_msg));
	ax86_nhpoly1305_setkey(&wipe_key, raw, sizeof(raw));
	snprintf(ok, sizeof(ok),
		 "%zu bytes in two updates: no NH output left behind",
		 sizeof(wipe_msg));
	run_on_stack(group, nhp_run, find_nh_outputs, ok);
}
