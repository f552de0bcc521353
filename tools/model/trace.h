/* SPDX-License-Identifier: GPL-2.0 */
/*
 * make model's tracer (trace.c): what it calls besides our cores, as
 * Linux 6.1's glue declares its assembly, and its own switches.
 */
#ifndef AX86_MODEL_TRACE_H
#define AX86_MODEL_TRACE_H

void chacha_4block_xor_ssse3(u32 *state, u8 *dst, const u8 *src,
			     unsigned int len, int nrounds);
void chacha_8block_xor_avx2(u32 *state, u8 *dst, const u8 *src,
			    unsigned int len, int nrounds);
void hchacha_block_ssse3(const u32 *state, u32 *out, int nrounds);
void nh_sse2(const u32 *key, const u8 *message, size_t message_len,
	     u8 hash[32]);
void nh_avx2(const u32 *key, const u8 *message, size_t message_len,
	     u8 hash[32]);
void aesni_enc(const void *ctx, u8 *out, const u8 *in);
void aesni_dec(const void *ctx, u8 *out, const u8 *in);

/* crypto/aes_generic.c's init, under make bench's shim's name */
int cb_initcall_aes_init(void);

/* the trap flag on, and off again (trace.c's assembly) */
void mt_trace_on(void);
void mt_trace_off(void);

#endif /* AX86_MODEL_TRACE_H */
