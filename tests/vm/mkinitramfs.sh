#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Builds the VM's initramfs: busybox, cryptsetup and dmsetup with their
# libraries, the Debian kernel's crypto, device-mapper and loop modules,
# our modules (in extra/), the adiantum-x86 tool, testmgr.h, and the guest
# script as /init.
#   mkinitramfs.sh OUT.cpio.gz KVER KO_DIR TOOL TESTMGR_H GUEST_SCRIPT
# KROOT in the environment: take the kernel's modules from an unpacked
# kernel (tests/matrix/fetch-kernel.sh) instead of the host's /lib/modules.
set -e
out=$1
kver=$2
kodir=$3
tool=$4
testmgr=$5
guest=$6

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/sbin" "$root/etc" "$root/proc" "$root/sys" \
	 "$root/dev" "$root/tmp" "$root/run" "$root/usr/share/adiantum-x86"

cp /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done

# the kernel's request_module() runs /sbin/modprobe: crypto-* autoloading
# (dm-crypt asking for adiantum(...) loads the module that aliases it)
ln -s ../bin/busybox "$root/sbin/modprobe"

# dynamically linked programs and every library they load
copy_prog() {
	cp "$1" "$root/sbin/"
	for lib in $(ldd "$1" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}
copy_prog "$(command -v cryptsetup)"
copy_prog "$(command -v dmsetup)"
# the fscrypt test: an ext4 with the encrypt feature (busybox's mke2fs has
# no -O encrypt)
copy_prog "$(command -v mke2fs)"

mods=/lib/modules/$kver
src=$mods
if [ -n "$KROOT" ]; then
	src=$KROOT/usr/lib/modules/$kver
	[ -d "$src" ] || src=$KROOT/lib/modules/$kver
fi
[ -d "$src/kernel" ] || { echo "mkinitramfs: no modules in $src" >&2; exit 1; }
mkdir -p "$root$mods/extra"
# what a kernel builds in rather than as a module is simply not there
# shellcheck disable=SC2046
(cd "$src" && cp -r --parents $(ls -d kernel/crypto kernel/arch/x86/crypto \
	kernel/lib kernel/drivers/md kernel/drivers/block/loop.ko* \
	kernel/fs/ext4 kernel/fs/jbd2 kernel/fs/mbcache.ko* \
	modules.builtin modules.builtin.modinfo modules.order 2>/dev/null) \
	"$root$mods/")
cp "$kodir"/*.ko "$root$mods/extra/"
# 6.12 and later ship .ko.xz; busybox modprobe wants plain .ko
find "$root$mods" -name '*.ko.xz' -exec unxz {} +
# a warning here is a module tree depmod cannot read whole (one without
# modules.order or modules.builtin, say): a failure
depmod -b "$root" "$kver" 2>"$root/depmod.err"
if [ -s "$root/depmod.err" ]; then
	echo "mkinitramfs: depmod for $kver warned:" >&2
	cat "$root/depmod.err" >&2
	exit 1
fi
rm "$root/depmod.err"

cp "$tool" "$root/sbin/adiantum-x86"
# the fscrypt ioctls (tests/vm/fscrypt_adiantum.c), built beside the tool
fscrypt=$(dirname "$tool")/fscrypt-adiantum
[ ! -x "$fscrypt" ] || cp "$fscrypt" "$root/sbin/fscrypt-adiantum"
cp "$testmgr" "$root/usr/share/adiantum-x86/testmgr.h"
cp "$guest" "$root/init"
chmod +x "$root/init"
# the parts /init sources: every guest-*.sh beside the guest script
mkdir -p "$root/lib/ax86"
cp "$(dirname "$guest")"/guest-*.sh "$root/lib/ax86/"

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out"
