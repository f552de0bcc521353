// SPDX-License-Identifier: GPL-2.0
/*
 * A small reader for the C initializers of crypto/testmgr.h: a tokenizer
 * that understands comments, string literals with escapes and numbers, and
 * a parser for "name[] = { { .field = value, ... }, ... };".
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testmgr.h"

/* the largest file read: crypto/testmgr.h is under 2 MiB in 6.x */
#define TESTMGR_MAX_SIZE	(64L << 20)

enum tok_type { T_EOF, T_STR, T_NUM, T_IDENT, T_PUNCT };

struct lexer {
	const char *p, *end;
	enum tok_type type;
	char ident[64];
	unsigned char *str;	/* T_STR: bytes, concatenated literals */
	size_t nstr, capstr;
	long num;
	char punct;
};

static void skip_space(struct lexer *lx)
{
	for (;;) {
		while (lx->p < lx->end && isspace((unsigned char)*lx->p))
			lx->p++;
		if (lx->end - lx->p >= 2 && lx->p[0] == '/' && lx->p[1] == '*') {
			const char *e = strstr(lx->p + 2, "*/");

			lx->p = e ? e + 2 : lx->end;
		} else if (lx->end - lx->p >= 2 && lx->p[0] == '/' &&
			   lx->p[1] == '/') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		} else {
			return;
		}
	}
}

static void *grow(void *p, size_t n)
{
	void *q = realloc(p, n);

	if (!q) {
		fprintf(stderr, "testmgr: out of memory (%zu bytes)\n", n);
		exit(2);
	}
	return q;
}

