// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86 check without AF_ALG: where AF_ALG is absent (a kernel
 * built without it, its modules blocked) or binds no driver name (Linux
 * 7.3's crypto.af_alg_restrict), the tool cannot reach our drivers from
 * userspace, so it asks each module of ours to check its own drivers:
 * writing 1 to /sys/module/<module>/parameters/selfcheck (root only) runs
 * the module's known answers and its differential against the portable C
 * through the crypto API, by driver name (arch/x86/crypto/variants.h);
 * reading it back gives a line per driver, "PASS <driver> <what>" or
 * "FAIL <driver> <what>".  The tool prints those as its own PASS/FAIL
 * lines, "without AF_ALG", and fails on any FAIL, on any line it cannot
 * read, on a driver of the module that the text leaves out, and when no
 * module of ours is loaded.
 *
 * A test seam: AX86_TEST_SELFCHECK_PLANT=1 writes "plant" instead of 1:
 * the modules then plant a one-bit error in what each comparison reads,
 * and every driver must FAIL (tests/vm/guest-noafalg.sh).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/if_alg.h>

#include "afalg.h"
#include "tool.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* the modules that register drivers; adiantum_x86_core registers none */
static const char *const sc_modules[] = {
	"adiantum_x86_chacha", "adiantum_x86_nhpoly1305",
	"adiantum_x86_adiantum",
};

/* the result of one run is at most a page; allow for more */
#define SC_TEXT_MAX	65536

const char *check_afalg_refused(void)
{
	static char why[320];
	int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	int err = errno, level = ax_afalg_restrict_level(), i, n, ret;
	struct pc_alg *algs;

	if (fd >= 0)
		close(fd);
	if (level == 2)
		return "AF_ALG is switched off on this kernel (crypto.af_alg_restrict = 2)";
	if (fd < 0) {
		snprintf(why, sizeof(why),
			 "AF_ALG is absent on this kernel (socket(AF_ALG): %s)",
			 strerror(err));
		return why;
	}
	if (level)
		return "AF_ALG binds only listed algorithm names on this kernel, none of our driver names (crypto.af_alg_restrict = 1, the default from Linux 7.3)";
	/* any other refusal: one of ours listed, and bind says it is not */
	n = read_algs(&algs);
	for (i = 0; i < n; i++) {
		const struct pc_alg *a = &algs[i];
		bool hash = !strcmp(a->type, "shash");

		if (!pc_is_ours(a) || pc_is_instance(a) ||
		    (strcmp(a->type, "skcipher") && !hash))
			continue;
		ret = ax_probe(hash ? "hash" : "skcipher", a->driver);
		if (ret == -ENOENT) {
			snprintf(why, sizeof(why),
				 "AF_ALG refuses to bind our driver %s (%s) although /proc/crypto lists it",
				 a->driver, strerror(-ret));
			free(algs);
			return why;
		}
		break;
	}
	free(algs);
	return NULL;
}

/* the next line of @p (ended in place), or NULL */
static char *next_line(char **p)
{
	char *line = *p, *end;

	if (!line || !*line)
		return NULL;
	end = strchr(line, '\n');
	if (end) {
		*end = '\0';
		*p = end + 1;
	} else {
		*p = line + strlen(line);
	}
	return line;
}

int selfcheck_report(const char *module, const char *text, bool run_failed,
		     const struct opts *o, const struct pc_alg *algs, int n,
		     int *passed)
{
	char *copy = strdup(text ? text : ""), *p = copy, *line;
	int failed = 0, lines = 0, fails = 0, i;

	if (!copy) {
		fprintf(stderr, "adiantum-x86: out of memory\n");
		exit(2);
	}
	while ((line = next_line(&p))) {
		char verdict[8] = "", drv[160] = "";
		int at = 0;

		if (!*line)
			continue;
		if (sscanf(line, "%7s %159s %n", verdict, drv, &at) < 2 ||
		    (strcmp(verdict, "PASS") && strcmp(verdict, "FAIL"))) {
			printf("FAIL check %s without AF_ALG: the module's self-check says: %.200s\n",
			       module, line);
			failed++;
			continue;
		}
		lines++;
		if (!strcmp(verdict, "FAIL"))
			fails++;
		if (o->driver && strcmp(drv, o->driver))
			continue;
		printf("%s check %s without AF_ALG (%s's self-check): %s\n",
		       verdict, drv, module, line + at);
		if (!strcmp(verdict, "FAIL"))
			failed++;
		else
			++*passed;
	}
	if (!lines && !failed) {
		printf("FAIL check %s without AF_ALG: the module's self-check gave no result\n",
		       module);
		failed++;
	}
	if (run_failed && !fails) {
		printf("FAIL check %s without AF_ALG: the self-check run failed, but no driver's line says FAIL\n",
		       module);
		failed++;
	}
	/* every driver of ours the module registered must be in the text */
	for (i = 0; i < n; i++) {
		const struct pc_alg *a = &algs[i];
		char want[200];

		if (strcmp(a->module, module) || !pc_is_ours(a) ||
		    pc_is_instance(a) || (o->driver && strcmp(a->driver, o->driver)))
			continue;
		snprintf(want, sizeof(want), " %s ", a->driver);
		if (strstr(text ? text : "", want))
			continue;
		printf("FAIL check %s without AF_ALG: registered by %s but not in its self-check\n",
		       a->driver, module);
		failed++;
	}
	free(copy);
	return failed;
}

/* @path's contents, at most SC_TEXT_MAX - 1 bytes; NULL with errno set */
static char *read_text(const char *path)
{
	char *buf = xmalloc(SC_TEXT_MAX);
	size_t len = 0;
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		free(buf);
		return NULL;
	}
	while (len < SC_TEXT_MAX - 1) {
		r = read(fd, buf + len, SC_TEXT_MAX - 1 - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = errno;

			close(fd);
			free(buf);
			errno = err;
			return NULL;
		}
		if (!r)
			break;
		len += r;
	}
	buf[len] = '\0';
	close(fd);
	return buf;
}

