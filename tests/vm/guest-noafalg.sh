# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Checks and a benchmark without AF_ALG (issue 23 item 4): distributions
# build kernels without AF_ALG, and from 7.3 crypto.af_alg_restrict=1
# lets it bind no driver name.  This part makes AF_ALG absent inside the
# main boot: af_alg and the algif_* modules are unloaded and moved out of
# the module tree (depmod run), so socket(AF_ALG) fails as on a kernel
# built without them (busybox modprobe has no "install" lines to block
# them with).  Then:
# - adiantum-x86 check says AF_ALG is absent and passes through our
#   modules' self-check, a "PASS ... without AF_ALG" line per driver of
#   ours, every one registered;
# - a self-check that finds an error fails the tool: with a one-bit error
#   planted in every comparison (the modules' "plant" value, written by
#   the tool under AX86_TEST_SELFCHECK_PLANT=1) every driver FAILs, check
#   exits 1, the parameter's write fails (-EBADMSG), the kernel log says
#   FAIL per driver; written 1 again, the parameter reads PASS;
# - the selfcheck parameter is root's alone (mode 0600: nobody else may
#   read or write it);
# - adiantum-x86 bench --dm-crypt prints a row for ours and for the
#   kernel's template (where the kernel has one) at sector sizes 512 and
#   4096, exit 0, and leaves no mapping, loop device or template instance
#   behind, also when a row fails and when it is interrupted (SIGINT);
#   each template row is over the kernel's best parts: with the kernel's
#   own modules for each part's name loaded, none of its drivers of that
#   name outranks the row's (the tool loads them first).
# Afterwards the modules and the index are put back and what was loaded is
# loaded again; adiantum_x86_adiantum is left unloaded, as found.
# Sourced by tests/vm/guest.sh, which calls noafalg_checks after
# strict_checks.

NOAFALG_WHAT="without AF_ALG"
NOAFALG_DIR=/tmp/ax86-noafalg
# users first: algif_* hold af_alg
NOAFALG_MODS="algif_skcipher algif_hash algif_aead algif_rng af_alg"
NOAFALG_OURS="adiantum_x86_chacha adiantum_x86_nhpoly1305 adiantum_x86_adiantum"
# MiB per row of the benchmark: TCG is slow, the test is about the path
NOAFALG_MIB=4

noafalg_mods() { echo "/lib/modules/$(uname -r)"; }

# our drivers registered now: /proc/crypto's -ax86- drivers that are no
# template instance
noafalg_ours() {
	awk '$1 == "driver" && $3 ~ /-ax86-/ && $3 !~ /\(/ { print $3 }' \
		/proc/crypto | sort
}

# AF_ALG out of the way: its modules unloaded and out of the module tree
noafalg_hide() {
	mods=$(noafalg_mods)
	rm -rf "$NOAFALG_DIR"
	mkdir -p "$NOAFALG_DIR/index"
	NOAFALG_LOADED=""
	for m in $NOAFALG_MODS; do
		[ -d "/sys/module/$m" ] && NOAFALG_LOADED="$m${NOAFALG_LOADED:+ }$NOAFALG_LOADED"
	done
	# shellcheck disable=SC2086 # a list of module names
	if ! unload $NOAFALG_MODS 2>/dev/null; then
		fail "$NOAFALG_WHAT: cannot unload$(for m in $NOAFALG_MODS; do [ -d /sys/module/$m ] && echo " $m (refcnt $(cat /sys/module/$m/refcnt))"; done | tr -d '\n')"
		return 1
	fi
	cp "$mods"/modules.* "$NOAFALG_DIR/index/"
	grep -oE '^kernel/crypto/(af_alg|algif_[a-z]+)\.ko[^:]*' \
		"$mods/modules.dep" >"$NOAFALG_DIR/paths"
	while read -r p; do
		mkdir -p "$NOAFALG_DIR/$(dirname "$p")"
		mv "$mods/$p" "$NOAFALG_DIR/$p" ||
			{ fail "$NOAFALG_WHAT: cannot move $p out of the tree"; return 1; }
	done <"$NOAFALG_DIR/paths"
	depmod || { fail "$NOAFALG_WHAT: depmod"; return 1; }
	if modprobe af_alg 2>/dev/null || [ -d /sys/module/af_alg ] ||
	   grep -q '^ALG ' /proc/net/protocols; then
		fail "$NOAFALG_WHAT: AF_ALG is still there (modprobe af_alg works, or /proc/net/protocols lists ALG)"
		return 1
	fi
	pass "$NOAFALG_WHAT: $(tr '\n' ' ' <"$NOAFALG_DIR/paths")unloaded and out of the module tree; modprobe af_alg fails, /proc/net/protocols lists no ALG"
}

