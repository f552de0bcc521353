// SPDX-License-Identifier: GPL-2.0
/*
 * make check-ct: does anything in the whole Adiantum message path, as it
 * runs on this CPU, branch on a secret or use one to form an address?
 *
 * The ctgrind method: valgrind's memcheck tracks, bit by bit, which values
 * derive from memory marked undefined, and reports every conditional jump
 * and every load or store address computed from one.  Here the secrets are
 * what is marked undefined: the raw key (before setkey runs, so that every
 * key it derives, the ChaCha key words and the Poly1305 and NH keys, is
 * secret too), the AES round keys, the message and the tweak.  A report is
 * then a timing or cache channel.  Lengths, the direction, the variant and
 * the layout are public: the code may branch on them.  Results are made
 * defined again (declassified) only to be compared with the known answers.
 *
 * The message path is the adiantum module's (tests/ct/ct_path.c, built
 * with the kernel's code-generation flags): the same C and assembly, each
 * variant of arch/x86/crypto/adiantum_dispatch.h and the portable one the
 * glue falls back to without the FPU, through the glue's three layouts
 * (one pass; the XOR pass in FPU sections; scattered messages walked
 * in pieces, a block across two through a bounce buffer), each at every
 * length of ct_lens[] (the glue runs the second for lengths beyond one
 * section or that its one pass leaves out), on each AES form of ct_aes_forms[]; and each variant over
 * every length up to 2063 bytes, as the assembly branches on the length.
 * The kernel glue itself (scatterlists, kmap, the crypto API) is not here.
 * Every output byte must still be secret when it is declassified: else
 * valgrind lost track of the secrets somewhere on the way.
 *
 * Each variant and AES form prints one PASS or FAIL line, and each
 * variant's sweep of lengths another, from memcheck's error count before
 * and after it; tests/ct/run.sh fails the run on valgrind's exit code as
 * well.  --mutant NAME plants one leak, which memcheck must report (PASS
 * when it does); --list-mutants names them.
 *
 * What memcheck cannot see: instructions whose time depends on their
 * operands (it follows data into branches and addresses only), prefetches,
 * and loads whose value nothing uses (valgrind drops them before memcheck
 * instruments the code).  AVX-512 code it cannot run (ct_path.c).
 *
 *   valgrind --error-exitcode=99 ... ct [--mutant NAME | --list-mutants]
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../../crypto/adiantum_kat.h"
#include "../../crypto/aes_ct.h"
#include "../../tools/common/cpu_needs.h"
#include "ct.h"

/*
 * The empty L; one byte of L (a partial NH unit and ChaCha block); a
 * sector; a length of the module's own known answers; a page (NH without
 * its state); a page and a byte, odd (the NHPoly1305 state's path); and
 * five FPU sections, odd, over two NH chunks of 4 KiB.
 */
static const unsigned int ct_lens[] = { 16, 17, 512, 1000, 4096, 4097, 9001 };
#define CT_NR_LENS	ARRAY_SIZE(ct_lens)
#define CT_MAX_LEN	9001

