#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The package test's initramfs: the VM test initramfs (tests/vm/mkinitramfs.sh)
# with the modules DKMS installed on this machine, taken from
# /lib/modules/KVER/updates/dkms and put at the same place in the guest's
# module tree (depmod run, nothing loaded), ext2 support (the ext4 module),
# and tests/package/vm-init.sh as /init.
#   mkinitramfs.sh OUT.cpio.gz KVER TOOL TESTMGR_H
set -e
out=$1
kver=$2
tool=$3
testmgr=$4
dkms_dir=/lib/modules/$kver/updates/dkms
here=$(dirname "$0")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ko" "$work/root"

# the DKMS-built modules, decompressed (busybox modprobe wants plain .ko)
n=0
for f in "$dkms_dir"/*.ko "$dkms_dir"/*.ko.xz; do
	[ -f "$f" ] || continue
	case $f in
	*.xz)	xz -dc "$f" >"$work/ko/$(basename "$f" .xz)" ;;
	*)	cp "$f" "$work/ko/" ;;
	esac
	n=$((n + 1))
done
if [ $n = 0 ]; then
	echo "mkinitramfs.sh: no module in $dkms_dir" >&2
	exit 1
fi

tests/vm/mkinitramfs.sh "$work/base.cpio.gz" "$kver" "$work/ko" "$tool" \
	"$testmgr" tests/vm/guest.sh
(cd "$work/root" && gzip -dc | cpio -i --quiet) <"$work/base.cpio.gz"

mods=$work/root/lib/modules/$kver
# where DKMS installs them, not extra/ where the VM tests put them
mkdir -p "$mods/updates"
mv "$mods/extra" "$mods/updates/dkms"
# ext2 through the ext4 driver, with what it needs (if the VM initramfs
# has not got them already)
(cd "/lib/modules/$kver" && cp -r --parents kernel/fs/ext4 kernel/fs/jbd2 \
	kernel/fs/mbcache.ko* "$mods/")
find "$mods" -name '*.ko.xz' | while read -r f; do
	if [ -e "${f%.xz}" ]; then rm "$f"; else unxz "$f"; fi
done
depmod -b "$work/root" "$kver"

cp "$here/vm-init.sh" "$work/root/init"
chmod +x "$work/root/init"
(cd "$work/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out"
