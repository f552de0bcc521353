// SPDX-License-Identifier: GPL-2.0
/*
 * An in-process stand-in for the kernel under the adiantum-x86 tool, for
 * its sanitizer build on a host without AF_ALG (mk/toolsan.mk).  The tool
 * is linked unchanged with -Wl,--wrap=<call> for each call below, so its
 * own afalg.c, proc_crypto.c and status.c run against:
 *
 * - AF_ALG sockets (socket, bind, setsockopt, getsockopt, accept, sendmsg,
 *   splice, recv, close) serving the drivers listed in a fake
 *   /proc/crypto: chacha20, xchacha20, xchacha12 and nhpoly1305 from the
 *   portable C of crypto/ (portable_ref.c), the adiantum names by the
 *   portable composition with OpenSSL's AES (stub_adiantum.c): check's
 *   testmgr.h vectors pass as through the kernel, and fuzz compares the
 *   stub with itself (what it tests is the tool's handling of memory);
 * - NETLINK_CRYPTO: every CRYPTO_MSG_DELALG is acknowledged;
 * - files under /proc, /sys and /lib, read from $AX86_STUB_ROOT instead;
 * - the device-mapper ioctls on /dev/mapper/control (DM_LIST_DEVICES,
 *   DM_TABLE_STATUS), from $AX86_STUB_ROOT/dm: one line per mapping,
 *   "NAME MAJOR MINOR TARGET PARAMS...".
 *
 * - the selfcheck parameters of our modules: a write to a
 *   /sys/module/.../parameters/selfcheck goes to that file's name plus
 *   ".written" under $AX86_STUB_ROOT (what the tool wrote, appended), a
 *   read gets the file itself (the result the test laid out).
 *
 * $AX86_STUB_LOG, when set, gets a line "bind TYPE NAME" for every bind,
 * with the name exactly as it reached the socket.  $AX86_STUB_BUF_MAX caps
 * SO_SNDBUF/SO_RCVBUF (default 128 MiB).  $AX86_STUB_NO_AFALG=1: no
 * AF_ALG (socket fails with EAFNOSUPPORT, as on a kernel without it);
 * $AX86_STUB_RESTRICT=1: bind takes the algorithm names of Linux 7.3's
 * allowlist only, never a driver name (ENOENT).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include <linux/cryptouser.h>
#include <linux/dm-ioctl.h>
#include <linux/if_alg.h>
#include <linux/netlink.h>

#include "../../tools/adiantum-x86/portable_ref.h"
#include "stub_adiantum.h"
#include "stub_real.h"


enum kind { K_NONE, K_ALG, K_OP, K_NETLINK, K_DM };

struct sock {
	enum kind kind;
	bool hash;		/* type "hash", else "skcipher" */
	bool keyed;
	char alg[128];		/* the algorithm name the driver serves */
	uint8_t key[1088];
	size_t keylen;
	int sndbuf, rcvbuf;
	/* an operation: its input, then its output */
	bool decrypt, ended, done;
	uint8_t iv[32];
	uint8_t *data;
	size_t len, cap, out_len, out_at;
	int err;
	int nl_err;		/* netlink: the ack to give */
	bool nl_pending;
};

#define MAX_FD	4096
static struct sock *socks[MAX_FD];

static void log_line(const char *fmt, ...)
{
	const char *path = getenv("AX86_STUB_LOG");
	va_list ap;
	FILE *f;

	if (!path)
		return;
	f = __real_fopen(path, "a");
	if (!f)
		return;
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fclose(f);
}

static const char *root(void)
{
	return getenv("AX86_STUB_ROOT");
}

/* @path under $AX86_STUB_ROOT if it is a /proc, /sys or /lib path */
static const char *moved(const char *path, char *buf, size_t len)
{
	if (!root() || (strncmp(path, "/proc/", 6) && strncmp(path, "/sys/", 5) &&
			strncmp(path, "/lib/", 5)))
		return path;
	snprintf(buf, len, "%s%s", root(), path);
	return buf;
}

