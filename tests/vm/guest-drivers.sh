# SPDX-License-Identifier: GPL-2.0
#
# The checks of the chacha/xchacha/nhpoly1305 drivers in the guest: load,
# registration, dm-crypt cross-decryption, the FPU-fallback module, reload
# cycles, the kernel log.  Sourced by tests/vm/guest.sh.

load_modules() {
	# the in-tree drivers we must coexist with (some need SSSE3/AVX2)
	for m in crypto_user af_alg algif_skcipher algif_hash chacha_generic \
		 nhpoly1305 chacha_x86_64 nhpoly1305_sse2 nhpoly1305_avx2 \
		 adiantum dm_crypt loop; do
		modprobe $m 2>/dev/null
	done
	check "modprobe adiantum_x86_chacha" modprobe adiantum_x86_chacha
	check "modprobe adiantum_x86_nhpoly1305" modprobe adiantum_x86_nhpoly1305
}

check_registered() {
	for isa in $(expected_isas); do
		for name in chacha20 xchacha20 xchacha12 nhpoly1305; do
			[ $name = nhpoly1305 ] &&
				{ [ $isa = ssse3 ] || [ $isa = avx512vl ]; } &&
				continue
			d=$name-ax86-$isa
			st=$(driver_selftest $d)
			if [ "$st" = passed ]; then
				pass "$d registered, selftest passed"
			else
				fail "$d: selftest '${st:-not registered}'"
			fi
		done
	done
	for d in chacha20-simd nhpoly1305-sse2; do
		if [ "$(driver_selftest $d)" = passed ]; then
			pass "in-tree $d loaded beside ours"
		elif has_flag ssse3; then
			fail "in-tree $d missing"
		fi
	done
	check "status --require-ours: ours win every name" \
		adiantum-x86 status --require-ours
}

# dm-crypt Adiantum: ours writes, generic reads, and the other way round
dm_case() {
	cipher=$1
	ss=$2
	what="dm-crypt $cipher,aes-adiantum-plain64 sector $ss"

	dd if=/dev/zero of=/tmp/disk bs=1M count=$DISK_MB 2>/dev/null
	loop=$(losetup -f)
	losetup "$loop" /tmp/disk
	head -c 32 /dev/urandom >/tmp/key
	if ! cryptsetup open --type plain --cipher "$cipher,aes-adiantum-plain64" \
	     --key-size 256 --key-file /tmp/key --sector-size "$ss" \
	     "$loop" ours >/tmp/cs.out 2>&1; then
		fail "$what: cryptsetup open"
		sed 's/^/    /' /tmp/cs.out
		losetup -d "$loop"
		return
	fi
	drv=$(adiantum_driver "$cipher")
	case $drv in
	*"$cipher-ax86-"*nhpoly1305-ax86-*)
		pass "$what: served by $drv" ;;
	*)
		fail "$what: served by '$drv', not ours" ;;
	esac

	table=$(dmsetup table --showkeys ours)
	generic="capi:adiantum($cipher-generic,aes-generic,nhpoly1305-generic)-plain64"
	gtable=$(echo "$table" | awk -v c="$generic" '{ $4 = c; print }')

	head -c $((DISK_MB * 1024 * 1024)) /dev/urandom >/tmp/data
	dd if=/tmp/data of=/dev/mapper/ours bs=64k conv=fsync 2>/dev/null
	cryptsetup close ours
	if cmp -s /tmp/data /tmp/disk; then
		fail "$what: the disk holds plaintext"
	fi
	dmsetup create generic --table "$gtable"
	if dd if=/dev/mapper/generic bs=64k 2>/dev/null | cmp -s - /tmp/data; then
		pass "$what: generic drivers decrypt what ours wrote (0 bytes differ)"
	else
		fail "$what: generic drivers read $(dd if=/dev/mapper/generic bs=64k 2>/dev/null | cmp -l - /tmp/data | wc -l) differing bytes"
	fi

	head -c $((DISK_MB * 1024 * 1024)) /dev/urandom >/tmp/data
	dd if=/tmp/data of=/dev/mapper/generic bs=64k conv=fsync 2>/dev/null
	dmsetup remove generic
	cryptsetup open --type plain --cipher "$cipher,aes-adiantum-plain64" \
		--key-size 256 --key-file /tmp/key --sector-size "$ss" \
		"$loop" ours
	if dd if=/dev/mapper/ours bs=64k 2>/dev/null | cmp -s - /tmp/data; then
		pass "$what: ours decrypt what the generic drivers wrote (0 bytes differ)"
	else
		fail "$what: ours read differing bytes from the generic drivers' volume"
	fi
	cryptsetup close ours
	losetup -d "$loop"
	rm -f /tmp/disk /tmp/data
}

fpu_test() {
	ko=$(find /lib/modules -name adiantum_x86_fputest.ko)
	if ! insmod "$ko"; then
		fail "insmod adiantum_x86_fputest"
		return
	fi
	dmesg | sed -n -E "s/.*adiantum_x86_fputest: (PASS|FAIL|SKIP) (.*)/\1 [$BOOT] fallback \2/p"
	dmesg | grep -q "adiantum_x86_fputest: DONE" ||
		fail "adiantum_x86_fputest did not finish"
	rmmod adiantum_x86_fputest
}

reload_cycles() {
	ok=1
	for i in 1 2 3; do
		unload adiantum_x86_nhpoly1305 adiantum_x86_chacha || ok=0
		grep -q -- "-ax86-" /proc/crypto && ok=0
		modprobe adiantum_x86_chacha && modprobe adiantum_x86_nhpoly1305 || ok=0
	done
	if [ $ok = 1 ] && adiantum-x86 status --require-ours >/dev/null; then
		pass "3 rmmod/modprobe cycles, drivers back with selftest passed"
	else
		fail "rmmod/modprobe cycles"
		for m in adiantum_x86_chacha adiantum_x86_nhpoly1305; do
			echo "    $m refcnt $(cat /sys/module/$m/refcnt 2>&1)"
		done
		awk '$1 == "name" { n = $3 } $1 == "driver" { d = $3 }
		     $1 == "refcnt" && $3 > 1 { print "    in use: " n " " d " refcnt " $3 }' /proc/crypto
	fi
	# capping the ISA at load: only SSE2 drivers then
	unload adiantum_x86_nhpoly1305 adiantum_x86_chacha
	modprobe adiantum_x86_chacha max_isa=sse2
	modprobe adiantum_x86_nhpoly1305 max_isa=sse2
	n=$(grep -c "^driver.*-ax86-" /proc/crypto)
	if [ "$n" = 4 ] && [ "$(driver_selftest xchacha12-ax86-sse2)" = passed ]; then
		pass "max_isa=sse2 registers only the 4 SSE2 drivers"
	else
		fail "max_isa=sse2 left $n drivers"
	fi
	unload adiantum_x86_nhpoly1305 adiantum_x86_chacha
	if modprobe adiantum_x86_chacha max_isa=bogus 2>/dev/null; then
		fail "max_isa=bogus was accepted"
		rmmod adiantum_x86_chacha
	else
		pass "max_isa=bogus refused at load"
	fi
	modprobe adiantum_x86_chacha
	modprobe adiantum_x86_nhpoly1305
}

dmesg_clean() {
	if dmesg | grep -E "WARNING|BUG|Oops|Call Trace|general protection" >/tmp/bad; then
		fail "kernel log has warnings:"
		head -20 /tmp/bad | sed 's/^/    /'
	else
		pass "kernel log free of WARNING/BUG/Oops"
	fi
}

