// SPDX-License-Identifier: GPL-2.0
/*
 * unit: run every test group and print one line per group.
 *   unit [--seed N] [--quick] [--first-fail] [--testmgr PATH]
 * --quick divides the random case counts by 20 (for the sanitizer build);
 * --first-fail stops at the first failure (for the mutants).
 * The summary line is printed by tests/summarize.sh over all test output.
 */
#include <string.h>
#include <time.h>

#include "harness.h"

int main(int argc, char **argv)
{
	const char *testmgr = NULL;
	int i;

	run_seed = (u64)time(NULL);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			run_seed = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--quick")) {
			cases_scale_div = 20;
		} else if (!strcmp(argv[i], "--first-fail")) {
			stop_at_first_fail = true;
		} else if (!strcmp(argv[i], "--testmgr") && i + 1 < argc) {
			testmgr = argv[++i];
		} else {
			fprintf(stderr,
				"usage: %s [--seed N] [--quick] [--first-fail] [--testmgr PATH]\n",
				argv[0]);
			return 2;
		}
	}
	printf("# unit tests, seed %llu (rerun with --seed %llu)\n",
	       (unsigned long long)run_seed, (unsigned long long)run_seed);
	test_isa_needs();
	test_rank();
	test_stack_wipe();
	test_kat_rfc();
	test_kat_testmgr(testmgr);
	test_poly1305_x86_64();
	test_poly1305_emit_x86_64();
	test_chacha();
	test_hchacha();
	test_dispatch();
	test_nh();
	test_nhpoly1305();
	test_nhp_own_kat();
	test_adiantum(testmgr);
	return 0;
}
