// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86: the command line, every option checked before anything
 * runs (main.c runs the command; tests/tool/parsefuzz.c feeds this file
 * random command lines under ASan and UBSan).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

const char ax_usage[] =
"usage: adiantum-x86 COMMAND [options]\n"
"\n"
"commands:\n"
"  status   every chacha20/xchacha20/xchacha12/nhpoly1305 and\n"
"           adiantum(xchacha12|xchacha20,aes) driver with its priority,\n"
"           module and self-test result, which one wins, and the drivers\n"
"           under each adiantum template instance; then each open\n"
"           dm-crypt mapping using Adiantum and the driver serving it,\n"
"           and what to do when it is on the kernel's template\n"
"  check    known answers (RFC 8439, the kernel's crypto/testmgr.h) through\n"
"           AF_ALG for each of our drivers, and bad input (key/IV sizes, no\n"
"           key, short messages) answered as the kernel's reference driver\n"
"           answers it; where AF_ALG is absent or binds no driver name\n"
"           (crypto.af_alg_restrict), our modules' self-check instead\n"
"  fuzz     our drivers against the kernel's reference drivers (or the\n"
"           portable C where the kernel has none): random keys, IVs,\n"
"           lengths up to --max-len, counters near 2^32, sendmsg splits,\n"
"           vmsplice, unaligned and in-place buffers\n"
"  bench    MB/s of every driver at 512, 4096 and 65536 bytes through\n"
"           AF_ALG; with --dm-crypt, write and read MB/s of dm-crypt on\n"
"           each adiantum driver at sector sizes 512 and 4096\n"
"\n"
"options:\n"
"  --driver NAME     only this driver (check, fuzz, bench), 1..127\n"
"                    characters\n"
"  --testmgr PATH    crypto/testmgr.h (check; default\n"
"                    /usr/share/adiantum-x86/testmgr.h)\n"
"  --seed N          fuzz seed, 0..2^64-1 (default: from the clock; printed)\n"
"  --cases N         fuzz cases per driver, 1..1000000000 (default 10000)\n"
"  --seconds S       fuzz: time per driver instead of --cases;\n"
"                    bench: time per cell (default 0.5); 0 < S <= 86400\n"
"  --max-len N       fuzz: longest message, 1..16777216 (default 262144;\n"
"                    lowered, with a note, to what one AF_ALG request holds);\n"
"                    below 16, each adiantum driver is skipped (SKIP)\n"
"  --selfcheck       check: through our modules' self-check (root; the\n"
"                    selfcheck parameter), even where AF_ALG works\n"
"  --dm-crypt        bench: dm-crypt on a loop device over /dev/shm, each\n"
"                    of our adiantum drivers and the kernel's template\n"
"                    (root; no AF_ALG needed)\n"
"  --mib N           bench --dm-crypt: MiB written and read per row,\n"
"                    1..4096 (default 128)\n"
"  --require-ours    status: exit 1 unless all our drivers passed their\n"
"                    self-tests and win for every name, and no dm-crypt\n"
"                    mapping is on the kernel's template while ours is there\n"
"  -h, --help        this text\n";

static int bad_value(const char *opt, const char *v, const char *want)
{
	fprintf(stderr, "adiantum-x86: %s %s: %s\n", opt, v, want);
	return 2;
}

/* a whole decimal (or 0x) integer in [lo, hi], nothing else */
static int parse_long(const char *opt, const char *v, long lo, long hi,
		      long *out)
{
	char *end;
	long x;

	errno = 0;
	x = strtol(v, &end, 0);
	if (!*v || *end || errno || x < lo || x > hi) {
		char want[96];

		snprintf(want, sizeof(want), "must be a whole number from %ld to %ld",
			 lo, hi);
		return bad_value(opt, v, want);
	}
	*out = x;
	return 0;
}

static int parse_u64(const char *opt, const char *v, uint64_t *out)
{
	unsigned long long x;
	char *end;

	errno = 0;
	/* strtoull takes "-1" as 2^64-1: refuse any sign */
	x = strtoull(v, &end, 0);
	if (!*v || *end || errno || strchr(v, '-') || strchr(v, '+'))
		return bad_value(opt, v,
				 "must be a whole number from 0 to 2^64-1");
	*out = x;
	return 0;
}

