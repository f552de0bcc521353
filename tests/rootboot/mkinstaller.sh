#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The installer's initramfs: what a Debian installer does to put a root on
# LUKS2 Adiantum, in a VM (the build host has neither dm-crypt nor loop
# devices): busybox, cryptsetup, mke2fs and GNU tar from the host with
# their libraries, the root kernel's virtio, device-mapper, crypto and
# ext4 modules, the root's key file, and installer-init.sh as /init.
#   mkinstaller.sh OUT.cpio.gz ROOT KVER
set -e
out=$1
root=$2
kver=$3
here=$(dirname "$0")

w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
mkdir -p "$w/bin" "$w/sbin" "$w/etc" "$w/proc" "$w/sys" "$w/dev" "$w/tmp" \
	"$w/run" "$w/mnt"
cp /bin/busybox "$w/bin/busybox"
for applet in $(/bin/busybox --list); do
	[ -e "$w/bin/$applet" ] || ln -s busybox "$w/bin/$applet"
done
ln -s ../bin/busybox "$w/sbin/modprobe"
copy_prog() {
	cp "$1" "$w/sbin/"
	for lib in $(ldd "$1" | grep -o '/[^ ]*'); do
		mkdir -p "$w$(dirname "$lib")"
		cp -L "$lib" "$w$lib"
	done
}
copy_prog "$(command -v cryptsetup)"
copy_prog "$(command -v mke2fs)"
# GNU tar: the root's tar (long names, hard links) as written on the host
copy_prog "$(command -v tar)"

src=$root/lib/modules/$kver
mods=/lib/modules/$kver
mkdir -p "$w$mods"
# shellcheck disable=SC2046
(cd "$src" && cp -r --parents $(ls -d kernel/crypto kernel/arch/x86/crypto \
	kernel/lib kernel/drivers/md kernel/drivers/virtio \
	kernel/drivers/block/virtio_blk.ko* kernel/fs/ext4 kernel/fs/jbd2 \
	kernel/fs/mbcache.ko* modules.builtin modules.builtin.modinfo \
	modules.order 2>/dev/null) "$w$mods/")
find "$w$mods" -name '*.ko.xz' -exec unxz {} +
depmod -b "$w" "$kver"
cp "$root/etc/ax86/root.key" "$w/etc/root.key"
# the host's mke2fs defaults (ext4 features) with its mke2fs
cp /etc/mke2fs.conf "$w/etc/"
cp "$here/installer-init.sh" "$w/init"
chmod +x "$w/init"
(cd "$w" && find . | cpio -o -H newc --quiet | gzip -1) >"$out"
