# SPDX-License-Identifier: GPL-2.0
#
# make demo inside the guest: an Adiantum dm-crypt volume on our drivers.
# Sourced by tests/vm/guest.sh.

demo() {
	load_modules >/dev/null
	echo "== dm-crypt Adiantum volume on our drivers"
	dd if=/dev/zero of=/tmp/disk bs=1M count=64 2>/dev/null
	loop=$(losetup -f)
	losetup "$loop" /tmp/disk
	head -c 32 /dev/urandom >/tmp/key
	echo "\$ cryptsetup open --type plain --cipher xchacha12,aes-adiantum-plain64 --key-size 256 --sector-size 4096 $loop demo"
	cryptsetup open --type plain --cipher xchacha12,aes-adiantum-plain64 \
		--key-size 256 --key-file /tmp/key --sector-size 4096 "$loop" demo
	head -c 32M /dev/urandom >/tmp/data
	dd if=/tmp/data of=/dev/mapper/demo bs=1M conv=fsync 2>&1 | tail -1
	echo 3 >/proc/sys/vm/drop_caches
	if dd if=/dev/mapper/demo bs=1M count=32 2>/dev/null | cmp -s - /tmp/data; then
		echo "wrote and read back 32 MiB: identical"
	else
		echo "READ BACK DIFFERS"
	fi
	echo "adiantum instance serving it: $(adiantum_driver xchacha12)"
	cryptsetup close demo
	losetup -d "$loop"
	echo
	echo "== adiantum-x86 status"
	adiantum-x86 status
	echo
	echo "== adiantum-x86 bench (inside QEMU TCG: emulated, slow; compare rows)"
	adiantum-x86 bench --seconds 0.3 2>/dev/null
}

