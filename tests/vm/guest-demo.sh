# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# make demo inside the guest: an Adiantum dm-crypt volume on our drivers.
# Sourced by tests/vm/guest.sh.  Every step is checked: the first one that
# fails ends the demo, and the last line is the verdict run.sh turns into
# its exit status:
#   AX86-DEMO-VERDICT PASS
#   AX86-DEMO-VERDICT FAIL <the step that failed>

DEMO_MIB=32

# show a step, run it; on failure remember which one it was
demo_step() {
	echo "\$ $*"
	"$@" && return 0
	rc=$?
	DEMO_FAILED_STEP="$*"
	echo "demo step failed (exit status $rc): $*"
	return 1
}

# busybox head and dd take no size suffixes: whole numbers of bytes only
demo_random_data() {
	dd if=/dev/urandom of=/tmp/data bs=65536 count=$((DEMO_MIB * 16)) \
		2>/dev/null && demo_size_is /tmp/data $((DEMO_MIB * 1048576))
}

demo_size_is() {
	size=$(wc -c <"$1")
	[ "$size" = "$2" ] && return 0
	echo "$1 holds $size bytes, not $2"
	return 1
}

demo_write() {
	# a pipe's status is its last command's: keep dd's own
	dd if=/tmp/data of=/dev/mapper/demo bs=65536 conv=fsync 2>/tmp/dd.err
	rc=$?
	tail -1 /tmp/dd.err
	return $rc
}

demo_read_back() {
	echo 3 >/proc/sys/vm/drop_caches
	dd if=/dev/mapper/demo bs=65536 count=$((DEMO_MIB * 16)) 2>/dev/null |
		cmp - /tmp/data || return 1
	echo "wrote and read back $DEMO_MIB MiB: identical"
}

# the plaintext must not be on the disk: the volume encrypts
demo_disk_encrypted() {
	if dd if=/tmp/disk bs=65536 count=$((DEMO_MIB * 16)) 2>/dev/null |
	   cmp -s - /tmp/data; then
		echo "the disk holds the plaintext"
		return 1
	fi
	echo "the disk holds ciphertext"
}

demo_served_by_ours() {
	drv=$(adiantum_driver xchacha12)
	echo "adiantum instance serving it: $drv"
	# ours: the template on our drivers, or our whole-construction driver
	case $drv in
	*-ax86-*) return 0 ;;
	esac
	return 1
}

demo_bench() {
	afalg_allow_drivers >/dev/null
	adiantum-x86 bench --seconds 0.3 2>/dev/null
}

demo_steps() {
	load_modules >/dev/null
	echo "== dm-crypt Adiantum volume on our drivers"
	demo_step dd if=/dev/zero of=/tmp/disk bs=1048576 count=$((DEMO_MIB * 2)) ||
		return 1
	loop=$(losetup -f)
	demo_step losetup "$loop" /tmp/disk || return 1
	demo_step dd if=/dev/urandom of=/tmp/key bs=32 count=1 || return 1
	demo_step cryptsetup open --type plain \
		--cipher xchacha12,aes-adiantum-plain64 --key-size 256 \
		--key-file /tmp/key --sector-size 4096 "$loop" demo || return 1
	demo_step demo_served_by_ours || return 1
	# every module of ours is loaded by now (the VM tests' own aside)
	for ko in /lib/modules/"$(uname -r)"/extra/adiantum_x86_*.ko; do
		m=$(basename "$ko" .ko)
		[ "$m" = adiantum_x86_fputest ] && continue
		demo_step test -d "/sys/module/$m" || return 1
	done
	demo_step demo_random_data || return 1
	demo_step demo_write || return 1
	demo_step demo_read_back || return 1
	demo_step cryptsetup close demo || return 1
	demo_step demo_disk_encrypted || return 1
	demo_step losetup -d "$loop" || return 1
	rm -f /tmp/disk /tmp/data
	echo
	echo "== adiantum-x86 status"
	demo_step adiantum-x86 status --require-ours || return 1
	echo
	echo "== adiantum-x86 bench (inside QEMU TCG: emulated, slow; compare rows)"
	demo_step demo_bench || return 1
}

demo() {
	DEMO_FAILED_STEP=
	if demo_steps && [ -z "$DEMO_FAILED_STEP" ]; then
		echo "AX86-DEMO-VERDICT PASS"
	else
		echo "AX86-DEMO-VERDICT FAIL ${DEMO_FAILED_STEP:-unknown step}"
	fi
}
