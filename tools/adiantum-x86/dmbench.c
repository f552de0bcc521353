// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 bench --dm-crypt: write and read MB/s of dm-crypt on each
 * driver that serves adiantum(xchacha12,aes) and adiantum(xchacha20,aes),
 * at sector sizes 512 and 4096.  The rows are each of our drivers, named
 * by driver in a capi: cipher spec (dm-crypt splits the spec at its last
 * dash: capi:adiantum-xchacha12-aes-ax86-avx2-plain64), and the kernel's
 * adiantum template over the kernel's own best parts, named the same way
 * (capi:adiantum(xchacha12-simd,aes-aesni,nhpoly1305-avx2)-plain64 on
 * 6.x; 7.x takes no hash part: capi:adiantum(xchacha12-lib,aes-lib)-
 * plain64), the parts read from /proc/crypto after the kernel's own part
 * modules are loaded (kparts.c).  cryptsetup refuses capi: specs whose
 * driver names hold dashes, so the mappings are made with dmsetup, their
 * random key given on its standard input.  This is the
 * whole kernel path a volume takes (bios, dm-crypt's workqueues, one
 * request per sector), and needs no AF_ALG: what users on real hardware
 * run to see the speed they get.
 *
 * Under each mapping is a loop device over a file in /dev/shm (tmpfs),
 * not a brd RAM disk: brd's size and number of disks are parameters of
 * the module, fixed when it loads, so with brd loaded already (by someone
 * else, or built in with its 4-16 MiB disks) the tool could neither size
 * nor own a disk, and loading and unloading it would pull a system-wide
 * module from under its other users.  A loop device is made and freed on
 * its own (LOOP_CTL_GET_FREE), exists wherever cryptsetup works, and with
 * LO_FLAGS_AUTOCLEAR and its file unlinked at once, the kernel frees the
 * device and the memory when the last user closes it: a tool killed
 * outright leaves at most its dm-crypt mapping (ax86-bench-PID) behind.
 * The cost: the loop worker copies each request to or from tmpfs, the
 * same for every row; the rows compare, the absolute MB/s sit a little
 * below a raw RAM disk's.
 *
 * Each row writes N MiB in 1 MiB O_DIRECT requests, one at a time, then
 * reads them back the same way; only the system calls are timed, and the
 * data read must be the data written.  Every mapping and the loop device
 * are removed when the row or the run ends, on a failure, and on SIGINT,
 * SIGTERM or SIGHUP (checked between requests).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/loop.h>
#include <linux/magic.h>

#include "../common/rng.h"
#include "tool.h"

#define CHUNK		(1 << 20)
#define SHM_DIR		"/dev/shm"

static const char *const dm_names[] = {
	"adiantum(xchacha12,aes)", "adiantum(xchacha20,aes)",
};
static const int sector_sizes[] = { 512, 4096 };

struct row {
	char name[128];		/* the algorithm name it serves */
	char driver[512];	/* ours, or the template instance */
	int priority;
	bool template;		/* the kernel's template, built by dm-crypt */
};

/* what must go when the run ends, however it ends */
static struct {
	char mapping[64];	/* a dm-crypt mapping exists under this name */
	int dev;		/* the open mapping */
	int loop;		/* the open loop device (autoclear) */
} live = { .dev = -1, .loop = -1 };

/* set by the handler, read between requests (lock-free: signal safe) */
static atomic_int stop_signal;

static void on_signal(int sig)
{
	atomic_store(&stop_signal, sig);
}

/*
 * dmsetup with @argv, @input on its standard input unless NULL; Ctrl-C
 * goes to the tool, which cleans up, not to dmsetup (it would stop half
 * way).  0 if it ran and exited 0.
 */
