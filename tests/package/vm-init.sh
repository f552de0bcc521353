#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the package test's VM: the modules DKMS built sit in the module
# tree, nothing is loaded by hand; package_checks (tests/vm/guest-package.sh)
# prints PASS/FAIL lines, then "AX86-VM-END" and the VM powers off.
export PATH=/sbin:/bin
export DM_DISABLE_UDEV=1

mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mkdir -p /run/cryptsetup

BOOT=pkg
for arg in $(cat /proc/cmdline); do
	case $arg in
	ax86.boot=*) BOOT=${arg#ax86.boot=} ;;
	esac
done

# the guest parts (functions only): helpers, dmesg_clean, package_checks
for part in /lib/ax86/guest-*.sh; do
	# shellcheck source=/dev/null
	. "$part"
done

echo "AX86-VM-BEGIN $BOOT $(uname -r)"
package_checks
echo "AX86-VM-END"
poweroff -f
