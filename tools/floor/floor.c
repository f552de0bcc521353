// SPDX-License-Identifier: GPL-2.0
/*
 * floor — what the SIMD work of one Adiantum message cannot go below on
 * this CPU, from instruction loops (loops.S), beside our cores and the
 * whole-message rows of make bench.
 *
 *   floor BENCH_CSV
 *
 * A loop of a core's operations with the dependencies taken out runs at
 * the throughput of the pipes: the floor of that core.  Our real cores are
 * timed on the same units (a double round as the difference of 12 and 2
 * rounds).  A message's floor adds up its parts in the order Adiantum's
 * dependencies force: NH of L, HChaCha and the AES block (side by side
 * when decrypting), the stream, NH of the output, and the last Poly1305
 * step of each hash; those serial
 * parts are timed as our code runs them (latency chains).  Without AES-NI
 * (make bench's aes=none rows) the AES block is the cheaper of ours (the
 * variant's constant-time form) and Linux 6.1's aes-generic, as make
 * bench's rows of the block alone have them.  The fused loop
 * shows whether one pass of ChaCha and NH together could share cycles the
 * two separate passes leave idle.  Exit 2 if BENCH_CSV lacks a row.  The
 * AVX variant is left out: it serves CPUs without AVX2, and this tool
 * needs AVX2 to run.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "../../arch/x86/crypto/adiantum_dispatch.h"
#include "../common/cpu_needs.h"
#include "../common/cycles.h"

#define LOOP(name) u64 floor_##name(u64 n, const void *buf)
LOOP(chacha_avx2); LOOP(chacha_ssse3); LOOP(chacha_sse2);
LOOP(out_avx2); LOOP(out_sse); LOOP(nh_avx2); LOOP(nh_sse2);
LOOP(fused_avx2); LOOP(aes_enc_chain); LOOP(aes_dec_chain);
LOOP(aes_ct_enc); LOOP(aes_ct_dec);

static _Alignas(64) u8 buf[8192];	/* 8 pairs of AVX2 batches */
_Static_assert(sizeof(buf) >= 8 * 2 * 512, "core_parts() times 8 pairs");
static double cycles_per_tick;

/*
 * Core cycles of one call of @fn, the least of many runs.  The fences keep
 * the call inside the two readings: without them a short call's last
 * instructions retire after the second one (a 1 KiB NH call measured 71
 * cycles alone where four back to back take 500 on Zen 5).  What the
 * fences and readings cost with nothing between them, fence_ticks, is
 * taken off.
 */
static u64 fence_ticks;

#define TIME(per, code) ({						\
	u64 best_ = ~0ULL;						\
	unsigned int aux_;						\
	int t_;								\
	for (t_ = 0; t_ < 301; t_++) {					\
		u64 c0_;						\
									\
		_mm_lfence();						\
		c0_ = __rdtsc();					\
		_mm_lfence();						\
		code;							\
		c0_ = __rdtscp(&aux_) - c0_;				\
		_mm_lfence();						\
		if (c0_ < best_)					\
			best_ = c0_;					\
	}								\
	(best_ > fence_ticks ? best_ - fence_ticks : 0) *		\
		cycles_per_tick / (per);				\
})

#define ITERS 200
/* core cycles of one run of a loops.S loop, by its function or its name */
#define LOOP_FN_CYCLES(fn) TIME(ITERS, (fn)(ITERS, buf))
#define LOOP_CYCLES(name) LOOP_FN_CYCLES(floor_##name)

struct isa_parts {
	const char *isa;
	unsigned int batch;		/* stream bytes per round batch */
	double dround, out;		/* floor per batch */
	double nh16;			/* floor of NH per 16 bytes */
	double loop_dround, loop_out, loop_nh16;	/* the loops alone */
	double core_dround, core_out, core_nh16;
	double core_call;		/* our core's cost per call, not per batch */
	const char *core;		/* the ChaCha core timed: the one that serves */
	double hchacha, aes, poly2;	/* serial parts, our code */
};

static u32 state[16], nhkey[AX86_NH_KEY_WORDS], sub[8];
static struct ax86_aesni_key aes;
static struct ax86_poly1305_key pkey;

/* chained calls: each one's input is the last one's output */
#define CHAIN 16

static void hchacha_chain(ax86_hchacha_fn hchacha)
{
	int i;

	for (i = 0; i < CHAIN; i++) {
		hchacha(state, sub, 12);
		state[4] = sub[0];
	}
}

