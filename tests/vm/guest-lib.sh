# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Helpers every part of the guest uses: result lines tagged with the boot
# name, checks that show output only on failure, CPU flags, /proc/crypto
# lookups, module unloading.  Sourced by tests/vm/guest.sh (as /init).

pass() { echo "PASS [$BOOT] $*"; }
fail() { echo "FAIL [$BOOT] $*"; }
skip() { echo "SKIP [$BOOT] $*"; }
# what this kernel is and what each check expects of it: not a result
info() { echo "# [$BOOT] $*"; }

# Run the shell command $1 as user nobody (su), its exit status returned:
# nobody is added to /etc/passwd and /etc/group for the call, and / is
# made 755 for it (the initramfs's / is mode 700, from mktemp -d: nobody
# could not reach /bin/sh); both as before afterwards
as_nobody() {
	cp /etc/passwd /tmp/as-nobody.passwd 2>/dev/null ||
		rm -f /tmp/as-nobody.passwd
	cp /etc/group /tmp/as-nobody.group 2>/dev/null ||
		rm -f /tmp/as-nobody.group
	echo "nobody:x:65534:65534:nobody:/:/bin/sh" >>/etc/passwd
	echo "nogroup:x:65534:" >>/etc/group
	an_mode=$(stat -c %a /)
	chmod 755 /
	su -s /bin/sh nobody -c "$1"
	an_rc=$?
	chmod "$an_mode" /
	for an_f in passwd group; do
		if [ -f /tmp/as-nobody.$an_f ]; then
			mv /tmp/as-nobody.$an_f /etc/$an_f
		else
			rm -f /etc/$an_f
		fi
	done
	return $an_rc
}

# run a command as one check; its output only shows when it fails
check() {
	desc=$1
	shift
	if "$@" >/tmp/check.out 2>&1; then
		pass "$desc"
	else
		fail "$desc"
		sed 's/^/    /' /tmp/check.out | head -40
	fi
}

# From Linux 7.3, AF_ALG binds by default only an allowlist of algorithm
# names (crypto.af_alg_restrict=1), never a driver name: every bind of
# the tool would fail with ENOENT, and the tool refuses to run so.  The
# tool's runs here lift it (0: unrestricted); tool_checks also checks the
# refusal.  Nothing to do before 7.3, which has no such sysctl.
afalg_allow_drivers() {
	f=/proc/sys/crypto/af_alg_restrict
	# the sysctl comes with the af_alg module
	modprobe af_alg 2>/dev/null
	[ -e $f ] || return 0
	level=$(cat $f)
	[ "$level" = 0 ] && return 0
	info "crypto.af_alg_restrict is $level: set to 0, so that the tool can bind our drivers"
	echo 0 >$f
}

# the tool's own PASS/FAIL lines, tagged; a non-zero exit is a failure too
tool() {
	afalg_allow_drivers
	adiantum-x86 "$@" >/tmp/tool.out 2>&1
	rc=$?
	sed -E "s/^(PASS|FAIL|SKIP) /\1 [$BOOT] /" /tmp/tool.out
	[ $rc = 0 ] || fail "adiantum-x86 $1 exited with status $rc"
}

has_flag() { grep -q "^flags.* $1\( \|$\)" /proc/cpuinfo; }

# ISA variants this CPU should get, as the modules decide it
expected_isas() {
	echo sse2
	has_flag ssse3 && echo ssse3
	has_flag ssse3 && has_flag avx && echo avx
	has_flag avx2 && echo avx2
	if has_flag avx512f && has_flag avx512vl && has_flag avx512bw &&
	   has_flag bmi2; then
		echo avx512vl
		echo avx512
	fi
}

# Field $2 (selftest, priority, ...) of driver $1 in /proc/crypto
driver_field() {
	awk -v d="$1" -v f="$2" '$1 == "driver" { cur = $3 }
		$1 == f && cur == d { print $NF; exit }' /proc/crypto
}

driver_selftest() { driver_field "$1" selftest; }

# The adiantum instance dm-crypt holds for cipher $1: of the instances of
# that name in /proc/crypto (earlier generic ones stay registered), the one
# with the most references
adiantum_driver() {
	awk -v n="adiantum($1,aes)" '$1 == "name" { cur = $3 }
		$1 == "driver" { drv = $3 }
		$1 == "refcnt" && cur == n && $3 > best { best = $3; pick = drv }
		END { print pick }' /proc/crypto
}

# What the kernel has, asked of the kernel itself (not of its version):
# a driver registered now, a module it ships, PREEMPT_RT
has_driver() { grep -q "^driver *: $1\$" /proc/crypto; }
has_module() { grep -q "/$1\.ko[^:]*:" "/lib/modules/$(uname -r)/modules.dep"; }
is_rt() { [ "$(cat /sys/kernel/realtime 2>/dev/null)" = 1 ]; }

# The kernel's own Adiantum for cipher $1 as a dm-crypt capi: spec, built
# only of in-tree drivers: three arguments while the kernel has the
# nhpoly1305 shash (up to 6.x, "-generic" parts), two from 7.0 on (the
# "-lib" chacha and AES; NH is a library inside the template).  Empty when
# the kernel has neither.
ref_adiantum() {
	if has_driver "$1-generic" && has_driver nhpoly1305-generic; then
		echo "capi:adiantum($1-generic,aes-generic,nhpoly1305-generic)-plain64"
	elif has_driver "$1-lib" && has_driver aes-lib; then
		echo "capi:adiantum($1-lib,aes-lib)-plain64"
	fi
}

# shellcheck disable=SC2034
DISK_MB=8

# Wait until /proc/crypto lists exactly $2 drivers whose name matches the
# awk regex $1, each with its self-test passed; $3 half-second tries (30
# if not given).  Kernels that test new algorithms asynchronously (from
# 6.12) list an algorithm's larval beside it for a while after modprobe
# returns.
drivers_settle() {
	# shellcheck disable=SC2034,SC2046
	for try in $(seq "${3:-30}"); do
		# shellcheck disable=SC2046
		set -- "$1" "$2" "${3:-30}" $(awk -v re="$1" '$1 == "driver" { d = $3 }
			$1 == "selftest" && d ~ re { n++; if ($3 == "passed") p++ }
			END { print n + 0, p + 0 }' /proc/crypto)
		[ "$4" = "$2" ] && [ "$5" = "$2" ] && return 0
		sleep 0.5
	done
	echo "    $4 drivers match $1, $5 passed their self-tests, want $2"
	return 1
}

# rmmod, waiting up to 10 s: the kernel may still be freeing the last users
# (dm-crypt tfms, self-test threads of new adiantum instances)
unload() {
	for m in "$@"; do
		# shellcheck disable=SC2034
		for try in $(seq 20); do
			rmmod "$m" 2>/dev/null && break
			sleep 0.5
		done
		[ -d "/sys/module/$m" ] && ! rmmod "$m" && return 1
	done
	return 0
}

