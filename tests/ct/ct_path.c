// SPDX-License-Identifier: GPL-2.0
/*
 * make check-ct: the message path it checks, as the adiantum module runs
 * it (arch/x86/crypto/adiantum_glue.c): each variant's steps from
 * adiantum_dispatch.h, the glue's AES callback, and its two layouts that
 * take a message in steps.  Built with the kernel's code-generation flags
 * (mk/ct.mk), as the module's C is; tests/ct/ct.c marks the secrets.
 */
#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../../arch/x86/crypto/isa_needs.h"
#include "ct.h"

/*
 * Where the scatterlists of ct_scattered() cut a message: every 100 bytes,
 * so that ChaCha blocks straddle pieces and take the bounce buffer
 */
#define CT_PIECE_BYTES		100

/*
 * With the slow-chains and zmm pairs switches, nh_dispatch.h's 32-bit NH
 * sums and the SSE2 Poly1305 (adiantum_dispatch.h): their CPUs
 * differ, but set together here every core either may pick is checked
 * (sse2 and ssse3, whose ChaCha cores the switch changes, take both)
 */
void ct_set_slow_chains(bool slow)
{
	ax86_slow_simd_chains = slow;
	ax86_zmm_pairs_on = slow;
	ax86_nh_dsum_on = slow;
	ax86_poly_sse2_on = slow;
}

static const char *ct_core_portable(void)
{
	return "portable";
}

#define ax86_stream_core_generic	ct_core_portable
#define ax86_hchacha_core_generic	ct_core_portable

#define CT_VARIANT(isa, _needs) {					\
	.name = #isa,							\
	.needs = _needs,						\
	.ops = {							\
		.crypt = ax86_adiantum_crypt_##isa,			\
		.hash = ax86_adiantum_hash_##isa,			\
		.middle = ax86_adiantum_middle_##isa,			\
		.xor = ax86_adiantum_xor_##isa,				\
		.end = ax86_adiantum_end_##isa,				\
	},								\
	.stream_core = ax86_stream_core_##isa,				\
	.hchacha_core = ax86_hchacha_core_##isa,			\
	.nh_core = ax86_adiantum_nh_core(isa),				\
}

/*
 * valgrind 3.19 (Debian 12) implements no AVX-512 instruction, and its
 * virtual CPU does not report AVX-512: the last two are SKIPs under it,
 * even on a host that has AVX-512.  AVX2 it runs.
 */
const struct ct_variant ct_variants[] = {
	CT_VARIANT(generic, NULL),
	CT_VARIANT(sse2, AX86_NEEDS_SSE2),
	CT_VARIANT(ssse3, AX86_NEEDS_SSSE3),
	CT_VARIANT(avx, AX86_NEEDS_AVX),
	CT_VARIANT(avx2, AX86_NEEDS_AVX2),
	CT_VARIANT(avx512vl, AX86_NEEDS_AVX512),
	CT_VARIANT(avx512, AX86_NEEDS_AVX512),
};

const unsigned int ct_nr_variants = ARRAY_SIZE(ct_variants);

/*
 * The vector-permute core on the library's round keys: each call puts
 * them in the core's form first (aes_vperm_key.h), which the module does
 * once at setkey, so that this check covers that code too, built as the
 * module builds it.
 */
void ct_vperm_encrypt(const u32 keys[60], u8 out[16], const u8 in[16])
{
	u32 v[AX86_AES_VPERM_KEY_WORDS];

	ax86_aes_vperm_keys(v, keys, true);
	ax86_aes_vperm_encrypt256(v, out, in);
	memzero_explicit(v, sizeof(v));
}

void ct_vperm_decrypt(const u32 keys[60], u8 out[16], const u8 in[16])
{
	u32 v[AX86_AES_VPERM_KEY_WORDS];

	ax86_aes_vperm_keys(v, keys, false);
	ax86_aes_vperm_decrypt256(v, out, in);
	memzero_explicit(v, sizeof(v));
}

void ct_vperm_decrypt_hchacha(const u32 keys[60], u8 out[16], u32 state[16],
			      unsigned int nrounds)
{
	u32 v[AX86_AES_VPERM_KEY_WORDS];

	ax86_aes_vperm_keys(v, keys, false);
	ax86_aes_vperm_decrypt256_hchacha(v, out, state, nrounds);
	memzero_explicit(v, sizeof(v));
}

