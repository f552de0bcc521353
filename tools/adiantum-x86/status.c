// SPDX-License-Identifier: GPL-2.0
/* adiantum-x86 status: who serves each algorithm name, and why */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/utsname.h>

#include "tool.h"

/*
 * The module's variants parameter (README "Module parameters"): one line
 * per driver it registered, "<driver> <priority> <core>=<name>...
 * rank=<why>", and "capped max_isa=<cap> left-out=<isas>" when max_isa
 * kept some out.  Empty if the module has none (too old, not loaded).
 */
static void read_variants(const char *module, char *buf, size_t len)
{
	char path[128];
	size_t n = 0;
	FILE *f;

	buf[0] = 0;
	snprintf(path, sizeof(path), "/sys/module/%s/parameters/variants",
		 module);
	f = fopen(path, "r");
	if (!f)
		return;
	n = fread(buf, 1, len - 1, f);
	buf[n] = 0;
	fclose(f);
}

/* the line of @variants whose first field is @driver, as a string, or "" */
static const char *variant_line(const char *variants, const char *driver,
				char *line, size_t len)
{
	const char *p = variants;
	size_t n, dl = strlen(driver);

	for (; *p; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		if (n > dl && p[dl] == ' ' && !strncmp(p, driver, dl)) {
			snprintf(line, len, "%.*s", (int)n, p);
			return line;
		}
	}
	line[0] = 0;
	return line;
}

/* the value of field @key= in a variants line, or NULL */
static const char *field_of(const char *line, const char *key, char *val,
			    size_t len)
{
	const char *p = line;
	size_t kl = strlen(key);

	for (; *p; p += strcspn(p, " "), p += *p == ' ') {
		if (!strncmp(p, key, kl) && p[kl] == '=') {
			snprintf(val, len, "%.*s", (int)strcspn(p + kl + 1, " "),
				 p + kl + 1);
			return val;
		}
	}
	return NULL;
}

/* a rank= field in words, appended to @out */
static void say_rank(char *out, size_t len, const char *why)
{
	static const struct {
		const char *reason, *words;
	} reasons[] = {
		{ "zmm-downclocks", "zmm registers lower this CPU's clock" },
		{ "slow-pshufb", "pshufb is slow on this CPU (Atom, Jaguar)" },
	};
	const char *colon = strchr(why, ':'), *words;
	size_t at = strlen(out);
	unsigned int i;

	if (strncmp(why, "below-", 6) || !colon) {
		snprintf(out + at, len - at, "%s", why);
		return;
	}
	words = colon + 1;
	for (i = 0; i < ARRAY_SIZE(reasons); i++)
		if (!strcmp(words, reasons[i].reason))
			words = reasons[i].words;
	snprintf(out + at, len - at, "ranks below %.*s: %s",
		 (int)(colon - why - 6), why + 6, words);
}

/* the rest of the word at @p: up to a space or the end of the line */
static int word_len(const char *p)
{
	return (int)strcspn(p, "\n ");
}

/*
 * Why each other driver of ours for @win's name does not serve it,
 * appended to @notes: it ranks below for a reason of this CPU, or it
 * ranks higher but has not passed its selftest.
 */
static void others_of(const struct pc_alg *algs, int n,
		      const struct pc_alg *win, const char *variants,
		      char *notes, size_t len)
{
	char line[512], why[128];
	size_t at;
	int i;

	for (i = 0; i < n; i++) {
		const struct pc_alg *a = &algs[i];
		const char *isa = strstr(a->driver, "-ax86-");

		if (a == win || strcmp(a->name, win->name) || !isa ||
		    strcmp(a->module, win->module) ||
		    !*variant_line(variants, a->driver, line, sizeof(line)) ||
		    !field_of(line, "rank", why, sizeof(why)))
			continue;
		at = strlen(notes);
		if (a->priority > win->priority) {
			snprintf(notes + at, len - at,
				 "; %s ranks higher, selftest %s", isa + 6,
				 a->selftest);
		} else if (strcmp(why, "isa")) {
			snprintf(notes + at, len - at, "; %s ", isa + 6);
			say_rank(notes, len, why);
		}
	}
}

