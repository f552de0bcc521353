# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# The guest's checks of the adiantum-x86 tool itself: no PASS after zero
# work, reports that say what was done (references named, one request per
# case, counters across 2^32, lengths beyond the old clamp), short sends
# resent, the adiantum names, bench's exit status, status on dm-crypt
# mappings (on the kernel's template or ours, the root's advice).  Sourced by
# tests/vm/guest.sh, which calls tool_checks after the driver checks.

# tool_expect DESC RC WANT NOTWANT ARGS...: the tool exits RC, its output
# matches the grep -E pattern WANT and not NOTWANT ("" for none)
tool_expect() {
	desc=$1 want_rc=$2 want=$3 notwant=$4
	shift 4
	# a tool that hangs must fail the check, not stall the whole VM run
	timeout 600 adiantum-x86 "$@" >/tmp/te.out 2>&1
	rc=$?
	if [ "$rc" = "$want_rc" ] &&
	   { [ -z "$want" ] || grep -Eq -- "$want" /tmp/te.out; } &&
	   { [ -z "$notwant" ] || ! grep -Eq -- "$notwant" /tmp/te.out; }; then
		pass "tool: $desc"
	else
		fail "tool: $desc (exit $rc, want $want_rc)"
		sed 's/^/    /' /tmp/te.out | head -20
	fi
}

# the best ISA our xchacha12 registered here, and the SSE2 one every CPU has
tool_best_isa() {
	for isa in avx512 avx512vl avx2 avx ssse3 sse2; do
		[ "$(driver_selftest xchacha12-ax86-$isa)" = passed ] &&
			{ echo $isa; return; }
	done
}

# tool_mapping_status DESC RC CMD...: CMD (the tool's status) exits RC and
# its "dm-crypt mappings" part matches every line of $TM_WANT, each a
# grep -E pattern
tool_mapping_status() {
	desc=$1 want_rc=$2
	shift 2
	timeout 120 "$@" >/tmp/tm.out 2>&1
	rc=$?
	sed -n '/^dm-crypt mappings using Adiantum:/,$p' /tmp/tm.out >/tmp/tm.maps
	ok=1
	[ "$rc" = "$want_rc" ] || ok=0
	echo "$TM_WANT" >/tmp/tm.want
	while IFS= read -r pat; do
		grep -Eq -- "$pat" /tmp/tm.maps && continue
		ok=0
		echo "    missing: $pat"
	done </tmp/tm.want
	if [ $ok = 1 ]; then
		pass "tool: status $desc"
		while IFS= read -r line; do
			info "status: $line"
		done </tmp/tm.maps
	else
		fail "tool: status $desc (exit $rc, want $want_rc)"
		sed 's/^/    /' /tmp/tm.maps | head -30
	fi
}

# a loop device over a new 8 MiB file $1, its name on stdout
tool_loop() {
	dd if=/dev/zero of="$1" bs=1M count=8 2>/dev/null
	l=$(losetup -f)
	losetup "$l" "$1" && echo "$l"
}

