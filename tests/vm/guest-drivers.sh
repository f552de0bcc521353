# SPDX-License-Identifier: GPL-2.0
#
# The checks of the chacha/xchacha/nhpoly1305 drivers in the guest: load,
# registration, dm-crypt cross-decryption, the FPU-fallback module, reload
# cycles, the kernel log.  Sourced by tests/vm/guest.sh.

load_modules() {
	# the in-tree drivers we must coexist with (some need SSSE3/AVX2)
	# (6.1/6.12: chacha_generic, chacha_x86_64, nhpoly1305*; 6.18+: the
	# module "chacha" holds the -lib drivers; 7.x has no nhpoly1305)
	for m in crypto_user af_alg algif_skcipher algif_hash chacha_generic \
		 chacha nhpoly1305 chacha_x86_64 nhpoly1305_sse2 \
		 nhpoly1305_avx2 adiantum dm_crypt loop; do
		modprobe $m 2>/dev/null
	done
	info "kernel $(uname -r)$(is_rt && echo ", PREEMPT_RT"); in-tree:" \
	     "$(grep -oE '^driver *: (x?chacha(20|12)-(generic|simd|lib)|nhpoly1305-[a-z0-9]+|aes-(generic|aesni|lib))$' \
		/proc/crypto | sed 's/.*: //' | sort -u | tr '\n' ' ')"
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
	# the in-tree SIMD drivers ours must coexist with, as this kernel
	# names them: chacha20-simd up to 6.17, chacha20-lib (the kernel's
	# SIMD inside) from 6.18; nhpoly1305-sse2 while the kernel has it
	if has_module nhpoly1305 || has_module nhpoly1305-sse2 ||
	   has_driver nhpoly1305-generic; then
		intree="chacha20-simd nhpoly1305-sse2"
	else
		intree=chacha20-lib
		info "no in-tree nhpoly1305 on this kernel (gone since 7.0):" \
		     "nothing to load beside ours; our nhpoly1305 has no" \
		     "testmgr vectors here, its load-time known-answer test is the check"
	fi
	has_driver chacha20-simd || has_driver chacha20-generic ||
		intree=$(echo "$intree" | sed 's/chacha20-simd/chacha20-lib/')
	for d in $intree; do
		if [ "$(driver_selftest $d)" = passed ]; then
			pass "in-tree $d loaded beside ours"
		elif has_flag ssse3 || [ $d = chacha20-lib ]; then
			fail "in-tree $d missing"
		fi
	done
	check "status --require-ours: ours win every name" \
		adiantum-x86 status --require-ours
}

# Whether the adiantum driver $1 serving a dm-crypt volume of cipher $2 is
# the one this kernel must pick; says what it expects in DM_EXPECT.  Our
# whole-construction driver whenever it is registered; else the kernel's
# template on our parts: our stream cipher and, while the kernel has the
# nhpoly1305 shash (6.x), our nhpoly1305; from 7.0 the template takes no
# hash argument (NH is a library), e.g. adiantum(xchacha12-ax86-avx2,aes-lib).
# Extend here when a new driver joins.
dm_expect_ours() {
	if grep -q "^driver *: adiantum-$2-aes-ax86-" /proc/crypto; then
		DM_EXPECT="our whole driver adiantum-$2-aes-ax86-*"
		case $1 in adiantum-"$2"-aes-ax86-*) return 0 ;; esac
	elif has_driver nhpoly1305-generic || has_module nhpoly1305; then
		DM_EXPECT="template on $2-ax86-* and nhpoly1305-ax86-*"
		case $1 in *"($2-ax86-"*",nhpoly1305-ax86-"*")") return 0 ;; esac
	else
		DM_EXPECT="two-argument template on $2-ax86-* (no nhpoly1305 in this kernel)"
		case $1 in "adiantum($2-ax86-"*",aes-"*")") return 0 ;; esac
	fi
	return 1
}

