// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 status: the open dm-crypt mappings that use Adiantum, and
 * the driver serving each.
 *
 * The mappings and their cipher specs come from the device mapper itself
 * (the DM_LIST_DEVICES and DM_TABLE_STATUS ioctls on /dev/mapper/control,
 * no dmsetup).  A crypt target's spec names either a driver
 * ("capi:adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)-plain64")
 * or an algorithm name ("xchacha12,aes-adiantum-plain64",
 * "capi:adiantum(xchacha12,aes)-plain64"), for which the crypto API gave
 * the mapping the best driver registered when it was opened; the mapping
 * keeps that transform for its whole life.
 *
 * The kernel does not say which driver a mapping holds.  It is inferred
 * from /proc/crypto: every registered algorithm has refcnt 1, and each
 * transform allocated from it adds 1.  Mappings that name a driver hold
 * that one.  For the mappings opened by a name, the drivers of that name
 * with references beyond theirs are the candidates: one candidate serves
 * them all; with several (a mapping opened before our module was loaded,
 * another after), the counts are told but not which mapping holds which.
 * Other holders of a transform (fscrypt, AF_ALG sockets) count too.
 *
 * The root mapping is the one under "/": the device of the last "/" mount
 * in /proc/self/mountinfo (its MAJOR:MINOR against each mapping's, as
 * /sys/block/dm-N/dev gives them; for btrfs, whose MAJOR:MINOR is
 * anonymous, its source /dev/mapper/NAME or /dev/dm-N), or a mapping below
 * it (LVM on dm-crypt: every MAJOR:MINOR a mapping's table names is below
 * it).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <linux/dm-ioctl.h>

#include "tool.h"

#define MAX_MAPS	256

struct mapping {
	char name[DM_NAME_LEN];
	unsigned int major, minor;
	char spec[160];		/* the crypt target's cipher spec */
	char api[160];		/* what dm-crypt asked the crypto API for */
	char below[512];	/* " MAJ:MIN ..." its table names */
	bool crypt, root;
	const struct pc_alg *drv;	/* named by the table, or NULL */
};

/* a device-mapper ioctl with room for its answer, or NULL with errno */
static struct dm_ioctl *dm_call(int fd, unsigned long req, const char *name,
				uint32_t flags)
{
	size_t len = 16384;
	struct dm_ioctl *io;

	for (;;) {
		io = calloc(1, len);
		if (!io)
			return NULL;
		io->version[0] = DM_VERSION_MAJOR;
		io->data_size = len;
		io->data_start = sizeof(*io);
		io->flags = flags;
		if (name)
			snprintf(io->name, sizeof(io->name), "%s", name);
		if (ioctl(fd, req, io)) {
			int err = errno;

			explicit_bzero(io, len);
			free(io);
			errno = err;
			return NULL;
		}
		if (!(io->flags & DM_BUFFER_FULL_FLAG) && io->data_size <= len &&
		    io->data_start <= io->data_size)
			return io;
		explicit_bzero(io, len);
		free(io);
		if (len >= (16 << 20)) {
			errno = EOVERFLOW;
			return NULL;
		}
		len *= 2;
	}
}

/*
 * The crypto API name of a dm-crypt cipher spec, as dm-crypt makes it:
 * "capi:NAME-ivmode[:ivopts]", or "cipher[:keys]-chainmode-ivmode[:ivopts]"
 * for "chainmode(cipher)".
 */
static void api_of(const char *spec, char *api, size_t len)
{
	char tmp[160], *p, *cipher, *mode;

	snprintf(tmp, sizeof(tmp), "%s", spec);
	api[0] = 0;
	if (!strncmp(tmp, "capi:", 5)) {
		p = tmp + 5;
		if (strrchr(p, ')') && strrchr(p, ':') > strrchr(p, ')'))
			*strrchr(p, ':') = 0;
		if (strrchr(p, '-'))
			*strrchr(p, '-') = 0;
		snprintf(api, len, "%s", p);
		return;
	}
	p = tmp;
	cipher = strsep(&p, "-");
	mode = p ? strsep(&p, "-") : NULL;
	if (!mode || !*mode)
		return;
	cipher[strcspn(cipher, ":")] = 0;
	snprintf(api, len, "%s(%s)", mode, cipher);
}

/* the crypt target's spec, and the devices the table names */
static void read_table(int fd, struct mapping *m)
{
	struct dm_ioctl *io = dm_call(fd, DM_TABLE_STATUS, m->name,
				      DM_STATUS_TABLE_FLAG);
	size_t at, used = 0;
	uint32_t i;

	if (!io)
		return;
	for (i = 0, at = io->data_start; i < io->target_count; i++) {
		struct dm_target_spec *sp = (void *)((char *)io + at);
		char *params = (char *)(sp + 1), *p, *word, *save = NULL;
		size_t room;

		if (at + sizeof(*sp) >= io->data_size)
			break;
		room = io->data_size - at - sizeof(*sp);
		if (!memchr(params, 0, room))
			break;
		sp->target_type[sizeof(sp->target_type) - 1] = 0;
		if (!strcmp(sp->target_type, "crypt") && !m->crypt) {
			m->crypt = true;
			snprintf(m->spec, sizeof(m->spec), "%.*s",
				 (int)strcspn(params, " "), params);
			api_of(m->spec, m->api, sizeof(m->api));
		}
		/* MAJOR:MINOR words name the devices below (never the key) */
		for (p = params; (word = strtok_r(p, " ", &save)); p = NULL) {
			unsigned int a, b;
			char end;

			if (sscanf(word, "%u:%u%c", &a, &b, &end) == 2 &&
			    used + 24 < sizeof(m->below))
				used += snprintf(m->below + used,
						 sizeof(m->below) - used,
						 " %u:%u", a, b);
		}
		if (!sp->next || io->data_start + sp->next <= at)
			break;
		at = io->data_start + sp->next;
	}
	explicit_bzero(io, io->data_size);
	free(io);
}

