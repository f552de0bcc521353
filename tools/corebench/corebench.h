/* SPDX-License-Identifier: GPL-2.0 */
/* make bench: the userspace benchmark of the cores. */
#ifndef AX86_COREBENCH_H
#define AX86_COREBENCH_H

#include <stdbool.h>
#include <stdio.h>

#include "../../crypto/adiantum.h"
#include "../../crypto/chacha_generic.h"
#include "../../crypto/nhpoly1305.h"
#include "../common/cpu_needs.h"

typedef void (*cb_stream_fn)(u32 st[16], u8 *dst, const u8 *src,
			     unsigned int len, unsigned int nrounds);
typedef void (*cb_hchacha_fn)(const u32 st[16], u32 out[8],
			      unsigned int nrounds);

/*
 * The AES block a whole message runs: AES-NI, or none (the CPUs Adiantum
 * is for: aes-generic for linux-6.1, the variant's constant-time form for
 * ours).  Rows that run no AES block say none too.
 */
enum cb_aes { CB_AESNI, CB_AES_NONE, CB_NR_AES };

/* One implementation at one ISA level; NULL members: not offered. */
struct cb_impl {
	const char *impl;	/* ours, linux-6.1, openssl, libsodium */
	const char *isa;
	const char *needs;	/* __builtin_cpu_supports() names */
	cb_stream_fn stream;	/* ChaCha on a prepared state, advances it */
	cb_hchacha_fn hchacha;
	ax86_nh_fn nh;
	bool nh_own;		/* the NH is this ISA's own (has NH rows) */
	bool linux_nhp;		/* in-tree: plain NH key order, its Poly1305 */
	bool aes_row;		/* has rows of the AES block alone */
	/* ours: one whole Adiantum message, as the driver runs it */
	void (*adiantum)(const struct ax86_adiantum_key *key, const void *aes,
			 u8 *dst, const u8 *src, unsigned int len,
			 const u8 tweak[32], bool enc);
	/* ours: the variant's AES block on ours_aes_key()'s keys */
	void (*aes_block)(const void *aes, u8 out[16], const u8 in[16],
			  bool enc);
	/* whole-message peers without a state interface */
	void (*chacha20_msg)(u8 *dst, const u8 *src, unsigned int len,
			     const u8 key[32], const u8 iv[16]);
	void (*xchacha20_msg)(u8 *dst, const u8 *src, unsigned int len,
			      const u8 key[32], const u8 iv[32]);
};

/*
 * The Linux 6.1 in-tree cores (assembled from linux-source-6.1): they read
 * the state, their caller advances the counter.
 */
#define LINUX_CHACHA(fn) \
	void fn(u32 *state, u8 *dst, const u8 *src, unsigned int len, \
		int nrounds)
LINUX_CHACHA(chacha_block_xor_ssse3);
LINUX_CHACHA(chacha_4block_xor_ssse3);
LINUX_CHACHA(chacha_2block_xor_avx2);
LINUX_CHACHA(chacha_4block_xor_avx2);
LINUX_CHACHA(chacha_8block_xor_avx2);
LINUX_CHACHA(chacha_2block_xor_avx512vl);
LINUX_CHACHA(chacha_4block_xor_avx512vl);
LINUX_CHACHA(chacha_8block_xor_avx512vl);
void hchacha_block_ssse3(const u32 *state, u32 *out, int nrounds);
void nh_sse2(const u32 *key, const u8 *msg, size_t len, u8 hash[32]);
void nh_avx2(const u32 *key, const u8 *msg, size_t len, u8 hash[32]);

/*
 * What runs per message, built with the kernel's flags: ours_msg.c (ours)
 * and linux_msg.c, linux_nhp.c (Linux 6.1's, beside its own C)
 */
#define OURS_DECL(isa)							\
void ours_##isa(u32 *st, u8 *dst, const u8 *src, unsigned int len,	\
		unsigned int nrounds);					\
void ours_hchacha_##isa(const u32 st[16], u32 out[8],			\
			unsigned int nrounds);				\
void ours_adiantum_##isa(const struct ax86_adiantum_key *key,		\
			 const void *aes, u8 *dst, const u8 *src,	\
			 unsigned int len, const u8 tweak[32], bool enc); \
void ours_aes_block_##isa(const void *aes, u8 out[16], const u8 in[16],	\
			  bool enc)
OURS_DECL(sse2);
OURS_DECL(ssse3);
OURS_DECL(avx);
OURS_DECL(avx2);
OURS_DECL(avx512vl);
OURS_DECL(avx512);
void ours_init(bool slow_simd_chains, bool zmm_pairs, bool short_nh_ymm,
	       bool poly_sse2);
const char *cb_build_flags(void);	/* which flags ours_msg.c had */
int ours_aes_setkey(const u8 raw[32], bool have_aesni);
const void *ours_aes_key(enum cb_aes aes);
void ours_nhpoly1305(const struct ax86_nhpoly1305_key *key, ax86_nh_fn nh,
		     const u8 *src, unsigned int len, u8 out[16]);
struct cb_impl;
void cb_xchacha(const struct cb_impl *m, const u8 key[32], const u8 iv[32],
		u8 *buf, unsigned int len, unsigned int nrounds);

void linux_ssse3(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		 unsigned int nrounds);
void linux_avx2(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		unsigned int nrounds);
void linux_avx512vl(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		    unsigned int nrounds);
void linux_generic(u32 *st, u8 *dst, const u8 *src, unsigned int len,
		   unsigned int nrounds);
void linux_hchacha(const u32 st[16], u32 out[8], unsigned int nrounds);
void linux_hchacha_generic(const u32 st[16], u32 out[8],
			   unsigned int nrounds);
void linux_nh_sse2(const u32 *key, const u8 *msg, unsigned int len,
		   u8 hash[AX86_NH_HASH_BYTES]);
void linux_nh_avx2(const u32 *key, const u8 *msg, unsigned int len,
		   u8 hash[AX86_NH_HASH_BYTES]);
int linux_aes_setkey(const u8 raw[32], bool have_aesni);
void linux_aes_block(enum cb_aes aes, u8 out[16], const u8 in[16], bool enc);
void linux_adiantum(const struct cb_impl *m,
		    const struct ax86_adiantum_key *adkey, enum cb_aes aes,
		    u8 *dst, const u8 *src, unsigned int len,
		    const u8 tweak[32], bool enc);

/* NHPoly1305 on the in-tree Poly1305 (linux_nhp.c) */
void linux_nhp_setkey(const u8 raw[AX86_NHPOLY1305_KEY_SIZE]);
const u32 *linux_nh_key(void);
void linux_nhpoly1305(ax86_nh_fn nh, const u8 *src, unsigned int len,
		      u8 out[16]);
void linux_tweak_setkey(const u8 raw[16]);
void linux_hash_tweak(unsigned int bulk, const u8 tweak[32], u8 out[16]);

extern const struct cb_impl cb_impls[];
extern const unsigned int cb_nr_impls;
void cb_impls_init(void);

#endif /* AX86_COREBENCH_H */