static void ct_secret(const void *p, size_t n)
{
	VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

static void ct_public(const void *p, size_t n)
{
	VALGRIND_MAKE_MEM_DEFINED(p, n);
}

/*
 * The AES forms the module's message path may run: one line each.  The
 * first usable one is also what the planted leaks below wrap.
 */
static const struct ct_aes_form ct_aes_forms[] = {
	{ "aesni", "aes", ax86_aesni_encrypt256, ax86_aesni_decrypt256,
	  NULL },
	{ "vperm", AX86_NEEDS_SSSE3, ct_vperm_encrypt, ct_vperm_decrypt,
	  ct_vperm_decrypt_hchacha },
	{ "ct", NULL, ax86_aes_ct_encrypt256, ax86_aes_ct_decrypt256, NULL },
};

/* the derived keys and AES round keys, of XChaCha12 and of XChaCha20 */
struct ct_key {
	struct ax86_adiantum_key k;
	u32 enc[60];
	u32 dec[60];
};

static struct ct_key ct_keys[2];
/* the first AES form that runs here, for the sweep and the planted leaks */
static const struct ct_aes_form *ct_clean_form;
static const unsigned int ct_rounds[2] = { 12, 20 };

/*
 * The module's known-answer inputs (crypto/adiantum_kat.h), so that three
 * of the lengths are checked against its answers, and all of them against
 * the first combination's ciphertext and by decryption.
 */
static u8 ct_plain[CT_MAX_LEN], ct_tweak[AX86_ADIANTUM_IV_SIZE];
static u8 ct_expect[2][CT_NR_LENS][CT_MAX_LEN];
static bool ct_have_expect[2][CT_NR_LENS];

static unsigned int ct_failed;

static void ct_report(const char *tag, const char *group, const char *fmt,
		      ...)
{
	va_list ap;

	if (!strcmp(tag, "FAIL"))
		ct_failed++;
	printf("%s ct %-24s ", tag, group);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* whether /proc/cpuinfo lists @flag: the host's CPU, not valgrind's */
static bool ct_host_has(const char *flag)
{
	char line[8192], *p;
	bool found = false;
	size_t n = strlen(flag);
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "flags", 5))
			continue;
		for (p = strstr(line, flag); p && !found;
		     p = strstr(p + 1, flag))
			found = p[-1] == ' ' && (p[n] == ' ' || p[n] == '\n');
		break;
	}
	fclose(f);
	return found;
}

/*
 * NULL if the CPU, as valgrind presents it, has every feature of @needs;
 * else why it cannot run here
 */
static const char *ct_cannot_run(const char *needs)
{
	static char why[160], lacks[32];
	const char *l;

	if (!needs)
		return NULL;
	__builtin_cpu_init();
	if (!strcmp(needs, "aes"))	/* cpu_lacks() knows SIMD only */
		l = __builtin_cpu_supports("aes") ? NULL : "aes";
	else
		l = cpu_lacks(needs);
	if (!l)
		return NULL;
	snprintf(lacks, sizeof(lacks), "%s", l);
	if (ct_host_has(lacks))
		snprintf(why, sizeof(why),
			 "not checked: the host CPU has %s, valgrind %d.%d's virtual CPU has not",
			 lacks, __VALGRIND_MAJOR__, __VALGRIND_MINOR__);
	else
		snprintf(why, sizeof(why), "host CPU lacks %s", lacks);
	return why;
}

/*
 * setkey with the raw key secret: the ChaCha key words, the XChaCha
 * keystream and what it is cut into (the AES key, the Poly1305 and NH
 * keys) all derive from it, so all are secret from here on.
 */
static void ct_setkey(struct ct_key *ck, unsigned int nrounds, bool quiet)
{
	u8 raw[AX86_ADIANTUM_KEY_SIZE], tweak[AX86_ADIANTUM_IV_SIZE];
	u8 derived[AX86_ADIANTUM_DERIVED_BYTES], aes_key[32];
	unsigned int errs = VALGRIND_COUNT_ERRORS;
	char group[32];
	int ret;

	ax86_adiantum_kat_inputs(raw, tweak, ct_plain, 0);
	ct_secret(raw, sizeof(raw));
	ret = ax86_adiantum_setkey(&ck->k, raw, sizeof(raw), nrounds, derived,
				   aes_key);
	errs = VALGRIND_COUNT_ERRORS - errs;
	/*
	 * The AES key expansion is the kernel library's (aes_expandkey(),
	 * once per key, not per message) and not part of this check: it
	 * runs on a declassified copy, and its round keys are marked secret.
	 */
	ct_public(aes_key, sizeof(aes_key));
	aes256_schedule(aes_key, (u8 *)ck->enc, (u8 *)ck->dec);
	memzero_explicit(aes_key, sizeof(aes_key));
	ct_secret(ck->enc, sizeof(ck->enc));
	ct_secret(ck->dec, sizeof(ck->dec));
	memzero_explicit(raw, sizeof(raw));

	snprintf(group, sizeof(group), "setkey-xchacha%u", nrounds);
	if (ret)
		ct_report("FAIL", group, "ax86_adiantum_setkey() returned %d",
			  ret);
	else if (errs)
		ct_report("FAIL", group,
			  "%u memcheck errors: a branch or an address depends on the key",
			  errs);
	else if (!quiet)
		ct_report("PASS", group,
			  "ax86_adiantum_setkey(): key words, XChaCha%u keystream, AES, Poly1305 and NH keys",
			  nrounds);
}

