#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A kernel installed after our package: apt-get installs it (and its
# headers) into the test's Debian root, adiantum-x86-dkms installed;
# the kernel's postinst hooks must run DKMS's (build and install our
# modules for it) before initramfs-tools' (make its image), so that its
# first image already holds them.  Checked from apt's output (the order
# of the hooks and of their work) and from the image.  The kernel is the
# newest 6.12 of bookworm (mkroot.sh fetched its packages).
#   later.sh ROOT OUT
root=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/rootboot/chroot.sh source-path=SCRIPTDIR
. "$here/chroot.sh"
rc=0
t0=$(date +%s)
chroot_begin "$root" || { echo "FAIL [later] the root's /dev"; exit 1; }

kver=$(cat "$root/etc/ax86/later-kernel" 2>/dev/null)
if [ -z "$kver" ]; then
	echo "FAIL [later] no later kernel named in $root/etc/ax86/later-kernel (mkroot.sh)"
	exit 1
fi
tag="$kver:initramfs-tools"
# the hooks as the packages installed them, in the order run-parts runs
hooks=$(in_root run-parts --test /etc/kernel/postinst.d | sed 's|.*/||' |
	tr '\n' ' ')
echo "# [$tag] /etc/kernel/postinst.d in run-parts order: $hooks"

log=$out/later-install.log
# shellcheck disable=SC2016
if ! in_root dpkg-query -W -f '${Status}' adiantum-x86-dkms 2>/dev/null |
   grep -q 'ok installed'; then
	echo "FAIL [$tag] adiantum-x86-dkms is not installed in the root"
	exit 1
fi
if in_root apt-get install -y --no-install-recommends \
   "linux-image-$kver" "linux-headers-$kver" >"$log" 2>&1; then
	echo "PASS [$tag] apt-get install linux-image-$kver linux-headers-$kver with adiantum-x86-dkms installed"
else
	echo "FAIL [$tag] apt-get install of the later kernel failed"
	tail -30 "$log" | sed 's/^/    /'
	exit 1
fi
# run-parts prints each hook's name before its output: DKMS's hook, its
# install into the new kernel's tree, then initramfs-tools' hook and the
# image; the last of each (the headers' hooks may run DKMS again)
first() {
	grep -n "$1" "$log" | head -1 | cut -d: -f1
}
d=$(first '^/etc/kernel/postinst.d/dkms:')
i=$(first "/lib/modules/$kver/updates/dkms/\|DKMS: install completed\|dkms install.*$kver")
g=$(first "^update-initramfs: Generating /boot/initrd.img-$kver")
if [ -n "$d" ] && [ -n "$i" ] && [ -n "$g" ] && [ "$d" -lt "$i" ] &&
   [ "$i" -lt "$g" ]; then
	echo "PASS [$tag] the kernel's postinst ran DKMS (line $d of apt's output), which installed our modules for $kver (line $i), before its initramfs was made (line $g)"
else
	echo "FAIL [$tag] DKMS hook '$d', DKMS install '$i', image '$g' in $log: not in that order"
	rc=1
fi
mods=$(cd "$root/lib/modules/$kver" 2>/dev/null &&
	find . -path ./kernel -prune -o -name 'adiantum_x86_*.ko*' -print |
	sed 's|.*/||; s|\.ko.*||' | sort)
img=$(in_root lsinitramfs "/boot/initrd.img-$kver" 2>/dev/null |
	grep -o 'adiantum_x86_[a-z0-9_]*\.ko' | sed 's|\.ko.*||' | sort -u)
if [ -n "$mods" ] && [ "$mods" = "$img" ]; then
	echo "PASS [$tag] its first initramfs holds every module DKMS built for it: $(oneline "$img")"
else
	echo "FAIL [$tag] its first initramfs holds '$(oneline "$img")', DKMS installed '$(oneline "$mods")'"
	rc=1
fi
chroot_end "$root" || rc=1
echo "# [$tag] later kernel: $(($(date +%s) - t0)) s"
exit $rc
