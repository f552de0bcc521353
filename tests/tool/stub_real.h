/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The calls afalg_stub.c stands in for, as the linker names the originals
 * under -Wl,--wrap=<call> (mk/toolsan.mk)
 */
#ifndef AX86_STUB_REAL_H
#define AX86_STUB_REAL_H

#include <stdio.h>
#include <sys/socket.h>
#include <sys/types.h>

int __real_socket(int domain, int type, int protocol);
int __real_bind(int fd, const struct sockaddr *sa, socklen_t len);
int __real_setsockopt(int fd, int level, int name, const void *v,
		      socklen_t len);
int __real_getsockopt(int fd, int level, int name, void *v, socklen_t *len);
int __real_accept(int fd, struct sockaddr *sa, socklen_t *len);
ssize_t __real_sendmsg(int fd, const struct msghdr *msg, int flags);
ssize_t __real_sendto(int fd, const void *buf, size_t len, int flags,
		      const struct sockaddr *sa, socklen_t salen);
ssize_t __real_recv(int fd, void *buf, size_t len, int flags);
ssize_t __real_splice(int in, loff_t *inoff, int out, loff_t *outoff,
		      size_t len, unsigned int flags);
int __real_close(int fd);
FILE *__real_fopen(const char *path, const char *mode);
int __real_open(const char *path, int flags, ...);
int __real_ioctl(int fd, unsigned long req, ...);

#endif /* AX86_STUB_REAL_H */