enum ct_path { CT_ONE_PASS, CT_SECTIONED, CT_SCATTERED, CT_NR_PATHS };
static const char *const ct_path_names[] = {
	"one pass", "sectioned", "scattered"
};

/* the module's answer for the first ciphertext of a length, if it has one */
static const char *ct_check_kat(unsigned int r, unsigned int len,
				const u8 *ct)
{
	static const unsigned int kat_lens[] = AX86_ADIANTUM_KAT_LENS;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kat_lens); i++)
		if (kat_lens[i] == len &&
		    ax86_adiantum_kat_fold(ct, len) !=
		    ax86_adiantum_kat_answers[r][i])
			return "ciphertext is not the module's known answer";
	return NULL;
}

/*
 * Every output byte must still be secret before it is declassified:
 * memcheck's tracking carried the secrets through every core to it.  A
 * defined one would mean that valgrind lost track of them on the way (an
 * instruction it models as giving a defined result), and the code after
 * that point would go unchecked.
 */
static bool ct_all_secret(const u8 *p, unsigned int n)
{
	static u8 vbits[CT_MAX_LEN];
	unsigned int i;

	if (VALGRIND_GET_VBITS(p, vbits, n) != 1)
		return false;
	for (i = 0; i < n; i++)
		if (vbits[i] != 0xff)
			return false;
	return true;
}

/*
 * One message: its input and tweak marked secret, the result declassified
 * and compared.  Encryption goes first, so that decryption has its input.
 * NULL, or what is wrong with the result.
 */
static const char *ct_message(const struct ct_ops *ops,
			      const struct ct_key *ck, const struct ct_aes *aes,
			      enum ct_path path, unsigned int r,
			      unsigned int li, bool enc)
{
	static u8 src[CT_MAX_LEN], dst[CT_MAX_LEN];
	unsigned int len = ct_lens[li];
	u8 *expect = ct_expect[r][li];
	u8 tweak[AX86_ADIANTUM_IV_SIZE];
	const char *err = NULL;

	memcpy(src, enc ? ct_plain : expect, len);
	memcpy(tweak, ct_tweak, sizeof(tweak));
	ct_secret(src, len);
	ct_secret(tweak, sizeof(tweak));
	switch (path) {
	case CT_ONE_PASS:
		ops->crypt(&ck->k, aes, ct_aes_block, ct_aes_dec_hchacha, dst,
			   src, len, tweak, enc);
		break;
	case CT_SECTIONED:
		ct_sectioned(ops, &ck->k, aes, dst, src, len, tweak, enc);
		break;
	default:
		ct_scattered(ops, &ck->k, aes, dst, src, len, tweak, enc);
		break;
	}
	if (!ct_all_secret(dst, len))
		err = "an output byte is not secret: valgrind lost track of the secrets";
	ct_public(dst, len);

	if (!err && enc && !ct_have_expect[r][li]) {
		err = ct_check_kat(r, len, dst);
		memcpy(expect, dst, len);
		ct_have_expect[r][li] = true;
	}
	if (!err && memcmp(dst, enc ? expect : ct_plain, len))
		err = enc ? "ciphertext differs from the first combination's" :
			    "decryption does not give the plaintext back";
	return err;
}

/*
 * Every message of one variant and AES form under one key and one setting
 * of the slow-chains switch: each length, each layout (sectioned only
 * where the glue uses it: beyond one section), both directions.  The
 * first error goes into @err.
 */