FILE *__wrap_fopen(const char *path, const char *mode)
{
	char buf[4096];

	return __real_fopen(moved(path, buf, sizeof(buf)), mode);
}

static struct sock *new_sock(enum kind kind)
{
	int fd = __real_open("/dev/null", O_RDONLY | O_CLOEXEC);
	struct sock *s;

	if (fd < 0)
		return NULL;
	if (fd >= MAX_FD) {
		__real_close(fd);
		errno = EMFILE;
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		__real_close(fd);
		errno = ENOMEM;
		return NULL;
	}
	s->kind = kind;
	s->sndbuf = s->rcvbuf = 212992;
	socks[fd] = s;
	return s;
}

static int fd_of(const struct sock *s)
{
	int fd;

	for (fd = 0; fd < MAX_FD; fd++)
		if (socks[fd] == s)
			return fd;
	return -1;
}

static struct sock *sock_of(int fd)
{
	return fd >= 0 && fd < MAX_FD ? socks[fd] : NULL;
}

int __wrap_socket(int domain, int type, int protocol)
{
	struct sock *s;

	if (domain == AF_ALG && getenv("AX86_STUB_NO_AFALG")) {
		errno = EAFNOSUPPORT;
		return -1;
	}
	if (domain == AF_NETLINK && protocol == NETLINK_CRYPTO)
		s = new_sock(K_NETLINK);
	else if (domain == AF_ALG)
		s = new_sock(K_ALG);
	else
		return __real_socket(domain, type, protocol);
	return s ? fd_of(s) : -1;
}

int __wrap_close(int fd)
{
	struct sock *s = sock_of(fd);

	if (s) {
		free(s->data);
		free(s);
		socks[fd] = NULL;
	}
	return __real_close(fd);
}

/*
 * The algorithm name of driver (or name) @drv in the fake /proc/crypto,
 * or false.  A template instance "adiantum(a,b[,c])" is there if each of
 * its drivers is: it serves adiantum(<a's name>,aes).
 */
static bool lookup(const char *drv, char *alg, size_t alglen)
{
	char path[4096], line[512], name[128] = "", inner[256];
	bool found = false;
	size_t n;
	FILE *f;

	if (!strncmp(drv, "adiantum(", 9) && drv[strlen(drv) - 1] == ')') {
		char *p, *save = NULL, stream[128] = "";
		bool all = true;
		int args = 0;

		snprintf(inner, sizeof(inner), "%.*s", (int)strlen(drv) - 10,
			 drv + 9);
		for (p = strtok_r(inner, ",", &save); p;
		     p = strtok_r(NULL, ",", &save), args++) {
			char a[128];

			if (!lookup(p, a, sizeof(a)))
				all = false;
			else if (!args)
				snprintf(stream, sizeof(stream), "%s", a);
		}
		if (all && args >= 2 && strstr(stream, "chacha")) {
			snprintf(alg, alglen, "adiantum(%s,aes)", stream);
			return true;
		}
	}
	snprintf(path, sizeof(path), "%s/proc/crypto", root() ? root() : "");
	f = __real_fopen(path, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		n = strcspn(line, " :");
		if (n == 4 && !strncmp(line, "name", 4))
			snprintf(name, sizeof(name), "%s",
				 line + strcspn(line, ":") + 2);
		if ((n == 6 && !strncmp(line, "driver", 6) &&
		     !strcmp(line + strcspn(line, ":") + 2, drv)) ||
		    !strcmp(name, drv))
			found = true;
	}
	fclose(f);
	if (found)
		snprintf(alg, alglen, "%s", name);
	return found;
}

/* as the kernel does on the first bind: list a new template instance */
static void register_instance(const char *drv, const char *alg)
{
	char path[4096], line[512], want[512];
	bool there = false;
	FILE *f;

	if (!strchr(drv, '('))
		return;
	snprintf(path, sizeof(path), "%s/proc/crypto", root() ? root() : "");
	snprintf(want, sizeof(want), "driver       : %s\n", drv);
	f = __real_fopen(path, "r");
	while (f && !there && fgets(line, sizeof(line), f))
		there = !strcmp(line, want);
	if (f)
		fclose(f);
	if (there)
		return;
	f = __real_fopen(path, "a");
	if (!f)
		return;
	fprintf(f, "name         : %s\n%smodule       : kernel\npriority     : 100\nrefcnt       : 1\nselftest     : passed\ninternal     : no\ntype         : skcipher\n\n",
		alg, want);
	fclose(f);
}

