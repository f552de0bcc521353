// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <kcapi.h>
#include <linux/if_alg.h>
#include <linux/netlink.h>

#include "afalg.h"

#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif

int ax_afalg_available(const char **msg)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (fd < 0) {
		*msg = "this kernel has no AF_ALG (modprobe af_alg algif_skcipher algif_hash)";
		return -errno;
	}
	close(fd);
	/* libkcapi asks crypto_user for algorithm properties */
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_CRYPTO);
	if (fd < 0) {
		*msg = "crypto_user is not loaded (modprobe crypto_user)";
		return -errno;
	}
	close(fd);
	return 0;
}

int ax_cipher_open(struct ax_cipher *c, const char *driver)
{
	int err = kcapi_cipher_init(&c->h, driver, 0);

	if (err) {
		c->h = NULL;
		return err;
	}
	c->ivsize = kcapi_cipher_ivsize(c->h);
	return 0;
}

void ax_cipher_close(struct ax_cipher *c)
{
	if (c->h)
		kcapi_cipher_destroy(c->h);
	c->h = NULL;
}

int ax_cipher_setkey(struct ax_cipher *c, const uint8_t *key, size_t len)
{
	return kcapi_cipher_setkey(c->h, key, len);
}

/* send in random pieces, then collect the whole output */
static ssize_t cipher_stream(struct ax_cipher *c, const uint8_t *iv,
			     const uint8_t *in, uint8_t *out, size_t len,
			     struct rng *r)
{
	struct iovec iov;
	size_t done = 0, n;
	ssize_t ret;

	ret = kcapi_cipher_stream_init_enc(c->h, iv, NULL, 0);
	if (ret < 0)
		return ret;
	while (done < len) {
		n = rng_below(r, 4) ? rng_below(r, 300) : rng_below(r, 70000);
		if (n > len - done)
			n = len - done;
		iov.iov_base = (void *)(in + done);
		iov.iov_len = n;
		ret = kcapi_cipher_stream_update(c->h, &iov, 1);
		if (ret < 0)
			return ret;
		done += n;
	}
	iov.iov_base = NULL;
	iov.iov_len = 0;
	ret = kcapi_cipher_stream_update_last(c->h, &iov, 0);
	if (ret < 0)
		return ret;
	for (done = 0; done < len; done += ret) {
		iov.iov_base = out + done;
		iov.iov_len = len - done;
		ret = kcapi_cipher_stream_op(c->h, &iov, 1);
		if (ret < 0)
			return ret;
		if (ret == 0)
			return -EIO;
	}
	return done;
}

ssize_t ax_cipher_encrypt(struct ax_cipher *c, const uint8_t *iv,
			  const uint8_t *in, uint8_t *out, size_t len,
			  enum ax_access access, struct rng *r)
{
	if (access == AX_STREAM || len > AX_ONE_SHOT_MAX)
		return cipher_stream(c, iv, in, out, len, r);
	return kcapi_cipher_encrypt(c->h, in, len, iv, out, len,
				    access == AX_VMSPLICE ?
				    KCAPI_ACCESS_VMSPLICE : KCAPI_ACCESS_SENDMSG);
}

int ax_hash_open(struct ax_hash *h, const char *driver)
{
	int err = kcapi_md_init(&h->h, driver, 0);

	if (err)
		h->h = NULL;
	return err;
}

void ax_hash_close(struct ax_hash *h)
{
	if (h->h)
		kcapi_md_destroy(h->h);
	h->h = NULL;
}

int ax_hash_setkey(struct ax_hash *h, const uint8_t *key, size_t len)
{
	return kcapi_md_setkey(h->h, key, len);
}

ssize_t ax_hash_digest(struct ax_hash *h, const uint8_t *in, size_t len,
		       uint8_t *out, size_t outlen, struct rng *r)
{
	size_t done = 0, n;
	ssize_t ret;

	if (!r)
		return kcapi_md_digest(h->h, in, len, out, outlen);
	while (done < len) {
		n = rng_below(r, 3) ? rng_below(r, 40) : rng_below(r, 9000);
		if (n > len - done)
			n = len - done;
		ret = kcapi_md_update(h->h, in + done, n);
		if (ret < 0)
			return ret;
		done += n;
	}
	return kcapi_md_final(h->h, out, outlen);
}

ssize_t ax_raw_op(const char *type, const char *driver, const uint8_t *key,
		  size_t keylen, int ivlen, size_t len)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	char cbuf[CMSG_SPACE(4) + CMSG_SPACE(4 + 64)] = { 0 };
	struct msghdr msg = { 0 };
	struct cmsghdr *cm;
	struct af_alg_iv *aiv;
	struct iovec iov;
	uint8_t *buf;
	int tfm, op = -1;
	ssize_t ret;

	buf = calloc(1, len + 64);
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (!buf || tfm < 0) {
		free(buf);
		return -errno;
	}
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", driver);
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    (key && setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, keylen)))
		goto err;
	op = accept(tfm, NULL, 0);
	if (op < 0)
		goto err;

	iov.iov_base = buf;
	iov.iov_len = len;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (!strcmp(type, "skcipher")) {
		msg.msg_control = cbuf;
		msg.msg_controllen = CMSG_SPACE(4);
		cm = CMSG_FIRSTHDR(&msg);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_OP;
		cm->cmsg_len = CMSG_LEN(4);
		*(uint32_t *)CMSG_DATA(cm) = ALG_OP_ENCRYPT;
		if (ivlen >= 0 && ivlen <= 64) {
			msg.msg_controllen += CMSG_SPACE(4 + ivlen);
			cm = CMSG_NXTHDR(&msg, cm);
			cm->cmsg_level = SOL_ALG;
			cm->cmsg_type = ALG_SET_IV;
			cm->cmsg_len = CMSG_LEN(4 + ivlen);
			aiv = (struct af_alg_iv *)CMSG_DATA(cm);
			aiv->ivlen = ivlen;
		}
	}
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
