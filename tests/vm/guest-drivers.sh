# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
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

# The variants parameter of module $1 (docs/design.md, "One driver per ISA,
# ranked by priority"): it lists exactly the drivers of ours /proc/crypto
# shows for the module, each with /proc/crypto's priority, the core fields
# $2 (e.g. "chacha= nh=") and a known rank= reason; $3 is the last line it
# must end with when max_isa cut variants off ("capped max_isa=...
# left-out=..."), or empty for none.
check_variants() {
	m=$1
	f=/sys/module/$m/parameters/variants
	what="$m: variants"
	if ! cat "$f" >/tmp/variants 2>/dev/null; then
		fail "$what: cannot read $f"
		return
	fi
	listed=$(awk '$1 != "capped" { print $1 }' /tmp/variants | sort | tr '\n' ' ')
	shown=$(awk -v m="$m" '$1 == "driver" { d = $3 }
		$1 == "module" && $3 == m && d ~ /-ax86-/ { print d }' \
		/proc/crypto | sort | tr '\n' ' ')
	bad=$(awk -v want="$2" '
		NR == FNR { if ($1 == "driver") d = $3
			    if ($1 == "priority") prio[d] = $3; next }
		$1 == "capped" { next }
		$2 != prio[$1] { print $1 " priority " $2 " not " prio[$1]; next }
		$NF !~ /^rank=(isa|below-avx2:zmm-downclocks|below-sse2:slow-pshufb)$/ {
			print $1 " " $NF; next }
		{ n = split(want, w, " ")
		  for (i = 1; i <= n; i++)
			if (index($0, " " w[i]) == 0) { print $1 " lacks " w[i]; next } }
		' /proc/crypto /tmp/variants)
	capped=$(grep "^capped" /tmp/variants)
	if [ -z "$shown" ]; then
		fail "$what: no driver of $m in /proc/crypto"
	elif [ "$listed" != "$shown" ]; then
		fail "$what lists '$listed', /proc/crypto shows '$shown'"
	elif [ -n "$bad" ]; then
		fail "$what: $(echo "$bad" | head -3 | tr '\n' ';')"
	elif [ "$capped" != "$3" ] ||
	     { [ -n "$3" ] && [ "$(tail -1 /tmp/variants)" != "$3" ]; }; then
		fail "$what: cap line '$capped', want '${3:-none}'"
	else
		pass "$what: the $(echo $listed | wc -w) drivers /proc/crypto shows, each with its cores and rank${3:+, $3}"
		return
	fi
	sed 's/^/    /' /tmp/variants
}

# "capped max_isa=$2 left-out=<isas>" for module $1 (chacha, nh or
# adiantum variants), from what this CPU has; empty if nothing was cut
cap_line() {
	cut=$(expected_isas | awk -v cap="$2" -v m="$1" '
		$1 == cap { past = 1; next }
		past && !(m == "nh" && ($1 == "ssse3" || $1 == "avx512vl")) {
			printf "%s%s", sep, $1; sep = "," }')
	[ -n "$cut" ] && echo "capped max_isa=$2 left-out=$cut"
}

# adiantum-x86 status: a core: line under every name one of our own
# drivers wins (not a template instance over ours)
check_status_cores() {
	adiantum-x86 status >/tmp/status.out 2>&1
	missing=$(awk '
		function done() { if (want && !got) print name; want = got = 0 }
		/^[^ ]/ { done(); name = $0 }
		/^  \* / && $2 ~ /-ax86-/ && !/template instance/ { want = 1 }
		/^  core: .*; rank: / { got = 1 }
		END { done() }' /tmp/status.out)
	n=$(grep -c "^  core: " /tmp/status.out)
	grep "^  core: " /tmp/status.out | while read -r line; do
		info "status: $line"
	done
	if [ -z "$missing" ] && [ "$n" -gt 0 ]; then
		pass "status: a core: line for each of the $n names ours win"
	else
		fail "status: no core: line for ${missing:-any name}"
		sed 's/^/    /' /tmp/status.out | head -40
	fi
}

# the variants parameter of all three modules, status's core lines, and
# the parameter refused as a module option
variants_checks() {
	# AES-NI where the CPU has it, else each variant's constant-time form
	aes="aes="
	has_flag aes && aes="aes=aes-ni"
	modprobe adiantum_x86_adiantum
	type adiantum_settle >/dev/null 2>&1 &&
		adiantum_settle $((2 * $(expected_isas | wc -l))) >/dev/null
	check_variants adiantum_x86_chacha "chacha=" ""
	check_variants adiantum_x86_nhpoly1305 "nh=" ""
	check_variants adiantum_x86_adiantum \
		"chacha= hchacha= nh= $aes poly=" ""
	# without AES-NI: the vector-permute core on every variant where the
	# CPU has SSSE3 (the sse2 variant too), else the portable C
	f=/sys/module/adiantum_x86_adiantum/parameters/variants
	if ! has_flag aes; then
		want=aes=ct
		has_flag ssse3 && want=aes=vperm
		bad=$(awk -v w="$want" '$1 ~ /-ax86-/ &&
			index($0, " " w " ") == 0 { print $1 }' "$f")
		if [ -n "$bad" ]; then
			fail "adiantum_x86_adiantum: variants: not $want: $bad"
		else
			pass "adiantum_x86_adiantum: variants: without AES-NI, $want on every variant ($(has_flag ssse3 && echo "the CPU has SSSE3" || echo "no SSSE3"))"
		fi
	fi
	# cpu_quirks.h: the SSE2 Poly1305 on Bonnell and Saltwell (Intel
	# family 6, models 0x1c 0x26 0x27 0x35 0x36: the sse2 boot is one)
	# and on Zen 4 (AMD family 0x19, models 0x10-0x1f 0x60-0x7f
	# 0xa0-0xaf: the zen4 boot), the scalar one on every other CPU
	want=poly=scalar
	zen4=
	model=$(awk '$1 == "model" && $2 == ":" { print $3; exit }' \
		/proc/cpuinfo)
	if grep -q "^vendor_id.*GenuineIntel" /proc/cpuinfo &&
	   grep -q "^cpu family.*: 6$" /proc/cpuinfo; then
		case $model in
		28|38|39|53|54)	want=poly=sse2 ;;
		esac
	elif grep -q "^vendor_id.*AuthenticAMD" /proc/cpuinfo &&
	     grep -q "^cpu family.*: 25$" /proc/cpuinfo; then
		case $model in
		1[6-9]|2[0-9]|3[01]|9[6-9]|1[01][0-9]|12[0-7]|16[0-9]|17[0-5])
			want=poly=sse2 zen4=1 ;;
		esac
	fi
	bad=$(awk -v w="$want" '$1 ~ /-ax86-/ &&
		index($0, " " w " ") == 0 { print $1 }' "$f")
	if [ -n "$bad" ]; then
		fail "adiantum_x86_adiantum: variants: not $want: $bad"
	else
		pass "adiantum_x86_adiantum: variants: $want on every variant"
	fi
	for m in adiantum_x86_chacha adiantum_x86_nhpoly1305 \
		 adiantum_x86_adiantum; do
		sed "s/^/$m variants: /" /sys/module/$m/parameters/variants |
			while read -r line; do info "$line"; done
	done
	# XChaCha runs HChaCha: its lines name that core too
	if grep "^xchacha" /sys/module/adiantum_x86_chacha/parameters/variants |
	   grep -qv " hchacha="; then
		fail "adiantum_x86_chacha: variants: an xchacha line without hchacha="
	fi
	# cpu_quirks.h (SIMD latency): the scalar HChaCha on AMD family 0x1a, the
	# SSSE3 one on every other CPU that has SSSE3 (the AVX-512VL one for the
	# avx512vl and avx512 variants); the SSE2 variants take the scalar one
	# everywhere
	want=ssse3 want512=avx512vl
	grep -q "^vendor_id.*AuthenticAMD" /proc/cpuinfo &&
		grep -q "^cpu family.*: 26$" /proc/cpuinfo &&
		want=scalar want512=scalar
	for m in adiantum_x86_chacha adiantum_x86_adiantum; do
		f=/sys/module/$m/parameters/variants
		if grep -- "-ax86-sse2 " "$f" | grep " hchacha=" |
		   grep -qv " hchacha=scalar "; then
			fail "$m: variants: an sse2 line without hchacha=scalar"
		elif grep -- "-ax86-sse2 " "$f" | grep -q " hchacha="; then
			pass "$m: variants: the sse2 lines say hchacha=scalar"
		fi
		n=$(grep " hchacha=" "$f" | grep -cv -- "-ax86-sse2 ")
		if [ "$n" = 0 ]; then
			has_flag ssse3 &&
				fail "$m: variants: no line past sse2 names hchacha="
		elif grep " hchacha=" "$f" | grep -v -- "-ax86-sse2 " |
		   grep -v -- "-ax86-avx512" | grep -qv " hchacha=$want "; then
			fail "$m: variants: a line past sse2 below avx512vl without hchacha=$want"
			sed 's/^/    /' "$f"
		elif grep " hchacha=" "$f" | grep -- "-ax86-avx512" |
		   grep -qv " hchacha=$want512 "; then
			fail "$m: variants: an avx512vl or avx512 line without hchacha=$want512"
			sed 's/^/    /' "$f"
		else
			pass "$m: variants: all $n lines past sse2 say hchacha=$want ($want512 from avx512vl up)"
		fi
		# the paired ChaCha cores there (the ymm AVX-512VL core has
		# none); on Zen 4 only the zmm one (cpu_quirks.h, zmm pairs:
		# the zen4 boot has no AVX-512, so no line pairs); nowhere else
		if [ $want = scalar ]; then
			pairs="every core" odd=$(grep -v -- "-ax86-avx512vl " "$f" |
				grep " chacha=" | grep -v " chacha=[a-z0-9]*-pairs ")
		elif [ -n "$zen4" ]; then
			pairs="the zmm core" odd=$({
				grep -- "-ax86-avx512 " "$f" | grep " chacha=" |
					grep -v " chacha=avx512-pairs "
				grep -v -- "-ax86-avx512 " "$f" |
					grep " chacha=[a-z0-9]*-pairs "; })
		else
			pairs="no core" odd=$(grep " chacha=[a-z0-9]*-pairs " "$f")
		fi
		if [ -n "$odd" ]; then
			fail "$m: variants: paired ChaCha for $pairs here, not: $(echo "$odd" | head -1)"
		else
			pass "$m: variants: the paired ChaCha cores serve $pairs here"
		fi
	done
	check_status_cores
	# as the adiantum checks left it: unloaded
	if type adiantum_unload >/dev/null 2>&1; then
		adiantum_unload >/dev/null
	else
		unload adiantum_x86_adiantum
	fi
	# read only: a value given at load fails the load (and oopses nothing)
	unload adiantum_x86_chacha
	if modprobe adiantum_x86_chacha variants=x 2>/dev/null; then
		fail "modprobe adiantum_x86_chacha variants=x succeeded"
	else
		pass "modprobe adiantum_x86_chacha variants=x refused"
	fi
	modprobe adiantum_x86_chacha
}

# ranks_above WHY HIGH LOW: driver HIGH has the higher priority of the two
ranks_above() {
	hi=$(driver_field "$2" priority)
	lo=$(driver_field "$3" priority)
	if [ -n "$hi" ] && [ -n "$lo" ] && [ "$hi" -gt "$lo" ]; then
		pass "$1: $2 $hi above $3 $lo"
	else
		fail "$1: $2 '$hi' not above $3 '$lo'"
	fi
}

# The "jaguar" boot: an AMD family 0x16 CPU (Jaguar, Puma) with SSSE3 and
# AVX, as cpu_quirks.h names it.  Every SSSE3 driver ranks just
# below its SSE2 one there, and the variants parameter says why; the AVX
# drivers rank above both and serve.
slow_pshufb_checks() {
	load_modules
	check_registered
	variants_checks
	modprobe adiantum_x86_adiantum
	type adiantum_settle >/dev/null 2>&1 && adiantum_settle 4 >/dev/null
	for d in chacha20 xchacha20 xchacha12 adiantum-xchacha12-aes \
		 adiantum-xchacha20-aes; do
		ranks_above "slow pshufb" "$d-ax86-sse2" "$d-ax86-ssse3"
		ranks_above "AVX without AVX2" "$d-ax86-avx" "$d-ax86-sse2"
	done
	ranks_above "AVX without AVX2" nhpoly1305-ax86-avx nhpoly1305-ax86-sse2
	for m in adiantum_x86_chacha adiantum_x86_adiantum; do
		f=/sys/module/$m/parameters/variants
		# the SSSE3 drivers' lines (an AVX line names hchacha=ssse3)
		n=$(grep -c -- "-ax86-ssse3 " "$f" 2>/dev/null)
		if [ "${n:-0}" = 0 ]; then
			fail "$m: variants: no ssse3 line in $f"
		elif grep -- "-ax86-ssse3 " "$f" | grep -qv "rank=below-sse2:slow-pshufb$"; then
			fail "$m: variants: an ssse3 line without rank=below-sse2:slow-pshufb"
			sed 's/^/    /' "$f"
		else
			pass "$m: variants: all $n ssse3 lines say rank=below-sse2:slow-pshufb"
		fi
	done
	adiantum-x86 status >/tmp/status.out 2>&1
	# the AVX drivers serve: chacha20, xchacha20, xchacha12 and the two
	# adiantum names run the AVX ChaCha, nhpoly1305 the AVX NH
	nc=$(grep -c "^  core: chacha avx[,;]" /tmp/status.out)
	nn=$(grep -c "^  core: nh avx;" /tmp/status.out)
	if [ "$nc" = 5 ] && [ "$nn" = 1 ]; then
		pass "status: the AVX drivers serve all 6 names"
	else
		fail "status: AVX ChaCha serves $nc of 5 names, AVX NH $nn of 1"
	fi
	if grep -q "pshufb is slow on this CPU (Atom, Jaguar)" /tmp/status.out; then
		pass "status says why ssse3 ranks below sse2"
	else
		fail "status does not say why ssse3 ranks below sse2"
	fi
	dmesg_clean
}

# The boots named for one rule of cpu_quirks.h: "zen5", an AMD family
# 0x1a CPU (every variant takes the scalar HChaCha and the ChaCha cores
# run two batches at once), and "zen4", AMD family 0x19 model 0x11 (the
# SSE2 Poly1305 on the one-go path; the SIMD HChaCha, the xmm and ymm
# ChaCha cores unpaired).  variants_checks checks the lines
# name those cores; the drivers still give the reference's bytes (the
# tool's check and fuzz) and the template's (dm-crypt, 4 KiB sectors,
# which the one-go path serves).
cpu_rule_checks() {
	load_modules
	check_registered
	variants_checks
	dm_case xchacha12 4096
	tool check
	tool fuzz --cases "$FUZZ"
	dmesg_clean
}

# adiantum_x86_core: loaded as a dependency of the three algorithm
# modules, held by exactly those loaded, registers nothing, refuses to
# unload under them and unloads last
core_checks() {
	core=adiantum_x86_core
	modprobe adiantum_x86_adiantum
	type adiantum_settle >/dev/null 2>&1 &&
		adiantum_settle $((2 * $(expected_isas | wc -l))) >/dev/null
	held=$(ls /sys/module/$core/holders 2>/dev/null | sort | tr '\n' ' ')
	want="adiantum_x86_adiantum adiantum_x86_chacha adiantum_x86_nhpoly1305 "
	if [ "$held" = "$want" ] &&
	   [ "$(cat /sys/module/$core/refcnt)" = 3 ]; then
		pass "$core loaded as a dependency, held by $held"
	else
		fail "$core holders '$held' refcnt $(cat /sys/module/$core/refcnt 2>&1), want '$want' 3"
	fi
	if rmmod $core 2>/dev/null; then
		fail "$core unloaded while the algorithm modules use it"
	elif unload adiantum_x86_adiantum adiantum_x86_nhpoly1305 \
		    adiantum_x86_chacha $core && [ ! -d /sys/module/$core ]; then
		pass "$core refuses rmmod while used, unloads after the three"
	else
		fail "$core: unload order"
	fi
	modprobe adiantum_x86_chacha && modprobe adiantum_x86_nhpoly1305 &&
		modprobe adiantum_x86_adiantum ||
		fail "modprobe after the core's unload"
}

reload_cycles() {
	core_checks
	variants_checks
	ok=1
	ours='^(x?chacha[0-9]+|nhpoly1305)-ax86-'
	# three ChaCha names per ISA, NH for all but ssse3 and avx512vl
	n=0
	for isa in $(expected_isas); do
		n=$((n + 3))
		[ $isa = ssse3 ] || [ $isa = avx512vl ] || n=$((n + 1))
	done
	for i in 1 2 3; do
		unload adiantum_x86_nhpoly1305 adiantum_x86_chacha || ok=0
		drivers_settle -ax86- 0 || ok=0
		modprobe adiantum_x86_chacha && modprobe adiantum_x86_nhpoly1305 || ok=0
		drivers_settle "$ours" "$n" || ok=0
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
	drivers_settle "$ours" 4
	n=$(grep -cE "^driver *: (x?chacha[0-9]+|nhpoly1305)-ax86-" /proc/crypto)
	if [ "$n" = 4 ] && [ "$(driver_selftest xchacha12-ax86-sse2)" = passed ]; then
		pass "max_isa=sse2 registers only the 4 SSE2 drivers"
	else
		fail "max_isa=sse2 left $n drivers"
	fi
	check_variants adiantum_x86_chacha "chacha=" "$(cap_line chacha sse2)"
	check_variants adiantum_x86_nhpoly1305 "nh=" "$(cap_line nh sse2)"
	adiantum-x86 status >/tmp/status.out 2>&1
	if [ -n "$(cap_line chacha sse2)" ] &&
	   ! grep -q "^  core: chacha sse2, hchacha scalar; rank: best ISA under max_isa=sse2; max_isa left out " /tmp/status.out; then
		fail "status under max_isa=sse2 does not say so"
		grep "core:" /tmp/status.out | sed 's/^/    /'
	else
		pass "status under max_isa=sse2: $(grep -m1 "core: chacha" /tmp/status.out | sed 's/^ *//')"
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
# stretch of it at once (dm-crypt's workers then run our code on every
# vCPU the VM has, preemptible; one beside the other matrix VMs),
# read back through ours and through the kernel's
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
	# shellcheck disable=SC2046
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
