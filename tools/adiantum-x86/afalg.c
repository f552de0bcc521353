// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE		/* vmsplice, splice, F_SETPIPE_SZ */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <linux/cryptouser.h>
#include <linux/if_alg.h>
#include <linux/netlink.h>

#include "afalg.h"

#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif

#define PAGE	4096
/* what the op sockets ask for; the kernel may give less (then we say so) */
#define WANT_BUF	(64 << 20)

const char *const ax_access_names[] = { "sendmsg", "vmsplice", "stream" };

/*
 * From Linux 7.3, AF_ALG binds only the algorithm names of a short
 * allowlist by default (those of cryptsetup, iwd and bluez, such as
 * "adiantum(xchacha12,aes)"), never a driver name: any other bind fails
 * with ENOENT, the error of an algorithm that does not exist
 * (af_alg_check_restriction in crypto/af_alg.c, the lists in
 * algif_skcipher.c and algif_hash.c).  The sysctl crypto.af_alg_restrict
 * chooses: 0 no restriction, 1 the allowlist, 2 no AF_ALG sockets at all.
 * Every operation of the tool binds a driver by name, so it needs 0.
 * Returns the level, or 0 where the sysctl does not exist (before 7.3).
 */
int ax_afalg_restrict_level(void)
{
	FILE *f = fopen("/proc/sys/crypto/af_alg_restrict", "r");
	int level = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%d", &level) != 1)
		level = 0;
	fclose(f);
	return level;
}

int ax_afalg_available(const char **msg)
{
	/* first the socket: it loads af_alg, which brings the sysctl */
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0), err = -errno;
	int level = ax_afalg_restrict_level();

	if (fd >= 0)
		close(fd);
	if (level == 2) {
		*msg = "AF_ALG is switched off on this kernel (crypto.af_alg_restrict = 2); as root, sysctl -w crypto.af_alg_restrict=0 lets the tool run (set it back after)";
		return -EPERM;
	}
	if (level) {
		*msg = "AF_ALG binds only an allowlist of algorithm names on this kernel (crypto.af_alg_restrict = 1, the default from Linux 7.3), none of the drivers the tool tests; as root, sysctl -w crypto.af_alg_restrict=0 lets the tool run (set it back after)";
		return -EPERM;
	}
	if (fd < 0) {
		*msg = "this kernel has no AF_ALG (modprobe af_alg algif_skcipher algif_hash)";
		return err;
	}
	/* the tool unregisters the template instances it built via crypto_user */
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_CRYPTO);
	if (fd < 0) {
		*msg = "crypto_user is not loaded (modprobe crypto_user)";
		return -errno;
	}
	close(fd);
	return 0;
}

/*
 * Bind an AF_ALG socket to @driver of @type.  The legacy struct
 * sockaddr_alg holds a name of at most 63 characters; template instances
 * over our AVX-512 drivers have 64 to 66 on 6.x.  struct sockaddr_alg_new
 * (Linux 4.12) ends in a flexible name: the kernel takes up to 127
 * characters (CRYPTO_MAX_ALG_NAME), as --driver does.
 */
static int alg_bind(const char *type, const char *driver)
{
	struct sockaddr_alg_new *sa;
	size_t len = strlen(driver), salen = sizeof(*sa) + len + 1;
	int fd, err;

	if (len >= 128 || strlen(type) >= sizeof(sa->salg_type))
		return -ENAMETOOLONG;
	sa = calloc(1, salen);
	if (!sa)
		return -ENOMEM;
	sa->salg_family = AF_ALG;
	memcpy(sa->salg_type, type, strlen(type));
	memcpy(sa->salg_name, driver, len + 1);
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	err = fd < 0 ? -errno : 0;
	if (!err && bind(fd, (struct sockaddr *)sa, salen)) {
		err = -errno;
		close(fd);
	}
	free(sa);
	return err ? err : fd;
}