int __wrap_bind(int fd, const struct sockaddr *sa, socklen_t len)
{
	const struct sockaddr_alg_new *a = (const void *)sa;
	struct sock *s = sock_of(fd);
	size_t max;
	char name[256];

	if (!s)
		return __real_bind(fd, sa, len);
	if (s->kind != K_ALG || len < sizeof(*a) || a->salg_family != AF_ALG) {
		errno = EINVAL;
		return -1;
	}
	/* the kernel: the name ends within @len, at most 127 characters */
	max = len - sizeof(*a);
	if (!memchr(a->salg_name, 0, max) || strlen((char *)a->salg_name) >= 128) {
		errno = EINVAL;
		return -1;
	}
	snprintf(name, sizeof(name), "%s", (const char *)a->salg_name);
	log_line("bind %.14s %s\n", (const char *)a->salg_type, name);
	if (getenv("AX86_STUB_RESTRICT") &&
	    strcmp(name, "adiantum(xchacha12,aes)") &&
	    strcmp(name, "adiantum(xchacha20,aes)")) {
		errno = ENOENT;
		return -1;
	}
	if (strcmp((char *)a->salg_type, "skcipher") &&
	    strcmp((char *)a->salg_type, "hash")) {
		errno = ENOENT;
		return -1;
	}
	if (!lookup(name, s->alg, sizeof(s->alg)) ||
	    (!strcmp((char *)a->salg_type, "hash")) !=
	    !strcmp(s->alg, "nhpoly1305")) {
		errno = ENOENT;
		return -1;
	}
	s->hash = !strcmp(s->alg, "nhpoly1305");
	register_instance(name, s->alg);
	return 0;
}

static int buf_max(void)
{
	const char *m = getenv("AX86_STUB_BUF_MAX");

	return m ? atoi(m) : 128 << 20;
}

int __wrap_setsockopt(int fd, int level, int name, const void *v,
		      socklen_t len)
{
	struct sock *s = sock_of(fd);
	size_t want;

	if (!s)
		return __real_setsockopt(fd, level, name, v, len);
	if (level == SOL_ALG && name == ALG_SET_KEY && s->kind == K_ALG) {
		want = s->hash ? 1088 : 32;
		if (len != want || !v) {
			errno = EINVAL;
			return -1;
		}
		memcpy(s->key, v, len);
		s->keylen = len;
		s->keyed = true;
		return 0;
	}
	if (level == SOL_SOCKET && len == sizeof(int)) {
		int x = *(const int *)v * 2;

		if (x > buf_max())
			x = buf_max();
		if (name == SO_SNDBUF || name == SO_SNDBUFFORCE)
			s->sndbuf = x;
		else if (name == SO_RCVBUF || name == SO_RCVBUFFORCE)
			s->rcvbuf = x;
		else
			goto inval;
		return 0;
	}
inval:
	errno = EINVAL;
	return -1;
}

int __wrap_getsockopt(int fd, int level, int name, void *v, socklen_t *len)
{
	struct sock *s = sock_of(fd);

	if (!s)
		return __real_getsockopt(fd, level, name, v, len);
	if (level != SOL_SOCKET || *len < sizeof(int) ||
	    (name != SO_SNDBUF && name != SO_RCVBUF)) {
		errno = EINVAL;
		return -1;
	}
	*(int *)v = name == SO_SNDBUF ? s->sndbuf : s->rcvbuf;
	*len = sizeof(int);
	return 0;
}

