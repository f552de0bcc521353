// SPDX-License-Identifier: GPL-2.0
/*
 * make model's tracer: runs each call the model asks for once, single-
 * stepped, and prints the address of every instruction it ran, so that
 * the model hands llvm-mca whole calls walked end to end (tools/model/).
 *
 *	trace JOB...	JOB: side:core:arg, e.g. ours:chacha-sse2:4096
 *
 * prints one line per job: the job, then the hex address of each
 * instruction in the order they ran.  The trap flag (EFLAGS.TF) makes the
 * CPU raise SIGTRAP after each instruction; the handler notes where it
 * stopped.  Only the call itself is bracketed, but the lines hold the
 * harness's own instructions around it too: model.py keeps the cores'
 * and drops these.
 *
 * The cores take any data: none of them branches on it, so the path is
 * that of every call of that length.  Build (model.py): the cores as the
 * module has them, Linux 6.1's assembly and C beside them, its C and our
 * C with the kernel's code-generation flags (mk/bench.mk BENCH_KFLAGS).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include <crypto/aes.h>
#include <crypto/internal/poly1305.h>
#include <linux/crypto.h>

#include "../../arch/x86/crypto/aes_vperm_key.h"
#include "../../arch/x86/crypto/asm_cores.h"
#include "../../crypto/aes_ct.h"
#include "../../crypto/poly1305_core.h"
#include "trace.h"

void cb_shim_warn(const char *file, int line)
{
	fprintf(stderr, "trace: WARN_ON_ONCE at %s:%d\n", file, line);
}

static struct crypto_alg *aes_generic_alg;

int crypto_register_alg(struct crypto_alg *alg)
{
	aes_generic_alg = alg;
	return 0;
}

void crypto_unregister_alg(struct crypto_alg *alg)
{
	(void)alg;
}

/* the trap flag on and off: pushf/popf around the call */
__asm__(".text\n"
	".globl mt_trace_on\n"
	".type mt_trace_on, @function\n"
	"mt_trace_on:\n"
	"	pushfq\n"
	"	orq	$0x100, (%rsp)\n"
	"	popfq\n"
	"	ret\n"
	".size mt_trace_on, . - mt_trace_on\n"
	".globl mt_trace_off\n"
	".type mt_trace_off, @function\n"
	"mt_trace_off:\n"
	"	pushfq\n"
	"	andq	$~0x100, (%rsp)\n"
	"	popfq\n"
	"	ret\n"
	".size mt_trace_off, . - mt_trace_off\n");

#define MAX_STEPS	(1u << 22)
static unsigned long *steps;
static unsigned int nsteps;

