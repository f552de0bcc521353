// SPDX-License-Identifier: GPL-2.0
/*
 * adiantum-x86: what every command needs besides the crypto: memory,
 * the clock, and the progress line on a terminal.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "adiantum-x86: out of memory (%zu bytes)\n", n);
		exit(2);
	}
	return p;
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void progress(const char *fmt, ...)
{
	va_list ap;

	if (!isatty(2))
		return;
	va_start(ap, fmt);
	fputs("\r\033[K", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void progress_done(void)
{
	if (isatty(2))
		fputs("\r\033[K", stderr);
}