int __wrap_accept(int fd, struct sockaddr *sa, socklen_t *len)
{
	struct sock *s = sock_of(fd), *op;

	if (!s)
		return __real_accept(fd, sa, len);
	if (s->kind != K_ALG || !s->alg[0]) {
		errno = EINVAL;
		return -1;
	}
	if (!s->keyed) {
		errno = ENOKEY;
		return -1;
	}
	op = new_sock(K_OP);
	if (!op)
		return -1;
	op->hash = s->hash;
	op->keyed = true;
	memcpy(op->alg, s->alg, sizeof(op->alg));
	memcpy(op->key, s->key, sizeof(op->key));
	op->keylen = s->keylen;
	return fd_of(op);
}

static unsigned int ivsize(const struct sock *s)
{
	return s->hash ? 0 : strcmp(s->alg, "chacha20") ? 32 : 16;
}

/* a new operation starts once the last one's output has been read */
static void op_reset(struct sock *s)
{
	if (!s->done)
		return;
	s->len = s->out_len = s->out_at = 0;
	s->ended = s->done = false;
	s->err = 0;
}

static int op_append(struct sock *s, const void *p, size_t n)
{
	if (!n)
		return 0;
	if (s->len + n > s->cap) {
		size_t cap = (s->len + n) * 2 + 64;
		uint8_t *d = realloc(s->data, cap);

		if (!d)
			return -ENOMEM;
		s->data = d;
		s->cap = cap;
	}
	memcpy(s->data + s->len, p, n);
	s->len += n;
	return 0;
}

static int op_control(struct sock *s, const struct msghdr *msg)
{
	struct cmsghdr *cm;

	for (cm = CMSG_FIRSTHDR(msg); cm; cm = CMSG_NXTHDR((struct msghdr *)msg, cm)) {
		if (cm->cmsg_level != SOL_ALG)
			return -EINVAL;
		if (cm->cmsg_type == ALG_SET_OP) {
			if (cm->cmsg_len < CMSG_LEN(4))
				return -EINVAL;
			s->decrypt = *(uint32_t *)CMSG_DATA(cm) == ALG_OP_DECRYPT;
		} else if (cm->cmsg_type == ALG_SET_IV) {
			const struct af_alg_iv *aiv = (void *)CMSG_DATA(cm);

			if (cm->cmsg_len < CMSG_LEN(4) ||
			    cm->cmsg_len < CMSG_LEN(4 + aiv->ivlen))
				return -EINVAL;
			if (aiv->ivlen != ivsize(s))
				return -EINVAL;
			memcpy(s->iv, aiv->iv, aiv->ivlen);
		} else {
			return -EINVAL;
		}
	}
	return 0;
}

ssize_t __wrap_sendmsg(int fd, const struct msghdr *msg, int flags)
{
	struct sock *s = sock_of(fd);
	size_t i, total = 0;
	int err;

	if (!s)
		return __real_sendmsg(fd, msg, flags);
	if (s->kind != K_OP) {
		errno = EINVAL;
		return -1;
	}
	op_reset(s);
	if (s->ended) {
		errno = EBUSY;
		return -1;
	}
	if (msg->msg_controllen) {
		if (s->hash) {
			errno = EINVAL;
			return -1;
		}
		err = op_control(s, msg);
		if (err) {
			errno = -err;
			return -1;
		}
	}
	for (i = 0; i < msg->msg_iovlen; i++) {
		err = op_append(s, msg->msg_iov[i].iov_base,
				msg->msg_iov[i].iov_len);
		if (err) {
			errno = -err;
			return -1;
		}
		total += msg->msg_iov[i].iov_len;
	}
	if (!(flags & MSG_MORE))
		s->ended = true;
	return total;
}

ssize_t __wrap_sendto(int fd, const void *buf, size_t len, int flags,
		      const struct sockaddr *sa, socklen_t salen)
{
	struct sock *s = sock_of(fd);
	const struct {
		struct nlmsghdr h;
		struct crypto_user_alg alg;
	} *req = buf;

	if (!s)
		return __real_sendto(fd, buf, len, flags, sa, salen);
	if (s->kind != K_NETLINK || len < sizeof(*req)) {
		errno = EINVAL;
		return -1;
	}
	s->nl_pending = true;
	s->nl_err = req->h.nlmsg_type == CRYPTO_MSG_DELALG &&
		    memchr(req->alg.cru_driver_name, 0,
			   sizeof(req->alg.cru_driver_name)) ? 0 : -EINVAL;
	log_line("delalg %.64s\n", req->alg.cru_driver_name);
	return len;
}