/*
 * Every mapping, or -errno: -ENOENT when there is no device mapper (no
 * control node), which is not an error for status.
 */
static int read_mappings(struct mapping *maps, int max)
{
	int fd = open("/dev/mapper/control", O_RDWR | O_CLOEXEC), n = 0;
	struct dm_ioctl *io;
	size_t at;

	if (fd < 0)
		return -errno;
	io = dm_call(fd, DM_LIST_DEVICES, NULL, 0);
	if (!io) {
		n = -errno;
		close(fd);
		return n;
	}
	at = io->data_start;
	while (n < max && at + sizeof(struct dm_name_list) < io->data_size) {
		struct dm_name_list *nl = (void *)((char *)io + at);
		size_t room = io->data_size - at - sizeof(*nl);

		if (!nl->dev || !memchr(nl->name, 0, room))
			break;
		memset(&maps[n], 0, sizeof(maps[n]));
		snprintf(maps[n].name, sizeof(maps[n].name), "%s", nl->name);
		maps[n].major = major(nl->dev);
		maps[n].minor = minor(nl->dev);
		n++;
		if (!nl->next)
			break;
		at += nl->next;
	}
	free(io);
	for (at = 0; at < (size_t)n; at++)
		read_table(fd, &maps[at]);
	close(fd);
	return n;
}

/*
 * MAJOR:MINOR and the source (the field after the file system type) of
 * the last "/" mount, or false.  Btrfs reports an anonymous MAJOR:MINOR:
 * its source, /dev/mapper/NAME or /dev/dm-N, names the mapping then.
 */
static bool root_dev(unsigned int *maj, unsigned int *min, char *src,
		     size_t srclen)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char line[1024], mnt[8], dev[256];
	unsigned int a, b;
	bool found = false;
	const char *sep;

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*u %*u %u:%u %*s %7s", &a, &b, mnt) != 3 ||
		    strcmp(mnt, "/"))
			continue;
		*maj = a;
		*min = b;
		src[0] = 0;
		sep = strstr(line, " - ");
		if (sep && sscanf(sep, " - %*s %255s", dev) == 1)
			snprintf(src, srclen, "%s", dev);
		found = true;
	}
	fclose(f);
	return found;
}

/* is @src, a mount's source, the node of mapping @m? */
static bool is_node_of(const char *src, const struct mapping *m)
{
	char node[DM_NAME_LEN + 16];

	snprintf(node, sizeof(node), "/dev/mapper/%s", m->name);
	if (!strcmp(src, node))
		return true;
	snprintf(node, sizeof(node), "/dev/dm-%u", m->minor);
	return !strcmp(src, node);
}

/* mark the mappings under "/": the root device and what its tables name */
static void mark_root(struct mapping *maps, int n)
{
	unsigned int maj, min;
	bool more = true;
	char dev[24], src[256];
	int i, j;

	if (!root_dev(&maj, &min, src, sizeof(src)))
		return;
	for (i = 0; i < n; i++)
		maps[i].root = (maps[i].major == maj && maps[i].minor == min) ||
			       is_node_of(src, &maps[i]);
	while (more) {
		more = false;
		for (i = 0; i < n; i++) {
			if (!maps[i].root)
				continue;
			for (j = 0; j < n; j++) {
				snprintf(dev, sizeof(dev), " %u:%u", maps[j].major,
					 maps[j].minor);
				if (!maps[j].root && strstr(maps[i].below, dev)) {
					/* " 253:1" must not match " 253:10" */
					const char *at = strstr(maps[i].below, dev);

					if (at[strlen(dev)] == ' ' || !at[strlen(dev)]) {
						maps[j].root = true;
						more = true;
					}
				}
			}
		}
	}
}

/* our whole-construction driver, not a template instance */
static bool ours_whole(const struct pc_alg *a)
{
	return is_adiantum(a->name) && pc_is_ours(a) && !pc_is_instance(a);
}

/* adiantum_x86_adiantum in the running kernel's module tree */
static bool ours_installed(void)
{
	struct utsname u;
	char path[256], line[1024];
	bool found = false;
	FILE *f;

	if (uname(&u))
		return false;
	snprintf(path, sizeof(path), "/lib/modules/%s/modules.dep", u.release);
	f = fopen(path, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		const char *ko = strstr(line, "/adiantum_x86_adiantum.ko");
		const char *colon = strchr(line, ':');

		/* the module's own line, not one that depends on it */
		found = ko && colon && ko < colon;
	}
	fclose(f);
	return found;
}