static int parse_seconds(const char *opt, const char *v, double *out)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(v, &end);
	if (!*v || *end || errno || !isfinite(x) || !(x > 0) ||
	    x > AX_MAX_SECONDS)
		return bad_value(opt, v,
				 "must be a number of seconds above 0, at most 86400");
	*out = x;
	return 0;
}

/* which commands take which option */
static bool takes(const char *cmd, const char *opt)
{
	static const struct { const char *opt, *cmds; } table[] = {
		{ "--driver", " check fuzz bench " },
		{ "--testmgr", " check " },
		{ "--seed", " check fuzz " },
		{ "--cases", " fuzz " },
		{ "--seconds", " fuzz bench " },
		{ "--max-len", " fuzz " },
		{ "--require-ours", " status " },
		{ "--selfcheck", " check " },
		{ "--dm-crypt", " bench " },
		{ "--mib", " bench " },
	};
	char word[16];
	size_t i;

	snprintf(word, sizeof(word), " %s ", cmd);
	for (i = 0; i < ARRAY_SIZE(table); i++)
		if (!strcmp(table[i].opt, opt))
			return strstr(table[i].cmds, word) != NULL;
	return false;
}

int ax_parse_args(int argc, char **argv, struct opts *o)
{
	const char *cmd = argv[1];
	bool cases_set = false, seconds_set = false, mib_set = false;
	int i, err = 0;

	for (i = 2; i < argc && !err; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strncmp(a, "--", 2) && strcmp(a, "--help") &&
		    !takes(cmd, a)) {
			if (takes("status", a) || takes("check", a) ||
			    takes("fuzz", a) || takes("bench", a))
				fprintf(stderr, "adiantum-x86: %s is not an option of %s\n",
					a, cmd);
			else
				fprintf(stderr, "adiantum-x86: unknown option %s\n%s",
					a, ax_usage);
			return 2;
		}
		if (!strcmp(a, "--require-ours")) {
			o->require_ours = true;
			continue;
		}
		if (!strcmp(a, "--selfcheck")) {
			o->selfcheck = true;
			continue;
		}
		if (!strcmp(a, "--dm-crypt")) {
			o->dm_crypt = true;
			continue;
		}
		if (strncmp(a, "--", 2)) {
			fprintf(stderr, "adiantum-x86: unknown option %s\n%s", a,
				ax_usage);
			return 2;
		}
		if (!v) {
			fprintf(stderr, "adiantum-x86: %s needs a value\n", a);
			return 2;
		}
		i++;
		if (!strcmp(a, "--driver")) {
			if (!*v || strlen(v) >= 128)
				return bad_value(a, v, "must be a driver name of 1 to 127 characters");
			o->driver = v;
		} else if (!strcmp(a, "--testmgr")) {
			o->testmgr = v;
			o->testmgr_given = true;
		} else if (!strcmp(a, "--seed")) {
			err = parse_u64(a, v, &o->seed);
		} else if (!strcmp(a, "--cases")) {
			err = parse_long(a, v, 1, AX_MAX_CASES, &o->cases);
			cases_set = true;
		} else if (!strcmp(a, "--seconds")) {
			err = parse_seconds(a, v, &o->seconds);
			seconds_set = true;
		} else if (!strcmp(a, "--max-len")) {
			err = parse_long(a, v, 1, AX_MAX_LEN, &o->max_len);
		} else if (!strcmp(a, "--mib")) {
			err = parse_long(a, v, 1, AX_MAX_MIB, &o->mib);
			mib_set = true;
		}
	}
	if (err)
		return err;
	if (!strcmp(cmd, "fuzz") && cases_set && seconds_set) {
		fprintf(stderr, "adiantum-x86: fuzz takes --cases or --seconds, not both\n");
		return 2;
	}
	if (!strcmp(cmd, "fuzz") && seconds_set)
		o->cases = 0;
	if (mib_set && !o->dm_crypt) {
		fprintf(stderr, "adiantum-x86: --mib goes with bench --dm-crypt\n");
		return 2;
	}
	if (seconds_set && o->dm_crypt) {
		fprintf(stderr, "adiantum-x86: bench --dm-crypt takes --mib, not --seconds\n");
		return 2;
	}
	return 0;
}