ssize_t __wrap_splice(int in, loff_t *inoff, int out, loff_t *outoff,
		      size_t len, unsigned int flags)
{
	struct sock *s = sock_of(out);
	uint8_t buf[65536];
	ssize_t n;
	int err;

	if (!s)
		return __real_splice(in, inoff, out, outoff, len, flags);
	if (s->kind != K_OP || s->hash) {
		errno = EINVAL;
		return -1;
	}
	op_reset(s);
	n = read(in, buf, len < sizeof(buf) ? len : sizeof(buf));
	if (n <= 0)
		return n;
	err = op_append(s, buf, n);
	if (err) {
		errno = -err;
		return -1;
	}
	if (!(flags & SPLICE_F_MORE))
		s->ended = true;
	return n;
}

/* the operation on the whole message, in place */
static int op_run(struct sock *s)
{
	if (s->hash) {
		uint8_t d[16];

		if (ref_nhpoly1305(s->key, s->keylen, s->data, s->len, d))
			return -EINVAL;
		s->len = 0;
		return op_append(s, d, 16);
	}
	if (!strncmp(s->alg, "adiantum(", 9))
		return stub_adiantum(strncmp(s->alg, "adiantum(xchacha20", 18) ?
				     12 : 20, s->key, s->iv, s->data, s->len,
				     !s->decrypt);
	return ref_chacha(s->alg, s->key, s->iv, s->data, s->data, s->len);
}

ssize_t __wrap_recv(int fd, void *buf, size_t len, int flags)
{
	struct sock *s = sock_of(fd);
	size_t n;

	if (!s)
		return __real_recv(fd, buf, len, flags);
	if (s->kind == K_NETLINK) {
		struct {
			struct nlmsghdr h;
			struct nlmsgerr err;
		} ack = { .h.nlmsg_type = NLMSG_ERROR };

		if (!s->nl_pending || len < sizeof(ack)) {
			errno = EAGAIN;
			return -1;
		}
		s->nl_pending = false;
		ack.h.nlmsg_len = sizeof(ack);
		ack.err.error = s->nl_err;
		memcpy(buf, &ack, sizeof(ack));
		return sizeof(ack);
	}
	if (s->kind != K_OP) {
		errno = EINVAL;
		return -1;
	}
	/* a hash digests what it has; a cipher waits for the message's end */
	if (!s->hash && !s->ended) {
		errno = EAGAIN;
		return -1;
	}
	if (!s->out_len && !s->err && !s->done) {
		s->err = op_run(s);
		s->out_len = s->len;
		if (s->err)
			s->out_len = 0;
	}
	if (s->err) {
		errno = -s->err;
		s->done = true;
		return -1;
	}
	n = s->out_len - s->out_at;
	if (n > len)
		n = len;
	if (n)
		memcpy(buf, s->data + s->out_at, n);
	s->out_at += n;
	/* a hash recv ends the digest even if it took only part of it */
	if (s->out_at == s->out_len || s->hash)
		s->done = true;
	op_reset(s);
	return n;
}

/* ---- device mapper, from $AX86_STUB_ROOT/dm ------------------------------ */

struct dm_map {
	char name[DM_NAME_LEN];
	unsigned int major, minor;
	char target[DM_MAX_TYPE_NAME];
	char params[512];
};

static int dm_read(struct dm_map *maps, int max)
{
	char path[4096], line[1024];
	int n = 0, at;
	FILE *f;

	snprintf(path, sizeof(path), "%s/dm", root() ? root() : "");
	f = __real_fopen(path, "r");
	if (!f)
		return 0;
	while (n < max && fgets(line, sizeof(line), f)) {
		struct dm_map *m = &maps[n];

		line[strcspn(line, "\n")] = 0;
		if (sscanf(line, "%127s %u %u %15s %n", m->name, &m->major,
			   &m->minor, m->target, &at) != 4)
			continue;
		snprintf(m->params, sizeof(m->params), "%s", line + at);
		n++;
	}
	fclose(f);
	return n;
}

