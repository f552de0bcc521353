// SPDX-License-Identifier: GPL-2.0
/*
 * LD_PRELOAD shim for dracut --hostonly in the test's chroot: the build
 * host (a container) has no /proc/modules, so dracut-install cannot learn
 * which modules "this machine" has loaded and silently makes a
 * no-hostonly set of kernel modules.  Opening /proc/modules opens the
 * file named by AX86_PROC_MODULES instead: the /proc/modules of the
 * installer VM, a machine whose root volume is open on the kernel's own
 * drivers.  Every other path is opened as asked.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

static const char *redirect(const char *path)
{
	const char *to = getenv("AX86_PROC_MODULES");

	if (to && path && strcmp(path, "/proc/modules") == 0)
		return to;
	return path;
}

static void *next(const char *sym)
{
	void *p = dlsym(RTLD_NEXT, sym);

	if (!p)
		abort();
	return p;
}

typedef FILE *(*fopen_fn)(const char *path, const char *mode);
typedef int (*open_fn)(const char *path, int flags, ...);
typedef int (*openat_fn)(int dirfd, const char *path, int flags, ...);

FILE *fopen(const char *path, const char *mode)
{
	fopen_fn real = next("fopen");

	return real(redirect(path), mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	fopen_fn real = next("fopen64");

	return real(redirect(path), mode);
}

/* the mode argument exists only with O_CREAT or O_TMPFILE */
static mode_t mode_of(int flags, va_list ap)
{
	return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
}

int open(const char *path, int flags, ...)
{
	open_fn real = next("open");
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_of(flags, ap);
	va_end(ap);
	return real(redirect(path), flags, mode);
}

int open64(const char *path, int flags, ...)
{
	open_fn real = next("open64");
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_of(flags, ap);
	va_end(ap);
	return real(redirect(path), flags, mode);
}

int openat(int dir, const char *path, int flags, ...)
{
	openat_fn real = next("openat");
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_of(flags, ap);
	va_end(ap);
	return real(dir, redirect(path), flags, mode);
}

int openat64(int dir, const char *path, int flags, ...)
{
	openat_fn real = next("openat64");
	va_list ap;
	mode_t mode;

	va_start(ap, flags);
	mode = mode_of(flags, ap);
	va_end(ap);
	return real(dir, redirect(path), flags, mode);
}