/* whether /sys/module/@module exists (the module is loaded) */
static bool module_loaded(const char *module)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "/sys/module/%s", module);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* one module's run: its failures */
static int selfcheck_module(const char *module, const struct opts *o,
			    const struct pc_alg *algs, int n, int *passed)
{
	const char *plant = getenv("AX86_TEST_SELFCHECK_PLANT");
	const char *value = plant && *plant && strcmp(plant, "0") ?
			    "plant\n" : "1\n";
	char path[160], *text;
	int fd, err = 0, failed;
	ssize_t w;

	snprintf(path, sizeof(path), "/sys/module/%s/parameters/selfcheck",
		 module);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			printf("FAIL check %s without AF_ALG: the module has no selfcheck parameter (an older version is loaded: reload it)\n",
			       module);
		else
			printf("FAIL check %s without AF_ALG: %s: %s\n", module,
			       path, strerror(errno));
		return 1;
	}
	progress("self-check of %s", module);
	/* the kernel runs the whole check inside this write */
	w = write(fd, value, strlen(value));
	if (w < 0)
		err = errno;
	close(fd);
	progress_done();
	if (err && err != EBADMSG) {
		printf("FAIL check %s without AF_ALG: writing %.*s to %s: %s\n",
		       module, (int)strlen(value) - 1, value, path,
		       strerror(err));
		return 1;
	}
	text = read_text(path);
	if (!text) {
		printf("FAIL check %s without AF_ALG: reading %s: %s\n", module,
		       path, strerror(errno));
		return 1;
	}
	failed = selfcheck_report(module, text, err == EBADMSG, o, algs, n,
				  passed);
	free(text);
	return failed;
}

int cmd_selfcheck(const struct opts *o)
{
	int i, n, loaded = 0, failed = 0, passed = 0;
	struct pc_alg *algs;

	if (geteuid() != 0) {
		fprintf(stderr, "adiantum-x86: check without AF_ALG runs our modules' self-check through /sys/module/*/parameters/selfcheck, which only root may use: run it as root\n");
		return 2;
	}
	n = read_algs(&algs);
	for (i = 0; i < (int)ARRAY_SIZE(sc_modules); i++) {
		if (!module_loaded(sc_modules[i]))
			continue;
		loaded++;
		failed += selfcheck_module(sc_modules[i], o, algs, n, &passed);
		fflush(stdout);
	}
	free(algs);
	if (!loaded) {
		printf("FAIL check without AF_ALG: none of our modules is loaded (modprobe adiantum_x86_adiantum adiantum_x86_chacha adiantum_x86_nhpoly1305)\n");
		return 1;
	}
	if (o->driver && !passed && !failed) {
		printf("FAIL check without AF_ALG: no driver named %s in the self-check of our loaded modules\n",
		       o->driver);
		return 1;
	}
	return failed ? 1 : 0;
}
