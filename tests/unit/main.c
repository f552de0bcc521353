// SPDX-License-Identifier: GPL-2.0
/*
 * unit: run every test group and print one line per group.
 *   unit [--seed N] [--quick] [--first-fail] [--only GROUP] [--testmgr PATH]
 * --quick divides the random case counts by 20 (for the sanitizer build);
 * --first-fail stops at the first failure (for the mutants); --only runs
 * the groups whose name starts with GROUP (make check-unit
 * UNIT_ARGS="--only adiantum").
 * The summary line is printed by tests/summarize.sh over all test output.
 */
#include <string.h>
#include <time.h>

#include "harness.h"

/* the groups that take no vectors, in the table's shape */
#define GROUP(fn)							\
static void fn##_g(const char *testmgr __maybe_unused)			\
{									\
	fn();								\
}
GROUP(test_isa_needs)
GROUP(test_rank)
GROUP(test_stack_wipe)
GROUP(test_kat_rfc)
GROUP(test_poly1305_x86_64)
GROUP(test_poly1305_emit_x86_64)
GROUP(test_poly1305_emit_sse2)
GROUP(test_chacha)
GROUP(test_hchacha)
GROUP(test_dispatch)
GROUP(test_nh)
GROUP(test_nhpoly1305)
GROUP(test_nhp_own_kat)

/* the groups, by the names --only matches (a prefix of the name) */
static const struct {
	const char *name;
	void (*run)(const char *testmgr);
} groups[] = {
	{ "isa", test_isa_needs_g }, { "rank", test_rank_g },
	{ "stack-wipe", test_stack_wipe_g }, { "kat-rfc", test_kat_rfc_g },
	{ "kat-testmgr", test_kat_testmgr },
	{ "poly1305", test_poly1305_x86_64_g },
	{ "poly1305-emit", test_poly1305_emit_x86_64_g },
	{ "poly1305-sse2", test_poly1305_emit_sse2_g },
	{ "chacha", test_chacha_g }, { "hchacha", test_hchacha_g },
	{ "dispatch", test_dispatch_g }, { "nh", test_nh_g },
	{ "nhpoly1305", test_nhpoly1305_g },
	{ "nhpoly1305-own-kat", test_nhp_own_kat_g },
	{ "aes", test_aes }, { "adiantum", test_adiantum },
};

int main(int argc, char **argv)
{
	const char *testmgr = NULL, *only = NULL;
	unsigned int g, ran = 0;
	int i;

	run_seed = (u64)time(NULL);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			run_seed = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--quick")) {
			cases_scale_div = 20;
		} else if (!strcmp(argv[i], "--first-fail")) {
			stop_at_first_fail = true;
		} else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "--testmgr") && i + 1 < argc) {
			testmgr = argv[++i];
		} else {
			fprintf(stderr,
				"usage: %s [--seed N] [--quick] [--first-fail] [--only GROUP] [--testmgr PATH]\n",
				argv[0]);
			return 2;
		}
	}
	printf("# unit tests, seed %llu (rerun with --seed %llu)\n",
	       (unsigned long long)run_seed, (unsigned long long)run_seed);
	for (g = 0; g < ARRAY_SIZE(groups); g++) {
		if (only && strncmp(groups[g].name, only, strlen(only)))
			continue;
		groups[g].run(testmgr);
		ran++;
	}
	if (!ran) {
		printf("FAIL unit                             no group named %s\n",
		       only);
		return 1;
	}
	return 0;
}