static unsigned int ct_messages(const struct ct_variant *v,
				const struct ct_aes *aes, unsigned int r,
				char *err, size_t errlen)
{
	unsigned int li, p, enc, msgs = 0;
	const char *e;

	for (li = 0; li < CT_NR_LENS; li++) {
		for (p = 0; p < CT_NR_PATHS; p++) {
			for (enc = 2; enc-- > 0; msgs++) {
				e = ct_message(&v->ops, &ct_keys[r], aes, p, r,
					       li, enc);
				if (e && !err[0])
					snprintf(err, errlen,
						 "%s: xchacha%u, %u bytes, %s, %s",
						 e, ct_rounds[r], ct_lens[li],
						 ct_path_names[p],
						 enc ? "encrypt" : "decrypt");
			}
		}
	}
	return msgs;
}

/*
 * The names of @v's cores in @buf; how many settings of the slow-chains
 * switch it has (2 where the switch changes its cores: the paired ChaCha
 * cores, the scalar HChaCha)
 */
static unsigned int ct_cores(const struct ct_variant *v, char *buf,
			     size_t len)
{
	const char *s0, *s1, *h0, *h1;

	ct_set_slow_chains(false);
	s0 = v->stream_core();
	h0 = v->hchacha_core();
	ct_set_slow_chains(true);
	s1 = v->stream_core();
	h1 = v->hchacha_core();
	ct_set_slow_chains(false);
	snprintf(buf, len, "stream %s%s%s, hchacha %s%s%s, nh %s",
		 s0, strcmp(s0, s1) ? " " : "", strcmp(s0, s1) ? s1 : "",
		 h0, strcmp(h0, h1) ? " " : "", strcmp(h0, h1) ? h1 : "",
		 v->nh_core);
	return strcmp(s0, s1) || strcmp(h0, h1) ? 2 : 1;
}

/*
 * Every length from 16 to CT_SWEEP_MAX bytes, in one pass, XChaCha12,
 * encrypting, on the first AES form that runs here: the assembly branches
 * on the length (the tails of ChaCha blocks, of batches and of paired
 * batches; NH's units and chunks), and each branch leads to code of its
 * own, which is checked only if some length takes it.  2063: every tail
 * after one paired batch of the AVX2 core (1024 bytes of keystream) and
 * past NH's 1024-byte chunk.  The ciphertexts' folds are compared with
 * the first variant's, and with the module's answers at 16 and 1000.
 */
#define CT_SWEEP_MAX	2063
static u64 ct_sweep_fold[CT_SWEEP_MAX + 1];
static bool ct_have_sweep;

static void ct_sweep(const struct ct_variant *v)
{
	static u8 src[CT_SWEEP_MAX], dst[CT_SWEEP_MAX];
	unsigned int len, chains, nchains, msgs = 0, errs;
	char group[48], err[160] = "", cores[96];
	u8 tweak[AX86_ADIANTUM_IV_SIZE];
	static struct ct_aes aes;
	const char *e;
	u64 fold;

	nchains = ct_cores(v, cores, sizeof(cores));
	aes.form = ct_clean_form;
	memcpy(aes.enc, ct_keys[0].enc, sizeof(aes.enc));
	errs = VALGRIND_COUNT_ERRORS;
	for (chains = 0; chains < nchains; chains++) {
		ct_set_slow_chains(chains);
		for (len = 16; len <= CT_SWEEP_MAX; len++, msgs++) {
			memcpy(src, ct_plain, len);
			memcpy(tweak, ct_tweak, sizeof(tweak));
			ct_secret(src, len);
			ct_secret(tweak, sizeof(tweak));
			v->ops.crypt(&ct_keys[0].k, &aes, ct_aes_block,
				     ct_aes_dec_hchacha, dst, src, len, tweak,
				     true);
			e = ct_all_secret(dst, len) ? NULL :
			    "an output byte is not secret: valgrind lost track of the secrets";
			ct_public(dst, len);
			fold = ax86_adiantum_kat_fold(dst, len);
			if (!e)
				e = ct_check_kat(0, len, dst);
			if (!e && ct_have_sweep && fold != ct_sweep_fold[len])
				e = "ciphertext differs from the first variant's";
			ct_sweep_fold[len] = fold;
			if (e && !err[0])
				snprintf(err, sizeof(err), "%s: %u bytes", e,
					 len);
		}
	}
	ct_set_slow_chains(false);
	ct_have_sweep = true;
	memzero_explicit(&aes, sizeof(aes));
	errs = VALGRIND_COUNT_ERRORS - errs;

	snprintf(group, sizeof(group), "%s lengths", v->name);
	if (errs)
		ct_report("FAIL", group,
			  "%u memcheck errors: a branch or an address depends on a secret (%s)",
			  errs, cores);
	else if (err[0])
		ct_report("FAIL", group, "%s", err);
	else
		ct_report("PASS", group,
			  "%u messages, every length 16-%u, one pass, xchacha12 encrypt, %s; %s",
			  msgs, CT_SWEEP_MAX, ct_clean_form->name, cores);
}