/* @block: one of adiantum_dispatch.h's AES blocks, on the key aes */
static void aes_chain(ax86_aes_fn block_fn, u8 block[16], bool enc)
{
	int i;

	for (i = 0; i < CHAIN; i++)
		block_fn(&aes, block, block, enc);
}

static void poly_chain(struct ax86_poly1305_state *ps)
{
	int i;

	for (i = 0; i < CHAIN; i++)
		ax86_poly1305_blocks(ps, &pkey, buf, 2);
}

/*
 * @chacha: the variant's stream of chacha_dispatch.h, so the core the
 * drivers run (named @core).  Where SIMD chains are slow that is the
 * paired one, which runs two batches at once: it is timed on two, its
 * double round the pair's, halved.
 */
static void core_parts(struct isa_parts *p, const char *core,
		       ax86_stream_fn chacha,
		       void (*nh)(const u32 *, const u8 *, unsigned int, u8 *),
		       ax86_hchacha_fn hchacha)
{
	unsigned int nb = ax86_slow_simd_chains ? 2 : 1;
	unsigned int b = p->batch * nb;
	double r12 = TIME(1, chacha(state, buf, buf, b, 12));
	double r2 = TIME(1, chacha(state, buf, buf, b, 2));
	double r2x8 = TIME(1, chacha(state, buf, buf, 8 * b, 2));
	struct ax86_poly1305_state ps;
	u8 h[32];

	/* 10 rounds more cost five double rounds; 7 calls' batches more, 7 */
	p->core = core;
	p->core_dround = (r12 - r2) / 5 / nb;
	p->core_out = (r2x8 - r2) / (7 * nb) - p->core_dround;
	p->core_call = r2 - nb * (p->core_dround + p->core_out);
	p->core_nh16 = TIME(64, nh(nhkey, buf, 1024, h));
	p->hchacha = TIME(CHAIN, hchacha_chain(hchacha));
	p->aes = TIME(CHAIN, aes_chain(ax86_aesni_block, h, true));
	ax86_poly1305_init(&ps);
	p->poly2 = TIME(CHAIN, poly_chain(&ps));
}

/*
 * A loop our core beats is not minimal: the core's count is the floor
 * then (the op counts of the loops are the textbook ones; a core may need
 * fewer, e.g. NH SSE2 keeps keys in registers across units).
 */
static void take_lower(double *floor, double core)
{
	if (core < *floor)
		*floor = core;
}

/*
 * floor cycles of one message of @len bytes with the parts of @p and an
 * AES block of @aes cycles.  Decryption's AES block and HChaCha both
 * start from C_M and do not wait for each other: the longer of the two
 * chains counts (aes-vperm-x86_64.S runs them side by side).
 */
static double message_floor(const struct isa_parts *p, unsigned int len,
			    double aes, bool dec)
{
	unsigned int bulk = len - 16;
	unsigned int batches = (bulk + p->batch - 1) / p->batch;
	double serial = dec ? (aes > p->hchacha ? aes : p->hchacha) :
			      aes + p->hchacha;

	return 2 * p->nh16 * (bulk / 16) + batches * (6 * p->dround + p->out) +
	       serial + 2 * p->poly2;
}

/*
 * cycles per byte of @impl/@alg/@isa/@len with AES class @aes in make
 * bench's CSV, 0 if none
 */
static double bench_cpb(FILE *csv, const char *impl, const char *alg,
			const char *isa, unsigned int len, const char *aes)
{
	char line[256], want[128], *class;
	size_t n;

	n = snprintf(want, sizeof(want), "%s,%s,%s,%u,", impl, alg, isa, len);
	rewind(csv);
	while (fgets(line, sizeof(line), csv)) {
		class = strrchr(line, ',');
		if (strncmp(line, want, n) || !class)
			continue;
		class[1 + strcspn(class + 1, "\n")] = 0;
		if (!strcmp(class + 1, aes))
			return atof(line + n);
	}
	return 0;
}

/*
 * The AES block without AES-NI, @dec or not, for @isa's messages: the
 * cheaper of our form (make bench's ours row: sse2 the constant-time C,
 * ssse3 vperm, which every higher variant runs) and aes-generic (its
 * linux-6.1 sse2 row), in cycles; 0 if the CSV lacks them
 */
static double aes_none(FILE *csv, const char *isa, bool dec)
{
	const char *alg = dec ? "aes-decrypt" : "aes-encrypt";
	double o = bench_cpb(csv, "ours", alg,
			     strcmp(isa, "sse2") ? "ssse3" : "sse2", 16, "none");
	double x = bench_cpb(csv, "linux-6.1", alg, "sse2", 16, "none");

	if (!o || !x)
		return 0;
	return 16 * (o < x ? o : x);
}

