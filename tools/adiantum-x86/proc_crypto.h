/* SPDX-License-Identifier: GPL-2.0 */
/* What /proc/crypto says about the registered algorithms. */
#ifndef AX86_PROC_CRYPTO_H
#define AX86_PROC_CRYPTO_H

struct pc_alg {
	char name[128];		/* cra_name, e.g. "xchacha12" */
	char driver[160];	/* e.g. "xchacha12-ax86-avx2" */
	char module[64];
	char selftest[16];	/* "passed", "unknown", ... */
	char type[32];
	int priority;
	int refcnt;		/* 1 for the registration, +1 per holder */
};

/* All entries; count, or -errno if /proc/crypto cannot be read */
int proc_crypto_read(struct pc_alg **out);

/*
 * Ours: the driver name carries the project tag "-ax86-" (our drivers,
 * and the kernel's template instances built over them)
 */
int pc_is_ours(const struct pc_alg *a);

/* A template instance ("adiantum(...)" as driver), not a driver of its own */
int pc_is_instance(const struct pc_alg *a);

/*
 * The entry the crypto API picks for @name: the highest priority among the
 * drivers whose self-test passed; NULL if none.
 */
const struct pc_alg *pc_winner(const struct pc_alg *algs, int n,
			       const char *name);

#endif /* AX86_PROC_CRYPTO_H */
