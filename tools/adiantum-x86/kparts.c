// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 bench --dm-crypt's baseline: the kernel's adiantum template
 * over the kernel's own best parts, as a driver name for a capi: spec.
 *
 * The kernel's SIMD parts sit in modules of their own (aesni_intel,
 * chacha_x86_64, nhpoly1305_avx2) that nothing may have loaded: our
 * modules serve the volumes, so nobody asked for them, and a row over
 * what /proc/crypto lists would compare ours with aes-generic where the
 * kernel has aes-aesni.  So before picking the parts, the tool loads the
 * kernel's own modules for each part's name (modprobe -q each module
 * modules.alias lists as crypto-NAME, ours left out; one that does not
 * load, as on a CPU without the instructions, is skipped), waits for
 * their self-tests, and says which it loaded.  They stay loaded: the
 * kernel's best is what a volume of the template would get.  A better
 * part registering makes the kernel drop the template instances built
 * over the older one, as it does whenever such a module loads (udev's
 * aesni_intel at boot); a mapping keeps the transform it holds.  On a kernel
 * whose template takes the nhpoly1305 part (6.x) there is no row when
 * the kernel's own nhpoly1305 is missing: the two-part form would look
 * nhpoly1305 up by name and get ours, a baseline of ours under the
 * kernel's name.
 *
 * aes_ti (aes-fixed-time, priority 101) is left out: nothing loads it on
 * a running system (aes-generic is built in, so no lookup of "aes" asks
 * for a module, and it has no CPU alias for udev), and loaded it would
 * outrank aes-generic for every later user of "aes" on the machine.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tool.h"

/*
 * The best driver of @name and @type that is the kernel's own: not ours,
 * no template instance, no internal one, self-test passed; NULL if none
 */
static const struct pc_alg *kernel_part(const struct pc_alg *algs, int n,
					const char *name, const char *type)
{
	const struct pc_alg *best = NULL;
	int i;

	for (i = 0; i < n; i++) {
		const struct pc_alg *a = &algs[i];

		if (strcmp(a->name, name) || strcmp(a->type, type) ||
		    pc_is_ours(a) || pc_is_instance(a) ||
		    !strncmp(a->driver, "__", 2) ||
		    strcmp(a->selftest, "passed"))
			continue;
		if (!best || a->priority > best->priority)
			best = a;
	}
	return best;
}

/*
 * The parts of the kernel's template: the names it looks them up by and
 * the type it takes of each (nhpoly1305 up to 6.x only: 7.x has NH as a
 * library inside the template)
 */
static const struct {
	const char *name, *type;
} parts[] = {
	{ "xchacha12", "skcipher" }, { "xchacha20", "skcipher" },
	{ "aes", "cipher" }, { "nhpoly1305", "shash" },
};

#define PART_NH		3

/* a module of the kernel's that modules.alias lists for a part */
struct part_mod {
	char name[64];
	unsigned int parts;	/* bit i: alias crypto-<parts[i].name> */
	bool before;		/* loaded before the tool asked */
	bool after;		/* loaded after it asked */
};

static struct {
	struct part_mod mod[32];
	int n;
	bool no_index;		/* no modules.alias to read */
	bool no_modprobe;	/* modprobe would not run */
} kmods;

static int part_index(const char *name)
{
	int i;

	for (i = 0; i < (int)ARRAY_SIZE(parts); i++)
		if (!strcmp(name, parts[i].name))
			return i;
	return -1;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);

	return a >= b && !strcmp(s + a - b, tail);
}

/* a module of that name is loaded (a module of the tree: none built in) */
static bool module_loaded(const char *name)
{
	char path[128];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/%s", name);
	return !stat(path, &st);
}

/* a module the tool loaded: not loaded before, loaded now */
static bool loaded_by_us(const char *name)
{
	int k;

	for (k = 0; k < kmods.n; k++)
		if (!strcmp(kmods.mod[k].name, name))
			return kmods.mod[k].after && !kmods.mod[k].before;
	return false;
}

/* the kernel's own modules for the parts: modules.alias's crypto-NAME */
static void find_part_modules(void)
{
	char path[320], alias[160], mod[64], *line = NULL, *c;
	struct utsname u;
	size_t cap = 0;
	FILE *f = NULL;
	int i, k;

	if (!uname(&u)) {
		snprintf(path, sizeof(path), "/lib/modules/%s/modules.alias",
			 u.release);
		f = fopen(path, "re");
	}
	if (!f) {
		kmods.no_index = true;
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		if (sscanf(line, "alias %159s %63s", alias, mod) != 2 ||
		    strncmp(alias, "crypto-", 7))
			continue;
		/* /sys/module's spelling; modprobe takes either */
		for (c = mod; *c; c++)
			if (*c == '-')
				*c = '_';
		i = part_index(alias + 7);
		/* ours registers nhpoly1305 too: never the kernel's part */
		if (i < 0 || !strncmp(mod, "adiantum_x86_", 13) ||
		    !strcmp(mod, "aes_ti"))
			continue;
		for (k = 0; k < kmods.n && strcmp(kmods.mod[k].name, mod); k++)
			;
		if (k == kmods.n) {
			if (k == (int)ARRAY_SIZE(kmods.mod))
				continue;
			snprintf(kmods.mod[k].name, sizeof(kmods.mod[k].name),
				 "%s", mod);
			kmods.n++;
		}
		kmods.mod[k].parts |= 1u << i;
	}
	free(line);
	fclose(f);
}