# status lists the open dm-crypt mappings using Adiantum and the driver
# serving each: a root mapping opened while our adiantum module was not
# loaded (as an initramfs without our modules opens it) and one whose
# table names the kernel's template by driver (capi:) are on the kernel's
# template although ours is registered; a mapping opened by name now is
# on ours.  The root is the file system under "/" in the tool's mountinfo:
# the tool runs chrooted into a file system on the mapping.
tool_mappings() {
	what="dm-crypt mappings"
	named=$(ref_adiantum xchacha12)
	if [ -z "$named" ] || ! type adiantum_unload >/dev/null 2>&1; then
		skip "tool: status of $what: no reference instance or no adiantum part"
		return
	fi
	nisa=$(expected_isas | wc -l)
	loop1=$(tool_loop /tmp/map1)
	loop2=$(tool_loop /tmp/map2)
	loop3=$(tool_loop /tmp/map3)
	head -c 32 /dev/urandom >/tmp/mapkey
	sectors=$((8 * 2048))
	# the root: opened with our adiantum module gone and no autoload
	adiantum_unload || fail "tool: $what: cannot unload adiantum_x86_adiantum"
	saved=$(cat /proc/sys/kernel/modprobe)
	echo /bin/true >/proc/sys/kernel/modprobe
	cryptsetup open --type plain --cipher xchacha12,aes-adiantum-plain64 \
		--key-size 256 --key-file /tmp/mapkey "$loop1" ax86root
	echo "$saved" >/proc/sys/kernel/modprobe
	modprobe adiantum_x86_adiantum
	adiantum_settle $((2 * nisa)) >/dev/null
	# on the kernel's template by its driver name
	dmsetup create ax86named --table "0 $sectors crypt $named $(od -An -tx1 /tmp/mapkey | tr -d ' \n') 0 $loop2 0"
	modprobe ext4 2>/dev/null
	mkdir -p /mnt/ax86root
	if ! /sbin/mke2fs -q -F -t ext4 /dev/mapper/ax86root >/tmp/tm.out 2>&1 ||
	   ! mount -t ext4 /dev/mapper/ax86root /mnt/ax86root 2>>/tmp/tm.out; then
		fail "tool: $what: a file system on the root mapping"
		sed 's/^/    /' /tmp/tm.out | head
	fi
	mkdir -p /mnt/ax86root/proc /mnt/ax86root/dev /mnt/ax86root/sbin
	cp /sbin/adiantum-x86 /mnt/ax86root/sbin/
	mount -t proc proc /mnt/ax86root/proc
	mount -o bind /dev /mnt/ax86root/dev
	best=$(expected_isas | tail -1)
	TM_WANT="^  ax86root \(dm-[0-9]+, holds /\): xchacha12,aes-adiantum-plain64
served by adiantum\(xchacha12-[a-z0-9-]+,aes-
opened by an initramfs without our modules: run update-initramfs -u and reboot
^  ax86named \(dm-[0-9]+\): capi:adiantum\(
served by adiantum\(xchacha12-[a-z]+,aes-[a-z]+(,nhpoly1305-[a-z]+)?\) \(named by its table\)
close and reopen it \(cryptsetup close/open\)"
	tool_mapping_status "--require-ours: the root mapping and a capi: mapping on the kernel's template, each with its advice, exit 1" \
		1 chroot /mnt/ax86root /sbin/adiantum-x86 status --require-ours
	TM_WANT="on the kernel's template although ours is registered"
	tool_mapping_status "without --require-ours: the same mappings, exit 0" \
		0 chroot /mnt/ax86root /sbin/adiantum-x86 status
	umount /mnt/ax86root/dev /mnt/ax86root/proc /mnt/ax86root
	cryptsetup close ax86root
	dmsetup remove ax86named
	# a mapping opened by name with our module loaded: ours, exit 0
	cryptsetup open --type plain --cipher xchacha12,aes-adiantum-plain64 \
		--key-size 256 --key-file /tmp/mapkey "$loop3" ax86ours
	TM_WANT="^  ax86ours \(dm-[0-9]+\): xchacha12,aes-adiantum-plain64
served by adiantum-xchacha12-aes-ax86-$best .*: ours"
	tool_mapping_status "--require-ours: a mapping opened by name now is on ours, exit 0" \
		0 adiantum-x86 status --require-ours
	grep -q "template although" /tmp/tm.maps &&
		fail "tool: status: a mapping on ours called the kernel's template"
	# a user who cannot read the mappings (/dev/mapper/control is root's)
	# learns nothing of them: --require-ours must not pass
	as_nobody "adiantum-x86 status --require-ours" >/tmp/tm.out 2>&1
	rc=$?
	as_nobody "adiantum-x86 status" >/tmp/tm.out2 2>&1
	rc2=$?
	want="cannot read the device mapper's mappings: Permission denied; run as root"
	if [ $rc = 1 ] && [ $rc2 = 0 ] && grep -q "$want" /tmp/tm.out &&
	   grep -q "$want" /tmp/tm.out2; then
		pass "tool: status as a user who cannot read the mappings: says so; --require-ours exits 1, status alone 0"
	else
		fail "tool: status as user nobody: --require-ours exit $rc (want 1), status exit $rc2 (want 0), or no line '$want'"
		sed 's/^/    /' /tmp/tm.out | tail -5
	fi
	cryptsetup close ax86ours
	losetup -d "$loop1"
	losetup -d "$loop2"
	losetup -d "$loop3"
	rm -f /tmp/map1 /tmp/map2 /tmp/map3
	rm -f /tmp/mapkey
}

tool_checks() {
	isa=$(tool_best_isa)
	if [ -z "$isa" ]; then
		fail "tool: no xchacha12-ax86-* driver registered; tool checks not run"
		return
	fi
	# the kernel's reference drivers: -generic up to 6.17, -lib from 6.18;
	# its adiantum template takes three arguments on 6.x, two on 7.x
	if [ "$(driver_selftest xchacha12-generic)" = passed ]; then
		gen=generic
		ref_inst="adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)"
		over_ours="adiantum(xchacha12-ax86-$isa,aes-generic,nhpoly1305-ax86-sse2)"
	else
		gen=lib
		ref_inst="adiantum(xchacha12-lib,aes-lib)"
		over_ours="adiantum(xchacha12-ax86-$isa,aes-lib)"
	fi

	# --- 7.3's AF_ALG allowlist ------------------------------------------
	# Under crypto.af_alg_restrict=1 every bind of a driver name fails
	# with ENOENT; under 2 there is no AF_ALG socket.  check says so and
	# passes through our modules' self-check, never asking to lower the
	# setting; fuzz and bench (through AF_ALG) name the sysctl and stop
	# (exit 2) before any PASS or FAIL line, bench pointing at --dm-crypt.
	if [ -e /proc/sys/crypto/af_alg_restrict ]; then
		echo 1 >/proc/sys/crypto/af_alg_restrict
		tool_expect "with crypto.af_alg_restrict=1 (7.3 default), check says so and passes through the self-check" \
			0 "^PASS check xchacha12-ax86-$isa without AF_ALG" \
			"sysctl|^FAIL" check --driver "xchacha12-ax86-$isa"
		grep -q "^# check: AF_ALG binds only listed algorithm names .*crypto.af_alg_restrict = 1.*: running our modules' self-check instead (without AF_ALG)" /tmp/te.out &&
			pass "tool: check names crypto.af_alg_restrict = 1 in one line" ||
			fail "tool: check does not say why it runs the self-check"
		tool_expect "with crypto.af_alg_restrict=1, bench refuses and points at bench --dm-crypt" \
			2 "bench --dm-crypt measures the adiantum drivers without AF_ALG" \
			"^(PASS|FAIL) " bench --driver "xchacha12-ax86-$isa" --seconds 0.01
		echo 2 >/proc/sys/crypto/af_alg_restrict
		tool_expect "with crypto.af_alg_restrict=2, fuzz refuses and names the sysctl" \
			2 "crypto\.af_alg_restrict = 2.*sysctl -w crypto\.af_alg_restrict=0" \
			"^(PASS|FAIL) " fuzz --cases 1 --driver "xchacha12-ax86-$isa"
	fi
	afalg_allow_drivers

	# --- reports that say what was done, naming the reference -----------
	tool_expect "check: ours only, hashes 2 ways, references named" 0 \
		"PASS check nhpoly1305-ax86-sse2: .* 2 ways each" \
		"PASS check [a-z0-9]+-(generic|lib|simd|sse2|avx2)[: ]|nhpoly1305.*3 ways" \
		check --seed 1
	grep -q "PASS badinput xchacha12-ax86-$isa: .* answered as xchacha12-$gen" \
		/tmp/te.out && pass "tool: check names the reference driver" ||
		fail "tool: check does not name xchacha12-$gen as reference"
	tool_expect "status lists the adiantum names and template instances" 0 \
		"^adiantum\(xchacha12,aes\):" "" status
	grep -q "(template instance)" /tmp/te.out &&
		pass "tool: status marks template instances" ||
		fail "tool: status shows no template instance after dm-crypt"

	# --- every case one request, counters across 2^32, no silent clamp --
	# At the kernel's default optmem_max (20 KiB on 6.1) one request holds
	# less than 4 MiB: the tool must say so and run at what it holds.
	tool_expect "fuzz --max-len 4 MiB at the default optmem_max: the lowering is stated" \
		0 "^# (--max-len 4194304 lowered to [0-9]+: .*optmem_max|every cipher case is one AF_ALG request: 4194304)" \
		"" fuzz --driver "xchacha12-ax86-$isa" --cases 20 \
		--max-len 4194304 --seed 2
	held=$(sed -n 's/^# every cipher case is one AF_ALG request: \([0-9]*\) bytes.*/\1/p' /tmp/te.out)
	if [ -n "$held" ] &&
	   grep -q "PASS fuzz xchacha12-ax86-$isa: .*, lengths 1\.\.$held, each one AF_ALG request" /tmp/te.out; then
		pass "tool: fuzz runs lengths up to what one request holds ($held), proven against the portable C"
	else
		fail "tool: fuzz lengths and the proven one-request size differ"
		sed 's/^/    /' /tmp/te.out | head
	fi
	optmem=$(cat /proc/sys/net/core/optmem_max)
	echo 1048576 >/proc/sys/net/core/optmem_max
	tool_expect "fuzz at 4 MiB (optmem_max raised): one AF_ALG request per case, proven against the portable C" \
		0 "^# every cipher case is one AF_ALG request: 4194304 bytes" \
		"lowered" fuzz --driver "xchacha12-ax86-$isa" --cases 40 \
		--max-len 4194304 --seed 3
	echo "$optmem" >/proc/sys/net/core/optmem_max
	if grep -Eq "PASS fuzz xchacha12-ax86-$isa: 40 cases \([0-9]+ decrypt, [1-9][0-9]* with the block counter crossing 2\^32\), reference xchacha12-$gen, lengths 1\.\.4194304" \
		/tmp/te.out; then
		pass "tool: fuzz crosses the 2^32 block counter (xchacha12) and says so"
	else
		fail "tool: fuzz report lacks counter crossings or the reference"
		sed 's/^/    /' /tmp/te.out | head
	fi
	tool_expect "fuzz chacha20: counters across 2^32 (word 12, no carry)" 0 \
		"with the block counter crossing 2\^32\), reference chacha20-$gen" \
		"" fuzz --driver "chacha20-ax86-$isa" --cases 100 \
		--max-len 65536 --seed 4
	grep -Eq "\(([0-9]+) decrypt, 0 with" /tmp/te.out &&
		fail "tool: fuzz chacha20 crossed 2^32 in no case"

	# --- short sendmsg/splice calls are resent, not counted whole -------
	export AX86_TEST_SHORT_SEND=1000
	tool_expect \
		"fuzz with every send cut to 1000 bytes: all data reaches the kernel" \
		0 "PASS fuzz xchacha12-ax86-$isa: 150 cases" "" \
		fuzz --driver "xchacha12-ax86-$isa" --cases 150 --max-len 20000 \
		--seed 5
	unset AX86_TEST_SHORT_SEND

	# --- adiantum: the template over ours against the reference ---------
	tool_expect "check $over_ours: testmgr vectors, bad input like the reference" \
		0 "PASS badinput adiantum\\(.*answered as adiantum\\(xchacha12-$gen" \
		"FAIL" check --driver "$over_ours" --seed 6
	tool_expect "fuzz $over_ours against the kernel's reference instance" 0 \
		"PASS fuzz adiantum\\(.*reference adiantum\\(xchacha12-$gen" \
		"" fuzz --driver "$over_ours" --cases 300 --max-len 16384 --seed 7
	# a registered instance is what dm-crypt gets next: the tool must not
	# leave behind the instances it built
	if [ -z "$(driver_selftest "$over_ours")" ]; then
		pass "tool: the template instance it built ($over_ours) is unregistered again"
	else
		fail "tool: $over_ours stays registered after check/fuzz"
	fi

	# our whole-construction drivers, when their module is loaded
	for s in xchacha12 xchacha20; do
		d=adiantum-$s-aes-ax86-$isa
		if [ "$(driver_selftest "$d")" != passed ]; then
			skip "tool: fuzz $d: not registered (module adiantum_x86_adiantum)"
			continue
		fi
		tool_expect "fuzz $d against the kernel's reference instance" 0 \
			"PASS fuzz $d: 400 cases .*reference adiantum\\($s-$gen" \
			"" fuzz --driver "$d" --cases 400 --max-len 65536 --seed 8
	done
	tool_expect "bench: a row for the reference adiantum instance" 0 \
		"^adiantum\\(xchacha12,aes\\) +adiantum\\(xchacha12-$gen" "" \
		bench --driver "$ref_inst" --seconds 0.05

	# --- no PASS after zero work ----------------------------------------
	tool_expect "fuzz of a reference driver (itself against itself) is a usage error" \
		2 "not one of our drivers" "^PASS" \
		fuzz --driver "xchacha12-$gen" --cases 5
	tool_expect "check of a reference driver is a usage error" \
		2 "not one of our drivers" "^PASS" \
		check --driver "chacha20-$gen"
	tool_expect "fuzz of a driver that is not there fails" 1 \
		"^FAIL fuzz: none of our drivers" "^PASS" \
		fuzz --driver no-such-driver --cases 5
	tool_expect "bench of a driver that is not there fails" 1 \
		"^FAIL bench" "" bench --driver no-such-driver --seconds 0.01
	tool_expect "bench of one driver measures it" 0 \
		"^xchacha12 +xchacha12-ax86-$isa " "FAIL" \
		bench --driver "xchacha12-ax86-$isa" --seconds 0.05

	tool_mappings

	# without our modules: nothing of ours to test, so no PASS, exit 1
	had_adiantum=
	[ -d /sys/module/adiantum_x86_adiantum ] && had_adiantum=1
	if unload adiantum_x86_adiantum adiantum_x86_nhpoly1305 \
		  adiantum_x86_chacha; then
		tool_expect "check without our drivers fails, PASSes nothing" 1 \
			"^FAIL check: none of our drivers" "^PASS" check
		tool_expect "fuzz without our drivers fails, PASSes nothing" 1 \
			"^FAIL fuzz: none of our drivers" "^PASS" fuzz --cases 5
		tool_expect "status --require-ours without our drivers fails" 1 \
			"none of our drivers is registered: modprobe adiantum_x86_adiantum adiantum_x86_chacha adiantum_x86_nhpoly1305" "" status --require-ours
	else
		fail "tool: cannot unload our modules for the no-driver checks"
	fi
	modprobe adiantum_x86_chacha
	modprobe adiantum_x86_nhpoly1305
	[ -n "$had_adiantum" ] && modprobe adiantum_x86_adiantum
	return 0
}