/*
 * One variant and AES form: both XChaChas, and both settings of the
 * slow-chains switch where it changes the cores (the paired ChaCha cores,
 * the scalar HChaCha).
 */
static void ct_combination(const struct ct_variant *v,
			   const struct ct_aes_form *f)
{
	unsigned int r, chains, nchains, msgs = 0, errs;
	char group[48], err[160] = "", cores[96];
	static struct ct_aes aes;

	nchains = ct_cores(v, cores, sizeof(cores));
	errs = VALGRIND_COUNT_ERRORS;
	for (r = 0; r < 2; r++) {
		aes.form = f;
		memcpy(aes.enc, ct_keys[r].enc, sizeof(aes.enc));
		memcpy(aes.dec, ct_keys[r].dec, sizeof(aes.dec));
		for (chains = 0; chains < nchains; chains++) {
			ct_set_slow_chains(chains);
			msgs += ct_messages(v, &aes, r, err, sizeof(err));
		}
	}
	ct_set_slow_chains(false);
	memzero_explicit(&aes, sizeof(aes));
	errs = VALGRIND_COUNT_ERRORS - errs;

	snprintf(group, sizeof(group), "%s + %s", v->name, f->name);
	if (errs)
		ct_report("FAIL", group,
			  "%u memcheck errors: a branch or an address depends on a secret (%s)",
			  errs, cores);
	else if (err[0])
		ct_report("FAIL", group, "%s", err);
	else
		ct_report("PASS", group,
			  "%u messages, xchacha12/20, enc/dec, one pass/sectioned/scattered, %u-%u bytes; %s",
			  msgs, ct_lens[0], ct_lens[CT_NR_LENS - 1], cores);
}

/*
 * The planted leaks.  Each must make memcheck report an error, or the
 * check could not see the leaks it is for: proof that the marking reaches
 * every secret (key, derived keys, message, tweak) and that both kinds of
 * leak, a secret address and a secret branch, are reported.  Each wraps a
 * clean form or core, so its results stay right.
 */
static u8 ct_table[256], ct_sink;
static unsigned int ct_taken;

/*
 * One byte loaded from an address that depends on @secret, and stored:
 * valgrind drops a load whose value nothing uses before memcheck sees it.
 * The asm statements hide the table's contents from the compiler, which
 * must not fold the load, and read the stored byte, which it must not drop.
 */
static void ct_leak_index(u8 secret)
{
	const u8 *t = ct_table;

	asm("" : "+r" (t));
	ct_sink = t[secret];
	asm volatile("" : : "m" (ct_sink));
}

/*
 * A conditional jump on @secret: an asm statement in one arm, which the
 * compiler cannot turn into a conditional move or an add
 */
static void ct_leak_branch(u8 secret)
{
	if (secret & 1)
		asm volatile("incl %0" : "+m" (ct_taken));
}

/* as aes-generic's first round: a table indexed by key ^ input */
static void ct_leak_table_enc(const u32 keys[60], u8 out[16], const u8 in[16])
{
	ct_leak_index(in[0] ^ (u8)keys[0]);
	ct_clean_form->enc(keys, out, in);
}

static void ct_leak_table_dec(const u32 keys[60], u8 out[16], const u8 in[16])
{
	ct_leak_index(in[0] ^ (u8)keys[0]);
	ct_clean_form->dec(keys, out, in);
}