# the modules and their index back; what was loaded, loaded again
noafalg_restore() {
	mods=$(noafalg_mods)
	ok=1
	if [ -f "$NOAFALG_DIR/paths" ]; then
		while read -r p; do
			[ -e "$NOAFALG_DIR/$p" ] || continue
			mv "$NOAFALG_DIR/$p" "$mods/$p" || ok=0
		done <"$NOAFALG_DIR/paths"
	fi
	if [ -f "$NOAFALG_DIR/index/modules.dep" ]; then
		cp "$NOAFALG_DIR"/index/modules.* "$mods/" || ok=0
	fi
	for m in $NOAFALG_LOADED; do
		modprobe "$m" || ok=0
	done
	if [ $ok = 1 ] && grep -q '^ALG ' /proc/net/protocols; then
		pass "$NOAFALG_WHAT: afterwards AF_ALG is back (${NOAFALG_LOADED:-nothing} reloaded, /proc/net/protocols lists ALG)"
	else
		fail "$NOAFALG_WHAT: restoring AF_ALG (${NOAFALG_LOADED:-nothing} to reload)"
	fi
}

# check, as a user runs it: it finds AF_ALG absent, says so in one line
# and passes through the self-check, a line per driver of ours
noafalg_check() {
	timeout 600 adiantum-x86 check >/tmp/na.out 2>&1
	rc=$?
	sed -nE "s/^(PASS|FAIL|SKIP) /\1 [$BOOT] /p" /tmp/na.out
	want=$(noafalg_ours)
	got=$(sed -n 's/^PASS check \([^ ]*\) without AF_ALG (.*/\1/p' /tmp/na.out | sort)
	why=$(grep -m1 '^# check: ' /tmp/na.out)
	if [ $rc = 0 ] && [ -n "$want" ] && [ "$got" = "$want" ] &&
	   echo "$why" | grep -q "AF_ALG is absent on this kernel (socket(AF_ALG): Address family not supported by protocol): running our modules' self-check instead (without AF_ALG)" &&
	   ! grep -q "sysctl" /tmp/na.out; then
		pass "$NOAFALG_WHAT: adiantum-x86 check says '${why#\# check: }' and passes through the self-check of all $(echo "$want" | wc -l) drivers of ours, exit 0, no setting to lower"
	else
		fail "$NOAFALG_WHAT: adiantum-x86 check (exit $rc): PASS lines for '$(echo "$got" | tr '\n' ' ')', want '$(echo "$want" | tr '\n' ' ')'"
		sed 's/^/    /' /tmp/na.out | head -20
	fi
}