static int run_dmsetup(const char *const argv[], const char *input)
{
	int pfd[2] = { -1, -1 }, st = 0;
	size_t off = 0, len = input ? strlen(input) : 0;
	ssize_t w;
	pid_t pid;

	if (input && pipe(pfd))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		if (input) {
			dup2(pfd[0], 0);
			close(pfd[0]);
			close(pfd[1]);
		}
		execvp("dmsetup", (char *const *)argv);
		_exit(127);
	}
	if (input) {
		close(pfd[0]);
		while (off < len) {
			w = write(pfd[1], input + off, len - off);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				break;
			off += w;
		}
		close(pfd[1]);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void remove_mapping(void)
{
	const char *const argv[] = {
		"dmsetup", "remove", "--retry", live.mapping, NULL
	};

	if (live.dev >= 0)
		close(live.dev);
	live.dev = -1;
	if (!live.mapping[0])
		return;
	if (run_dmsetup(argv, NULL))
		printf("# bench --dm-crypt: dmsetup remove %s failed: remove it by hand\n",
		       live.mapping);
	live.mapping[0] = '\0';
}

/* everything the run made: the mapping, then the loop device */
static void cleanup(void)
{
	remove_mapping();
	if (live.loop >= 0)
		close(live.loop);	/* autoclear: the kernel detaches it */
	live.loop = -1;
}

/*
 * A loop device over a new file of @bytes in /dev/shm, unlinked at once:
 * its path in @dev, its descriptor in live.loop; 0 or a message in @why
 */
static int loop_setup(size_t bytes, char *dev, size_t devlen, char *why,
		      size_t whylen)
{
	char path[] = SHM_DIR "/adiantum-x86-bench.XXXXXX";
	struct loop_config cfg;
	struct statfs sf;
	int file, ctl, lfd = -1, nr, tries;

	if (statfs(SHM_DIR, &sf) || sf.f_type != TMPFS_MAGIC) {
		snprintf(why, whylen, "no tmpfs at %s", SHM_DIR);
		return -1;
	}
	file = mkstemp(path);
	if (file < 0) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		return -1;
	}
	unlink(path);
	if (ftruncate(file, bytes)) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		close(file);
		return -1;
	}
	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		snprintf(why, whylen, "/dev/loop-control: %s%s",
			 strerror(errno),
			 errno == ENOENT ? " (modprobe loop)" : "");
		close(file);
		return -1;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.fd = file;
	cfg.info.lo_flags = LO_FLAGS_AUTOCLEAR;
	/* another user may take the free device first: try again */
	for (tries = 0; tries < 8; tries++) {
		nr = ioctl(ctl, LOOP_CTL_GET_FREE);
		if (nr < 0)
			break;
		snprintf(dev, devlen, "/dev/loop%d", nr);
		lfd = open(dev, O_RDWR | O_CLOEXEC);
		if (lfd >= 0 && !ioctl(lfd, LOOP_CONFIGURE, &cfg))
			break;
		if (lfd >= 0)
			close(lfd);
		lfd = -1;
		if (errno != EBUSY && errno != ENOENT)
			break;
	}
	if (lfd < 0)
		snprintf(why, whylen, "no loop device: %s", strerror(errno));
	close(ctl);
	close(file);		/* the loop device holds it */
	live.loop = lfd;
	return lfd < 0 ? -1 : 0;
}

/* the device node of mapping @name: /dev/mapper/@name, or /dev/dm-N */
static int open_mapping(const char *name, char *path, size_t len)
{
	struct dirent *de;
	DIR *d;
	int fd;

	snprintf(path, len, "/dev/mapper/%s", name);
	fd = open(path, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (fd >= 0 || errno != ENOENT)
		return fd;
	/* no udev and no node: the kernel's devtmpfs name, from sysfs */
	d = opendir("/sys/block");
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char p[300], buf[128] = "";
		FILE *f;

		if (strncmp(de->d_name, "dm-", 3))
			continue;
		snprintf(p, sizeof(p), "/sys/block/%s/dm/name", de->d_name);
		f = fopen(p, "r");
		if (!f)
			continue;
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
		buf[strcspn(buf, "\n")] = '\0';
		if (strcmp(buf, name))
			continue;
		snprintf(path, len, "/dev/%s", de->d_name);
		closedir(d);
		return open(path, O_RDWR | O_DIRECT | O_CLOEXEC);
	}
	closedir(d);
	errno = ENOENT;
	return -1;
}

static bool registered(const char *driver)
{
	struct pc_alg *algs;
	int n = read_algs(&algs), i;
	bool there = false;

	for (i = 0; i < n; i++)
		if (!strcmp(algs[i].driver, driver))
			there = true;
	free(algs);
	return there;
}

/* ours by priority, highest first */
static int by_priority(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return y->priority - x->priority;
}

