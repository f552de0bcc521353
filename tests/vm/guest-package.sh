# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# The package test inside the VM: the modules DKMS built sit in the module
# tree (updates/dkms, depmod run), none loaded.  Opening an Adiantum volume
# must load ours; a LUKS2 volume written on ours must read back on the
# kernel's own drivers with ours gone, and the reverse; cryptsetup
# benchmark runs on ours.  tests/package/vm-init.sh calls package_checks;
# sourced by every guest /init, so: functions only.

PKG_CIPHER=xchacha12,aes-adiantum-plain64
PKG_PASS=/tmp/luks-pass

pkg_dkms_dir() { echo "/lib/modules/$(uname -r)/updates/dkms"; }

# our modules: what DKMS installed (moved aside while the test hides them)
pkg_modules() {
	for f in "$(pkg_dkms_dir)"/*.ko /tmp/hidden-dkms/*.ko; do
		[ -f "$f" ] && basename "$f" .ko
	done | sort -u
}

pkg_loaded() {
	for m in $(pkg_modules); do
		[ -d "/sys/module/$m" ] && echo "$m"
	done
}

pkg_indent() { sed 's/^/    /'; }

# the /proc/crypto entries of an algorithm name: driver, module, priority,
# refcnt on one line each
pkg_crypto_lines() {
	awk -v n="$1" '$1 == "name" { cur = $3 }
		cur == n && $1 == "driver" { d = $3 }
		cur == n && $1 == "module" { m = $3 }
		cur == n && $1 == "priority" { p = $3 }
		cur == n && $1 == "refcnt" {
			printf "%s driver %s module %s priority %s refcnt %s\n",
				n, d, m, p, $3 }' /proc/crypto
}

# the /proc/crypto entry of one driver, as the kernel prints it
pkg_crypto_entry() {
	awk -v d="$1" 'BEGIN { RS = ""; FS = "\n" }
		{ for (i = 1; i <= NF; i++)
			if ($i ~ /^driver/ && substr($i, index($i, ":") + 2) == d)
				print }' /proc/crypto
}

# the driver the crypto API gives new users of a name: the highest priority
pkg_top_driver() {
	awk -v n="$1" '$1 == "name" { cur = $3 }
		cur == n && $1 == "driver" { d = $3 }
		cur == n && $1 == "priority" && $3 + 0 > best {
			best = $3 + 0; pick = d }
		END { print pick }' /proc/crypto
}

# the adiantum instance serving the open volume must be $1: ours or kernel
pkg_served_by() {
	drv=$(adiantum_driver xchacha12)
	case $drv in
	*-ax86-*) got=ours ;;
	adiantum*) got=kernel ;;
	*) got=none ;;
	esac
	if [ "$got" = "$1" ]; then
		pass "$2: served by $drv"
		return 0
	fi
	fail "$2: served by '$drv', not by the $1 drivers"
	pkg_crypto_lines "adiantum(xchacha12,aes)" | pkg_indent
	return 1
}

pkg_loop() {
	dd if=/dev/zero of="$1" bs=1048576 count="$2" 2>/dev/null
	loop=$(losetup -f)
	losetup "$loop" "$1"
	echo "$loop"
}

pkg_luks_format() {
	cryptsetup luksFormat -q --type luks2 --cipher "$PKG_CIPHER" \
		--key-size 256 --sector-size 4096 --pbkdf pbkdf2 \
		--pbkdf-force-iterations 1000 --key-file "$PKG_PASS" "$1"
}

pkg_luks_open() {
	cryptsetup open --type luks2 --key-file "$PKG_PASS" "$1" "$2"
}

# an ext2 file system with files on the open volume; their sums in $2
pkg_fill() {
	mke2fs -q -b 4096 "/dev/mapper/$1" >/dev/null 2>&1 || return 1
	mkdir -p /mnt/vol
	mount -t ext2 "/dev/mapper/$1" /mnt/vol || return 1
	mkdir -p /mnt/vol/dir/sub
	dd if=/dev/urandom of=/mnt/vol/big bs=65536 count=64 2>/dev/null
	dd if=/dev/urandom of=/mnt/vol/dir/odd bs=4099 count=3 2>/dev/null
	echo "written through $(adiantum_driver xchacha12)" >/mnt/vol/dir/sub/note
	(cd /mnt/vol && find . -type f | sort | xargs sha256sum) >"$2"
	umount /mnt/vol
}

# the same files, identical, on the open volume
pkg_verify() {
	mkdir -p /mnt/vol
	mount -t ext2 -o ro "/dev/mapper/$1" /mnt/vol || return 1
	(cd /mnt/vol && find . -type f | sort | xargs sha256sum) >/tmp/sums.now
	umount /mnt/vol
	grep -q big /tmp/sums.now && cmp -s "$2" /tmp/sums.now
}

# ours out of the module tree, as when the package is removed
pkg_hide_ours() {
	# shellcheck disable=SC2034
	for try in 1 2 3; do
		for m in $(pkg_loaded); do
			rmmod "$m" 2>/dev/null
		done
		[ -z "$(pkg_loaded)" ] && break
		sleep 1
	done
	# shellcheck disable=SC2046
	[ -z "$(pkg_loaded)" ] || unload $(pkg_loaded) || return 1
	mkdir -p /tmp/hidden-dkms
	mv "$(pkg_dkms_dir)"/*.ko /tmp/hidden-dkms/ && depmod
}

pkg_restore_ours() {
	mv /tmp/hidden-dkms/*.ko "$(pkg_dkms_dir)"/ && depmod
}

pkg_autoload() {
	if [ -z "$(pkg_loaded)" ]; then
		pass "none of ours loaded at boot ($(pkg_modules | tr '\n' ' '))"
	else
		fail "loaded before any use: $(pkg_loaded | tr '\n' ' ')"
	fi
	n=$(grep -c "^updates/dkms/.*\.ko:" "/lib/modules/$(uname -r)/modules.dep")
	[ "$n" -gt 0 ] && pass "modules.dep lists $n modules in updates/dkms" ||
		fail "modules.dep lists none of ours"
	head -c 32 /dev/urandom >/tmp/key
	loop=$(pkg_loop /tmp/auto 8)
	if ! cryptsetup open --type plain --cipher "$PKG_CIPHER" \
	     --key-size 256 --key-file /tmp/key --sector-size 4096 \
	     "$loop" auto >/tmp/cs.out 2>&1; then
		fail "autoload: cryptsetup open"
		pkg_indent </tmp/cs.out
		losetup -d "$loop"
		return
	fi
	loaded=$(pkg_loaded | tr '\n' ' ')
	if [ -n "$loaded" ]; then
		pass "autoload: opening the volume loaded $loaded"
	else
		fail "autoload: none of ours loaded by opening the volume"
	fi
	pkg_served_by ours "autoload: dm-crypt $PKG_CIPHER"
	pkg_crypto_lines "adiantum(xchacha12,aes)" | pkg_indent
	echo "    /proc/crypto, the instance serving the volume:"
	pkg_crypto_entry "$(adiantum_driver xchacha12)" | pkg_indent
	echo "    lsmod:"
	lsmod | grep -E '^(Module|adiantum)' | pkg_indent
	cryptsetup close auto
	losetup -d "$loop"
	rm -f /tmp/auto
}

# the kernel's own Adiantum drivers unloaded, as after a reboot: the next
# volume opened asks modprobe again, and ours, back in the tree, come first
pkg_unload_kernel_drivers() {
	for m in adiantum chacha_x86_64 chacha_generic nhpoly1305_avx2 \
		 nhpoly1305_sse2 nhpoly1305; do
		[ -d "/sys/module/$m" ] || continue
		unload "$m" || return 1
	done
	! grep -q '^name.*adiantum(' /proc/crypto
}

# $1 writes (ours|kernel), the other one reads
pkg_luks_round_trip() {
	writer=$1
	reader=$2
	if [ "$writer" = ours ]; then
		what="LUKS2 written on our drivers, read on the kernel's"
	else
		what="LUKS2 written on the kernel's drivers, read on ours"
		check "$what: ours out of the module tree" pkg_hide_ours
	fi
	loop=$(pkg_loop /tmp/luks 48)
	if ! check "$what: luksFormat" pkg_luks_format "$loop" ||
	   ! check "$what: open for writing" pkg_luks_open "$loop" vol; then
		losetup -d "$loop"
		return
	fi
	pkg_served_by "$writer" "$what: writing"
	check "$what: ext2 with files written" pkg_fill vol /tmp/sums.$writer
	pkg_indent </tmp/sums.$writer
	cryptsetup close vol
	if [ "$writer" = ours ]; then
		check "$what: ours unloaded, out of the module tree" pkg_hide_ours
	else
		check "$what: the kernel's drivers unloaded" \
			pkg_unload_kernel_drivers
		check "$what: ours back in the module tree" pkg_restore_ours
	fi
	if check "$what: open for reading" pkg_luks_open "$loop" vol; then
		pkg_served_by "$reader" "$what: reading"
		check "$what: every file read back identical" \
			pkg_verify vol /tmp/sums.$writer
		cryptsetup close vol
	fi
	[ "$writer" = ours ] && pkg_restore_ours
	losetup -d "$loop"
	rm -f /tmp/luks
}

pkg_benchmark() {
	if cryptsetup benchmark --cipher "$PKG_CIPHER" --key-size 256 \
	   >/tmp/bench.out 2>&1; then
		pass "cryptsetup benchmark --cipher $PKG_CIPHER"
	else
		fail "cryptsetup benchmark --cipher $PKG_CIPHER"
	fi
	pkg_indent </tmp/bench.out
	top=$(pkg_top_driver "adiantum(xchacha12,aes)")
	case $top in
	*-ax86-*) pass "benchmark: adiantum(xchacha12,aes) served by $top" ;;
	*)	fail "benchmark: adiantum(xchacha12,aes) served by '$top'" ;;
	esac
}

package_checks() {
	# the kernel runs modprobe for autoloading; busybox keeps it in /bin
	echo /bin/modprobe >/proc/sys/kernel/modprobe
	# the kernel's own infrastructure, not ours
	modprobe loop
	modprobe dm_crypt
	head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$PKG_PASS"
	pkg_autoload
	pkg_luks_round_trip ours kernel
	pkg_luks_round_trip kernel ours
	pkg_benchmark
	type dmesg_clean >/dev/null 2>&1 && dmesg_clean
}
