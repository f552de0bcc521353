// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 — look at, check, fuzz and time the kernel's ChaCha,
 * NHPoly1305 and Adiantum drivers through AF_ALG, as a user of the modules
 * would; check and bench also without AF_ALG (our modules' self-check,
 * dm-crypt).
 *
 * Exit status: 0 all good, 1 a check failed, 2 usage or environment error.
 *
 * This file runs the command line: every option checked before anything
 * runs (args.c), then one command, each in its own file (status.c and
 * mappings.c, check.c and selfcheck.c, fuzz.c, bench.c and dmbench.c).  What the commands share is in
 * algs.c, instances.c and util.c.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "afalg.h"
#include "tool.h"

/*
 * check: through AF_ALG where it can bind our drivers, else (or with
 * --selfcheck) through our modules' self-check, saying why in one line.
 * The testmgr.h vectors are read and vetted first, before AF_ALG is
 * needed, when they are there or named: a bad file is reported whatever
 * the path; a missing default file matters only to the AF_ALG path.
 */
static int run_check(struct opts *o)
{
	bool vectors = false;
	const char *why, *msg;
	int err;

	if (o->selfcheck)
		return cmd_selfcheck(o);
	if (o->testmgr_given || !access(o->testmgr, R_OK)) {
		err = check_load_vectors(o);
		if (err)
			return err;
		vectors = true;
	}
	why = check_afalg_refused();
	if (why) {
		check_free_vectors();
		printf("# check: %s: running our modules' self-check instead (without AF_ALG)\n",
		       why);
		fflush(stdout);
		return cmd_selfcheck(o);
	}
	if (!vectors) {
		err = check_load_vectors(o);
		if (err)
			return err;
	}
	err = ax_afalg_available(&msg);
	if (err) {
		fprintf(stderr, "adiantum-x86: %s: %s\n", msg, strerror(-err));
		check_free_vectors();
		return 2;
	}
	err = cmd_check(o);
	drop_instances();
	return err;
}

int main(int argc, char **argv)
{
	struct opts o = {
		.testmgr = "/usr/share/adiantum-x86/testmgr.h",
		.cases = 10000,
		.seconds = 0.5,
		.max_len = 262144,
		.mib = 128,
		.seed = (uint64_t)time(NULL),
	};
	const char *cmd, *msg;
	int i, err;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fputs(ax_usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(ax_usage, stdout);
			return 0;
		}
	}
	cmd = argv[1];
	if (strcmp(cmd, "status") && strcmp(cmd, "check") &&
	    strcmp(cmd, "fuzz") && strcmp(cmd, "bench")) {
		fprintf(stderr, "adiantum-x86: unknown command %s\n%s", cmd,
			ax_usage);
		return 2;
	}
	/* every option is checked before anything runs */
	err = ax_parse_args(argc, argv, &o);
	if (err)
		return err;

	if (!strcmp(cmd, "status"))
		return cmd_status(&o);
	if (!strcmp(cmd, "bench") && o.dm_crypt) {
		err = cmd_dmbench(&o);
		drop_instances();
		return err;
	}
	if (!strcmp(cmd, "check"))
		return run_check(&o);
	err = ax_afalg_available(&msg);
	if (err) {
		fprintf(stderr, "adiantum-x86: %s: %s\n", msg, strerror(-err));
		if (!strcmp(cmd, "bench"))
			fprintf(stderr, "adiantum-x86: bench --dm-crypt measures the adiantum drivers without AF_ALG (as root)\n");
		return 2;
	}
	if (!strcmp(cmd, "fuzz"))
		err = cmd_fuzz(&o);
	else
		err = cmd_bench(&o);
	drop_instances();
	return err;
}
