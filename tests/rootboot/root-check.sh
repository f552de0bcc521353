#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The check of the root-on-Adiantum boot test, run as init (init=) on the
# real root once the initramfs has opened the LUKS2 volume and switched to
# it: what serves the root mapping (its dm table, /proc/crypto's entries,
# the modules loaded), the files earlier boots wrote (their SHA-256 sums,
# read from the disk: nothing is cached after a reboot), then one more
# file, and the machine powers off.  The host decides (tests/rootboot/
# check.sh); this only prints, between AX86-ROOT-BEGIN and AX86-ROOT-END.
PATH=/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
mount -t proc proc /proc 2>/dev/null
mount -t sysfs sys /sys 2>/dev/null
mount -t devtmpfs dev /dev 2>/dev/null
boot=$(tr ' ' '\n' </proc/cmdline | sed -n 's/^ax86\.boot=//p')
boot=${boot:-unnamed}
# the file system writable: the initramfs mounts it read-only for fsck
mount -o remount,rw /

echo "AX86-ROOT-BEGIN $boot $(uname -r)"
echo "AX86-ROOT-MOUNT $(awk '$2 == "/" { print $1, $3 }' /proc/mounts)"
dmsetup table | sed 's/^/AX86-TABLE /'
awk '/^name/ { print "" } { print "AX86-CRYPTO " $0 }' /proc/crypto
grep -E '^(adiantum|chacha|nhpoly1305|libchacha|dm_crypt)' /proc/modules |
	sed 's/^/AX86-MODULE /'
cd /srv/ax86 || exit 1
if [ -f manifest ]; then
	awk '{ print $2 }' manifest | xargs sha256sum | sed 's/^/AX86-READ /'
fi
# 4 MiB a boot: many 4096-byte sectors through the mapping
dd if=/dev/urandom of="$boot.bin" bs=4096 count=1024 2>/dev/null
sha256sum "$boot.bin" >>manifest
sed 's/^/AX86-WROTE /' manifest | tail -1
cd /
sync
mount -o remount,ro /
echo "AX86-ROOT-END $boot"
echo o >/proc/sysrq-trigger
sleep 30