# dm-crypt Adiantum: ours writes, the kernel's reference reads, and the
# other way round
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
	if dm_expect_ours "$drv" "$cipher"; then
		pass "$what: served by $drv ($DM_EXPECT)"
	else
		fail "$what: served by '$drv', expected $DM_EXPECT"
		awk '$1 == "name" { n = $3 } $1 == "driver" { d = $3 }
		     $1 == "priority" { p = $3 }
		     $1 == "refcnt" && n ~ /^adiantum/ { print "    " n " " d " priority " p " refcnt " $3 }' /proc/crypto
		dmesg | grep -i adiantum | tail -5 | sed 's/^/    /'
	fi

	table=$(dmsetup table --showkeys ours)
	generic=$(ref_adiantum "$cipher")
	if [ -z "$generic" ]; then
		fail "$what: this kernel has no reference Adiantum of in-tree drivers"
		cryptsetup close ours
		losetup -d "$loop"
		return
	fi
	info "$what: reference $generic"
	gtable=$(echo "$table" | awk -v c="$generic" '{ $4 = c; print }')

	head -c $((DISK_MB * 1024 * 1024)) /dev/urandom >/tmp/data
	dd if=/tmp/data of=/dev/mapper/ours bs=64k conv=fsync 2>/dev/null
	cryptsetup close ours
	if cmp -s /tmp/data /tmp/disk; then
		fail "$what: the disk holds plaintext"
	fi
	dmsetup create generic --table "$gtable"
	if dd if=/dev/mapper/generic bs=64k 2>/dev/null | cmp -s - /tmp/data; then
		pass "$what: reference decrypts what ours wrote (0 bytes differ)"
	else
		fail "$what: reference reads $(dd if=/dev/mapper/generic bs=64k 2>/dev/null | cmp -l - /tmp/data | wc -l) differing bytes"
	fi

	head -c $((DISK_MB * 1024 * 1024)) /dev/urandom >/tmp/data
	dd if=/tmp/data of=/dev/mapper/generic bs=64k conv=fsync 2>/dev/null
	dmsetup remove generic
	cryptsetup open --type plain --cipher "$cipher,aes-adiantum-plain64" \
		--key-size 256 --key-file /tmp/key --sector-size "$ss" \
		"$loop" ours
	if dd if=/dev/mapper/ours bs=64k 2>/dev/null | cmp -s - /tmp/data; then
		pass "$what: ours decrypt what the reference wrote (0 bytes differ)"
	else
		fail "$what: ours read differing bytes from the reference's volume"
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
	n=$(grep -cE "^driver *: (x?chacha[0-9]+|nhpoly1305)-ax86-" /proc/crypto)
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


# PREEMPT_RT: one Adiantum volume, WRITERS dd processes writing their own
# stretch of it at once (dm-crypt's workers then run our code on both
# vCPUs, preemptible), read back through ours and through the kernel's
# reference; the kernel log is checked afterwards by dmesg_clean
concurrent_writers() {
	cipher=xchacha12
	writers=4
	part_mb=4
	what="dm-crypt $cipher under $writers concurrent writers on $(grep -c ^processor /proc/cpuinfo) vCPUs"
	dd if=/dev/zero of=/tmp/disk bs=1M count=$((writers * part_mb)) 2>/dev/null
	loop=$(losetup -f)
	losetup "$loop" /tmp/disk
	head -c 32 /dev/urandom >/tmp/key
	if ! cryptsetup open --type plain --cipher "$cipher,aes-adiantum-plain64" \
	     --key-size 256 --key-file /tmp/key --sector-size 4096 \
	     "$loop" ours >/tmp/cs.out 2>&1; then
		fail "$what: cryptsetup open"
		sed 's/^/    /' /tmp/cs.out
		losetup -d "$loop"
		return
	fi
	info "$what: served by $(adiantum_driver "$cipher")"
	i=0
	while [ $i -lt $writers ]; do
		head -c $((part_mb * 1024 * 1024)) /dev/urandom >/tmp/part$i
		i=$((i + 1))
	done
	pids=""
	i=0
	while [ $i -lt $writers ]; do
		dd if=/tmp/part$i of=/dev/mapper/ours bs=4k \
		   seek=$((i * part_mb * 256)) conv=fsync 2>/dev/null &
		pids="$pids $!"
		i=$((i + 1))
	done
	ok=1
	for p in $pids; do
		wait "$p" || ok=0
	done
	cat $(i=0; while [ $i -lt $writers ]; do echo /tmp/part$i; i=$((i + 1)); done) >/tmp/data
	rm -f /tmp/part*
	echo 3 >/proc/sys/vm/drop_caches
	if [ $ok = 1 ] && dd if=/dev/mapper/ours bs=64k 2>/dev/null | cmp -s - /tmp/data; then
		pass "$what: every writer's data reads back"
	else
		fail "$what: data differs after the concurrent writes (dd ok=$ok)"
	fi
	table=$(dmsetup table --showkeys ours)
	cryptsetup close ours
	ref=$(ref_adiantum "$cipher")
	dmsetup create ref --table "$(echo "$table" | awk -v c="$ref" '{ $4 = c; print }')"
	if dd if=/dev/mapper/ref bs=64k 2>/dev/null | cmp -s - /tmp/data; then
		pass "$what: the reference decrypts it too"
	else
		fail "$what: the reference reads other data"
	fi
	dmsetup remove ref
	losetup -d "$loop"
	rm -f /tmp/disk /tmp/data
}
