#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the installer VM (tests/rootboot/mkinstaller.sh): formats the
# first disk as LUKS2 xchacha12,aes-adiantum-plain64 with 4096-byte
# sectors and the UUID the root's crypttab names, makes an ext4 in it and
# unpacks the root (a tar on the second disk) into it, as an installer
# would.  The kernel's own drivers do the formatting: none of ours is in
# this image.  Prints AX86-INSTALL-OK or AX86-INSTALL-FAIL, powers off.
export PATH=/sbin:/bin
export DM_DISABLE_UDEV=1
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /run/cryptsetup
uuid=$(tr ' ' '\n' </proc/cmdline | sed -n 's/^ax86\.uuid=//p')

fail() {
	echo "AX86-INSTALL-FAIL $*"
	poweroff -f
}
for m in virtio_pci virtio_blk dm_crypt ext4; do
	modprobe "$m" || fail "modprobe $m"
done
n=0
while [ ! -b /dev/vdb ] && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
{ [ -b /dev/vda ] && [ -b /dev/vdb ]; } || fail "no disks"
# a cheap PBKDF: the key file is random; the test boots many times
cryptsetup luksFormat -q --type luks2 --uuid "$uuid" \
	--cipher xchacha12,aes-adiantum-plain64 --key-size 256 \
	--sector-size 4096 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
	--key-file /etc/root.key /dev/vda || fail "luksFormat"
cryptsetup open --key-file /etc/root.key /dev/vda ax86root || fail "open"
# full paths: busybox's shell runs its own applets of these names first
/sbin/mke2fs -q -t ext4 -L root /dev/mapper/ax86root || fail "mke2fs"
mount -t ext4 /dev/mapper/ax86root /mnt || fail "mount"
/sbin/tar -x -f /dev/vdb -C /mnt || fail "tar"
mkdir -p /mnt/srv/ax86
umount /mnt || fail "umount"
# the root volume open on the kernel's drivers: the modules such a
# machine has loaded, for dracut --hostonly on the build host
sed 's/^/AX86-LOADED /' /proc/modules
cryptsetup close ax86root || fail "close"
echo "AX86-INSTALL-OK $(cryptsetup luksDump /dev/vda | grep -E 'cipher:|sector:' | tr -s ' \t' ' ' | tr '\n' ';')"
poweroff -f
