/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part every glue module shares: its drivers come in one set per ISA
 * variant; at load it registers the sets this CPU can run, up to the cap
 * of its max_isa parameter, each at the priority isa.h gives, and takes
 * them all back if one fails; its read-only variants parameter lists what
 * it registered.  A glue module describes its sets in a struct ax86_glue
 * and declares its parameters with AX86_GLUE_PARAMS(); the code is in
 * adiantum_x86_core (variants.c), once.
 */
#ifndef AX86_VARIANTS_H
#define AX86_VARIANTS_H

#include <linux/moduleparam.h>

#include "isa.h"

/*
 * At most this many bytes of message per kernel_fpu_begin() section:
 * preemption (and, from 6.15, bottom halves) stay off inside one.
 */
#define AX86_FPU_CHUNK	4096

/* register_isa(): the set was left out on purpose, not an error */
#define AX86_GLUE_SKIP	1

struct ax86_glue {
	const char *name;	/* the module's, for its log lines */
	unsigned int isas;	/* BIT(isa) of each set the module has */
	int priority_base;	/* isa.h's ranking starts there */
	/* register @isa's set at @priority: 0, AX86_GLUE_SKIP or -errno */
	int (*register_isa)(enum ax86_isa isa, int priority);
	void (*unregister_isa)(enum ax86_isa isa);
	/* append the variants lines of @isa's set to @buf at @len */
	int (*show_isa)(char *buf, int len, enum ax86_isa isa);
	/* set by ax86_glue_register() */
	enum ax86_isa max;
	unsigned int registered;
};

int ax86_glue_register(struct ax86_glue *glue, const char *max_isa);
void ax86_glue_unregister(struct ax86_glue *glue);
__printf(3, 4) int ax86_emit(char *buf, int len, const char *fmt, ...);

struct skcipher_alg;
int ax86_glue_register_skciphers(struct skcipher_alg *algs, int count,
				 int priority);

/* the variants parameter of every glue module; its arg: the ax86_glue */
extern const struct kernel_param_ops ax86_glue_variants_ops;

/*
 * The two parameters of a glue module whose struct ax86_glue is @glue:
 * max_isa (@isas: the ISA names it takes, for modinfo) and variants.
 */
#define AX86_GLUE_PARAMS(glue, isas)					\
static char *max_isa;							\
module_param(max_isa, charp, 0444);					\
MODULE_PARM_DESC(max_isa, "highest ISA to register: " isas		\
		 " (default: all the CPU has)");			\
module_param_cb(variants, &ax86_glue_variants_ops, &(glue), 0444);	\
MODULE_PARM_DESC(variants,						\
		 "read only: each driver registered, its priority, the cores it runs and why it ranks there")

#endif /* AX86_VARIANTS_H */
