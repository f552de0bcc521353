#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The package test (issue 9 item 7), as root on a Debian 12 machine: build
# adiantum-x86-dkms and adiantum-x86-tools, lintian, install them (DKMS
# builds for every installed kernel with headers), dkms status, module
# signatures, a VM per kernel booted on the modules DKMS installed
# (autoload, LUKS2 both ways, cryptsetup benchmark), then apt-get purge
# must leave no module file behind.  Then make dkms-install/dkms-remove
# from the checkout and make sign.  PASS/FAIL lines; "# ..." timings.
#   tests/package/run.sh     (from the top of the tree)
# Environment: PKG_KERNELS (default: every kernel with headers and image,
# 6.1 to 7.3), BOOTS for the VMs (default max).
cd "$(dirname "$0")/../.." || exit 1
build=${BUILD:-build}
out=$build/pkg-test
deb=$build/deb
mkdir -p "$out"
t_start=$(date +%s)
PHASES=
# shellcheck source=tests/phases.sh
. tests/phases.sh

tests/package/dkms-conf-test.sh

if [ "$(id -u)" != 0 ]; then
	echo "SKIP package test: needs root (apt-get install, dkms)"
	exit 0
fi

tools/install-deps.sh && tests/package/deps.sh ||
	echo "FAIL installing the build and test dependencies"
phase "dependencies"

# the kernels DKMS must build for: headers and image installed, 6.1 .. 7.3
kernels=${PKG_KERNELS:-$(for b in /lib/modules/*/build; do
	[ -e "$b/Makefile" ] || continue
	k=${b#/lib/modules/}
	k=${k%/build}
	[ -f "/boot/vmlinuz-$k" ] && echo "$k"
done | grep -E "$(sed -n 's/^BUILD_EXCLUSIVE_KERNEL="\(.*\)"$/\1/p' dkms.conf)" |
	sort -V)}
# the modules users get: Kbuild's (the VM's test module has its own); the packages
# hold the committed tree (make package), make dkms-install the checkout's
kbuild_modules() {
	sed -n 's/^obj-$(CONFIG_[A-Z0-9_]*)[ \t]*+=[ \t]*\(.*\)\.o$/\1/p'
}
modules=$(git show "${PKG_REF:-HEAD}:Kbuild" | kbuild_modules)
tree_modules=$(kbuild_modules <Kbuild)
echo "# kernels: $(echo $kernels); modules: $(echo $modules)"

# a clean start: no earlier install of ours
purge() {
	DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq \
		adiantum-x86-dkms adiantum-x86-tools >"$out/purge.log" 2>&1
}
dpkg-query -W adiantum-x86-dkms >/dev/null 2>&1 && purge

tests/package/build-test.sh "$deb" "$out"
phase "dpkg-buildpackage and lintian"

debs="$deb/adiantum-x86-dkms_*_all.deb $deb/adiantum-x86-tools_*_amd64.deb"
# shellcheck disable=SC2086,SC2046
if DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
   $(ls $debs | sed 's|^|./|') >"$out/install.log" 2>&1; then
	echo "PASS apt-get install adiantum-x86-dkms adiantum-x86-tools"
else
	echo "FAIL apt-get install of the packages"
	tail -30 "$out/install.log" | sed 's/^/    /'
fi
phase "apt-get install (DKMS builds)"

tests/package/installed-test.sh "$kernels" "$modules"

# make dkms-install and dkms-remove refuse the package's sources: dpkg
# owns them, and DKMS builds every later kernel from them
pkgsrc=/usr/src/adiantum-x86-$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' dkms.conf)
srcsum() { find "$pkgsrc" -type f -exec md5sum {} + 2>/dev/null | sort | md5sum; }
before=$(srcsum)
for t in dkms-install dkms-remove; do
	if make -s "$t" >"$out/$t-refused.log" 2>&1; then
		echo "FAIL make $t with the package installed: exit 0"
	elif grep -q "belongs to the package adiantum-x86-dkms" "$out/$t-refused.log" &&
	     [ -f "$pkgsrc/dkms.conf" ] && [ "$(srcsum)" = "$before" ]; then
		echo "PASS make $t with the package installed: refused, $pkgsrc untouched"
	else
		echo "FAIL make $t with the package installed: no refusal, or $pkgsrc changed"
		tail -5 "$out/$t-refused.log" | sed 's/^/    /'
	fi
done

# the VM boots on what DKMS installed
for k in $kernels; do
	series=$(echo "$k" | cut -d. -f1,2)
	# a folder per kernel: run.sh keeps the console beside the initramfs
	mkdir -p "$out/$k"
	initrd=$out/$k/initramfs.cpio.gz
	if tests/package/mkinitramfs.sh "$initrd" "$k" /usr/bin/adiantum-x86 \
	   /usr/share/adiantum-x86/testmgr.h >"$out/$k/mkinitramfs.log" 2>&1; then
		BOOTS=${BOOTS:-max} TAG=pkg-$series- \
			tests/vm/run.sh test "$initrd" "$k"
	else
		echo "FAIL [pkg-$series] initramfs from the DKMS modules"
		tail -10 "$out/$k/mkinitramfs.log" | sed 's/^/    /'
	fi
	phase "VM on $k"
done

purge || echo "FAIL apt-get purge"
tests/package/purged-test.sh
phase "apt-get purge"

tests/package/dkms-source-test.sh "$kernels" "$tree_modules"
phase "make dkms-install, make dkms-remove"

tests/package/sign-test.sh "$(echo "$kernels" | head -1)" "$tree_modules" "$out"
phase "make sign"

echo "# package test total: $(($(date +%s) - t_start)) s"