/* the rows: --driver's, or ours by priority then the kernel's template */
static int pick_rows(const struct opts *o, struct row *rows, int max)
{
	struct pc_alg *algs;
	const char *why;
	int n, nr = 0, i, j, first;

	/* only the kernel's template row needs them: not with --driver */
	if (!o->driver)
		kparts_load();
	n = read_algs(&algs);
	if (!o->driver)
		kparts_note_generic(algs, n);
	for (j = 0; j < (int)ARRAY_SIZE(dm_names); j++) {
		first = nr;
		for (i = 0; i < n && nr < max; i++) {
			const struct pc_alg *a = &algs[i];

			if (strcmp(a->name, dm_names[j]) || !pc_is_ours(a) ||
			    pc_is_instance(a) ||
			    (o->driver && strcmp(a->driver, o->driver)))
				continue;
			if (strcmp(a->selftest, "passed")) {
				printf("# bench --dm-crypt: %s: self-test '%s', not passed: no row\n",
				       a->driver, a->selftest);
				continue;
			}
			snprintf(rows[nr].name, sizeof(rows[nr].name), "%s",
				 a->name);
			snprintf(rows[nr].driver, sizeof(rows[nr].driver),
				 "%s", a->driver);
			rows[nr].priority = a->priority;
			rows[nr].template = false;
			nr++;
		}
		qsort(rows + first, nr - first, sizeof(rows[0]), by_priority);
		if (o->driver || nr >= max)
			continue;
		if (nr == first)
			printf("# bench --dm-crypt: none of our drivers serves %s (modprobe adiantum_x86_adiantum)\n",
			       dm_names[j]);
		snprintf(rows[nr].name, sizeof(rows[nr].name), "%s",
			 dm_names[j]);
		why = kparts_template(algs, n, dm_names[j], rows[nr].driver,
				      sizeof(rows[nr].driver));
		if (!why) {
			rows[nr].template = true;
			nr++;
		} else {
			printf("# bench --dm-crypt: %s for %s: no row for the kernel's template\n",
			       why, dm_names[j]);
		}
	}
	/* --driver: one of ours, or a template instance named by its parts */
	if (o->driver && !nr && !strncmp(o->driver, "adiantum(", 9) &&
	    strchr(o->driver, ',')) {
		bool x20 = !strncmp(o->driver + 9, "xchacha20", 9);

		snprintf(rows[0].name, sizeof(rows[0].name), "%s",
			 dm_names[x20]);
		snprintf(rows[0].driver, sizeof(rows[0].driver), "%s",
			 o->driver);
		rows[0].template = true;
		nr = 1;
	}
	free(algs);
	return nr;
}

/* block @b of chunk @c: the pattern, stamped with its place */
static void fill_chunk(uint8_t *buf, const uint8_t *pat, uint64_t c)
{
	uint64_t b, id;

	memcpy(buf, pat, CHUNK);
	for (b = 0; b < CHUNK / 4096; b++) {
		id = c << 8 | b;
		memcpy(buf + b * 4096, &id, sizeof(id));
	}
}

struct result {
	double write_mbs, read_mbs;
	char why[400];
};