/*
 * "core: chacha avx2, hchacha ssse3; rank: best ISA on this CPU" for
 * @win, a driver of ours, from its module's variants parameter; then why
 * the others of ours for the name do not serve it, and what max_isa left
 * out.  Nothing if the module does not say (older, or not loaded).
 */
static void print_core(const struct pc_alg *algs, int n,
		       const struct pc_alg *win)
{
	char variants[8192], line[512], why[128], rank[256] = "",
	     notes[1024] = "";
	const char *p, *eq, *sep = "", *cap, *left;

	read_variants(win->module, variants, sizeof(variants));
	if (!*variant_line(variants, win->driver, line, sizeof(line)) ||
	    !field_of(line, "rank", why, sizeof(why)))
		return;
	printf("  core: ");
	/* every <core>=<name> field, past the driver and its priority */
	for (p = line; *p; p += word_len(p), p += *p == ' ') {
		eq = strchr(p, '=');
		if (!eq || eq - p > word_len(p) || !strncmp(p, "rank=", 5))
			continue;
		printf("%s%.*s %.*s", sep, (int)(eq - p), p, word_len(eq + 1),
		       eq + 1);
		sep = ", ";
	}
	others_of(algs, n, win, variants, notes, sizeof(notes));
	cap = strstr(variants, "capped max_isa=");
	left = cap ? strstr(cap, "left-out=") : NULL;
	if (strcmp(why, "isa"))
		say_rank(rank, sizeof(rank), why);
	else if (cap)
		snprintf(rank, sizeof(rank), "best ISA under max_isa=%.*s",
			 word_len(cap + 15), cap + 15);
	else	/* "ISA" only when no quirk of this CPU reorders ours */
		snprintf(rank, sizeof(rank), "best %son this CPU",
			 *notes ? "" : "ISA ");
	printf("; rank: %s%s", rank, notes);
	if (left)
		printf("; max_isa left out %.*s", word_len(left + 9), left + 9);
	printf("\n");
}

/* the first line of @path into @buf ("" if unreadable), newline cut */
static void read_line(const char *path, char *buf, int len)
{
	FILE *f = fopen(path, "r");

	buf[0] = 0;
	if (f && !fgets(buf, len, f))
		buf[0] = 0;
	if (f)
		fclose(f);
	buf[strcspn(buf, "\n")] = 0;
}

/*
 * The kernel's last word on a module it would not load (unsigned, or
 * signed by a key it does not trust, under lockdown or sig_enforce), from
 * its log, into @out; "" if none or the log is not readable.
 */
static void last_refusal(char *out, int len)
{
	static const char *const says[] = {
		"is rejected", "Key was rejected",
		"unsigned module loading is restricted",
	};
	int size = klogctl(10, NULL, 0), n, i;	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *log, *p, *nl;

	out[0] = 0;
	log = size > 0 ? malloc(size + 1) : NULL;
	n = log ? klogctl(3, log, size) : -1;	/* SYSLOG_ACTION_READ_ALL */
	for (p = log; n > 0 && p < log + n; p = nl + 1) {
		nl = memchr(p, '\n', log + n - p);
		if (!nl)
			nl = log + n;
		*nl = 0;
		for (i = 0; i < (int)ARRAY_SIZE(says); i++)
			if (strstr(p, says[i]))
				/* past "<5>[   12.345678] " */
				snprintf(out, len, "%s", strchr(p, ']') ?
					 strchr(p, ']') + 2 : p);
	}
	free(log);
}

/*
 * Our modules installed for the running kernel (modules.dep lists them)
 * but none loaded, and the kernel refuses modules it cannot verify
 * (lockdown, sig_enforce) or said it refused one: say so, and what to do.
 */