# a self-check that finds an error must fail the tool: a one-bit error
# planted in every comparison (the parameter's "plant"), through the tool
# and through the parameter itself
noafalg_plant() {
	n=$(noafalg_ours | wc -l)
	AX86_TEST_SELFCHECK_PLANT=1 timeout 600 adiantum-x86 check --selfcheck \
		>/tmp/na.out 2>&1
	rc=$?
	nfail=$(grep -c "^FAIL check [^ ]* without AF_ALG (adiantum_x86_[a-z0-9]*'s self-check): (planted error) " /tmp/na.out)
	npass=$(grep -c "^PASS" /tmp/na.out)
	if [ $rc = 1 ] && [ "$nfail" = "$n" ] && [ "$npass" = 0 ]; then
		pass "$NOAFALG_WHAT: a one-bit error planted in every comparison: check exits 1, all $n drivers FAIL, e.g. '$(grep -m1 '^FAIL check adiantum-' /tmp/na.out | sed 's/^FAIL check //')'"
	else
		fail "$NOAFALG_WHAT: planted errors: check exit $rc (want 1), $nfail FAIL lines and $npass PASS (want $n and 0)"
		sed 's/^/    /' /tmp/na.out | head -10
	fi
	f=/sys/module/adiantum_x86_chacha/parameters/selfcheck
	nchacha=$(noafalg_ours | grep -cE '^x?chacha')
	logged() { dmesg | grep -c "adiantum_x86_chacha: selfcheck: $1"; }
	fails0=$(logged "FAIL .*(planted error)")
	passes0=$(logged "PASS ")
	if ! echo plant 2>/dev/null >$f &&
	   [ "$(grep -c "^FAIL .*(planted error)" $f)" = "$nchacha" ] &&
	   [ "$(logged "FAIL .*(planted error)")" = $((fails0 + nchacha)) ] &&
	   echo 1 >$f && ! grep -qv "^PASS " $f &&
	   [ "$(grep -c '^PASS ' $f)" = "$nchacha" ] &&
	   [ "$(logged "PASS ")" = $((passes0 + nchacha)) ]; then
		pass "$NOAFALG_WHAT: the parameter itself: writing plant fails (EBADMSG), its lines and the kernel log say FAIL; writing 1 succeeds, every line and the log say PASS"
	else
		fail "$NOAFALG_WHAT: the selfcheck parameter's write status, lines or log lines"
		sed 's/^/    /' $f | head -5
		dmesg | grep selfcheck | tail -3 | sed 's/^/    /'
	fi
}

# root's alone: mode 0600, owner root; nobody else may read or write it
noafalg_mode() {
	bad=""
	for m in $NOAFALG_OURS; do
		f=/sys/module/$m/parameters/selfcheck
		[ "$(stat -c '%a %u %g' "$f" 2>&1)" = "600 0 0" ] ||
			bad="$bad $m:mode=$(stat -c '%a/%u/%g' "$f" 2>&1)"
		as_nobody "cat $f" >/dev/null 2>&1 &&
			bad="$bad $m:readable-by-nobody"
		as_nobody "echo 1 >$f" 2>/dev/null &&
			bad="$bad $m:writable-by-nobody"
	done
	# su itself works: nobody can read what anyone may
	as_nobody "cat /sys/module/adiantum_x86_chacha/parameters/variants" \
		>/dev/null 2>&1 || bad="$bad su-does-not-work"
	if [ -z "$bad" ]; then
		pass "$NOAFALG_WHAT: the selfcheck parameter of $(echo "$NOAFALG_OURS" | tr ' ' ',') is mode 600, owner root: user nobody can neither read nor write it (but reads variants)"
	else
		fail "$NOAFALG_WHAT: selfcheck parameter not root's alone:$bad"
	fi
}

# nothing left: no mapping ax86-bench-*, no loop device on its /dev/shm
# file, and no template instance that was not there before ($1: the list)
noafalg_clean() {
	left=$(dmsetup ls 2>/dev/null | grep "^ax86-bench-")
	loops=$(cat /sys/block/loop*/loop/backing_file 2>/dev/null |
		grep "adiantum-x86-bench")
	inst=$(awk '$1 == "driver" && $3 ~ /^adiantum\(/ { print $3 }' \
		/proc/crypto | sort | tr '\n' ' ')
	# an instance the run made and left; one that went is the kernel's
	# doing (a better part registered by the run's modprobes replaces
	# the unused instances over the older one)
	new=""
	for i in $inst; do
		case " $1 " in *" $i "*) ;; *) new="$new $i" ;; esac
	done
	if [ -z "$left" ] && [ -z "$loops" ] && [ -z "$new" ]; then
		return 0
	fi
	echo "    mappings: ${left:-none}; loop files: ${loops:-none}; template instances left:${new:- none} (now: '$inst', before: '$1')"
	return 1
}

# the kernel's own modules for algorithm name $1 loaded, as the tool
# loads them: each module modules.alias lists as crypto-$1, ours and
# aes_ti left out (tools/adiantum-x86/kparts.c says why); one this CPU
# cannot run fails, which is fine
noafalg_load_kernel_mods() {
	awk -v a="crypto-$1" '$1 == "alias" && $2 == a &&
		$3 !~ /^adiantum_x86_/ && $3 != "aes_ti" { print $3 }' \
		"$(noafalg_mods)/modules.alias" |
	while read -r m; do
		modprobe -q "$m" 2>/dev/null </dev/null
	done
	# from 6.12 a new driver is tested after modprobe returns
	# shellcheck disable=SC2034
	for try in $(seq 10); do
		awk -v n="$1" '$1 == "name" { cur = $3 }
			$1 == "selftest" && cur == n && $3 != "passed" { u = 1 }
			END { exit !u }' /proc/crypto || break
		sleep 0.5
	done
}