static void str_put(struct lexer *lx, unsigned char c)
{
	if (lx->nstr == lx->capstr) {
		lx->capstr = lx->capstr ? 2 * lx->capstr : 256;
		lx->str = grow(lx->str, lx->capstr);
	}
	lx->str[lx->nstr++] = c;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* \n \t ...; anything else (\\ \" \' \?) stands for itself */
static int simple_escape(int c)
{
	static const char from[] = "ntrabfv";
	static const char to[] = "\n\t\r\a\b\f\v";
	const char *at = c ? strchr(from, c) : NULL;

	return at ? to[at - from] : c;
}

/* one "..." literal, appended to lx->str */
static int lex_string(struct lexer *lx)
{
	lx->p++;
	while (lx->p < lx->end && *lx->p != '"') {
		int c = (unsigned char)*lx->p++, v;

		if (c != '\\') {
			str_put(lx, c);
			continue;
		}
		if (lx->p >= lx->end)
			return -EINVAL;
		c = (unsigned char)*lx->p++;
		switch (c) {
		case 'x':
			/*
			 * C reads every hex digit that follows; a value above
			 * 0xff does not fit a char, and "\x" without a digit
			 * is no escape: both are malformed input
			 */
			if (lx->p >= lx->end || hexval(*lx->p) < 0)
				return -EINVAL;
			v = 0;
			while (lx->p < lx->end && hexval(*lx->p) >= 0) {
				v = v * 16 + hexval(*lx->p++);
				if (v > 0xff)
					return -EINVAL;
			}
			str_put(lx, v);
			break;
		case '0' ... '7':
			v = c - '0';
			for (int i = 0; i < 2 && lx->p < lx->end &&
			     *lx->p >= '0' && *lx->p <= '7'; i++)
				v = v * 8 + (*lx->p++ - '0');
			str_put(lx, v);
			break;
		default:
			str_put(lx, simple_escape(c));
			break;
		}
	}
	if (lx->p >= lx->end)
		return -EINVAL;
	lx->p++;
	return 0;
}

static int next(struct lexer *lx)
{
	skip_space(lx);
	if (lx->p >= lx->end) {
		lx->type = T_EOF;
		return 0;
	}
	if (*lx->p == '"') {
		lx->type = T_STR;
		lx->nstr = 0;
		do {
			if (lex_string(lx))
				return -EINVAL;
			skip_space(lx);
		} while (lx->p < lx->end && *lx->p == '"');
		return 0;
	}
	if (isdigit((unsigned char)*lx->p)) {
		char *e;

		lx->type = T_NUM;
		lx->num = strtol(lx->p, &e, 0);
		lx->p = e;
		while (lx->p < lx->end && isalpha((unsigned char)*lx->p))
			lx->p++;	/* U, L suffixes */
		return 0;
	}
	if (isalpha((unsigned char)*lx->p) || *lx->p == '_') {
		size_t n = 0;

		lx->type = T_IDENT;
		while (lx->p < lx->end && (isalnum((unsigned char)*lx->p) ||
					   *lx->p == '_')) {
			if (n + 1 < sizeof(lx->ident))
				lx->ident[n++] = *lx->p;
			lx->p++;
		}
		lx->ident[n] = 0;
		return 0;
	}
	lx->type = T_PUNCT;
	lx->punct = *lx->p++;
	return 0;
}

static int is_punct(const struct lexer *lx, char c)
{
	return lx->type == T_PUNCT && lx->punct == c;
}

/* ".name = value" with lx at the name; leaves lx at the token after */
static int parse_field(struct lexer *lx, struct tm_vector *v)
{
	struct tm_field *f;
	int depth = 0;

	if (lx->type != T_IDENT || v->nf == 16)
		return -EINVAL;
	f = &v->f[v->nf++];
	snprintf(f->name, sizeof(f->name), "%s", lx->ident);
	if (next(lx) || !is_punct(lx, '=') || next(lx))
		return -EINVAL;
	if (lx->type == T_STR) {
		f->nbytes = lx->nstr;
		f->bytes = grow(NULL, lx->nstr + 1);
		if (lx->nstr)	/* a first literal of "" leaves str NULL */
			memcpy(f->bytes, lx->str, lx->nstr);
		return next(lx);
	}
	if (lx->type == T_NUM) {
		f->num = lx->num;
		return next(lx);
	}
	/* anything else (an expression): not needed, skip it */
	v->nf--;
	while (lx->type != T_EOF) {
		if (depth == 0 && (is_punct(lx, ',') || is_punct(lx, '}')))
			return 0;
		if (is_punct(lx, '(') || is_punct(lx, '{'))
			depth++;
		if (is_punct(lx, ')') || is_punct(lx, '}'))
			depth--;
		if (next(lx))
			return -EINVAL;
	}
	return -EINVAL;
}

/* "{ .a = x, .b = y }" with lx at the '{' */
static int parse_vector(struct lexer *lx, struct tm_vector *v)
{
	memset(v, 0, sizeof(*v));
	if (next(lx))
		return -EINVAL;
	for (;;) {
		if (is_punct(lx, '}'))
			return 0;
		if (is_punct(lx, ',')) {
			if (next(lx))
				return -EINVAL;
			continue;
		}
		if (!is_punct(lx, '.') || next(lx) || parse_field(lx, v))
			return -EINVAL;
	}
}

int testmgr_load(const char *path, const char *tmpl, struct tm_vector **out)
{
	struct lexer lx = { 0 };
	struct tm_vector *vec = NULL;
	char *text, *at, pat[96];
	int n = 0, err = -EINVAL;
	long size;
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return -errno;
	size = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
	/* a directory "ends" at LONG_MAX; testmgr.h is 2 MiB */
	if (size < 0 || size > TESTMGR_MAX_SIZE) {
		fclose(f);
		return size < 0 ? -EIO : -EFBIG;
	}
	rewind(f);
	text = malloc(size + 1);
	if (!text || fread(text, 1, size, f) != (size_t)size) {
		fclose(f);
		free(text);
		return -EIO;
	}
	fclose(f);
	text[size] = 0;

	snprintf(pat, sizeof(pat), " %s[] = {", tmpl);
	at = strstr(text, pat);
	if (!at) {
		free(text);
		return -ENOENT;
	}
	lx.p = at + strlen(pat);
	lx.end = text + size;
	for (;;) {
		if (next(&lx))
			break;
		if (is_punct(&lx, ','))
			continue;
		if (is_punct(&lx, '}')) {
			err = 0;
			break;
		}
		if (!is_punct(&lx, '{'))
			break;
		vec = grow(vec, (n + 1) * sizeof(*vec));
		/* a vector that fails half way is freed with the others */
		if (parse_vector(&lx, &vec[n++]))
			break;
	}
	free(lx.str);
	free(text);
	if (err) {
		testmgr_free(vec, n);
		return err;
	}
	*out = vec;
	return n;
}

void testmgr_free(struct tm_vector *v, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < v[i].nf; j++)
			free(v[i].f[j].bytes);
	free(v);
}

const struct tm_field *tm_get(const struct tm_vector *v, const char *name)
{
	int i;

	for (i = 0; i < v->nf; i++)
		if (!strcmp(v->f[i].name, name))
			return &v->f[i];
	return NULL;
}