/*
 * A constant-time AES block of ours against its loop (loops.S), each way:
 * the vector-permute block of SSSE3 and up against its chain (the loop
 * of its rounds' longest paths: one block is one chain, so a floor of
 * latency), the bitsliced block of SSE2-only CPUs against its rounds'
 * integer work run without waiting (a floor of throughput).  Beside it
 * our block chained (each one's input the last one's output, as in a
 * message), make bench's median of the same, and aes-generic's median,
 * which the block is measured against.
 */
typedef u64 (*floor_loop_fn)(u64 n, const void *buf);

struct aes_form {
	const char *name, *isa;		/* make bench's row of ours */
	const char *loop;		/* what the loop is */
	ax86_aes_fn block;
	floor_loop_fn loops[2];		/* encrypt, decrypt */
};

static void aes_form_floor(FILE *csv, const struct aes_form *f)
{
	int d;

	printf("\naes without AES-NI, %s (core cycles): %s loop, ours chained, ours and aes-generic in make bench\n",
	       f->isa, f->loop);
	for (d = 0; d < 2; d++) {
		const char *alg = d ? "aes-decrypt" : "aes-encrypt";
		double loop = LOOP_FN_CYCLES(f->loops[d]);
		u8 block[16] = { 0 };
		double ours = TIME(CHAIN, aes_chain(f->block, block, !d));
		double o = 16 * bench_cpb(csv, "ours", alg, f->isa, 16,
					  "none");
		double x = 16 * bench_cpb(csv, "linux-6.1", alg, "sse2", 16,
					  "none");

		printf("%-11s %s %s %5.0f, ours %5.0f (÷%s %.2f), bench %5.0f (÷%s %.2f), aes-generic %5.0f\n",
		       alg, f->name, f->loop, loop, ours, f->loop, ours / loop,
		       o, f->loop, o / loop, x);
	}
}

static const struct aes_form aes_forms[] = {
	{ "vperm", "ssse3", "chain", ax86_aes_vperm_block,
	  { floor_aes_enc_chain, floor_aes_dec_chain } },
	{ "ct", "sse2", "work", ax86_aes_ct_block,
	  { floor_aes_ct_enc, floor_aes_ct_dec } },
};