# "driver priority" of the kernel's best driver of name $1 and type $2:
# the highest priority among those that are not ours (-ax86-) and no
# template instance, self-test passed; empty if none
noafalg_kernel_best() {
	awk -v n="$1" -v t="$2" '$1 == "name" { cur = $3; drv = ""; st = "" }
		$1 == "driver" { drv = $3 }
		$1 == "priority" { prio = $3 + 0 }
		$1 == "selftest" { st = $3 }
		$1 == "type" && cur == n && $3 == t && st == "passed" &&
		drv !~ /-ax86-/ && drv !~ /\(/ && (best == "" || prio > bp) {
			best = drv; bp = prio }
		END { if (best != "") print best, bp }' /proc/crypto
}

# each template row of bench --dm-crypt (/tmp/na.out) is over the
# kernel's best parts: with the kernel's own modules for each part's name
# loaded, no driver of the kernel's of that name and type outranks the
# row's (6.1 had a row over aes-generic, aesni_intel never loaded)
noafalg_best_parts() {
	grep -o '^adiantum([^ ]*)' /tmp/na.out | sort -u >/tmp/na.rows
	while read -r row; do
		got=""
		bad=""
		for d in $(echo "$row" | sed 's/^adiantum(//; s/)$//' | tr ',' ' '); do
			n=$(awk -v d="$d" '$1 == "name" { cur = $3 }
				$1 == "driver" && $3 == d { print cur; exit }' /proc/crypto)
			t=$(driver_field "$d" type)
			p=$(driver_field "$d" priority)
			case "$d" in
			*-ax86-*)
				bad="$bad $d is ours;"
				continue
				;;
			esac
			if [ -z "$n" ]; then
				bad="$bad $d is not registered;"
				continue
			fi
			noafalg_load_kernel_mods "$n"
			best=$(noafalg_kernel_best "$n" "$t")
			if [ -n "$best" ] && { [ "${best% *}" = "$d" ] ||
			   [ "${best#* }" = "$p" ]; }; then
				got="$got $d ($n priority $p)"
			else
				want=none
				[ -z "$best" ] ||
					want="${best% *} (priority ${best#* })"
				bad="$bad $d (priority $p) for $n, want the kernel's best with its modules loaded: $want;"
			fi
		done
		if [ -z "$bad" ]; then
			pass "$NOAFALG_WHAT: bench --dm-crypt's row $row is over the kernel's best parts:$got"
		else
			fail "$NOAFALG_WHAT: bench --dm-crypt's row $row is not over the kernel's best parts:$bad"
		fi
	done </tmp/na.rows
}

noafalg_bench() {
	mount | grep -q " /dev/shm " || {
		mkdir -p /dev/shm
		mount -t tmpfs shm /dev/shm
	}
	before=$(awk '$1 == "driver" && $3 ~ /^adiantum\(/ { print $3 }' \
		/proc/crypto | sort | tr '\n' ' ')
	best=$(expected_isas | tail -1)
	t0=$(date +%s)
	timeout 900 adiantum-x86 bench --dm-crypt --mib $NOAFALG_MIB \
		>/tmp/na.out 2>&1
	rc=$?
	t1=$(date +%s)
	while IFS= read -r line; do
		info "bench --dm-crypt: $line"
	done </tmp/na.out
	missing=""
	for s in xchacha12 xchacha20; do
		# the kernel's own stream cipher: its template gets a row
		kern=$(awk -v n="$s" '$1 == "name" { cur = $3 } $1 == "driver" &&
			cur == n && $3 !~ /-ax86-/ { print $3; exit }' /proc/crypto)
		for ss in 512 4096; do
			grep -Eq "^adiantum-$s-aes-ax86-$best +$ss +[0-9]+\.[0-9] +[0-9]+\.[0-9]$" /tmp/na.out ||
				missing="$missing ours-$s-$ss"
			[ -z "$kern" ] ||
				grep -Eq "^adiantum\($s-[a-z0-9]+,aes-[a-z0-9]+(,nhpoly1305-[a-z0-9]+)?\) +$ss +[0-9]+\.[0-9] +[0-9]+\.[0-9]$" /tmp/na.out ||
				missing="$missing template-$s-$ss"
		done
	done
	rows=$(grep -cE " (512|4096) +[0-9]+\.[0-9] +[0-9]+\.[0-9]$" /tmp/na.out)
	if [ $rc = 0 ] && [ -z "$missing" ] && ! grep -q "^FAIL" /tmp/na.out &&
	   grep -q "^dm-crypt over a loop device on /dev/shm (tmpfs), $NOAFALG_MIB MiB written then read per row" /tmp/na.out &&
	   noafalg_clean "$before"; then
		pass "$NOAFALG_WHAT: adiantum-x86 bench --dm-crypt: $rows rows (ours by driver name and the kernel's template, sectors 512 and 4096), data read back identical, exit 0, no mapping, loop device or template instance left ($((t1 - t0)) s)"
	else
		fail "$NOAFALG_WHAT: adiantum-x86 bench --dm-crypt (exit $rc): missing rows:${missing:- none}"
		grep "^FAIL" /tmp/na.out | head -5 | sed 's/^/    /'
		noafalg_clean "$before"
	fi
	noafalg_best_parts

	# a row that fails (dm-crypt cannot build this instance): a FAIL
	# line, exit 1, nothing left behind
	adiantum-x86 bench --dm-crypt --mib 1 \
		--driver "adiantum(xchacha12-no-such-driver,aes-no-such-driver)" \
		>/tmp/na.out 2>&1
	rc=$?
	if [ $rc = 1 ] &&
	   grep -q "^FAIL bench --dm-crypt adiantum(xchacha12-no-such-driver,aes-no-such-driver) sector 512: dmsetup create failed" /tmp/na.out &&
	   noafalg_clean "$before"; then
		pass "$NOAFALG_WHAT: bench --dm-crypt on a driver dm-crypt cannot build: FAIL line, exit 1, no mapping or loop device left"
	else
		fail "$NOAFALG_WHAT: bench --dm-crypt on a driver that does not exist (exit $rc)"
		sed 's/^/    /' /tmp/na.out | head -8
	fi

	# Ctrl-C in the middle: the tool cleans up and says so
	adiantum-x86 bench --dm-crypt --mib $NOAFALG_MIB >/tmp/na.out 2>&1 &
	pid=$!
	# shellcheck disable=SC2034
	for try in $(seq 600); do
		grep -qE " 512 +[0-9]" /tmp/na.out && break
		sleep 0.1
	done
	kill -INT $pid
	wait $pid
	rc=$?
	if [ $rc = 1 ] &&
	   grep -q "^FAIL bench --dm-crypt: interrupted (signal 2); the mappings and the loop device it made are removed" /tmp/na.out &&
	   noafalg_clean "$before"; then
		pass "$NOAFALG_WHAT: bench --dm-crypt interrupted by SIGINT after its first row: exit 1, says so, no mapping, loop device or template instance left"
	else
		fail "$NOAFALG_WHAT: bench --dm-crypt interrupted (exit $rc)"
		sed 's/^/    /' /tmp/na.out | tail -5
		noafalg_clean "$before"
	fi
}

noafalg_checks() {
	t0=$(date +%s)
	modprobe adiantum_x86_adiantum
	adiantum_settle $((2 * $(expected_isas | wc -l))) >/dev/null
	loaded=""
	for m in $NOAFALG_OURS; do
		[ -d "/sys/module/$m" ] && loaded="$loaded $m"
	done
	if [ "$loaded" != " $NOAFALG_OURS" ]; then
		fail "$NOAFALG_WHAT: our modules are not all loaded:$loaded"
	elif noafalg_hide; then
		noafalg_check
		noafalg_plant
		noafalg_mode
		noafalg_bench
	fi
	noafalg_restore
	adiantum_unload >/dev/null
	rm -rf "$NOAFALG_DIR"
	info "$NOAFALG_WHAT: $(($(date +%s) - t0)) s in this boot"
}