static void explain_refused(void)
{
	char path[300], line[1024], lockdown[128], enforce[8], why[512];
	const char *mode = "", *colon;
	bool installed = false, loaded = false;
	struct utsname u;
	FILE *f;

	if (uname(&u))
		return;
	snprintf(path, sizeof(path), "/lib/modules/%s/modules.dep", u.release);
	f = fopen(path, "r");
	while (f && !installed && fgets(line, sizeof(line), f)) {
		colon = strchr(line, ':');
		installed = colon && strstr(line, "/adiantum_x86_") &&
			    strstr(line, "/adiantum_x86_") < colon;
	}
	if (f)
		fclose(f);
	f = fopen("/proc/modules", "r");
	while (f && !loaded && fgets(line, sizeof(line), f))
		loaded = !strncmp(line, "adiantum_x86_", 13);
	if (f)
		fclose(f);
	if (!installed || loaded)
		return;
	/* "none [integrity] confidentiality": the word in brackets */
	read_line("/sys/kernel/security/lockdown", lockdown, sizeof(lockdown));
	if (strchr(lockdown, '[') && strncmp(strchr(lockdown, '['), "[none]", 6)) {
		mode = strchr(lockdown, '[') + 1;
		lockdown[strcspn(lockdown, "]")] = 0;
	}
	read_line("/sys/module/module/parameters/sig_enforce", enforce,
		  sizeof(enforce));
	last_refusal(why, sizeof(why));
	if (!*why && !*mode && enforce[0] != 'Y')
		return;
	printf("our modules are installed for %s but none is loaded", u.release);
	if (*why)
		printf(": the kernel refused them (kernel log: \"%s\")\n", why);
	else
		printf("; if modprobe adiantum_x86_chacha fails (\"Key was rejected by service\", \"Operation not permitted\"), the kernel refused them\n");
	printf("  this kernel loads only modules signed by a key it trusts (%s%s): with Secure Boot, enroll the key DKMS signed them with:\n"
	       "    mokutil --import /var/lib/dkms/mok.pub   (asks for a one-time password)\n"
	       "    reboot; in MokManager: Enroll MOK, Continue, Yes, the password\n"
	       "  then: modprobe adiantum_x86_chacha adiantum_x86_nhpoly1305 adiantum_x86_adiantum\n",
	       *mode ? "lockdown: " : "sig_enforce", mode);
}

int cmd_status(const struct opts *o)
{
	struct pc_alg *algs;
	int n = read_algs(&algs), i, j, bad = 0, ours_seen = 0;

	for (j = 0; j < ax_nr_names; j++) {
		const char *name = ax_names[j];
		const struct pc_alg *win = pc_winner(algs, n, name);
		bool whole = have_ours(algs, n, name);

		printf("%s:\n", name);
		for (i = 0; i < n; i++) {
			const struct pc_alg *a = &algs[i];

			if (strcmp(a->name, name))
				continue;
			printf("  %c %-26s priority %-4d module %-24s selftest %s%s\n",
			       a == win ? '*' : ' ', a->driver, a->priority,
			       a->module, a->selftest,
			       pc_is_instance(a) ? " (template instance)" : "");
			if (pc_is_ours(a) && !pc_is_instance(a)) {
				ours_seen++;
				if (strcmp(a->selftest, "passed"))
					bad = 1;
			}
		}
		if (win && pc_is_ours(win) && !pc_is_instance(win))
			print_core(algs, n, win);
		if (!win)
			printf("  (no driver%s)\n", is_adiantum(name) ?
			       " yet: the kernel builds a template instance when dm-crypt or fscrypt asks" : "");
		/*
		 * Our adiantum drivers are a module of their own: without it
		 * the template over our pieces is the expected winner.
		 */
		if (o->require_ours && win && !pc_is_ours(win) &&
		    (!is_adiantum(name) || whole))
			bad = 1;
		if (o->require_ours && win && whole && pc_is_instance(win))
			bad = 1;
	}
	printf("adiantum template instances:\n");
	for (i = 0, j = 0; i < n; i++) {
		if (!is_adiantum(algs[i].name) || !pc_is_instance(&algs[i]))
			continue;
		printf("  %-26s -> %s (priority %d, selftest %s)\n",
		       algs[i].name, algs[i].driver, algs[i].priority,
		       algs[i].selftest);
		j++;
	}
	if (!j)
		printf("  (none yet: one appears when dm-crypt or fscrypt asks)\n");
	printf("* = the driver the crypto API picks for new users of the name\n");
	if (o->require_ours && !ours_seen) {
		printf("none of our drivers is registered: modprobe adiantum_x86_adiantum adiantum_x86_chacha adiantum_x86_nhpoly1305\n");
		bad = 1;
	}
	if (status_mappings(algs, n, o->require_ours))
		bad = 1;
	explain_refused();
	free(algs);
	return bad;
}
