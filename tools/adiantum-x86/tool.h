/* SPDX-License-Identifier: GPL-2.0 */
/* adiantum-x86: the command-line tool for users of the modules. */
#ifndef AX86_TOOL_H
#define AX86_TOOL_H

#include <stdbool.h>
#include <stdint.h>

#include "proc_crypto.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* the options of the command line (main.c), for every command */
struct opts {
	const char *driver;	/* only this driver, or NULL */
	const char *testmgr;	/* crypto/testmgr.h for check */
	uint64_t seed;
	long cases;		/* fuzz: per driver; 0: for --seconds */
	double seconds;		/* fuzz: per driver; bench: per cell */
	long max_len;		/* fuzz */
	bool require_ours;	/* status: fail unless ours serve everything */
	bool testmgr_given;	/* check: --testmgr on the command line */
	bool selfcheck;		/* check: the modules' self-check, not AF_ALG */
	bool dm_crypt;		/* bench: through dm-crypt, not AF_ALG */
	long mib;		/* bench --dm-crypt: MiB per row and way */
};

/* limits of the numeric options, checked before any command runs */
#define AX_MAX_CASES	1000000000L
#define AX_MAX_SECONDS	86400.0
#define AX_MAX_LEN	(16L << 20)
#define AX_MAX_MIB	4096L

/* args.c: the usage text, and the options of argv[2..] for command argv[1] */
extern const char ax_usage[];
/* 0, or 2 with a message on stderr */
int ax_parse_args(int argc, char **argv, struct opts *o);

/* the commands main() runs, one file each */
int cmd_status(const struct opts *o);			/* status.c */
/*
 * status: the open dm-crypt mappings using Adiantum and who serves each;
 * 1 if @require_ours and one is on the kernel's template while ours is
 * registered or installed, else 0 (mappings.c)
 */
int status_mappings(const struct pc_alg *algs, int n, bool require_ours);
int cmd_check(const struct opts *o);			/* check.c */
/* check: read and vet the testmgr.h vectors (0, or 2 with a message) */
int check_load_vectors(const struct opts *o);		/* check.c */
void check_free_vectors(void);
int cmd_fuzz(const struct opts *o);			/* fuzz.c */
int cmd_bench(const struct opts *o);			/* bench.c */

/*
 * selfcheck.c: check without AF_ALG, through the selfcheck parameter of
 * each module of ours that is loaded.  check_afalg_refused() says why
 * AF_ALG cannot check our drivers here (absent, switched off, restricted
 * to algorithm names), or returns NULL when it can.
 */
const char *check_afalg_refused(void);
int cmd_selfcheck(const struct opts *o);
/*
 * The result text of module @module's selfcheck parameter as the tool's
 * lines; @run_failed: the kernel said the run failed (-EBADMSG).  Returns
 * the failures; adds the drivers reported to *@passed.  @algs (@n
 * entries of /proc/crypto): every driver of ours the module registered
 * must be in the text.
 */
int selfcheck_report(const char *module, const char *text, bool run_failed,
		     const struct opts *o, const struct pc_alg *algs, int n,
		     int *passed);

int cmd_dmbench(const struct opts *o);			/* dmbench.c */

/* kparts.c: the kernel's template over its own best parts (bench --dm-crypt) */
void kparts_load(void);
void kparts_note_generic(const struct pc_alg *algs, int n);
const char *kparts_template(const struct pc_alg *algs, int n, const char *name,
			   char *out, size_t len);

/* algs.c: the names our modules provide, and which drivers to use */
extern const char *const ax_names[];
extern const int ax_nr_names;

/* /proc/crypto, or exit with a message */
int read_algs(struct pc_alg **algs);
bool is_hash(const char *name);
bool is_adiantum(const char *name);
/* the index of @name in ax_names, or -1 */
int ax_name_index(const char *name);
/* should @a be exercised under these options (ours, or --driver)? */
bool selected(const struct opts *o, const struct pc_alg *a, bool with_others);

/* a driver of ours for @name that is not a template instance */
bool have_ours(const struct pc_alg *algs, int n, const char *name);

/*
 * The driver our drivers of @name are compared with: a kernel driver of
 * that name that is not ours, "-generic" first, else "-lib"; for the
 * adiantum names the kernel's template instance over such drivers.
 * Writes it to @ref and returns true, or returns false if the kernel has
 * none (7.x has no nhpoly1305).
 */
bool pick_reference(const struct pc_alg *algs, int n, const char *name,
		    char *ref, size_t reflen);

/*
 * instances.c: bind @driver, a template instance such as "adiantum(...)",
 * so that the kernel builds it; 0 or -errno.  Instances that were not
 * registered before are remembered and unregistered again by
 * drop_instances(): a registered instance is what the crypto API hands
 * later users of its name (dm-crypt, fscrypt), and the tool must not leave
 * a slow one behind.
 */
int instantiate(const char *driver);
void drop_instances(void);
/* a template instance someone else (dm-crypt) built for us: drop it too */
void remember_instance(const char *driver);

/* util.c: allocation that exits with a message when memory runs out */
void *xmalloc(size_t n);

double now_seconds(void);
/* a progress line on stderr, only when it is a terminal */
void progress(const char *fmt, ...);
void progress_done(void);

#endif /* AX86_TOOL_H */
