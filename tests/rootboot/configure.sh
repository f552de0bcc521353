#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What a machine whose root is on LUKS2 Adiantum has configured before it
# installs anything of ours (docs/root-on-adiantum.md), on the test's copy
# of the root: the mapping in crypttab, unlocked by a key file so that the
# boot needs nobody at the console; fstab; the key file copied into the
# images.  A fresh key each run: the installer VM formats the disk anew.
#   configure.sh ROOT LUKS_UUID
set -e
root=$1
uuid=$2
mkdir -p "$root/etc/ax86" "$root/etc/cryptsetup-initramfs" \
	"$root/etc/dracut.conf.d" "$root/etc/initramfs-tools/conf.d" \
	"$root/srv/ax86"
head -c 64 /dev/urandom >"$root/etc/ax86/root.key"
chmod 0400 "$root/etc/ax86/root.key"
# initramfs: cryptsetup-initramfs takes the entry although the chroot's /
# is not this mapping (a real machine's root is; it finds it either way)
echo "ax86root UUID=$uuid /etc/ax86/root.key luks,discard,initramfs" \
	>"$root/etc/crypttab"
echo "/dev/mapper/ax86root / ext4 defaults 0 1" >"$root/etc/fstab"
# cryptsetup-initramfs copies key files matching this into the image
echo 'KEYFILE_PATTERN="/etc/ax86/*.key"' \
	>>"$root/etc/cryptsetup-initramfs/conf-hook"
# key files in the image: nobody but root reads the image
echo "UMASK=0077" >"$root/etc/initramfs-tools/conf.d/ax86-umask"
# no swap to resume from
echo "RESUME=none" >"$root/etc/initramfs-tools/conf.d/resume"
# dracut: the key file in the image; the disk's driver and the root's file
# system (a hostonly image made in a chroot on the build host sees neither:
# the disk is only there in the VM); a fast zstd (the default gzip -9 takes
# over a minute for a no-hostonly image on the CI's cores)
cat >"$root/etc/dracut.conf.d/ax86-test.conf" <<EOS
install_items+=" /etc/ax86/root.key "
add_drivers+=" virtio_blk virtio_pci ext4 "
filesystems+=" ext4 "
hostonly_cmdline="no"
compress="zstd -3 -q -T0"
EOS
# a file the installer writes with the kernel's drivers: every boot reads
# it back (root-check.sh), the first one before any of ours was loaded
head -c 4194304 /dev/urandom >"$root/srv/ax86/seed.bin"
(cd "$root/srv/ax86" && sha256sum seed.bin >manifest)