/* mappings of @maps that name @a by driver */
static int named_by(const struct mapping *maps, int n, const struct pc_alg *a)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += maps[i].drv == a;
	return k;
}

/* what to do about a mapping on the kernel's template although ours is there */
static void advise(const struct mapping *m, bool registered)
{
	const char *spec = m->drv &&
			   !strncmp(m->drv->name, "adiantum(xchacha20", 18) ?
			   "xchacha20,aes" : "xchacha12,aes";

	if (m->drv && m->root)
		printf("    its table names the driver %s: give the root's crypttab entry the cipher %s-adiantum-plain64, run update-initramfs -u and reboot\n",
		       m->drv->driver, spec);
	else if (m->drv)
		printf("    close and reopen it (cryptsetup close/open) as %s-adiantum-plain64 to move it to ours: its table names the driver %s, which a reopen with the same table keeps\n",
		       spec, m->drv->driver);
	else if (m->root)
		printf("    the root file system's mapping was opened by an initramfs without our modules: run update-initramfs -u and reboot\n");
	else
		printf("    close and reopen it (cryptsetup close/open) to move it to ours%s\n",
		       registered ? "" : " (modprobe adiantum_x86_adiantum first)");
}

int status_mappings(const struct pc_alg *algs, int n, bool require_ours)
{
	struct mapping *maps = xmalloc(MAX_MAPS * sizeof(*maps));
	int nm = read_mappings(maps, MAX_MAPS), i, j, shown = 0, bad = 0;
	bool installed = ours_installed();

	printf("dm-crypt mappings using Adiantum:\n");
	if (nm == -ENOENT) {
		printf("  (none: no device mapper, /dev/mapper/control is missing)\n");
		free(maps);
		return 0;
	}
	/* unread mappings are not mappings on ours: --require-ours fails */
	if (nm < 0) {
		printf("  (unknown: cannot read the device mapper's mappings: %s%s)\n",
		       strerror(-nm), nm == -EACCES || nm == -EPERM ?
		       "; run as root to see them" : "");
		free(maps);
		return require_ours;
	}
	mark_root(maps, nm);
	for (i = 0; i < nm; i++)
		for (j = 0; j < n && maps[i].crypt; j++)
			if (!strcmp(algs[j].driver, maps[i].api))
				maps[i].drv = &algs[j];
	for (i = 0; i < nm; i++) {
		struct mapping *m = &maps[i];
		const struct pc_alg *cand[8];
		int holders[8], nc = 0, on_tmpl = 0, by_name = 0;
		bool registered = have_ours(algs, n, m->drv ? m->drv->name : m->api);
		bool there = registered || installed;

		if (!m->crypt || !is_adiantum(m->api))
			continue;
		shown++;
		printf("  %s (dm-%u%s): %s\n", m->name, m->minor,
		       m->root ? ", holds /" : "", m->spec);
		if (m->drv) {
			printf("    served by %s (named by its table)%s\n",
			       m->drv->driver, ours_whole(m->drv) ? ": ours" : "");
			if (!ours_whole(m->drv) && there) {
				printf("    on the kernel's template although ours is %s\n",
				       registered ? "registered" : "installed");
				advise(m, registered);
				bad = 1;
			}
			continue;
		}
		/* opened by name: the drivers of the name holding more */
		for (j = 0; j < nm; j++)
			by_name += maps[j].crypt && !maps[j].drv &&
				   !strcmp(maps[j].api, m->api);
		for (j = 0; j < n && nc < 8; j++) {
			int h = algs[j].refcnt - 1 - named_by(maps, nm, &algs[j]);

			if (strcmp(algs[j].name, m->api) || h <= 0)
				continue;
			cand[nc] = &algs[j];
			holders[nc++] = h;
			on_tmpl += !ours_whole(&algs[j]) ? h : 0;
		}
		if (!nc) {
			printf("    served by: unknown (no %s driver in /proc/crypto holds a reference)\n",
			       m->api);
			bad = 1;
			continue;
		}
		if (nc == 1) {
			printf("    served by %s (the one %s driver holding references: %d)%s\n",
			       cand[0]->driver, m->api, holders[0],
			       ours_whole(cand[0]) ? ": ours" : "");
		} else {
			printf("    served by one of:");
			for (j = 0; j < nc; j++)
				printf("%s %s (%d)", j ? "," : "", cand[j]->driver,
				       holders[j]);
			printf(" - the references held; %d mapping%s opened as %s, /proc/crypto does not tell which holds which\n",
			       by_name, by_name == 1 ? "" : "s", m->api);
		}
		if (on_tmpl && there) {
			printf("    %son the kernel's template although ours is %s\n",
			       nc > 1 ? "perhaps " : "",
			       registered ? "registered" : "installed");
			advise(m, registered);
			bad = 1;
		}
	}
	if (!shown)
		printf("  (none open)\n");
	free(maps);
	return require_ours ? bad : 0;
}
