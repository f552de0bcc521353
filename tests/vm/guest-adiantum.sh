# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# The guest's checks of the whole-construction Adiantum drivers (module
# adiantum_x86_adiantum): autoloaded by dm-crypt (the dm-crypt cases ran
# before, with the module not loaded by hand), every variant registered
# with its self-test passed, ours winning both names over the template,
# rmmod/modprobe, max_isa (adiantum_checks: leaves the module unloaded for
# the checks that follow); an fscrypt round trip, written on ours, read on
# the template (fscrypt_checks, last in the boot: from 7.3 it pins our
# module until reboot).  Sourced by tests/vm/guest.sh.

ADIANTUM_MOD=adiantum_x86_adiantum

# rmmod our module, waiting up to 30 s: right after a load the kernel's
# self-tests of its drivers still hold it (long on PREEMPT_RT under TCG)
adiantum_unload() {
	# shellcheck disable=SC2034
	for try in $(seq 60); do
		[ -d /sys/module/$ADIANTUM_MOD ] || return 0
		rmmod $ADIANTUM_MOD 2>/dev/null && return 0
		sleep 0.5
	done
	echo "    $ADIANTUM_MOD refcnt $(cat /sys/module/$ADIANTUM_MOD/refcnt)"
	return 1
}

# After a modprobe: wait up to 30 s until $1 adiantum drivers of ours are
# listed and every one has passed its self-test (guest-lib.sh)
adiantum_settle() {
	drivers_settle '^adiantum-.*-ax86-' "$1" 60
}

# the driver the crypto API picks for name $1: the highest priority among
# those whose self-test passed
adiantum_winner() {
	awk -v n="$1" '$1 == "name" { cur = $3 } $1 == "driver" { d = $3 }
		$1 == "priority" { p = $3 }
		$1 == "selftest" && cur == n && $3 == "passed" && p > best {
			best = p; pick = d }
		END { print pick }' /proc/crypto
}

adiantum_registered() {
	for isa in $(expected_isas); do
		for s in xchacha12 xchacha20; do
			d=adiantum-$s-aes-ax86-$isa
			st=$(driver_selftest "$d")
			if [ "$st" = passed ]; then
				pass "$d registered, selftest passed"
			else
				fail "$d: selftest '${st:-not registered}'"
			fi
		done
	done
	best=$(expected_isas | tail -1)
	for s in xchacha12 xchacha20; do
		w=$(adiantum_winner "adiantum($s,aes)")
		if [ "$w" = "adiantum-$s-aes-ax86-$best" ]; then
			pass "adiantum($s,aes) resolves to $w"
		else
			fail "adiantum($s,aes) resolves to '$w', not adiantum-$s-aes-ax86-$best"
		fi
	done
}

# fscrypt: files written through our driver, read back through the
# kernel's template with our module gone
FS_SIZES="1 4095 4096 4097 100000 1048576"

fscrypt_case() {
	what="fscrypt ext4, v2 policy Adiantum/DIRECT_KEY"
	# by path: busybox's shell prefers its own applets, and its mke2fs
	# has no -O encrypt
	for t in /sbin/mke2fs /sbin/fscrypt-adiantum; do
		[ -x $t ] || { fail "$what: no $t in the initramfs"; return; }
	done
	modprobe ext4 2>/dev/null
	dd if=/dev/zero of=/tmp/fs.img bs=1M count=16 2>/dev/null
	loop=$(losetup -f)
	losetup "$loop" /tmp/fs.img
	mkdir -p /mnt/fs
	head -c 64 /dev/urandom >/tmp/fskey
	if ! /sbin/mke2fs -q -F -t ext4 -O encrypt -b 4096 "$loop" >/tmp/fs.out 2>&1 ||
	   ! mount -t ext4 "$loop" /mnt/fs 2>>/tmp/fs.out ||
	   ! id=$(fscrypt-adiantum add /mnt/fs /tmp/fskey 2>>/tmp/fs.out) ||
	   ! mkdir /mnt/fs/d ||
	   ! fscrypt-adiantum set /mnt/fs/d "$id" 2>>/tmp/fs.out; then
		fail "$what: setting up the file system"
		sed 's/^/    /' /tmp/fs.out | head
		umount /mnt/fs 2>/dev/null
		losetup -d "$loop"
		return
	fi
	i=0
	for sz in $FS_SIZES; do
		head -c "$sz" /dev/urandom >/tmp/fsfile$i
		cp /tmp/fsfile$i /mnt/fs/d/file$i
		i=$((i + 1))
	done
	sync
	drv=$(adiantum_driver xchacha12)
	case $drv in
	adiantum-xchacha12-aes-ax86-*)
		pass "$what: files written through $drv" ;;
	*)
		fail "$what: files written through '$drv', not ours" ;;
	esac
	fscrypt-adiantum remove /mnt/fs "$id"
	umount /mnt/fs
	if ! adiantum_unload >/tmp/unload.out; then
		if grep -q ' blk_crypto_fallback_init' /proc/kallsyms; then
			fscrypt_pin_checks "$what" "$loop" "$id" "$drv"
		else
			fail "$what: $ADIANTUM_MOD still in use after umount"
			cat /tmp/unload.out
		fi
		losetup -d "$loop"
		return
	fi
	# as on a machine without our modules: nothing may autoload them back
	saved=$(cat /proc/sys/kernel/modprobe)
	echo /bin/true >/proc/sys/kernel/modprobe
	mount -t ext4 "$loop" /mnt/fs &&
		fscrypt-adiantum add /mnt/fs /tmp/fskey >/dev/null
	bad=""
	i=0
	for sz in $FS_SIZES; do
		cmp -s /tmp/fsfile$i /mnt/fs/d/file$i || bad="$bad $sz"
		i=$((i + 1))
	done
	drv=$(adiantum_driver xchacha12)
	case $drv in
	"adiantum("*)
		if [ -z "$bad" ]; then
			pass "$what: our module unloaded, $drv reads every file back identical ($FS_SIZES bytes)"
		else
			fail "$what: $drv reads files of$bad bytes differently"
		fi ;;
	*)
		fail "$what: read back through '$drv', not the kernel's template" ;;
	esac
	fscrypt-adiantum remove /mnt/fs "$id"
	umount /mnt/fs
	echo "$saved" >/proc/sys/kernel/modprobe
	losetup -d "$loop"
	rm -f /tmp/fs.img /tmp/fsfile*
	modprobe $ADIANTUM_MOD
}

