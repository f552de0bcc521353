/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make check-ct's program: the harness (tests/ct/ct.c, userspace flags)
 * and the message path it checks (tests/ct/ct_path.c and the portable C
 * of crypto/, built with the kernel's code-generation flags: mk/ct.mk).
 */
#ifndef AX86_CT_H
#define AX86_CT_H

#include "../../crypto/adiantum.h"

/* One variant's code, as the glue's struct ax86_adiantum_ops holds it */
struct ct_ops {
	void (*crypt)(const struct ax86_adiantum_key *key, const void *aes,
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
};

struct ct_variant {
	const char *name;
	const char *needs;		/* isa_needs.h; NULL: any x86-64 */
	struct ct_ops ops;
	/* its cores' names, which ct_set_slow_chains() may change */
	const char *(*stream_core)(void);
	const char *(*hchacha_core)(void);
	const char *nh_core;
};

/* ct_path.c: the portable variant first, then sse2 .. avx512 */
extern const struct ct_variant ct_variants[];
extern const unsigned int ct_nr_variants;

/*
 * the dispatch's choice for CPUs with slow SIMD chains (and the SSE2 NH's
 * for slow 64-bit adds), in ct_path.c
 */
void ct_set_slow_chains(bool slow);

/* one AES-256 block on round keys laid out as the kernel's library does */
typedef void (*ct_aes_block_fn)(const u32 keys[60], u8 out[16],
				const u8 in[16]);

struct ct_aes_form {
	const char *name;
	const char *needs;	/* CPU features; NULL: any x86-64 */
	ct_aes_block_fn enc;	/* on the encryption round keys */
	ct_aes_block_fn dec;	/* on the equivalent inverse cipher's */
	/* decryption beside HChaCha, as asm_cores.h's; NULL: none */
	void (*dec_hchacha)(const u32 keys[60], u8 out[16], u32 state[16],
			    unsigned int nrounds);
};

/* the AES context the message path passes to ct_aes_block() */
struct ct_aes {
	const struct ct_aes_form *form;
	u32 enc[60];
	u32 dec[60];
};

void ct_aes_block(const void *aes, u8 out[16], const u8 in[16], bool enc);
/* the vector-permute core's form, on the library's keys (ct_path.c) */
void ct_vperm_encrypt(const u32 keys[60], u8 out[16], const u8 in[16]);
void ct_vperm_decrypt(const u32 keys[60], u8 out[16], const u8 in[16]);
void ct_vperm_decrypt_hchacha(const u32 keys[60], u8 out[16], u32 state[16],
			      unsigned int nrounds);
bool ct_aes_dec_hchacha(const void *aes, u8 m[16], u32 state[16],
			unsigned int nrounds);

/* the glue's layouts for messages beyond one FPU section and scattered */
#define CT_SECTION_BYTES	2048
void ct_sectioned(const struct ct_ops *ops,
		  const struct ax86_adiantum_key *key, const struct ct_aes *aes,
		  u8 *dst, const u8 *src, unsigned int len, const u8 tweak[32],
		  bool enc);
void ct_scattered(const struct ct_ops *ops,
		  const struct ax86_adiantum_key *key, const struct ct_aes *aes,
		  u8 *dst, const u8 *src, unsigned int len, const u8 tweak[32],
		  bool enc);

/*
 * tests/unit/aes_schedule.c: AES-256 round keys as the kernel's AES
 * library lays them out, the layout every AES form here takes
 */
void aes256_schedule(const u8 key[32], u8 enc[240], u8 dec[240]);

/*
 * tests/ct/linux_aes.c: Linux 6.1's AES library (lib/crypto/aes.c) on
 * those round keys, the known leak the check must report
 */
void ct_linux61_aes_encrypt(const u32 keys[60], u8 out[16], const u8 in[16]);
void ct_linux61_aes_decrypt(const u32 keys[60], u8 out[16], const u8 in[16]);

#endif /* AX86_CT_H */
