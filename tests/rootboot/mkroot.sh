#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The Debian root of the root-on-Adiantum boot test for one suite
# (bookworm: Debian 12 and its 6.1 kernel; sid: its 7.2 kernel), built
# with debootstrap --variant=minbase and apt-get in a chroot (maintainer
# scripts run: kernel postinst hooks, DKMS, dpkg triggers are what is
# tested), with the kernel (linux-image-amd64, linux-headers-amd64 for
# DKMS), initramfs-tools + cryptsetup-initramfs, dracut-core, systemd
# (dracut's initramfs uses systemd-cryptsetup) and dkms; on bookworm also
# the packages of a later kernel fetched (later.sh).  Not our packages:
# the control boot is made from this root as it is; the settings of a
# root on LUKS2 Adiantum are configure.sh's, on each run's copy.  Cached
# in ROOT_DIR (and debootstrap's part in ROOT_DIR.debootstrap): rebuilt
# when this script changes.  ROOTBOOT_MIRROR, ROOTBOOT_SECURITY: other
# Debian mirrors.
#   mkroot.sh ROOT_DIR SUITE      prints "# ..." timings
set -e
root=$1
suite=$2
mirror=${ROOTBOOT_MIRROR:-http://deb.debian.org/debian}
security=${ROOTBOOT_SECURITY:-http://deb.debian.org/debian-security}
here=$(cd "$(dirname "$0")" && pwd)
stamp=$( (echo "$suite"; cat "$here/mkroot.sh") | sha256sum | cut -c1-16)
if [ -f "$root/.ax86-complete" ] &&
   [ "$(cat "$root/.ax86-complete")" = "$stamp" ]; then
	echo "# root: cached in $root"
	exit 0
fi
t0=$(date +%s)
# shellcheck source=tests/rootboot/chroot.sh source-path=SCRIPTDIR
. "$here/chroot.sh"
safe_rm "$root"
mkdir -p "$(dirname "$root")"
# debootstrap's part alone is kept too (it is most of the time): a change
# to the packages below starts from it
boot=$root.debootstrap
how="cached in $boot"
if [ ! -f "$boot/.ax86-complete" ] ||
   [ "$(cat "$boot/.ax86-complete")" != "$suite" ]; then
	how="debootstrap --variant=minbase $suite"
	safe_rm "$boot"
	# debootstrap mounts /proc and /sys in the target itself: in a
	# mount namespace of its own, they cannot outlive it
	unshare -m --propagation private debootstrap --variant=minbase \
		"$suite" "$boot" "$mirror" >"$boot.log" 2>&1 || {
		tail -20 "$boot.log" >&2
		exit 1
	}
	echo "$suite" >"$boot/.ax86-complete"
fi
cp -a "$boot" "$root"
rm "$root/.ax86-complete"
t1=$(date +%s)
echo "# root: base system ($how): $((t1 - t0)) s"

# the sources of a machine of that suite (bookworm's kernel comes from
# bookworm-security as often as from bookworm)
case $suite in
bookworm)
	cat >"$root/etc/apt/sources.list" <<EOS
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOS
	;;
*)
	echo "deb $mirror $suite main" >"$root/etc/apt/sources.list"
	;;
esac
# the mirror may be a snapshot whose suites' Release files are past
# their Valid-Until (sid's are valid for a week): take them as the host's
# apt does
echo 'Acquire::Check-Valid-Until "false";' \
	>"$root/etc/apt/apt.conf.d/ax86-snapshot"
# no daemon of the root starts on the build host
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"

# no documentation (less to unpack); no initramfs while the packages go
# in (INITRD=No for the kernel's hook, update_initramfs=no for the
# trigger): the test makes every image it boots itself
cat >"$root/etc/dpkg/dpkg.cfg.d/ax86-nodoc" <<EOS
path-exclude=/usr/share/doc/*
path-exclude=/usr/share/man/*
path-exclude=/usr/share/locale/*
path-exclude=/usr/share/info/*
EOS
mkdir -p "$root/etc/initramfs-tools"
echo "update_initramfs=no" >"$root/etc/initramfs-tools/update-initramfs.conf"

# after bookworm, systemd-cryptsetup (crypttab's units and generator, what
# dracut's image opens the root with) is a package of its own; a machine
# with its root on LUKS under systemd has it
extra=
[ "$suite" = bookworm ] || extra=systemd-cryptsetup

chroot_begin "$root"
in_root apt-get update -qq
# dracut-core, not dracut: both initramfs tools in one root (dracut
# conflicts with initramfs-tools); it brings no kernel hook of its own
INITRD=No in_root apt-get install -y -qq --no-install-recommends \
	-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
	linux-image-amd64 linux-headers-amd64 initramfs-tools \
	cryptsetup-initramfs cryptsetup busybox zstd dracut-core systemd udev \
	dkms kmod $extra >"$root.install.log" 2>&1 || {
	tail -30 "$root.install.log" >&2
	exit 1
}
in_root apt-get clean
# the package's own file (dpkg kept ours, --force-confold): images made
# on every change from now on
mv "$root/etc/initramfs-tools/update-initramfs.conf.dpkg-dist" \
	"$root/etc/initramfs-tools/update-initramfs.conf"
grep -q '^update_initramfs=yes$' \
	"$root/etc/initramfs-tools/update-initramfs.conf"

# a kernel installed later (tests/rootboot/later.sh), on bookworm: its
# newest 6.12, fetched now so that the test needs no network (shown once:
# the hooks' order is the same on sid)
later=
if [ "$suite" = bookworm ]; then
	later=$(in_root apt-cache search --names-only \
		'^linux-image-6\.12\.[0-9]+\+deb12-amd64$' |
		awk '{ print $1 }' | sed 's/^linux-image-//' | sort -V | tail -1)
	[ -n "$later" ] ||
		{ echo "mkroot: no 6.12 kernel in bookworm" >&2; exit 1; }
	in_root apt-get install -y -qq --download-only \
		--no-install-recommends "linux-image-$later" \
		"linux-headers-$later" >>"$root.install.log" 2>&1 || {
		tail -30 "$root.install.log" >&2
		exit 1
	}
	mkdir -p "$root/etc/ax86"
	echo "$later" >"$root/etc/ax86/later-kernel"
fi
chroot_end "$root"

t2=$(date +%s)
echo "# root: kernel, initramfs-tools, dracut, systemd, dkms${later:+, $later fetched}: $((t2 - t1)) s"
echo "$stamp" >"$root/.ax86-complete"
