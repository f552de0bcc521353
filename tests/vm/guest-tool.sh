# SPDX-License-Identifier: GPL-2.0
#
# The guest's checks of the adiantum-x86 tool itself: no PASS after zero
# work, reports that say what was done (references named, one request per
# case, counters across 2^32, lengths beyond the old clamp), short sends
# resent, the adiantum names, bench's exit status.  Sourced by
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

	# --- 7.3's AF_ALG allowlist: the tool says why it cannot run --------
	# Under crypto.af_alg_restrict=1 every bind of a driver name fails
	# with ENOENT; under 2 there is no AF_ALG socket.  The tool must name
	# the sysctl and stop (exit 2) before any PASS or FAIL line.
	if [ -e /proc/sys/crypto/af_alg_restrict ]; then
		echo 1 >/proc/sys/crypto/af_alg_restrict
		tool_expect "with crypto.af_alg_restrict=1 (7.3 default), check refuses and names the sysctl" \
			2 "crypto\.af_alg_restrict = 1.*sysctl -w crypto\.af_alg_restrict=0" \
			"^(PASS|FAIL) " check --driver "xchacha12-ax86-$isa"
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
			"none of our drivers is registered" "" status --require-ours
	else
		fail "tool: cannot unload our modules for the no-driver checks"
	fi
	modprobe adiantum_x86_chacha
	modprobe adiantum_x86_nhpoly1305
	[ -n "$had_adiantum" ] && modprobe adiantum_x86_adiantum
	return 0
}