static void ct_leak_branch_enc(const u32 keys[60], u8 out[16],
			       const u8 in[16])
{
	ct_leak_branch(in[5]);
	ct_clean_form->enc(keys, out, in);
}

static void ct_leak_branch_dec(const u32 keys[60], u8 out[16],
			       const u8 in[16])
{
	ct_leak_branch(in[5]);
	ct_clean_form->dec(keys, out, in);
}

/* NH indexing with its key: the NH key is what setkey derived */
static void ct_leak_nh(const u32 *key, const u8 *msg, unsigned int len,
		       u8 hash[AX86_NH_HASH_BYTES])
{
	ct_leak_index((u8)key[0]);
	ax86_nh_generic(key, msg, len, hash);
}

/* the stream indexing with its source: the message (L) */
static void ct_leak_stream(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int len, unsigned int nrounds)
{
	if (len)
		ct_leak_index(src[len - 1]);
	ax86_chacha_crypt(state, dst, src, len, nrounds);
}

static void ct_crypt_leak_nh(const struct ax86_adiantum_key *key,
			     const void *aes, ax86_aes_fn aes_fn,
			     ax86_aes_dec_hchacha_fn dec_hchacha, u8 *dst,
			     const u8 *src, unsigned int len,
			     const u8 tweak[32], bool enc)
{
	ax86_adiantum_crypt(key, aes, dst, src, len, tweak, enc, aes_fn,
			    dec_hchacha, ax86_chacha_crypt, ax86_hchacha, ct_leak_nh,
			    ax86_poly1305_emit_scalar);
}

static void ct_crypt_leak_stream(const struct ax86_adiantum_key *key,
				 const void *aes, ax86_aes_fn aes_fn,
				 ax86_aes_dec_hchacha_fn dec_hchacha, u8 *dst,
				 const u8 *src, unsigned int len,
				 const u8 tweak[32], bool enc)
{
	ax86_adiantum_crypt(key, aes, dst, src, len, tweak, enc, aes_fn,
			    dec_hchacha, ct_leak_stream, ax86_hchacha, ax86_nh_generic,
			    ax86_poly1305_emit_scalar);
}

/* a branch on the tweak, which only the hash of T reads */
static void ct_crypt_leak_tweak(const struct ax86_adiantum_key *key,
				const void *aes, ax86_aes_fn aes_fn,
				ax86_aes_dec_hchacha_fn dec_hchacha, u8 *dst,
				const u8 *src, unsigned int len,
				const u8 tweak[32], bool enc)
{
	ct_leak_branch(tweak[31]);
	ax86_adiantum_crypt_generic(key, aes, aes_fn, dec_hchacha, dst, src,
				    len, tweak, enc);
}

static const struct ct_aes_form ct_leaky_forms[] = {
	{ "table", NULL, ct_leak_table_enc, ct_leak_table_dec, NULL },
	{ "branch", NULL, ct_leak_branch_enc, ct_leak_branch_dec, NULL },
	{ "linux-6.1-lib", NULL, ct_linux61_aes_encrypt,
	  ct_linux61_aes_decrypt, NULL },
};

static const struct ct_mutant {
	const char *name;
	const char *what;
	const struct ct_aes_form *form;	/* NULL: the clean one */
	struct ct_ops ops;		/* crypt NULL: the sse2 variant's */
} ct_mutants[] = {
	{ "aes-table", "an AES form loading table[in[0] ^ key[0]], as aes-generic",
	  &ct_leaky_forms[0], { NULL } },
	{ "aes-branch", "an AES form branching on a bit of its input",
	  &ct_leaky_forms[1], { NULL } },
	{ "nh-key", "NH loading an address indexed by its derived key",
	  NULL, { .crypt = ct_crypt_leak_nh } },
	{ "stream-message", "the stream loading an address indexed by the message",
	  NULL, { .crypt = ct_crypt_leak_stream } },
	{ "tweak-branch", "a branch on the tweak before the message",
	  NULL, { .crypt = ct_crypt_leak_tweak } },
	{ "linux-6.1-aes", "Linux 6.1's AES library (lib/crypto/aes.c), the module's AES on 6.1 without AES-NI",
	  &ct_leaky_forms[2], { NULL } },
};

