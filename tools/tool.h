/* SPDX-License-Identifier: GPL-2.0 */
/* adiantum-x86: the command-line tool for users of the modules. */
#ifndef AX86_TOOL_H
#define AX86_TOOL_H

#include <stdbool.h>
#include <stdint.h>

#include "proc_crypto.h"

/* the algorithms our modules provide */
extern const char *const ax_names[];
extern const int ax_nr_names;

struct opts {
	const char *driver;	/* only this driver, or NULL */
	const char *testmgr;	/* crypto/testmgr.h for check */
	uint64_t seed;
	long cases;		/* fuzz: per driver; 0: until --seconds */
	double seconds;		/* fuzz: per driver; bench: per row */
	long max_len;		/* fuzz */
	bool require_ours;	/* status: fail unless ours serve everything */
};

int cmd_status(const struct opts *o);
int cmd_check(const struct opts *o);
int cmd_fuzz(const struct opts *o);
int cmd_bench(const struct opts *o);

/* /proc/crypto, or exit with a message */
int read_algs(struct pc_alg **algs);
bool is_hash(const char *name);
/* should @a be exercised under these options (ours, or --driver)? */
bool selected(const struct opts *o, const struct pc_alg *a, bool with_others);

double now_seconds(void);
/* a progress line on stderr, only when it is a terminal */
void progress(const char *fmt, ...);
void progress_done(void);

#endif /* AX86_TOOL_H */
