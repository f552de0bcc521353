// SPDX-License-Identifier: GPL-2.0
/*
 * Registering a glue module's driver sets, one per ISA variant, and its
 * variants parameter (variants.h).  Part of adiantum_x86_core.
 */
#include <crypto/internal/skcipher.h>
#include <linux/bits.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "variants.h"

/* max_isa: NULL or "" means no cap; else an ISA name */
static int ax86_parse_max_isa(const char *s, enum ax86_isa *max)
{
	int i;

	*max = AX86_NR_ISA - 1;
	if (!s || !*s)
		return 0;
	for (i = 0; i < AX86_NR_ISA; i++) {
		if (sysfs_streq(s, ax86_isa_names[i])) {
			*max = i;
			return 0;
		}
	}
	return -EINVAL;
}

void ax86_glue_unregister(struct ax86_glue *glue)
{
	int i;

	for (i = AX86_NR_ISA - 1; i >= 0; i--) {
		if (glue->registered & BIT(i))
			glue->unregister_isa(i);
	}
	glue->registered = 0;
}
AX86_EXPORT(ax86_glue_unregister);

int ax86_glue_register(struct ax86_glue *glue, const char *max_isa)
{
	enum ax86_isa max;
	int i, err;

	if (ax86_parse_max_isa(max_isa, &max)) {
		pr_err("%s: unknown max_isa=%s\n", glue->name, max_isa);
		return -EINVAL;
	}
	glue->max = max;
	glue->registered = 0;
	for (i = 0; i <= max; i++) {
		if (!(glue->isas & BIT(i)) || !ax86_cpu_has(i))
			continue;
		err = glue->register_isa(i, ax86_priority_from(glue->priority_base,
							       i));
		if (err == AX86_GLUE_SKIP)
			continue;
		if (err) {
			pr_err("%s: registering the %s drivers failed: %d\n",
			       glue->name, ax86_isa_names[i], err);
			ax86_glue_unregister(glue);
			return err;
		}
		glue->registered |= BIT(i);
	}
	if (!glue->registered) {
		pr_info("%s: no usable SIMD on this CPU, nothing registered\n",
			glue->name);
		return -ENODEV;
	}
	return 0;
}
AX86_EXPORT(ax86_glue_register);

/* one ISA's set of skciphers, each at @priority */
int ax86_glue_register_skciphers(struct skcipher_alg *algs, int count,
				 int priority)
{
	int i;

	for (i = 0; i < count; i++)
		algs[i].base.cra_priority = priority;
	return crypto_register_skciphers(algs, count);
}
AX86_EXPORT(ax86_glue_register_skciphers);

/*
 * The variants parameter, a sysfs page at most (a module has 15 lines of
 * under 100 bytes at most).  ax86_emit() appends to @buf at @len and
 * returns the new length.
 */
int ax86_emit(char *buf, int len, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	len += vscnprintf(buf + len, PAGE_SIZE - len, fmt, args);
	va_end(args);
	return len;
}
AX86_EXPORT(ax86_emit);

/*
 * One line per driver from the module, then, when max_isa kept this CPU
 * from registering some of the sets the module has:
 * "capped max_isa=<cap> left-out=<isa>,<isa>..."
 */
static int ax86_glue_variants_get(char *buf, const struct kernel_param *kp)
{
	const struct ax86_glue *glue = kp->arg;
	const char *sep = "";
	int i, len = 0;

	for (i = 0; i < AX86_NR_ISA; i++) {
		if (glue->registered & BIT(i))
			len = glue->show_isa(buf, len, i);
	}
	for (i = glue->max + 1; i < AX86_NR_ISA; i++) {
		if (!(glue->isas & BIT(i)) || !ax86_cpu_has(i))
			continue;
		if (!*sep)
			len = ax86_emit(buf, len, "capped max_isa=%s left-out=",
					ax86_isa_names[glue->max]);
		len = ax86_emit(buf, len, "%s%s", sep, ax86_isa_names[i]);
		sep = ",";
	}
	if (*sep)
		len = ax86_emit(buf, len, "\n");
	return len;
}

/* writing the read-only variants parameter (modprobe m variants=x) fails */
static int ax86_glue_variants_set(const char *val,
				  const struct kernel_param *kp)
{
	return -EPERM;
}

const struct kernel_param_ops ax86_glue_variants_ops = {
	.set = ax86_glue_variants_set,
	.get = ax86_glue_variants_get,
};
AX86_EXPORT(ax86_glue_variants_ops);
