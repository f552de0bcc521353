#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Installs the Debian 12 packages the build, the tests, the demo and the
# benchmark need, skipping what is already there.  Run as root.  The tests
# that need more name their packages as arguments (tests/*/deps.sh).
#   tools/install-deps.sh [PACKAGE...]
set -e

PKGS="build-essential libssl-dev libsodium-dev gnuplot-nox linux-source-6.1 xz-utils"
PKGS="$PKGS linux-image-amd64 linux-headers-amd64 qemu-system-x86"
PKGS="$PKGS busybox-static cryptsetup-bin dmsetup cpio kmod"
# make model (llvm-mca); the VM's fscrypt test (mke2fs with -O encrypt);
# make style (checkpatch.pl needs perl, which build-essential brings)
PKGS="$PKGS llvm e2fsprogs shellcheck"
# make check-ct (valgrind's memcheck; on Debian 12 it cannot start without
# the symbols of ld.so that libc6-dbg holds, and --no-install-recommends
# leaves that recommendation out)
PKGS="$PKGS valgrind libc6-dbg"
# the kernel matrix (tests/matrix/) fetches the trixie, sid and experimental
# kernels and compilers itself, with a private apt state under build/: it
# needs the archive keys, dpkg-deb and unshare/chroot
PKGS="$PKGS debian-archive-keyring dpkg util-linux coreutils"
PKGS="$PKGS $*"

# a second kernel for the VM tests: the newest Debian 12 6.12 (its packages
# carry the version in their names and rotate with security updates)
if ! ls /boot/vmlinuz-6.12.* >/dev/null 2>&1; then
	[ -n "$(apt-cache search --names-only '^linux-image-6\.12' 2>/dev/null)" ] ||
		apt-get update -qq
	v=$(apt-cache search --names-only '^linux-image-6\.12\.[0-9]+\+deb12-amd64$' |
		awk '{ print $1 }' | sed 's/^linux-image-//' | sort -V | tail -1)
	[ -n "$v" ] && PKGS="$PKGS linux-image-$v linux-headers-$v"
fi

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
