// SPDX-License-Identifier: GPL-2.0
/*
 * fscrypt-adiantum: the three fscrypt ioctls the VM's fscrypt test needs
 * (Debian 12 has no fscryptctl), for a v2 policy with Adiantum for contents
 * and names, DIRECT_KEY as Adiantum is meant to be used.
 *
 *   fscrypt-adiantum add MOUNTPOINT KEYFILE   prints the key identifier
 *   fscrypt-adiantum set DIR IDENTIFIER       an empty directory
 *   fscrypt-adiantum remove MOUNTPOINT IDENTIFIER
 *
 * Exit status 0 on success, 1 when an ioctl fails, 2 on usage errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/fscrypt.h>

#define KEY_BYTES	64

static int print_usage(void)
{
	fprintf(stderr,
		"usage: fscrypt-adiantum add MOUNTPOINT KEYFILE\n"
		"       fscrypt-adiantum set DIR IDENTIFIER\n"
		"       fscrypt-adiantum remove MOUNTPOINT IDENTIFIER\n");
	return 2;
}

static int open_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		fprintf(stderr, "fscrypt-adiantum: %s: %s\n", path,
			strerror(errno));
	return fd;
}

/* 32 hex digits to the 16-byte key identifier; 0 or -1 */
static int parse_id(const char *hex, __u8 id[FSCRYPT_KEY_IDENTIFIER_SIZE])
{
	int i;

	if (strlen(hex) != 2 * FSCRYPT_KEY_IDENTIFIER_SIZE)
		return -1;
	for (i = 0; i < FSCRYPT_KEY_IDENTIFIER_SIZE; i++)
		if (sscanf(hex + 2 * i, "%2hhx", &id[i]) != 1)
			return -1;
	return 0;
}

static int add_key(const char *mnt, const char *keyfile)
{
	struct fscrypt_add_key_arg *arg;
	int fd, kfd, i, ret = 1;
	ssize_t n;

	arg = calloc(1, sizeof(*arg) + KEY_BYTES);
	if (!arg)
		return 1;
	kfd = open(keyfile, O_RDONLY);
	n = kfd < 0 ? -1 : read(kfd, arg->raw, KEY_BYTES);
	if (kfd >= 0)
		close(kfd);
	if (n != KEY_BYTES) {
		fprintf(stderr, "fscrypt-adiantum: %s: need %d key bytes\n",
			keyfile, KEY_BYTES);
		free(arg);
		return 2;
	}
	arg->key_spec.type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
	arg->raw_size = KEY_BYTES;
	fd = open_dir(mnt);
	if (fd >= 0 && !ioctl(fd, FS_IOC_ADD_ENCRYPTION_KEY, arg)) {
		for (i = 0; i < FSCRYPT_KEY_IDENTIFIER_SIZE; i++)
			printf("%02x", arg->key_spec.u.identifier[i]);
		printf("\n");
		ret = 0;
	} else if (fd >= 0) {
		fprintf(stderr, "fscrypt-adiantum: add key: %s\n",
			strerror(errno));
	}
	if (fd >= 0)
		close(fd);
	memset(arg->raw, 0, KEY_BYTES);
	free(arg);
	return ret;
}

static int set_policy(const char *dir, const char *hex)
{
	struct fscrypt_policy_v2 p = {
		.version = FSCRYPT_POLICY_V2,
		.contents_encryption_mode = FSCRYPT_MODE_ADIANTUM,
		.filenames_encryption_mode = FSCRYPT_MODE_ADIANTUM,
		.flags = FSCRYPT_POLICY_FLAG_DIRECT_KEY |
			 FSCRYPT_POLICY_FLAGS_PAD_32,
	};
	int fd, ret = 1;

	if (parse_id(hex, p.master_key_identifier))
		return print_usage();
	fd = open_dir(dir);
	if (fd < 0)
		return 1;
	if (!ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &p))
		ret = 0;
	else
		fprintf(stderr, "fscrypt-adiantum: set policy: %s\n",
			strerror(errno));
	close(fd);
	return ret;
}

static int remove_key(const char *mnt, const char *hex)
{
	struct fscrypt_remove_key_arg arg = {
		.key_spec.type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER,
	};
	int fd, ret = 1;

	if (parse_id(hex, arg.key_spec.u.identifier))
		return print_usage();
	fd = open_dir(mnt);
	if (fd < 0)
		return 1;
	if (!ioctl(fd, FS_IOC_REMOVE_ENCRYPTION_KEY, &arg))
		ret = 0;
	else
		fprintf(stderr, "fscrypt-adiantum: remove key: %s\n",
			strerror(errno));
	close(fd);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc != 4)
		return print_usage();
	if (!strcmp(argv[1], "add"))
		return add_key(argv[2], argv[3]);
	if (!strcmp(argv[1], "set"))
		return set_policy(argv[2], argv[3]);
	if (!strcmp(argv[1], "remove"))
		return remove_key(argv[2], argv[3]);
	return print_usage();
}
