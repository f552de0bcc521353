#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One Debian suite of the root-on-Adiantum boot test (run.sh): its root
# (mkroot.sh, cached) whose root file system is on a LUKS2
# xchacha12,aes-adiantum-plain64 volume (4096-byte sectors) that an
# installer VM formats (the build host has no dm-crypt); initramfs images
# made inside that root (chroot) by Debian's update-initramfs with
# cryptsetup-initramfs, by dracut --hostonly and by dracut --no-hostonly;
# QEMU boots the root's kernel with each image and root=/dev/mapper/...,
# and root-check.sh, run as init on the real root, prints what serves the
# root mapping (boots.sh decides):
#   without-ours   update-initramfs before our packages: the kernel's
#                  template must serve the root (the control)
#   initramfs-tools  the image the update-initramfs trigger made when
#                  apt-get installed our .debs (DKMS built the modules)
#   dracut-hostonly, dracut-no-hostonly   dracut's images
#   purged         the image the trigger made on apt-get purge: the
#                  kernel's drivers again, the disk as ours left it
# Every boot reads back the files all earlier boots on its disk wrote.
# Also, where the suite has one (bookworm: a 6.12 after its 6.1; later.sh,
# before the purge): a kernel installed after our package gets our
# modules built by DKMS before its initramfs is made.
#   suite.sh SUITE DIR DEB_DIR     (from the top of the tree, as root)
suite=$1
dir=$2
debs=$3
here=tests/rootboot
# the UUID the root's crypttab names and the installer formats with
uuid=0ad1a7a0-a86a-4d1a-8e5c-0000000000a6
base=$dir/base
work=$dir/work
out=$dir/out
t_start=$(date +%s)
PHASES="rootboot $suite phase "
TAG=rootboot:$suite
# shellcheck source=tests/phases.sh
. tests/phases.sh
# shellcheck source=tests/rootboot/chroot.sh
. $here/chroot.sh
mkdir -p "$dir"

$here/mkroot.sh "$base" "$suite" ||
	die "building the Debian $suite root" "$base.install.log"
phase "Debian root (debootstrap + packages; cached)"

safe_rm "$work" "$out" || die "removing the last run's root"
mkdir -p "$out"
cp -a "$base" "$work" || die "copying the root"
rm -f "$work/.ax86-complete"
$here/configure.sh "$work" "$uuid" || die "configuring the root"
cp $here/root-check.sh "$work/usr/local/sbin/ax86-root-check"
chmod 755 "$work/usr/local/sbin/ax86-root-check"
cp "$work/srv/ax86/manifest" "$out/manifest"
# the kernel of linux-image-amd64 (the later one is not installed yet)
kver=$(find "$work/lib/modules/" -mindepth 1 -maxdepth 1 -printf '%f\n' |
	sort -V | tail -1)
[ -f "$work/boot/vmlinuz-$kver" ] || die "no kernel in the root"
# the root's file system as the installer writes it: what a boot reads
# after the switch (module tree, compilers and headers stay behind: the
# check loads and builds nothing once the root is up; less to encrypt
# under TCG)
# (the folders stay: the initramfs mounts /dev, /proc, ... on them)
tar --format=gnu -C "$work" -cf "$out/root.tar" --exclude='./proc/*' \
	--exclude='./sys/*' --exclude='./dev/*' --exclude='./run/*' \
	--exclude='./tmp/*' --exclude='./boot/*' \
	--exclude='./usr/lib/modules/*' --exclude='./usr/src/*' \
	--exclude=./usr/lib/gcc --exclude='./var/cache/apt/*' \
	--exclude='./var/lib/apt/lists/*' --exclude=./.ax86-complete . ||
	die "packing the root"
$here/mkinstaller.sh "$out/installer.cpio.gz" "$work" "$kver" ||
	die "the installer's initramfs"
echo "# root: $(du -sm "$work" | cut -f1) MiB, on the disk $(($(stat -c %s "$out/root.tar") >> 20)) MiB; kernel $kver"
phase "root copy, configuration, root tar, installer image"
images=0

# the installer VM (the disk; what a machine whose root is open on the
# kernel's drivers has loaded, which dracut --hostonly keeps) beside the
# first images: one vCPU each
VM_TIMEOUT=${VM_TIMEOUT:-900} KVER=$kver UUID=$uuid \
	flock "${TMPDIR:-/tmp}/ax86-vm.lock" $here/boots.sh install "$work" \
	"$out" >"$out/install.out" 2>&1 &
installer=$!
$here/images.sh install "$work" "$kver" "$debs" "$out" || images=1
phase "images: update-initramfs, apt-get install (beside the installer VM)"
wait $installer
irc=$?
cat "$out/install.out"
[ $irc = 0 ] || die "the installer VM"
phase "installer VM (LUKS2 format, the root copied in): what was left of it"
$here/images.sh dracut "$work" "$kver" "$debs" "$out" || images=1
phase "images: dracut --hostonly, --no-hostonly"
if [ -f "$work/etc/ax86/later-kernel" ]; then
	$here/later.sh "$work" "$out" || images=1
	phase "later kernel: apt-get install, DKMS, its image"
fi
$here/images.sh purge "$work" "$kver" "$debs" "$out" || images=1
phase "images: apt-get purge"
for i in without-ours initramfs-tools dracut-hostonly dracut-no-hostonly \
	 purged; do
	[ -f "$out/$i.img" ] || die "no image $i: nothing to boot"
done

# the VMs: one chain of boots per vCPU, two side by side
VM_TIMEOUT=${VM_TIMEOUT:-900} KVER=$kver UUID=$uuid \
	flock "${TMPDIR:-/tmp}/ax86-vm.lock" $here/boots.sh chains "$work" "$out"
vms=$?
phase "VM boots (two chains side by side)"
echo "# rootboot $suite: $(($(date +%s) - t_start)) s"
[ $images = 0 ] && [ $vms = 0 ]