int __wrap_open(const char *path, int flags, ...)
{
	char buf[4096];
	mode_t mode = 0;
	va_list ap;
	struct sock *s;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (root() && !strcmp(path, "/dev/mapper/control")) {
		snprintf(buf, sizeof(buf), "%s/dm", root());
		if (access(buf, R_OK)) {
			errno = ENOENT;
			return -1;
		}
		s = new_sock(K_DM);
		return s ? fd_of(s) : -1;
	}
	if (root() && (flags & O_ACCMODE) != O_RDONLY &&
	    strlen(path) > 21 &&
	    !strcmp(path + strlen(path) - 21, "/parameters/selfcheck") &&
	    !strncmp(path, "/sys/", 5)) {
		snprintf(buf, sizeof(buf), "%s%s.written", root(), path);
		return __real_open(buf, flags | O_CREAT | O_APPEND, 0600);
	}
	return __real_open(moved(path, buf, sizeof(buf)), flags, mode);
}

/* the answer's payload at data_start, or EINVAL-style failure */
static int dm_ioctl_stub(struct dm_ioctl *io, unsigned long req)
{
	struct dm_map maps[64];
	int n = dm_read(maps, 64), i;
	size_t at = io->data_start, room;

	if (io->data_size < sizeof(*io) || at < sizeof(*io) ||
	    at > io->data_size)
		return -EINVAL;
	room = io->data_size - at;
	io->flags &= ~DM_BUFFER_FULL_FLAG;
	if (req == DM_LIST_DEVICES) {
		struct dm_name_list *nl = NULL;
		size_t off = 0, need;

		for (i = 0; i < n; i++) {
			need = (sizeof(*nl) + strlen(maps[i].name) + 1 + 7) & ~7UL;
			if (off + need > room) {
				io->flags |= DM_BUFFER_FULL_FLAG;
				return 0;
			}
			nl = (void *)((char *)io + at + off);
			nl->dev = makedev(maps[i].major, maps[i].minor);
			strcpy(nl->name, maps[i].name);
			nl->next = i + 1 < n ? need : 0;
			off += need;
		}
		if (!n) {
			if (room < sizeof(*nl))
				return -EINVAL;
			memset((char *)io + at, 0, sizeof(*nl));
		}
		io->data_size = at + (off ? off : sizeof(*nl));
		return 0;
	}
	if (req == DM_TABLE_STATUS) {
		struct dm_target_spec *sp = (void *)((char *)io + at);

		for (i = 0; i < n; i++)
			if (!strcmp(maps[i].name, io->name))
				break;
		if (i == n)
			return -ENXIO;
		if (!(io->flags & DM_STATUS_TABLE_FLAG))
			return -EINVAL;
		if (room < sizeof(*sp) + strlen(maps[i].params) + 1) {
			io->flags |= DM_BUFFER_FULL_FLAG;
			return 0;
		}
		memset(sp, 0, sizeof(*sp));
		sp->length = 1 << 20;
		snprintf(sp->target_type, sizeof(sp->target_type), "%s",
			 maps[i].target);
		strcpy((char *)(sp + 1), maps[i].params);
		io->target_count = 1;
		io->dev = makedev(maps[i].major, maps[i].minor);
		return 0;
	}
	return -ENOTTY;
}

int __wrap_ioctl(int fd, unsigned long req, ...)
{
	struct sock *s = sock_of(fd);
	va_list ap;
	void *arg;
	int err;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!s)
		return __real_ioctl(fd, req, arg);
	if (s->kind != K_DM) {
		errno = ENOTTY;
		return -1;
	}
	err = dm_ioctl_stub(arg, req);
	if (err) {
		errno = -err;
		return -1;
	}
	return 0;
}
