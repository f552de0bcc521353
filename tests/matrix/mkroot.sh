#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A toolchain root of a suite under build/roots/<suite>/: the compiler the
# kernel KROOT was built with, make, libc6-dev, pahole, the libraries its
# kbuild tools need (glibc 2.38+ on trixie and sid) and a shell's worth of
# tools, with their closure, fetched with the private apt state (an empty
# dpkg status: apt resolves the whole closure) and unpacked with dpkg-deb.
# No maintainer scripts run, so a few things are set up by hand.  Cached: a
# root is rebuilt only when the package list it needs changes.
#   mkroot.sh SUITE KROOT        prints the root's path
set -e
suite=$1
kroot=$2
. "$(dirname "$0")/apt.sh"
root=$(pwd)/${BUILD:-build}/roots/$suite

papt_update
hdrs=$(ls -d "$kroot"/usr/src/linux-headers-*-common* | head -1)
kver=$(basename "$(ls -d "$kroot"/usr/lib/modules/* "$kroot"/lib/modules/* \
	2>/dev/null | head -1)")
kbuild=$(basename "$(ls -d "$kroot"/usr/lib/linux-kbuild-* | head -1)")
mver=$(papt_cache show "$kbuild" | sed -n 's/^Version: //p' | head -1)
# the compiler the headers package asks for (gcc-14, gcc-16-for-host, ...)
gcc=$(papt_depends "linux-headers-$kver" "$mver" | grep '^gcc-' | head -1)
[ -n "$gcc" ] && [ -n "$hdrs" ] ||
	{ echo "mkroot: cannot tell the compiler of $kroot" >&2; exit 1; }
pkgs="$gcc make libc6-dev pahole coreutils sed grep mawk findutils diffutils"
# perl: W=1 runs scripts/kernel-doc (a perl script up to 6.x) on each file
pkgs="$pkgs dash bash tar gzip xz-utils kmod perl"
pkgs="$pkgs $(papt_depends "$kbuild" "$mver")"
pkgs=$(echo "$pkgs" | tr ' ' '\n' | grep . | sort -u | tr '\n' ' ')

if [ -f "$root/.complete" ] && [ "$(cat "$root/.complete")" = "$pkgs" ]; then
	echo "$root"
	exit 0
fi
t0=$(date +%s)
debs=$root.debs
rm -rf "$root" "$debs"
mkdir -p "$root" "$debs/partial"
# shellcheck disable=SC2086
papt -t "$suite" -o Dir::Cache::archives="$debs" --download-only -y \
	install $pkgs >"$debs/apt.log" 2>&1 || { cat "$debs/apt.log" >&2; exit 1; }
n=0
for deb in "$debs"/*.deb; do
	dpkg-deb -x "$deb" "$root"
	n=$((n + 1))
done
# merged /usr, as base-files and usrmerge would set it up
for d in bin sbin lib lib64; do
	mkdir -p "$root/usr/$d"
	if [ -d "$root/$d" ] && [ ! -L "$root/$d" ]; then
		cp -a "$root/$d/." "$root/usr/$d/"
		rm -rf "${root:?}/$d"
	fi
	[ -e "$root/$d" ] || ln -s "usr/$d" "$root/$d"
done
# what the packages' alternatives and postinst would have made
v=$(echo "$gcc" | sed 's/^gcc-\([0-9]*\).*/\1/')
for t in gcc cpp; do
	[ -e "$root/usr/bin/$t" ] ||
		ln -s "x86_64-linux-gnu-$t-$v" "$root/usr/bin/$t"
	[ -e "$root/usr/bin/$t-$v" ] ||
		ln -s "x86_64-linux-gnu-$t-$v" "$root/usr/bin/$t-$v"
done
[ -e "$root/usr/bin/awk" ] || ln -s mawk "$root/usr/bin/awk"
[ -e "$root/usr/bin/sh" ] || ln -s dash "$root/usr/bin/sh"
mkdir -p "$root/tmp" "$root/dev" "$root/proc" "$root/src" "$root/usr/src"
chmod 1777 "$root/tmp"
t1=$(date +%s)
echo "# root $suite: $n packages, $(du -sm "$debs" | cut -f1) MiB, $((t1 - t0)) s" >&2
rm -rf "$debs"
echo "$pkgs" >"$root/.complete"
echo "$root"