/* modprobe -q @mod, its status ignored; false if modprobe will not run */
static bool modprobe(const char *mod)
{
	char *const argv[] = { "modprobe", "-q", (char *)mod, NULL };
	pid_t pid;
	int st;

	if (posix_spawnp(&pid, "modprobe", NULL, NULL, argv, environ))
		return false;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			break;
	return true;
}

/*
 * Wait, up to 5 s, until the part drivers the tool's modprobes registered
 * have passed their self-tests: from 6.12 the kernel tests a new
 * algorithm after modprobe returns (a larval stands for it meanwhile), and
 * kernel_part() takes only tested drivers
 */
static void settle_part_modules(void)
{
	struct pc_alg *algs;
	int n, i, tries, pending;

	for (tries = 0; tries < 50; tries++) {
		n = read_algs(&algs);
		pending = 0;
		for (i = 0; i < n; i++)
			if (part_index(algs[i].name) >= 0 &&
			    loaded_by_us(algs[i].module) &&
			    strcmp(algs[i].selftest, "passed"))
				pending++;
		free(algs);
		if (!pending)
			return;
		usleep(100000);
	}
}

/*
 * Load the kernel's own modules for the template's parts (the top
 * comment says why) and say which it loaded; a module that does not load
 * (ENODEV: the CPU lacks its instructions) is left out
 */
void kparts_load(void)
{
	char list[512] = "";
	size_t len = 0;
	int k;

	find_part_modules();
	for (k = 0; k < kmods.n; k++)
		kmods.mod[k].before = module_loaded(kmods.mod[k].name);
	for (k = 0; k < kmods.n && !kmods.no_modprobe; k++)
		if (!kmods.mod[k].before && !modprobe(kmods.mod[k].name))
			kmods.no_modprobe = true;
	for (k = 0; k < kmods.n; k++) {
		struct part_mod *m = &kmods.mod[k];

		m->after = module_loaded(m->name);
		if (m->after && !m->before && len < sizeof(list))
			len += snprintf(list + len, sizeof(list) - len, " %s",
					m->name);
	}
	if (list[0])
		settle_part_modules();
	if (kmods.no_index)
		printf("# bench --dm-crypt: no modules.alias for this kernel: the kernel's template takes the parts registered now\n");
	else if (kmods.no_modprobe)
		printf("# bench --dm-crypt: modprobe does not run: the kernel's template takes the parts registered now\n");
	if (list[0])
		printf("# bench --dm-crypt: loaded the kernel's own part modules for its template:%s\n",
		       list);
}

/*
 * A part the template gets in its -generic form while a module of the
 * kernel's for it would not load (a CPU without AES-NI or AVX2): one
 * line, so that a slow template row is not read as the kernel's best
 * the hardware allows
 */
void kparts_note_generic(const struct pc_alg *algs, int n)
{
	const struct pc_alg *best;
	char list[256];
	size_t len;
	int i, k, nr;

	for (i = 0; i < (int)ARRAY_SIZE(parts) && !kmods.no_modprobe; i++) {
		best = kernel_part(algs, n, parts[i].name, parts[i].type);
		if (!best || !ends_with(best->driver, "-generic"))
			continue;
		list[0] = '\0';
		len = 0;
		nr = 0;
		for (k = 0; k < kmods.n; k++) {
			const struct part_mod *m = &kmods.mod[k];

			if (!(m->parts & 1u << i) || m->after ||
			    !strcmp(m->name, best->module) ||
			    ends_with(m->name, "_generic") || len >= sizeof(list))
				continue;
			len += snprintf(list + len, sizeof(list) - len, " %s",
					m->name);
			nr++;
		}
		if (nr)
			printf("# bench --dm-crypt: the kernel's template gets %s for %s: its module%s%s would not load (modprobe -q failed; this CPU may lack the instructions)\n",
			       best->driver, parts[i].name, nr > 1 ? "s" : "",
			       list);
	}
}

/*
 * The kernel's adiantum template for @name over its best parts, as a
 * driver name in @out: NULL, or why the kernel has none
 */
const char *kparts_template(const struct pc_alg *algs, int n, const char *name,
			   char *out, size_t len)
{
	char stream[32];
	const struct pc_alg *s, *b, *h;
	bool own_nh = false;
	int k;

	snprintf(stream, sizeof(stream), "%.*s", (int)strcspn(name + 9, ","),
		 name + 9);
	s = kernel_part(algs, n, stream, "skcipher");
	b = kernel_part(algs, n, "aes", "cipher");
	/* 6.x: a third part, the kernel's nhpoly1305; 7.x has none */
	h = kernel_part(algs, n, "nhpoly1305", "shash");
	for (k = 0; k < kmods.n; k++)
		if (kmods.mod[k].parts & 1u << PART_NH)
			own_nh = true;
	if (!s || !b)
		return "the kernel has no stream cipher or AES of its own";
	/*
	 * A kernel with nhpoly1305 modules of its own has the three-part
	 * template; its two-part form would look nhpoly1305 up by name and
	 * get ours, a row of ours under the kernel's name
	 */
	if (!h && own_nh)
		return "the kernel's own nhpoly1305 is not registered (its modules would not load or not pass their self-tests), and the template's two-part form would take ours";
	if (h)
		snprintf(out, len, "adiantum(%s,%s,%s)", s->driver, b->driver,
			 h->driver);
	else
		snprintf(out, len, "adiantum(%s,%s)", s->driver, b->driver);
	return NULL;
}