int ax_probe(const char *type, const char *driver)
{
	int fd = alg_bind(type, driver);

	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

long ax_optmem_max(void)
{
	static long optmem = -1;
	FILE *f;

	if (optmem >= 0)
		return optmem;
	optmem = 0;
	f = fopen("/proc/sys/net/core/optmem_max", "r");
	if (f) {
		if (fscanf(f, "%ld", &optmem) != 1)
			optmem = 0;
		fclose(f);
	}
	return optmem;
}

/*
 * The kernel's bookkeeping of one request comes out of the socket's
 * option memory (optmem_max: 20 KiB on 6.1, 128 KiB from 6.7): about
 * 1 KiB for the request, a 4 KiB scatterlist block per ~500 KiB of input
 * and a ~700-byte entry per 16 pages of output, twice that for unaligned
 * buffers; the first scatterlist block and the request take up to 8 KiB
 * whatever the length.  Beyond it the operation fails with ENOMEM.
 * Counting 2 KiB per 64 KiB, plus 8 KiB, keeps every case inside; fuzz
 * proves the result with one operation of the full length.
 */
static size_t optmem_limit(void)
{
	long optmem = ax_optmem_max();

	if (optmem <= 8192)
		return optmem ? 0 : (size_t)-1;	/* unknown: no limit */
	return (size_t)((optmem - 8192) / 2048) * 65536;
}

int ax_delete_instance(const char *driver)
{
	struct {
		struct nlmsghdr h;
		struct crypto_user_alg alg;
	} req = { 0 };
	struct {
		struct nlmsghdr h;
		struct nlmsgerr err;
	} ack;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	ssize_t n;
	int fd, err;

	if (strlen(driver) >= sizeof(req.alg.cru_driver_name))
		return -ENAMETOOLONG;
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	if (fd < 0)
		return -errno;
	req.h.nlmsg_len = sizeof(req);
	req.h.nlmsg_type = CRYPTO_MSG_DELALG;
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req.h.nlmsg_seq = 1;
	strcpy(req.alg.cru_driver_name, driver);
	if (sendto(fd, &req, sizeof(req), 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0) {
		err = -errno;
		close(fd);
		return err;
	}
	n = recv(fd, &ack, sizeof(ack), 0);
	err = n < 0 ? -errno : -EIO;
	if (n >= (ssize_t)sizeof(ack) && ack.h.nlmsg_type == NLMSG_ERROR)
		err = ack.err.error;
	close(fd);
	return err;
}

/*
 * AF_ALG accounts an operation's input against the op socket's send
 * buffer and its output against the receive buffer; what does not fit
 * becomes a second request that starts again from the IV.  Ask for large
 * buffers (the FORCE forms need CAP_NET_ADMIN; the plain ones are capped
 * by wmem_max/rmem_max) and return the message size that surely fits.
 */
static size_t raise_buffers(int op)
{
	int want = WANT_BUF, snd = 0, rcv = 0, lim;
	socklen_t sl = sizeof(int);

	if (setsockopt(op, SOL_SOCKET, SO_SNDBUFFORCE, &want, sizeof(want)))
		setsockopt(op, SOL_SOCKET, SO_SNDBUF, &want, sizeof(want));
	if (setsockopt(op, SOL_SOCKET, SO_RCVBUFFORCE, &want, sizeof(want)))
		setsockopt(op, SOL_SOCKET, SO_RCVBUF, &want, sizeof(want));
	if (getsockopt(op, SOL_SOCKET, SO_SNDBUF, &snd, &sl))
		return 0;
	sl = sizeof(int);
	if (getsockopt(op, SOL_SOCKET, SO_RCVBUF, &rcv, &sl))
		return 0;
	lim = (snd < rcv ? snd : rcv) / PAGE * PAGE - PAGE;
	if (lim <= 0)
		return 0;
	return (size_t)lim < optmem_limit() ? (size_t)lim : optmem_limit();
}

int ax_cipher_open(struct ax_cipher *c, const char *driver,
		   unsigned int ivsize)
{
	c->ivsize = ivsize;
	c->max_request = 0;
	c->op = -1;
	c->tfm = alg_bind("skcipher", driver);
	if (c->tfm < 0)
		return c->tfm;
	return 0;
}

void ax_cipher_close(struct ax_cipher *c)
{
	if (c->op >= 0)
		close(c->op);
	if (c->tfm >= 0)
		close(c->tfm);
	c->op = -1;
	c->tfm = -1;
}

int ax_cipher_setkey(struct ax_cipher *c, const uint8_t *key, size_t len)
{
	if (setsockopt(c->tfm, SOL_ALG, ALG_SET_KEY, key, len))
		return -errno;
	/* one op socket serves every operation (the key is set for good) */
	c->op = accept(c->tfm, NULL, 0);
	if (c->op < 0)
		return -errno;
	c->max_request = raise_buffers(c->op);
	return 0;
}

/*
 * A test seam: AX86_TEST_SHORT_SEND=N makes every sendmsg/splice offer at
 * most N bytes, as a kernel that accepts only part of a call would, so
 * that the resend loops are exercised.
 */
static size_t short_send_cap(void)
{
	static long cap = -1;

	if (cap < 0) {
		const char *s = getenv("AX86_TEST_SHORT_SEND");

		cap = s ? atol(s) : 0;
		if (cap < 0)
			cap = 0;
	}
	return cap;
}

static size_t cap_send(size_t n)
{
	size_t cap = short_send_cap();

	return cap && n > cap ? cap : n;
}

/* room for an operation and an IV of up to 64 bytes */
#define ALG_CBUF_SIZE	(CMSG_SPACE(4) + CMSG_SPACE(4 + 64))

/*
 * @msg's control data in @cbuf (ALG_CBUF_SIZE bytes, zeroed): the
 * operation, then an IV of @ivsize bytes (@iv, or zeros if NULL) unless
 * @ivsize is negative.  @ivsize is at most 64.
 */
static void put_op_iv(struct msghdr *msg, char *cbuf, bool decrypt,
		      const uint8_t *iv, int ivsize)
{
	struct af_alg_iv *aiv;
	struct cmsghdr *cm;

	msg->msg_control = cbuf;
	msg->msg_controllen = CMSG_SPACE(4);
	cm = CMSG_FIRSTHDR(msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(4);
	*(uint32_t *)CMSG_DATA(cm) = decrypt ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT;
	if (ivsize < 0)
		return;
	msg->msg_controllen += CMSG_SPACE(4 + ivsize);
	cm = CMSG_NXTHDR(msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(4 + ivsize);
	aiv = (struct af_alg_iv *)CMSG_DATA(cm);
	aiv->ivlen = ivsize;
	if (iv)
		memcpy(aiv->iv, iv, ivsize);
}

/* the operation and IV, no data, more to come */
static int send_header(int op, bool decrypt, const uint8_t *iv,
		       unsigned int ivsize)
{
	char cbuf[ALG_CBUF_SIZE] = { 0 };
	struct msghdr msg = { 0 };

	if (ivsize > 64)
		return -EINVAL;
	put_op_iv(&msg, cbuf, decrypt, iv, ivsize);
	if (sendmsg(op, &msg, MSG_MORE) < 0)
		return -errno;
	return 0;
}

/*
 * All of @n bytes (MSG_MORE: the request is not complete), however many
 * calls the kernel takes.  A cipher request goes on after a short count;
 * a hash request does not (the kernel dropped it): @whole makes a short
 * count an error.
 */
static int send_all(int op, const uint8_t *p, size_t n, bool whole)
{
	struct iovec iov;
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t sent;

	while (n) {
		iov.iov_base = (void *)p;
		iov.iov_len = cap_send(n);
		sent = sendmsg(op, &msg, MSG_MORE);
		if (sent < 0 && errno == EINTR)
			continue;
		if (sent <= 0 || (whole && sent != (ssize_t)iov.iov_len))
			return sent < 0 ? -errno : -EIO;
		p += sent;
		n -= sent;
	}
	return 0;
}

/* zero copy: user pages into a pipe, the pipe into the socket */
static int splice_all(int op, const uint8_t *p, size_t n)
{
	int pfd[2], err = 0;
	long pipe_size;

	if (pipe(pfd))
		return -errno;
	if (fcntl(pfd[1], F_SETPIPE_SZ, 1 << 20) < 0)
		fcntl(pfd[1], F_SETPIPE_SZ, 1 << 16);
	pipe_size = fcntl(pfd[1], F_GETPIPE_SZ);
	if (pipe_size <= 0)
		pipe_size = 1 << 16;
	while (n && !err) {
		struct iovec iov = { (void *)p, cap_send(n) };
		ssize_t in, out;

		if (iov.iov_len > (size_t)pipe_size)
			iov.iov_len = pipe_size;
		in = vmsplice(pfd[1], &iov, 1, 0);
		if (in <= 0) {
			err = in < 0 ? -errno : -EIO;
			break;
		}
		/* drain what the pipe holds, however many calls it takes */
		while (in > 0) {
			out = splice(pfd[0], NULL, op, NULL, cap_send(in),
				     SPLICE_F_MORE);
			if (out < 0 && errno == EINTR)
				continue;
			if (out <= 0) {
				err = out < 0 ? -errno : -EIO;
				break;
			}
			in -= out;
			p += out;
			n -= out;
		}
	}
	close(pfd[0]);
	close(pfd[1]);
	return err;
}

static int send_stream(int op, const uint8_t *p, size_t n, struct rng *r)
{
	size_t piece;
	int err;

	while (n) {
		piece = rng_below(r, 4) ? rng_below(r, 300) : rng_below(r, 70000);
		if (piece > n)
			piece = n;
		err = send_all(op, p, piece, false);
		if (err)
			return err;
		p += piece;
		n -= piece;
	}
	return 0;
}

ssize_t ax_cipher_crypt(struct ax_cipher *c, bool decrypt, const uint8_t *iv,
			const uint8_t *in, uint8_t *out, size_t len,
			enum ax_access access, struct rng *r)
{
	struct msghdr end = { 0 };
	size_t done = 0;
	ssize_t ret;
	int op, err;

	if (c->op < 0) {
		c->op = accept(c->tfm, NULL, 0);
		if (c->op < 0)
			return -errno;
		c->max_request = raise_buffers(c->op);
	}
	if (len > c->max_request)
		return -EMSGSIZE;
	op = c->op;
	err = send_header(op, decrypt, iv, c->ivsize);
	if (!err && access == AX_VMSPLICE)
		err = splice_all(op, in, len);
	else if (!err && access == AX_STREAM && r)
		err = send_stream(op, in, len, r);
	else if (!err)
		err = send_all(op, in, len, false);
	/* the end of the message: a last call without MSG_MORE */
	if (!err && sendmsg(op, &end, 0) < 0)
		err = -errno;
	/*
	 * The kernel does the work inside recv.  Never wait for data: if it
	 * holds fewer bytes than we meant to send, a blocking recv would wait
	 * forever; this way it is an error (EIO) instead.
	 */
	while (!err && done < len) {
		ret = recv(op, out + done, len - done, MSG_DONTWAIT);
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret < 0 && errno == EAGAIN)
			err = -EIO;
		else if (ret <= 0)
			err = ret < 0 ? -errno : -EIO;
		else
			done += ret;
	}
	if (err) {
		/* the socket may hold half an operation: start afresh */
		close(c->op);
		c->op = -1;
		return err;
	}
	return done;
}

/*
 * Hashes go through raw sockets too (they went through libkcapi, whose
 * 1.4.0 refuses every handle with EFAULT on a kernel whose release has
 * fewer than three dot-separated numbers, such as 7.3-amd64, and prints
 * to stdout while doing so).  The op socket is accepted once the key is
 * set and serves every digest: a digest ends with a recv, after which the
 * kernel starts the next request afresh.
 */
struct ax_hash_socks {
	int tfm;	/* the bound socket */
	int op;		/* its operation socket; -1: none yet */
};

int ax_hash_open(struct ax_hash *h, const char *driver)
{
	int tfm = alg_bind("hash", driver);

	h->h = NULL;
	if (tfm < 0)
		return tfm;
	h->h = malloc(sizeof(*h->h));
	if (!h->h) {
		close(tfm);
		return -ENOMEM;
	}
	h->h->tfm = tfm;
	h->h->op = -1;
	return 0;
}

void ax_hash_close(struct ax_hash *h)
{
	if (!h->h)
		return;
	if (h->h->op >= 0)
		close(h->h->op);
	close(h->h->tfm);
	free(h->h);
	h->h = NULL;
}

int ax_hash_setkey(struct ax_hash *h, const uint8_t *key, size_t len)
{
	if (setsockopt(h->h->tfm, SOL_ALG, ALG_SET_KEY, key, len))
		return -errno;
	/* an op socket takes the key it was accepted with: start afresh */
	if (h->h->op >= 0)
		close(h->h->op);
	h->h->op = -1;
	return 0;
}

ssize_t ax_hash_digest(struct ax_hash *h, const uint8_t *in, size_t len,
		       uint8_t *out, size_t outlen, struct rng *r)
{
	size_t done = 0, n;
	ssize_t ret;
	int err = 0;

	if (h->h->op < 0) {
		h->h->op = accept(h->h->tfm, NULL, 0);
		if (h->h->op < 0)
			return -errno;
	}
	while (!err && done < len) {
		n = len - done;
		if (r)
			n = rng_below(r, 3) ? rng_below(r, 40) :
					      rng_below(r, 9000);
		if (n > len - done)
			n = len - done;
		err = send_all(h->h->op, in + done, n, true);
		done += n;
	}
	/* the recv finishes the digest (of nothing, if nothing was sent) */
	while (!err) {
		ret = recv(h->h->op, out, outlen, 0);
		if (ret < 0 && errno == EINTR)
			continue;
		err = ret < 0 ? -errno : 0;
		if (!err)
			return ret;
	}
	/* the socket may hold half a digest: the next one starts afresh */
	close(h->h->op);
	h->h->op = -1;
	return err;
}

ssize_t ax_raw_op(const char *type, const char *driver, const uint8_t *key,
		  size_t keylen, int ivlen, size_t len)
{
	char cbuf[ALG_CBUF_SIZE] = { 0 };
	struct msghdr msg = { 0 };
	struct iovec iov;
	uint8_t *buf;
	int tfm, op = -1;
	ssize_t ret;

	buf = calloc(1, len + 64);
	if (!buf)
		return -ENOMEM;
	tfm = alg_bind(type, driver);
	if (tfm < 0) {
		free(buf);
		return tfm;
	}
	if (key && setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, keylen))
		goto err;
	op = accept(tfm, NULL, 0);
	if (op < 0)
		goto err;

	iov.iov_base = buf;
	iov.iov_len = len;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (!strcmp(type, "skcipher"))
		put_op_iv(&msg, cbuf, false, NULL,
			  ivlen >= 0 && ivlen <= 64 ? ivlen : -1);
	if (sendmsg(op, &msg, 0) < 0)
		goto err;
	ret = recv(op, buf, len + 64, MSG_DONTWAIT);
	if (ret < 0)
		goto err;
	close(op);
	close(tfm);
	free(buf);
	return ret;
err:
	ret = -errno;
	if (op >= 0)
		close(op);
	close(tfm);
	free(buf);
	return ret;
}