static void on_trap(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	if (nsteps < MAX_STEPS)
		steps[nsteps++] = ((ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP];
}

/* the data: any bytes do, aligned as the strictest core wants */
static u8 src[8192] __aligned(64);
static u8 dst[8192] __aligned(64);
static u32 state[16] __aligned(64);
static u32 sub[16] __aligned(64);
static u32 nh_key[1024 / 4 + 16] __aligned(64);
static u8 hash[32] __aligned(64);
static u32 round_keys[60] __aligned(64);
static u32 vperm_keys[AX86_AES_VPERM_KEY_WORDS] __aligned(64);
static struct ax86_poly1305_key poly_key;
static struct ax86_poly1305_state poly_state;
static struct poly1305_core_key linux_poly_key;
static struct poly1305_state linux_poly_state;
static struct crypto_aes_ctx aes_ctx __aligned(16);
static struct {
	struct crypto_tfm tfm;
	struct crypto_aes_ctx ctx;	/* crypto_tfm_ctx(): right after */
} aes_tfm;

/* one call, traced; @arg: length, blocks or 1 to encrypt */
typedef void (*job_fn)(unsigned int arg);

#define TRACED(call) do { mt_trace_on(); call; mt_trace_off(); } while (0)

/* the scratch area found before the trap flag goes on: only the call */
#define OURS_CHACHA(isa)						\
static void ours_chacha_##isa(unsigned int len)			\
{									\
	void *scratch = ax86_chacha_scratch();				\
									\
	TRACED(ax86_chacha_xor_##isa(state, dst, src, len, 12, scratch)); \
}
OURS_CHACHA(sse2)
OURS_CHACHA(ssse3)
OURS_CHACHA(avx)
OURS_CHACHA(avx2)

#define OURS_NH(isa)							\
static void ours_nh_##isa(unsigned int len)				\
{									\
	TRACED(ax86_nh_##isa(nh_key, src, len, hash));			\
}
OURS_NH(sse2)
OURS_NH(sse2_dsum)
OURS_NH(avx)
OURS_NH(avx2)

static void ours_hchacha_ssse3(unsigned int arg)
{
	(void)arg;
	TRACED(ax86_hchacha_ssse3(state, sub, 12));
}

static void ours_hchacha_scalar(unsigned int arg)
{
	(void)arg;
	TRACED(ax86_hchacha_scalar(state, sub, 12));
}

static void ours_poly1305(unsigned int nblocks)
{
	TRACED(ax86_poly1305_blocks_x86_64(&poly_state, &poly_key, src,
					   nblocks));
}

static void ours_poly1305_emit(unsigned int nblocks)
{
	TRACED(ax86_poly1305_blocks_emit_x86_64(&poly_state, &poly_key, src,
						nblocks, hash));
}

static void ours_poly1305_emit_sse2(unsigned int nblocks)
{
	TRACED(ax86_poly1305_emit_sse2(&poly_key, src, nblocks, hash));
}

/* @keys: the form's round keys (the library's, or the vperm core's) */
#define OURS_AES(form, prefix, keys)					\
static void ours_aes_##form(unsigned int enc)				\
{									\
	if (enc)							\
		TRACED(prefix##_encrypt256(keys, dst, src));		\
	else								\
		TRACED(prefix##_decrypt256(keys, dst, src));		\
}
/* the block beside the scalar HChaCha, on a copy of the state */
static void ours_aes_vperm_hchacha(unsigned int arg)
{
	static u32 hstate[16] __aligned(64);

	(void)arg;
	memcpy(hstate, state, sizeof(hstate));
	TRACED(ax86_aes_vperm_decrypt256_hchacha(vperm_keys, dst, hstate, 12));
}

OURS_AES(aesni, ax86_aesni, round_keys)
OURS_AES(vperm, ax86_aes_vperm, vperm_keys)
OURS_AES(ct, ax86_aes_ct, round_keys)

static void linux_chacha_ssse3(unsigned int len)
{
	TRACED(chacha_4block_xor_ssse3(state, dst, src, len, 12));
}

static void linux_chacha_avx2(unsigned int len)
{
	TRACED(chacha_8block_xor_avx2(state, dst, src, len, 12));
}

static void linux_hchacha(unsigned int arg)
{
	(void)arg;
	TRACED(hchacha_block_ssse3(state, sub, 12));
}

static void linux_nh_sse2(unsigned int len)
{
	TRACED(nh_sse2(nh_key, src, len, hash));
}

static void linux_nh_avx2(unsigned int len)
{
	TRACED(nh_avx2(nh_key, src, len, hash));
}

static void linux_poly1305(unsigned int nblocks)
{
	TRACED(poly1305_core_blocks(&linux_poly_state, &linux_poly_key, src,
				    nblocks, 1));
}

static void linux_poly1305_emit(unsigned int arg)
{
	(void)arg;
	TRACED(poly1305_core_emit(&linux_poly_state, NULL, hash));
}

static void linux_aes_generic(unsigned int enc)
{
	struct cipher_alg *c = &aes_generic_alg->cra_u.cipher;

	if (enc)
		TRACED(c->cia_encrypt(&aes_tfm.tfm, dst, src));
	else
		TRACED(c->cia_decrypt(&aes_tfm.tfm, dst, src));
}

static void linux_aes_aesni(unsigned int enc)
{
	if (enc)
		TRACED(aesni_enc(&aes_ctx, dst, src));
	else
		TRACED(aesni_dec(&aes_ctx, dst, src));
}

static const struct job {
	const char *side, *core;
	job_fn fn;
	const char *needs;	/* __builtin_cpu_supports() name, or NULL */
} jobs[] = {
	{ "ours", "chacha-sse2", ours_chacha_sse2, NULL },
	{ "ours", "chacha-ssse3", ours_chacha_ssse3, "ssse3" },
	{ "ours", "chacha-avx", ours_chacha_avx, "avx" },
	{ "ours", "chacha-avx2", ours_chacha_avx2, "avx2" },
	{ "ours", "nh-sse2", ours_nh_sse2, NULL },
	{ "ours", "nh-sse2-dsum", ours_nh_sse2_dsum, NULL },
	{ "ours", "nh-avx", ours_nh_avx, "avx" },
	{ "ours", "nh-avx2", ours_nh_avx2, "avx2" },
	{ "ours", "hchacha-ssse3", ours_hchacha_ssse3, "ssse3" },
	{ "ours", "hchacha-scalar", ours_hchacha_scalar, NULL },
	{ "ours", "poly1305", ours_poly1305, NULL },
	{ "ours", "poly1305-emit", ours_poly1305_emit, NULL },
	{ "ours", "poly1305-emit-sse2", ours_poly1305_emit_sse2, NULL },
	{ "ours", "aes-aesni", ours_aes_aesni, "aes" },
	{ "ours", "aes-vperm", ours_aes_vperm, "ssse3" },
	{ "ours", "aes-vperm-hchacha", ours_aes_vperm_hchacha, "ssse3" },
	{ "ours", "aes-ct", ours_aes_ct, NULL },
	{ "linux", "chacha-ssse3", linux_chacha_ssse3, "ssse3" },
	{ "linux", "chacha-avx2", linux_chacha_avx2, "avx2" },
	{ "linux", "hchacha-ssse3", linux_hchacha, "ssse3" },
	{ "linux", "nh-sse2", linux_nh_sse2, NULL },
	{ "linux", "nh-avx2", linux_nh_avx2, "avx2" },
	{ "linux", "poly1305", linux_poly1305, NULL },
	{ "linux", "poly1305-emit", linux_poly1305_emit, NULL },
	{ "linux", "aes-generic", linux_aes_generic, NULL },
	{ "linux", "aes-aesni", linux_aes_aesni, "aes" },
};

static bool host_has(const char *what)
{
	if (!what)
		return true;
	if (!strcmp(what, "ssse3"))
		return __builtin_cpu_supports("ssse3");
	if (!strcmp(what, "avx"))
		return __builtin_cpu_supports("avx");
	if (!strcmp(what, "avx2"))
		return __builtin_cpu_supports("avx2");
	if (!strcmp(what, "aes"))
		return __builtin_cpu_supports("aes");
	return false;
}

static int run(const char *spec)
{
	char side[16], core[32];
	unsigned int arg, i;

	if (sscanf(spec, "%15[a-z]:%31[a-z0-9-]:%u", side, core, &arg) != 3) {
		fprintf(stderr, "trace: bad job %s (side:core:arg)\n", spec);
		return -1;
	}
	for (i = 0; i < ARRAY_SIZE(jobs); i++) {
		if (strcmp(jobs[i].side, side) || strcmp(jobs[i].core, core))
			continue;
		if (!host_has(jobs[i].needs)) {
			printf("%s skip: this host has no %s\n", spec,
			       jobs[i].needs);
			return 0;
		}
		nsteps = 0;
		jobs[i].fn(arg);
		printf("%s", spec);
		for (arg = 0; arg < nsteps; arg++)
			printf(" %lx", steps[arg]);
		printf("\n");
		if (nsteps == MAX_STEPS) {
			fprintf(stderr, "trace: %s: more than %u steps\n",
				spec, MAX_STEPS);
			return -1;
		}
		return 0;
	}
	fprintf(stderr, "trace: no job %s:%s\n", side, core);
	return -1;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	u8 raw[32] = { 1, 2, 3 };
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_trap;
	sa.sa_flags = SA_SIGINFO;
	steps = malloc(MAX_STEPS * sizeof(*steps));
	if (!steps || sigaction(SIGTRAP, &sa, NULL)) {
		perror("trace");
		return 1;
	}
	/* keys: the AES ones expanded (the Linux cores read their length) */
	if (cb_initcall_aes_init() || !aes_generic_alg ||
	    aes_generic_alg->cra_u.cipher.cia_setkey(&aes_tfm.tfm, raw, 32) ||
	    aes_expandkey(&aes_ctx, raw, 32)) {
		fprintf(stderr, "trace: no aes-generic\n");
		return 1;
	}
	memcpy(round_keys, aes_ctx.key_enc, sizeof(round_keys));
	ax86_aes_vperm_keys(vperm_keys, round_keys, true);
	for (i = 0; i < (int)sizeof(src); i++)
		src[i] = (u8)(i * 7 + 1);
	for (i = 0; i < 16; i++)
		state[i] = 0x61707865u * (i + 1);
	for (i = 0; i < (int)ARRAY_SIZE(nh_key); i++)
		nh_key[i] = 0x9e3779b9u * (i + 1);
	ax86_poly1305_setkey(&poly_key, src);
	poly1305_core_setkey(&linux_poly_key, src);
	for (i = 1; i < argc; i++)
		if (run(argv[i]))
			return 1;
	return fflush(stdout) ? 1 : 0;
}
