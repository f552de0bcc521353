/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace unit tests: the portable C of crypto/ is the reference, every
 * SIMD routine of arch/x86/crypto/ is checked against it on the host CPU.
 */
#ifndef AX86_TEST_HARNESS_H
#define AX86_TEST_HARNESS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../crypto/chacha_generic.h"
#include "../../crypto/nhpoly1305.h"
#include "../../tools/common/cpu_needs.h"
#include "../../tools/common/rng.h"

typedef void (*chacha_xor_fn)(const u32 state[16], u8 *dst, const u8 *src,
			      unsigned int len, unsigned int nrounds);
typedef void (*hchacha_fn)(const u32 state[16], u32 out[8],
			   unsigned int nrounds);

/* One SIMD implementation and what the CPU needs to run it. */
struct variant {
	const char *name;
	const char *needs;	/* space-separated __builtin_cpu_supports names */
	chacha_xor_fn chacha;	/* NULL: this variant has no ChaCha */
	hchacha_fn hchacha;	/* NULL: no HChaCha of its own */
	ax86_nh_fn nh;		/* NULL: no NH */
	const char *runs;	/* every routine its drivers run */
};

extern const struct variant variants[];
extern const unsigned int nr_variants;

/* NULL if the host can run @v, else why not */
const char *variant_unsupported(const struct variant *v);

/* Test scale: 1 normally, smaller under the sanitizers (--quick). */
extern unsigned long cases_scale_div;
/* --first-fail: exit(1) at the first FAIL line */
extern bool stop_at_first_fail;

/* every group seeds its own stream from the run seed and its name */
extern u64 run_seed;

/* Reporting: one line per group, counted by the caller's summary */
void report_pass(const char *group, const char *fmt, ...);
void report_fail(const char *group, const char *fmt, ...);
void report_skip(const char *group, const char *why);
/* PASS with the case count, or FAIL with @err if it is not empty */
void report_cases(const char *group, unsigned long cases, const char *err);

/* First byte that differs, or -1 */
long first_diff(const u8 *a, const u8 *b, size_t n);

/* Guarded buffers: @n bytes at an offset, with a canary zone around */
struct gbuf {
	u8 *base;
	u8 *p;
	size_t n, off;
};

#define GUARD_BYTES 64
void gbuf_alloc(struct gbuf *g, size_t n, size_t off);
bool gbuf_guards_ok(const struct gbuf *g);
void gbuf_free(struct gbuf *g);

/* The test groups */
void test_kat_rfc(void);
void test_kat_testmgr(const char *testmgr_path);
void test_chacha(void);
void test_hchacha(void);
void test_dispatch(void);
void test_nh(void);
void test_nhpoly1305(void);
void test_isa_needs(void);
void test_nhp_own_kat(void);

/* AES-256 round keys laid out as the kernel's AES library does */
void aes256_schedule(const u8 key[32], u8 enc[240], u8 dec[240]);
void test_adiantum(const char *testmgr_path);
void test_aes(const char *testmgr_path);
void test_stack_wipe(void);
void test_rank(void);
void test_poly1305_x86_64(void);
void test_poly1305_emit_x86_64(void);
void test_poly1305_emit_sse2(void);



/*
 * Buffers flush against an inaccessible page, so that the SIMD code reading
 * or writing one byte outside [p, p + n) faults at once.
 */
u8 *edge_buf(int slot, size_t n, bool at_end);	/* slot 0..3 */
#endif /* AX86_TEST_HARNESS_H */
