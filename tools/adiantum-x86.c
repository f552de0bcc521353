// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 — look at, check, fuzz and time the kernel's ChaCha and
 * NHPoly1305 drivers through AF_ALG, as a user of the modules would.
 *
 * Exit status: 0 all good, 1 a check failed, 2 usage or environment error.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "afalg.h"
#include "tool.h"

const char *const ax_names[] = { "chacha20", "xchacha20", "xchacha12",
				 "nhpoly1305" };
const int ax_nr_names = 4;

static const char usage[] =
"usage: adiantum-x86 COMMAND [options]\n"
"\n"
"commands:\n"
"  status   every chacha20/xchacha20/xchacha12/nhpoly1305 driver with its\n"
"           priority, module and self-test result, which one wins, and the\n"
"           drivers under each adiantum instance\n"
"  check    known answers (RFC 8439, the kernel's crypto/testmgr.h) through\n"
"           AF_ALG per driver, and bad input (key/IV sizes, no key, empty\n"
"           messages) answered as the generic drivers answer it\n"
"  fuzz     our drivers against the generic ones: random keys, IVs, lengths\n"
"           up to --max-len, sendmsg splits, vmsplice, unaligned buffers\n"
"  bench    MB/s of every driver at 512, 4096 and 65536 bytes\n"
"\n"
"options:\n"
"  --driver NAME     only this driver (check, fuzz, bench)\n"
"  --testmgr PATH    crypto/testmgr.h (check; default\n"
"                    /usr/share/adiantum-x86/testmgr.h)\n"
"  --seed N          fuzz seed (default: from the clock; printed)\n"
"  --cases N         fuzz cases per driver (default 10000)\n"
"  --seconds S       fuzz: time per driver instead of --cases;\n"
"                    bench: time per measurement (default 0.5)\n"
"  --max-len N       fuzz: longest message (default 262144)\n"
"  --require-ours    status: exit 1 unless all our drivers passed their\n"
"                    self-tests and win for every name\n"
"  -h, --help        this text\n";

bool is_hash(const char *name)
{
	return !strcmp(name, "nhpoly1305");
}

int read_algs(struct pc_alg **algs)
{
	int n = proc_crypto_read(algs);

	if (n < 0) {
		fprintf(stderr, "adiantum-x86: cannot read /proc/crypto: %s\n",
			strerror(-n));
		exit(2);
	}
	return n;
}

bool selected(const struct opts *o, const struct pc_alg *a, bool with_others)
{
	if (o->driver)
		return !strcmp(a->driver, o->driver);
	return pc_is_ours(a) || with_others;
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void progress(const char *fmt, ...)
{
	va_list ap;

	if (!isatty(2))
		return;
	va_start(ap, fmt);
	fputs("\r\033[K", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void progress_done(void)
{
	if (isatty(2))
		fputs("\r\033[K", stderr);
}

int main(int argc, char **argv)
{
	struct opts o = {
		.testmgr = "/usr/share/adiantum-x86/testmgr.h",
		.cases = 10000,
		.seconds = 0.5,
		.max_len = 262144,
		.seed = (uint64_t)time(NULL),
	};
	const char *cmd, *msg;
	bool seconds_set = false;
	int i, err;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fputs(usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	cmd = argv[1];
	for (i = 2; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			return 0;
		} else if (!strcmp(a, "--require-ours")) {
			o.require_ours = true;
			continue;
		} else if (!v) {
			fprintf(stderr, "adiantum-x86: %s needs a value\n", a);
			return 2;
		} else if (!strcmp(a, "--driver")) {
			o.driver = v;
		} else if (!strcmp(a, "--testmgr")) {
			o.testmgr = v;
		} else if (!strcmp(a, "--seed")) {
			o.seed = strtoull(v, NULL, 0);
		} else if (!strcmp(a, "--cases")) {
			o.cases = atol(v);
		} else if (!strcmp(a, "--seconds")) {
			o.seconds = atof(v);
			seconds_set = true;
		} else if (!strcmp(a, "--max-len")) {
			o.max_len = atol(v);
		} else {
			fprintf(stderr, "adiantum-x86: unknown option %s\n%s",
				a, usage);
			return 2;
		}
		i++;
	}
	if (!strcmp(cmd, "fuzz") && seconds_set)
		o.cases = 0;

	if (!strcmp(cmd, "status"))
		return cmd_status(&o);
	if (strcmp(cmd, "check") && strcmp(cmd, "fuzz") &&
	    strcmp(cmd, "bench")) {
		fprintf(stderr, "adiantum-x86: unknown command %s\n%s", cmd,
			usage);
		return 2;
	}
	err = ax_afalg_available(&msg);
	if (err) {
		fprintf(stderr, "adiantum-x86: %s: %s\n", msg, strerror(-err));
		return 2;
	}
	if (!strcmp(cmd, "check"))
		return cmd_check(&o);
	if (!strcmp(cmd, "fuzz"))
		return cmd_fuzz(&o);
	return cmd_bench(&o);
}