/* one 512-byte XChaCha12 message each way, one pass */
static void ct_mutant(const struct ct_mutant *m)
{
	const struct ct_ops *ops = m->ops.crypt ? &m->ops : &ct_variants[1].ops;
	char group[48];
	unsigned int errs, li, enc;
	const char *e = NULL;
	static struct ct_aes aes;

	snprintf(group, sizeof(group), "mutant %s", m->name);
	if (!ct_clean_form) {
		ct_report("SKIP", group, "no AES form of ct_aes_forms[] runs here");
		return;
	}
	for (li = 0; ct_lens[li] != 512; li++)
		;
	aes.form = m->form ? m->form : ct_clean_form;
	memcpy(aes.enc, ct_keys[0].enc, sizeof(aes.enc));
	memcpy(aes.dec, ct_keys[0].dec, sizeof(aes.dec));
	errs = VALGRIND_COUNT_ERRORS;
	for (enc = 2; enc-- > 0 && !e;)
		e = ct_message(ops, &ct_keys[0], &aes, CT_ONE_PASS, 0, li,
			       enc);
	errs = VALGRIND_COUNT_ERRORS - errs;
	if (e)
		ct_report("FAIL", group, "%s (the mutant must compute right)",
			  e);
	else if (errs)
		ct_report("PASS", group, "caught: %u memcheck errors; %s",
			  errs, m->what);
	else
		ct_report("FAIL", group, "not caught: no memcheck error; %s",
			  m->what);
}

int main(int argc, char **argv)
{
	const struct ct_mutant *mutant = NULL;
	unsigned int v, f, r;
	const char *why;

	if (argc == 2 && !strcmp(argv[1], "--list-mutants")) {
		for (f = 0; f < ARRAY_SIZE(ct_mutants); f++)
			printf("%s\n", ct_mutants[f].name);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "--mutant")) {
		for (f = 0; f < ARRAY_SIZE(ct_mutants); f++)
			if (!strcmp(argv[2], ct_mutants[f].name))
				mutant = &ct_mutants[f];
	}
	if (argc != 1 && !mutant) {
		fprintf(stderr, "usage: %s [--mutant NAME | --list-mutants]\n",
			argv[0]);
		return 2;
	}
	if (!RUNNING_ON_VALGRIND) {
		ct_report("FAIL", "valgrind",
			  "not running under valgrind's memcheck: nothing would be checked");
		return 1;
	}

	ax86_adiantum_kat_inputs(ct_plain, ct_tweak, ct_plain, CT_MAX_LEN);
	for (f = 0; f < ARRAY_SIZE(ct_aes_forms) && !ct_clean_form; f++)
		if (!ct_cannot_run(ct_aes_forms[f].needs))
			ct_clean_form = &ct_aes_forms[f];
	for (r = 0; r < 2; r++)
		ct_setkey(&ct_keys[r], ct_rounds[r], mutant != NULL);

	if (mutant) {
		ct_mutant(mutant);
		return ct_failed ? 1 : 0;
	}

	for (v = 0; v < ct_nr_variants; v++) {
		why = ct_cannot_run(ct_variants[v].needs);
		if (why) {
			ct_report("SKIP", ct_variants[v].name, "%s", why);
			continue;
		}
		if (ct_clean_form)
			ct_sweep(&ct_variants[v]);
		for (f = 0; f < ARRAY_SIZE(ct_aes_forms); f++) {
			why = ct_cannot_run(ct_aes_forms[f].needs);
			if (why) {
				char group[48];

				snprintf(group, sizeof(group), "%s + %s",
					 ct_variants[v].name,
					 ct_aes_forms[f].name);
				ct_report("SKIP", group, "%s", why);
				continue;
			}
			ct_combination(&ct_variants[v], &ct_aes_forms[f]);
		}
	}
	return ct_failed ? 1 : 0;
}