# From 7.3, fscrypt encrypts file contents through blk-crypto-fallback
# (when the device has no inline encryption), and the fallback, at the
# first use of a mode, allocates one transform of it per keyslot and
# keeps them for the kernel's life (block/blk-crypto-fallback.c): our
# module stays in use after umount until reboot.
# the pin is exactly blk-crypto-fallback's keyslot transforms: as many
# module references as keyslots (tests/vm/run.sh boots with
# blk_crypto_fallback.num_keyslots set), the driver's refcnt one more
# (its registration), and a second mount, key and umount adds none.
#   fscrypt_pin_checks WHAT LOOP KEY_ID DRIVER
fscrypt_pin_checks() {
	slots=$(tr ' ' '\n' </proc/cmdline |
		sed -n 's/^blk_crypto_fallback\.num_keyslots=//p')
	slots=${slots:-100}
	mref() { cat /sys/module/$ADIANTUM_MOD/refcnt; }
	dref() {
		awk -v d="$1" '$1 == "driver" { cur = $3 }
			$1 == "refcnt" && cur == d { print $3 }' /proc/crypto
	}
	m1=$(mref)
	d1=$(dref "$4")
	if [ "$m1" = "$slots" ] && [ "$d1" = $((slots + 1)) ]; then
		pass "$1: after umount $ADIANTUM_MOD is held by blk-crypto-fallback's keyslot transforms alone: module refcnt $m1 = num_keyslots $slots, $4 refcnt $d1 (its registration + $slots)"
	else
		fail "$1: after umount $ADIANTUM_MOD refcnt $m1, $4 refcnt $d1; blk-crypto-fallback's $slots keyslot transforms would hold $slots and $((slots + 1))"
	fi
	# the same files again through the pinned transforms: read back, and
	# not one reference more after the second umount
	bad=""
	if mount -t ext4 "$2" /mnt/fs &&
	   fscrypt-adiantum add /mnt/fs /tmp/fskey >/dev/null; then
		i=0
		for sz in $FS_SIZES; do
			cmp -s /tmp/fsfile$i /mnt/fs/d/file$i || bad="$bad $sz"
			i=$((i + 1))
		done
		fscrypt-adiantum remove /mnt/fs "$3"
		umount /mnt/fs
	else
		bad=" (mount)"
	fi
	m2=$(mref)
	d2=$(dref "$4")
	if [ -z "$bad" ] && [ "$m2" = "$m1" ] && [ "$d2" = "$d1" ]; then
		pass "$1: a second mount reads every file back identical through $4 and leaves no reference behind (module refcnt $m2, driver refcnt $d2)"
	else
		fail "$1: second mount: files differing:${bad:- none}; module refcnt $m1 -> $m2, driver refcnt $d1 -> $d2"
	fi
	rm -f /tmp/fs.img /tmp/fsfile*
}

# last in the boot: from 7.3 it leaves our module pinned (fscrypt_pinned)
fscrypt_checks() {
	modprobe $ADIANTUM_MOD
	adiantum_settle $((2 * $(expected_isas | wc -l))) >/dev/null
	fscrypt_case
}

adiantum_checks() {
	if [ -d /sys/module/$ADIANTUM_MOD ]; then
		pass "$ADIANTUM_MOD autoloaded when dm-crypt asked for adiantum"
	else
		fail "$ADIANTUM_MOD not autoloaded by dm-crypt"
		check "modprobe $ADIANTUM_MOD" modprobe $ADIANTUM_MOD
	fi
	adiantum_registered

	# unload and load again, then cap the ISA
	all=$((2 * $(expected_isas | wc -l)))
	ok=1
	for i in 1 2; do
		adiantum_unload && modprobe $ADIANTUM_MOD &&
			adiantum_settle $all >/tmp/settle.out || ok=0
	done
	if [ $ok = 1 ]; then
		pass "$ADIANTUM_MOD: 2 rmmod/modprobe cycles, all $all drivers back with selftest passed"
	else
		fail "$ADIANTUM_MOD: rmmod/modprobe cycles"
		cat /tmp/settle.out
	fi
	if ! adiantum_unload; then
		fail "$ADIANTUM_MOD does not unload for the max_isa check"
		return
	fi
	modprobe $ADIANTUM_MOD max_isa=sse2
	adiantum_settle 2 >/tmp/settle.out
	n=$(grep -c "^driver *: adiantum-.*-ax86-" /proc/crypto)
	if [ "$n" = 2 ]; then
		pass "$ADIANTUM_MOD max_isa=sse2 registers only the 2 SSE2 drivers"
	else
		fail "$ADIANTUM_MOD max_isa=sse2 left $n drivers"
	fi
	adiantum_unload || fail "$ADIANTUM_MOD does not unload"
}
