#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the test VM.  Loads the in-tree crypto modules and ours, checks
# them, and prints one PASS/FAIL/SKIP line per check, tagged with the boot
# name, then "AX86-VM-END" and powers off.  Kernel command line:
#   ax86.boot=NAME   tag of this boot (e.g. max, sse2)
#   ax86.fuzz=N      fuzz cases per driver
#   ax86.mode=demo   the demo instead of the tests
#   ax86.mode=slow-pshufb   only the ranking checks of a slow-pshufb CPU
#   ax86.mode=cpu-rule   only the cores checks of a CPU one rule of
#                        cpu_quirks.h names (the zen5 and zen4 boots)
export PATH=/sbin:/bin
export DM_DISABLE_UDEV=1

mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
# the kernel asks /sbin/modprobe to autoload modules; busybox is in /bin
echo /bin/modprobe >/proc/sys/kernel/modprobe
mkdir -p /run/cryptsetup

BOOT=vm
FUZZ=2000
MODE="test"
for arg in $(cat /proc/cmdline); do
	case $arg in
	ax86.boot=*) BOOT=${arg#ax86.boot=} ;;
	ax86.fuzz=*) FUZZ=${arg#ax86.fuzz=} ;;
	ax86.mode=*) MODE=${arg#ax86.mode=} ;;
	esac
done

# AF_ALG keeps a whole operation in the socket send buffer: room for 256 KiB
echo 4194304 >/proc/sys/net/core/wmem_max
echo 4194304 >/proc/sys/net/core/wmem_default

# the parts, installed by mkinitramfs.sh beside this script
for part in /lib/ax86/guest-*.sh; do
	# shellcheck source=/dev/null
	. "$part"
done

echo "AX86-VM-BEGIN $BOOT $(uname -r)"
if [ "$MODE" = demo ]; then
	demo
elif [ "$MODE" = slow-pshufb ]; then
	slow_pshufb_checks
elif [ "$MODE" = cpu-rule ]; then
	cpu_rule_checks
elif [ "${MODE#secureboot}" != "$MODE" ]; then
	secureboot_checks
else
	load_modules
	check_registered
	# dm-crypt first: the kernel builds a template instance of the best
	# parts only while no adiantum(...) instance exists yet; once the
	# tool has bound the reference instance, a lookup by name finds that
	for c in xchacha12 xchacha20; do
		for ss in 512 4096; do
			dm_case $c $ss
		done
	done
	tool check
	tool fuzz --cases "$FUZZ"
	fpu_test
	is_rt && concurrent_writers
	# checks that live in parts of their own: a part missing from the
	# image is a failure, never a silent gap
	for fn in stack_checks tool_checks adiantum_checks strict_checks \
		  noafalg_checks; do
		if type "$fn" >/dev/null 2>&1; then
			"$fn"
		else
			echo "FAIL [$BOOT] guest part missing: no $fn in /lib/ax86"
		fi
	done
	reload_cycles
	# last: from 7.3 fscrypt pins our module until reboot
	if type fscrypt_checks >/dev/null 2>&1; then
		fscrypt_checks
	else
		echo "FAIL [$BOOT] guest part missing: no fscrypt_checks in /lib/ax86"
	fi
	dmesg_clean
fi
echo "AX86-VM-END"
poweroff -f