/* the glue's ax86_adiantum_aes_simd(), with the form to run as data */
void ct_aes_block(const void *aes, u8 out[16], const u8 in[16], bool enc)
{
	const struct ct_aes *a = aes;

	if (enc)
		a->form->enc(a->enc, out, in);
	else
		a->form->dec(a->dec, out, in);
}

bool ct_aes_dec_hchacha(const void *aes, u8 m[16], u32 state[16],
			unsigned int nrounds)
{
	const struct ct_aes *a = aes;

	if (!a->form->dec_hchacha)
		return false;
	a->form->dec_hchacha(a->dec, m, state, nrounds);
	return true;
}

/*
 * The glue's ax86_adiantum_sectioned(), which it runs for @len > 2048 and
 * for lengths its one-go path leaves out: L hashed whole, then the XOR
 * pass a section at a time
 */
void ct_sectioned(const struct ct_ops *ops,
		  const struct ax86_adiantum_key *key, const struct ct_aes *aes,
		  u8 *dst, const u8 *src, unsigned int len, const u8 tweak[32],
		  bool enc)
{
	unsigned int bulk = len - AX86_ADIANTUM_BLOCK_SIZE, off = 0, n;
	struct ax86_adiantum_req rq ax86_written_first;
	u8 r[16];

	memcpy(r, src + bulk, sizeof(r));
	ax86_adiantum_begin(&rq, key, bulk, tweak);
	ops->hash(&rq, key, src, bulk);
	ops->middle(&rq, key, r, enc, aes, ct_aes_block, ct_aes_dec_hchacha);
	do {
		n = min_t(unsigned int, bulk - off, CT_SECTION_BYTES);
		ops->xor(&rq, key, dst + off, src + off, n);
		if (off + n == bulk)
			ops->end(&rq, key, r);
		off += n;
	} while (off < bulk);
	memcpy(dst + bulk, r, sizeof(r));
	memzero_explicit(r, sizeof(r));
}

/* bytes from @off to the end of its piece, at most @left */
static unsigned int ct_piece(unsigned int off, unsigned int left)
{
	return min_t(unsigned int, left,
		     CT_PIECE_BYTES - off % CT_PIECE_BYTES);
}

/*
 * The glue's ax86_adiantum_scattered(): L hashed, then XORed and hashed,
 * where it lies, piece by piece; a ChaCha block that straddles two pieces
 * through the 64-byte bounce buffer.  memcpy() where the glue walks its
 * scatterlists.
 */
void ct_scattered(const struct ct_ops *ops,
		  const struct ax86_adiantum_key *key, const struct ct_aes *aes,
		  u8 *dst, const u8 *src, unsigned int len, const u8 tweak[32],
		  bool enc)
{
	unsigned int bulk = len - AX86_ADIANTUM_BLOCK_SIZE, off, n;
	struct ax86_adiantum_work w ax86_written_first;

	ax86_adiantum_begin(&w.rq, key, bulk, tweak);
	for (off = 0; off < bulk; off += n) {
		n = ct_piece(off, bulk - off);
		ops->hash(&w.rq, key, src + off, n);
	}
	memcpy(w.r, src + bulk, sizeof(w.r));
	ops->middle(&w.rq, key, w.r, enc, aes, ct_aes_block,
		    ct_aes_dec_hchacha);
	for (off = 0; off < bulk; off += n) {
		n = ct_piece(off, bulk - off);
		if (n < bulk - off)
			n = round_down(n, AX86_CHACHA_BLOCK_SIZE);
		if (n) {
			ops->xor(&w.rq, key, dst + off, src + off, n);
			continue;
		}
		n = min_t(unsigned int, bulk - off, sizeof(w.bounce));
		memcpy(w.bounce, src + off, n);
		ops->xor(&w.rq, key, w.bounce, w.bounce, n);
		memcpy(dst + off, w.bounce, n);
	}
	ops->end(&w.rq, key, w.r);
	memcpy(dst + bulk, w.r, sizeof(w.r));
	memzero_explicit(w.bounce, sizeof(w.bounce));
	memzero_explicit(w.r, sizeof(w.r));
}
