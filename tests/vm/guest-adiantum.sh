# SPDX-License-Identifier: GPL-2.0
#
# The guest's checks of the whole-construction Adiantum drivers (module
# adiantum_x86_adiantum): autoloaded by dm-crypt (the dm-crypt cases ran
# before, with the module not loaded by hand), every variant registered
# with its self-test passed, ours winning both names over the template,
# rmmod/modprobe, max_isa.  Leaves the module unloaded for the checks that
# follow.  Sourced by tests/vm/guest.sh, which calls adiantum_checks.

ADIANTUM_MOD=adiantum_x86_adiantum

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

adiantum_checks() {
	if [ -d /sys/module/$ADIANTUM_MOD ]; then
		pass "$ADIANTUM_MOD autoloaded when dm-crypt asked for adiantum"
	else
		fail "$ADIANTUM_MOD not autoloaded by dm-crypt"
		check "modprobe $ADIANTUM_MOD" modprobe $ADIANTUM_MOD
	fi
	adiantum_registered

	# unload and load again, then cap the ISA
	ok=1
	for i in 1 2; do
		unload $ADIANTUM_MOD && modprobe $ADIANTUM_MOD || ok=0
	done
	if [ $ok = 1 ] &&
	   [ "$(driver_selftest adiantum-xchacha12-aes-ax86-sse2)" = passed ]; then
		pass "$ADIANTUM_MOD: 2 rmmod/modprobe cycles"
	else
		fail "$ADIANTUM_MOD: rmmod/modprobe cycles"
	fi
	unload $ADIANTUM_MOD
	modprobe $ADIANTUM_MOD max_isa=sse2
	n=$(grep -c "^driver *: adiantum-.*-ax86-" /proc/crypto)
	if [ "$n" = 2 ]; then
		pass "$ADIANTUM_MOD max_isa=sse2 registers only the 2 SSE2 drivers"
	else
		fail "$ADIANTUM_MOD max_isa=sse2 left $n drivers"
	fi
	unload $ADIANTUM_MOD ||
		fail "$ADIANTUM_MOD does not unload"
}