/* one row at one sector size: 0, or -1 with @r->why */
static int bench_row(const struct opts *o, const struct row *row, int ss,
		     const char *loopdev, const uint8_t *pat, uint8_t *wbuf,
		     uint8_t *rbuf, struct rng *rng, struct result *r)
{
	const char *const create[] = { "dmsetup", "create", live.mapping, NULL };
	uint64_t sectors = (uint64_t)o->mib * 2048, c;
	char table[1024], hex[65], path[300];
	uint8_t key[32];
	double tw = 0, tr = 0, t0;
	ssize_t n;
	int i;

	/* a key of its own per mapping; the clock's stream if no getrandom */
	if (getrandom(key, sizeof(key), 0) != sizeof(key))
		rng_fill(rng, key, sizeof(key));
	for (i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", key[i]);
	memset(key, 0, sizeof(key));
	snprintf(table, sizeof(table), "0 %llu crypt capi:%s-plain64 %s 0 %s 0%s\n",
		 (unsigned long long)sectors, row->driver, hex, loopdev,
		 ss == 512 ? "" : " 1 sector_size:4096");
	memset(hex, 0, sizeof(hex));
	snprintf(live.mapping, sizeof(live.mapping), "ax86-bench-%d",
		 (int)getpid());
	if (run_dmsetup(create, table)) {
		memset(table, 0, sizeof(table));
		snprintf(r->why, sizeof(r->why),
			 "dmsetup create failed (its message above)");
		/* a failed create may leave an empty device behind */
		remove_mapping();
		return -1;
	}
	memset(table, 0, sizeof(table));
	live.dev = open_mapping(live.mapping, path, sizeof(path));
	if (live.dev < 0) {
		snprintf(r->why, sizeof(r->why), "%s: %s", path,
			 strerror(errno));
		return -1;
	}
	for (c = 0; c < (uint64_t)o->mib && !stop_signal; c++) {
		fill_chunk(wbuf, pat, c);
		t0 = now_seconds();
		n = pwrite(live.dev, wbuf, CHUNK, c * CHUNK);
		tw += now_seconds() - t0;
		if (n != CHUNK) {
			snprintf(r->why, sizeof(r->why), "write at %llu MiB: %s",
				 (unsigned long long)c,
				 n < 0 ? strerror(errno) : "short");
			return -1;
		}
	}
	for (c = 0; c < (uint64_t)o->mib && !stop_signal; c++) {
		t0 = now_seconds();
		n = pread(live.dev, rbuf, CHUNK, c * CHUNK);
		tr += now_seconds() - t0;
		if (n != CHUNK) {
			snprintf(r->why, sizeof(r->why), "read at %llu MiB: %s",
				 (unsigned long long)c,
				 n < 0 ? strerror(errno) : "short");
			return -1;
		}
		fill_chunk(wbuf, pat, c);
		if (memcmp(rbuf, wbuf, CHUNK)) {
			snprintf(r->why, sizeof(r->why),
				 "the data read back at %llu MiB differs from what was written",
				 (unsigned long long)c);
			return -1;
		}
	}
	if (stop_signal)
		return -1;
	r->write_mbs = o->mib * (double)CHUNK / tw / 1e6;
	r->read_mbs = o->mib * (double)CHUNK / tr / 1e6;
	return 0;
}

int cmd_dmbench(const struct opts *o)
{
	struct row rows[32];
	struct sigaction sa, old[3];
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	char loopdev[64], why[256];
	uint8_t *pat = NULL, *wbuf = NULL, *rbuf = NULL;
	int nr, i, k, errors = 0, done = 0, status;
	static const char *const version[] = { "dmsetup", "version", NULL };
	struct rng rng;

	if (geteuid() != 0) {
		fprintf(stderr, "adiantum-x86: bench --dm-crypt needs root: it makes a loop device and dm-crypt mappings\n");
		return 2;
	}
	nr = pick_rows(o, rows, ARRAY_SIZE(rows));
	if (!nr) {
		printf("FAIL bench --dm-crypt: %s%s\n",
		       o->driver ? "no adiantum driver named " :
		       "no driver serves adiantum(xchacha12,aes) or adiantum(xchacha20,aes)",
		       o->driver ? o->driver : "");
		return 1;
	}
	/* dmsetup's own output, quiet: only whether it runs */
	fflush(stdout);
	{
		int saved = dup(1), null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 1);
		status = run_dmsetup(version, NULL);
		if (saved >= 0) {
			dup2(saved, 1);
			close(saved);
		}
		if (null >= 0)
			close(null);
	}
	if (status == 127 || status < 0) {
		fprintf(stderr, "adiantum-x86: bench --dm-crypt needs dmsetup (apt-get install dmsetup)\n");
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: waits end early */
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &sa, &old[i]);
	if (posix_memalign((void **)&pat, 4096, CHUNK) ||
	    posix_memalign((void **)&wbuf, 4096, CHUNK) ||
	    posix_memalign((void **)&rbuf, 4096, CHUNK)) {
		fprintf(stderr, "adiantum-x86: out of memory\n");
		exit(2);
	}
	rng_seed(&rng, o->seed, "dm-crypt");
	for (i = 0; i < CHUNK; i += 8) {
		uint64_t x = rng_next(&rng);

		memcpy(pat + i, &x, 8);
	}
	if (loop_setup((size_t)o->mib * CHUNK, loopdev, sizeof(loopdev), why,
		       sizeof(why))) {
		printf("FAIL bench --dm-crypt: %s\n", why);
		errors++;
		goto out;
	}
	printf("%-54s %6s %11s %11s\n", "driver", "sector", "write MB/s",
	       "read MB/s");
	fflush(stdout);
	for (i = 0; i < nr && !stop_signal; i++) {
		bool there = rows[i].template && registered(rows[i].driver);

		for (k = 0; k < (int)ARRAY_SIZE(sector_sizes) && !stop_signal;
		     k++) {
			struct result r = { 0 };

			progress("bench --dm-crypt %s, sector %d", rows[i].driver,
				 sector_sizes[k]);
			if (bench_row(o, &rows[i], sector_sizes[k], loopdev, pat,
				      wbuf, rbuf, &rng, &r)) {
				progress_done();
				remove_mapping();
				if (stop_signal)
					break;
				printf("%-54s %6d %11s %11s\n", rows[i].driver,
				       sector_sizes[k], "error", "error");
				printf("FAIL bench --dm-crypt %s sector %d: %s\n",
				       rows[i].driver, sector_sizes[k], r.why);
				errors++;
			} else {
				progress_done();
				remove_mapping();
				printf("%-54s %6d %11.1f %11.1f\n",
				       rows[i].driver, sector_sizes[k],
				       r.write_mbs, r.read_mbs);
				done++;
			}
			fflush(stdout);
		}
		/* the instance dm-crypt built goes again (instances.c) */
		if (rows[i].template && !there && registered(rows[i].driver))
			remember_instance(rows[i].driver);
	}
out:
	cleanup();
	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &old[i], NULL);
	free(pat);
	free(wbuf);
	free(rbuf);
	if (stop_signal) {
		printf("FAIL bench --dm-crypt: interrupted (signal %d); the mappings and the loop device it made are removed\n",
		       atomic_load(&stop_signal));
		return 1;
	}
	if (done)
		printf("dm-crypt over a loop device on %s (tmpfs), %ld MiB written then read per row in 1 MiB O_DIRECT requests, one at a time; the data read back matched\n",
		       SHM_DIR, o->mib);
	return errors || !done ? 1 : 0;
}
