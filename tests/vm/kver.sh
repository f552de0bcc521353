#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The Debian kernel the VM boots: the newest installed version that has a
# /boot/vmlinuz, its modules and its build headers (never uname -r: the
# host kernel is not the test kernel).  KVER in the environment overrides.
#   kver.sh [SERIES]    e.g. kver.sh 6.1
if [ -n "$KVER" ]; then
	echo "$KVER"
	exit 0
fi
series=${1:-6.1}
for v in $(ls /lib/modules 2>/dev/null | sort -rV); do
	case $v in "$series".*) ;; *) continue ;; esac
	if [ -f "/boot/vmlinuz-$v" ] && [ -d "/lib/modules/$v/kernel" ] &&
	   [ -e "/lib/modules/$v/build/Makefile" ]; then
		echo "$v"
		exit 0
	fi
done
echo "kver.sh: no installed $series kernel with image, modules and headers" \
	"(apt-get install linux-image-amd64 linux-headers-amd64)" >&2
exit 1