int main(int argc, char **argv)
{
	static const unsigned int lens[] = { 512, 4096 };
	struct isa_parts parts[3] = {
		{ .isa = "sse2", .batch = 256 },
		{ .isa = "ssse3", .batch = 256 },
		{ .isa = "avx2", .batch = 512 },
	};
	const struct aes_form *f;
	double sep, fused;
	cpu_set_t set;
	FILE *csv;
	int i, l, d, c, missing = 0;

	csv = argc == 2 ? fopen(argv[1], "r") : NULL;
	if (!csv) {
		fprintf(stderr, "usage: floor BENCH_CSV (make bench writes build/bench.csv)\n");
		return 2;
	}
	/* the loops and the whole-message rows run every ISA up to AVX2 */
	if (cpu_lacks(AX86_NEEDS_AVX2) || !__builtin_cpu_supports("aes")) {
		printf("SKIP floor: this CPU lacks AVX2 or AES-NI\n");
		return 0;
	}
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set);
	cycles_per_tick = ax86_core_cycles_per_tick();
	fence_ticks = TIME(cycles_per_tick, (void)0);	/* ticks */
	ax86_slow_simd_chains = cpu_simd_latency2();	/* as the glue */
	memset(buf, 0x5a, sizeof(buf));
	memset(nhkey, 0x3c, sizeof(nhkey));
	/* any round keys: the block's time does not depend on them */
	memset(&aes, 0xa5, sizeof(aes));
	ax86_poly1305_setkey(&pkey, buf + 32);

	parts[0].dround = LOOP_CYCLES(chacha_sse2);
	parts[1].dround = LOOP_CYCLES(chacha_ssse3);
	parts[2].dround = LOOP_CYCLES(chacha_avx2);
	parts[0].out = parts[1].out = LOOP_CYCLES(out_sse);
	parts[2].out = LOOP_CYCLES(out_avx2);
	parts[0].nh16 = parts[1].nh16 = LOOP_CYCLES(nh_sse2);
	parts[2].nh16 = LOOP_CYCLES(nh_avx2) / 2;
	core_parts(&parts[0], ax86_stream_core_sse2(), ax86_stream_sse2,
		   ax86_nh_sse2, ax86_hchacha_for_sse2);
	core_parts(&parts[1], ax86_stream_core_ssse3(), ax86_stream_ssse3,
		   ax86_nh_sse2, ax86_hchacha_for_ssse3);
	core_parts(&parts[2], ax86_stream_core_avx2(), ax86_stream_avx2,
		   ax86_nh_avx2, ax86_hchacha_for_avx2);

	for (i = 0; i < 3; i++) {
		/* printed before, kept as measured */
		parts[i].loop_dround = parts[i].dround;
		parts[i].loop_out = parts[i].out;
		parts[i].loop_nh16 = parts[i].nh16;
		take_lower(&parts[i].dround, parts[i].core_dround);
		take_lower(&parts[i].out, parts[i].core_out);
		take_lower(&parts[i].nh16, parts[i].core_nh16);
	}
	printf("%.3f core cycles per TSC tick; every time the least of 301 runs\n\n",
	       cycles_per_tick);
	printf("%-34s %9s %9s %7s\n", "unit (core cycles)", "loop",
	       "our core", "÷loop");
	for (i = 0; i < 3; i++) {
		const struct isa_parts *p = &parts[i];

		printf("chacha-%-5s double round, %3u B %9.1f %9.1f %7.2f\n",
		       p->isa, p->batch, p->loop_dround, p->core_dround,
		       p->core_dround / p->loop_dround);
		printf("chacha-%-5s output,       %3u B %9.1f %9.1f %7.2f\n",
		       p->isa, p->batch, p->loop_out, p->core_out,
		       p->core_out / p->loop_out);
		printf("nh-%-5s per 16 B                 %9.2f %9.2f %7.2f\n",
		       i == 2 ? "avx2" : "sse2", p->loop_nh16, p->core_nh16,
		       p->core_nh16 / p->loop_nh16);
		printf("%-5s our chacha core %s, call overhead %.0f; serial: hchacha %.0f, aes %.0f, poly1305 2 blocks %.0f (our code, chained)\n",
		       p->isa, p->core, p->core_call, p->hchacha, p->aes,
		       p->poly2);
	}
	sep = 6 * parts[2].dround + 32 * parts[2].nh16;
	fused = LOOP_CYCLES(fused_avx2);
	printf("\nfused avx2 pass, 512 B of ChaCha12 rounds + NH: %.1f cycles, separate %.1f: %+.0f%% from fusing\n",
	       fused, sep, 100 * (sep - fused) / sep);

	printf("\nwhole message, cycles per byte (ours and linux-6.1 from %s)\n",
	       argv[1]);
	printf("%-16s %-5s %-5s %5s %7s %7s %9s %7s %11s\n", "row", "isa",
	       "aes", "bytes", "floor", "ours", "linux-6.1", "ours÷fl",
	       "linux÷floor");
	for (c = 0; c < 2; c++) {
		const char *class = c ? "none" : "aesni";

		for (d = 0; d < 2; d++) {
			const char *alg = d ? "adiantum-decrypt" :
					      "adiantum-encrypt";

			for (i = 0; i < 3; i++) {
				double aes = c ? aes_none(csv, parts[i].isa, d) :
						 parts[i].aes;

				for (l = 0; l < 2; l++) {
					double fl = message_floor(&parts[i],
								  lens[l], aes,
								  d) /
						    lens[l];
					double o = bench_cpb(csv, "ours", alg,
							     parts[i].isa,
							     lens[l], class);
					double x = bench_cpb(csv, "linux-6.1",
							     alg, parts[i].isa,
							     lens[l], class);

					if (!o || !x || !aes)
						missing = 1;
					printf("%-16s %-5s %-5s %5u %7.3f %7.3f %9.3f %7.2f %11.2f\n",
					       alg, parts[i].isa, class, lens[l],
					       fl, o, x, o / fl, x / fl);
				}
			}
		}
	}
	printf("floor per unit: the loop, or our core where it is faster (the loop then is not minimal)\n");
	printf("aes none: the AES block of the floor is the cheaper of ours and aes-generic (make bench's aes-encrypt and aes-decrypt rows)\n");
	printf("linux÷floor: the most any code could gain over linux-6.1 here\n");
	for (f = aes_forms; f < aes_forms + ARRAY_SIZE(aes_forms); f++)
		aes_form_floor(csv, f);
	if (missing) {
		fprintf(stderr, "floor: rows missing in %s: run make bench\n",
			argv[1]);
		return 2;
	}
	return 0;
}
