# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# A kernel built without Adiantum (issue 23 item 3): CONFIG_CRYPTO_ADIANTUM
# and the ChaCha/NHPoly1305 options off, the most common Adiantum request
# in distribution trackers.  Debian builds them all as modules
# (docs/strict-kernels.md), so this part simulates such a kernel inside the main boot: every
# in-tree module that offers xchacha12, xchacha20, chacha20, nhpoly1305 or
# adiantum(...), and whatever needs one of them, is unloaded and moved out
# of the module tree (depmod run); then ours alone must load by alias,
# register with their self-tests passed and serve a LUKS2 Adiantum volume,
# and no module of ours may depend on a hidden one.  Afterwards the tree,
# its index and the kernel's modules that were loaded are put back, and
# the volume ours wrote is read once more through the kernel's template.
# Sourced by tests/vm/guest.sh, which calls strict_checks after
# adiantum_checks (that leaves adiantum_x86_adiantum unloaded, so ours
# come back by alias from nothing) and before reload_cycles.

STRICT_DIR=/tmp/ax86-strict
STRICT_OURS="adiantum_x86_core adiantum_x86_chacha adiantum_x86_nhpoly1305 adiantum_x86_adiantum"
# the same, users before the core they use
STRICT_OURS_RMMOD="adiantum_x86_adiantum adiantum_x86_nhpoly1305 adiantum_x86_chacha adiantum_x86_core"
STRICT_WHAT="without the kernel's adiantum"
# the algorithm names such a kernel lacks, as /proc/crypto and modules.alias
# ("crypto-" prefixed) spell them
STRICT_NAMES='^(x?chacha(12|20)|nhpoly1305|adiantum)([-(]|$)'

strict_mods() { echo "/lib/modules/$(uname -r)"; }

# module name of a modules.dep path (kernel/arch/x86/crypto/chacha-x86_64.ko)
strict_modname() { basename "$1" | sed 's/\.ko.*//; s/-/_/g'; }

# The in-tree modules to hide, as modules.dep paths: those whose aliases
# offer one of the names, those named like the options' modules (adiantum,
# chacha*, nhpoly1305*, libnh: CRYPTO_CHACHA20POLY1305 selects the ChaCha
# option, so it goes too), and every module that needs a hidden one (6.1's
# libchacha20poly1305 links chacha-x86_64), as on a kernel built so.
strict_find() {
	awk -v re="$STRICT_NAMES" '
		FNR == NR { if ($1 == "alias" && substr($2, 1, 7) == "crypto-" &&
				substr($2, 8) ~ re) want[$3] = 1
			    next }
		{ p = $1; sub(/:$/, "", p)
		  if (p !~ /^kernel\//) next
		  n = p; sub(/.*\//, "", n); sub(/\.ko.*$/, "", n); gsub(/-/, "_", n)
		  path[++np] = p; deps[p] = ""
		  for (i = 2; i <= NF; i++) deps[p] = deps[p] " " $i
		  if (n in want || n ~ /^(adiantum|chacha.*|nhpoly1305.*|libnh)$/)
			hide[p] = 1 }
		END {
		  do {
			changed = 0
			for (i = 1; i <= np; i++) {
				p = path[i]
				if (p in hide) continue
				k = split(deps[p], d, " ")
				for (j = 1; j <= k; j++)
					if (d[j] in hide) { hide[p] = 1; changed = 1; break }
			}
		  } while (changed)
		  for (i = 1; i <= np; i++) if (path[i] in hide) print path[i] }
		' "$(strict_mods)/modules.alias" "$(strict_mods)/modules.dep"
}

# drivers /proc/crypto lists under the names such a kernel lacks that are
# not ours: "name driver module" a line
strict_foreign_drivers() {
	awk -v re="$STRICT_NAMES" '$1 == "name" { n = $3 } $1 == "driver" { d = $3 }
		$1 == "module" && n ~ re && d !~ /-ax86-/ { print n, d, $3 }' /proc/crypto
}

# rmmod every module of the list that is loaded, in as many rounds as their
# dependencies need; the unload helper (guest-lib.sh) waits for users
strict_unload() {
	for _ in 1 2 3 4 5 6; do
		left=""
		for m in "$@"; do
			[ -d "/sys/module/$m" ] || continue
			rmmod "$m" 2>/dev/null || left="$left $m"
		done
		[ -z "$left" ] && return 0
		sleep 0.5
	done
	# shellcheck disable=SC2086 # a list of module names
	unload $left
}

# our drivers this CPU gets: 3 ChaCha names and 2 Adiantum names per ISA,
# NH for all but ssse3 and avx512vl (the modules register no NH there)
strict_want_drivers() {
	n=0
	for isa in $(expected_isas); do
		n=$((n + 5))
		[ "$isa" = ssse3 ] || [ "$isa" = avx512vl ] || n=$((n + 1))
	done
	echo $n
}

# Everything the kernel has for those names out of the way: ours and its
# unloaded, its modules moved to $STRICT_DIR, the index rebuilt
strict_hide() {
	mods=$(strict_mods)
	rm -rf "$STRICT_DIR"
	mkdir -p "$STRICT_DIR/index"
	strict_find >"$STRICT_DIR/paths"
	STRICT_HIDDEN=""
	STRICT_LOADED=""
	while read -r p; do
		m=$(strict_modname "$p")
		STRICT_HIDDEN="$STRICT_HIDDEN $m"
		[ -d "/sys/module/$m" ] && STRICT_LOADED="$STRICT_LOADED $m"
	done <"$STRICT_DIR/paths"
	if [ -z "$STRICT_HIDDEN" ]; then
		fail "$STRICT_WHAT: this kernel's module tree has no module to hide (built in? $(grep -E '/(adiantum|chacha|nhpoly1305)' "$mods/modules.builtin" | tr '\n' ' '))"
		return 1
	fi
	info "$STRICT_WHAT: hiding$(sed 's/^/ /' "$STRICT_DIR/paths" | tr -d '\n'); loaded now:${STRICT_LOADED:- none}"
	# ours too: they come back by alias below
	# shellcheck disable=SC2086 # lists of module names
	if ! strict_unload $STRICT_OURS_RMMOD || ! strict_unload $STRICT_HIDDEN; then
		fail "$STRICT_WHAT: cannot unload$(for m in $STRICT_OURS $STRICT_HIDDEN; do [ -d /sys/module/$m ] && echo " $m (refcnt $(cat /sys/module/$m/refcnt))"; done | tr -d '\n')"
		return 1
	fi
	# the index as the image has it (kmod's, with .bin files): put back
	# as it was, not rebuilt by busybox's depmod
	cp "$mods"/modules.* "$STRICT_DIR/index/"
	while read -r p; do
		mkdir -p "$STRICT_DIR/$(dirname "$p")"
		mv "$mods/$p" "$STRICT_DIR/$p" ||
			{ fail "$STRICT_WHAT: cannot move $p out of the tree"; return 1; }
	done <"$STRICT_DIR/paths"
	depmod || { fail "$STRICT_WHAT: depmod"; return 1; }
	bad=$(strict_foreign_drivers)
	left=$(awk -v re="$STRICT_NAMES" '$1 == "alias" &&
		substr($2, 1, 7) == "crypto-" && substr($2, 8) ~ re &&
		$3 !~ /^adiantum_x86_/ { print $2 " " $3 }' "$mods/modules.alias")
	# the template's own module name too: modprobe must not find it
	if [ -n "$bad" ] || [ -n "$left" ] || modprobe adiantum 2>/dev/null; then
		fail "$STRICT_WHAT: the kernel still has drivers or modules for the names"
		printf '%s\n%s\n' "$bad" "$left" | sed '/^$/d; s/^/    /' | head -20
		return 1
	fi
	pass "$STRICT_WHAT: the kernel's$STRICT_HIDDEN unloaded and out of the module tree; /proc/crypto and modules.alias have no chacha20, xchacha12, xchacha20, nhpoly1305 or adiantum(...) but ours"
}

# ours alone: by alias, registered, self-tests passed, no foreign driver
strict_load_ours() {
	failed=""
	for a in crypto-xchacha12 crypto-xchacha20 crypto-chacha20 \
		 crypto-nhpoly1305 "crypto-adiantum(xchacha12,aes)" \
		 "crypto-adiantum(xchacha20,aes)"; do
		modprobe "$a" 2>/tmp/strict.out || failed="$failed $a"
	done
	loaded=$(for m in $STRICT_OURS; do [ -d "/sys/module/$m" ] && echo "$m"; done | tr '\n' ' ')
	if [ -n "$failed" ] || [ "$loaded" != "$STRICT_OURS " ]; then
		fail "$STRICT_WHAT: modprobe by alias:${failed:- every alias loaded} but loaded '$loaded'"
		sed 's/^/    /' /tmp/strict.out | head
		return 1
	fi
	pass "$STRICT_WHAT: modprobe by alias (crypto-xchacha12, crypto-xchacha20, crypto-chacha20, crypto-nhpoly1305, crypto-adiantum(xchacha12/20,aes)) loads $loaded"
	n=$(strict_want_drivers)
	# self-tests of freshly registered drivers run late on 6.12+ and RT
	if ! drivers_settle -ax86- "$n" 120 >/tmp/strict.out; then
		fail "$STRICT_WHAT: our drivers' self-tests"
		cat /tmp/strict.out
		awk '$1 == "driver" { d = $3 } $1 == "selftest" && d ~ /-ax86-/ &&
			$3 != "passed" { print "    " d " selftest " $3 }' /proc/crypto
		return 1
	fi
	bad=$(strict_foreign_drivers)
	if [ -n "$bad" ]; then
		fail "$STRICT_WHAT: drivers not ours registered:"
		echo "$bad" | sed 's/^/    /'
		return 1
	fi
	pass "$STRICT_WHAT: all $n of our drivers registered, selftest passed; every driver of those names is ours"
}

# each of our modules depends on the core at most, on nothing hidden
strict_depends() {
	bad=""
	all=""
	for m in $STRICT_OURS; do
		if ! d=$(modinfo -F depends "$(strict_mods)/extra/$m.ko"); then
			bad="$bad $m:(modinfo failed)"
			continue
		fi
		all="$all $m:[${d}]"
		for h in $(echo "$d" | tr ',' ' '); do
			case " $STRICT_HIDDEN " in *" $h "*) bad="$bad $m:$h" ;; esac
		done
	done
	if [ -z "$bad" ]; then
		pass "$STRICT_WHAT: modinfo -F depends of our modules names none of the hidden modules:$all"
	else
		fail "$STRICT_WHAT: our modules depend on hidden modules:$bad"
	fi
}

# LUKS2 Adiantum on ours alone: formatted, opened, written, read back; the
# volume, its key and dm table stay in $STRICT_DIR for strict_reference
strict_luks() {
	what="$STRICT_WHAT: LUKS2 xchacha12,aes-adiantum-plain64"
	data_mb=2
	# LUKS2's default header takes 16 MiB before the data
	dd if=/dev/zero of=$STRICT_DIR/vol bs=1048576 count=$((16 + data_mb)) 2>/dev/null
	STRICT_LOOP=$(losetup -f)
	losetup "$STRICT_LOOP" $STRICT_DIR/vol
	head -c 32 /dev/urandom >$STRICT_DIR/key
	# pbkdf2 at 1000 iterations: the key slot costs nothing under TCG
	if ! cryptsetup luksFormat -q --type luks2 \
	     --cipher xchacha12,aes-adiantum-plain64 --key-size 256 \
	     --sector-size 4096 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
	     --key-file $STRICT_DIR/key "$STRICT_LOOP" >/tmp/strict.out 2>&1; then
		fail "$what: luksFormat"
		sed 's/^/    /' /tmp/strict.out | head
		return 1
	fi
	# the key in the table, not in the kernel keyring: strict_reference
	# maps the volume again from this table after it is closed
	if ! cryptsetup open --type luks2 --disable-keyring \
	     --key-file $STRICT_DIR/key "$STRICT_LOOP" ax86strict >/tmp/strict.out 2>&1; then
		fail "$what: open"
		sed 's/^/    /' /tmp/strict.out | head
		return 1
	fi
	drv=$(adiantum_driver xchacha12)
	templ=$(awk '$1 == "driver" && $3 ~ /^adiantum\(/ { print $3 }
		$1 == "module" && $3 == "adiantum" { print "module adiantum" }' /proc/crypto)
	table=$(dmsetup table --showkeys ax86strict)
	echo "$table" >$STRICT_DIR/table
	head -c $((data_mb * 1048576)) /dev/urandom >$STRICT_DIR/data
	dd if=$STRICT_DIR/data of=/dev/mapper/ax86strict bs=65536 conv=fsync 2>/dev/null
	cryptsetup close ax86strict
	# read back after a fresh open: nothing from the page cache
	ok=0
	if cryptsetup open --type luks2 --disable-keyring \
	   --key-file $STRICT_DIR/key "$STRICT_LOOP" ax86strict >/tmp/strict.out 2>&1; then
		dd if=/dev/mapper/ax86strict bs=65536 2>/dev/null |
			cmp -s - $STRICT_DIR/data && ok=1
		drv2=$(adiantum_driver xchacha12)
		cryptsetup close ax86strict
	fi
	case $drv in
	adiantum-xchacha12-aes-ax86-*) ;;
	*) fail "$what: served by '$drv', not by ours"; return 1 ;;
	esac
	if [ -n "$templ" ]; then
		fail "$what: a kernel adiantum template instance exists: $templ"
		return 1
	fi
	case $table in
	*" xchacha12,aes-adiantum-plain64 "*sector_size:4096*) ;;
	*) fail "$what: dm table '$(echo "$table" | cut -d' ' -f1-4) ...' lacks the cipher or sector_size:4096"
	   return 1 ;;
	esac
	if [ $ok = 1 ] && [ "$drv2" = "$drv" ]; then
		pass "$what, sector 4096, formatted, written, read back ($data_mb MiB identical after reopening) on $drv; /proc/crypto has no kernel adiantum template instance"
		return 0
	fi
	fail "$what: read back after reopening differs (served by '${drv2:-not opened}')"
	sed 's/^/    /' /tmp/strict.out | head
	return 1
}

# the kernel's modules and index back as the image had them; the kernel
# modules that were loaded loaded again, ours as adiantum_checks left them
# (chacha and nhpoly1305 loaded, adiantum_x86_adiantum not)
strict_restore() {
	mods=$(strict_mods)
	ok=1
	[ -e /dev/mapper/ax86strict ] && cryptsetup close ax86strict
	touch "$STRICT_DIR/paths"
	if [ -f "$STRICT_DIR/paths" ]; then
		while read -r p; do
			[ -e "$STRICT_DIR/$p" ] || continue
			mv "$STRICT_DIR/$p" "$mods/$p" || ok=0
		done <"$STRICT_DIR/paths"
	fi
	if [ -f "$STRICT_DIR/index/modules.dep" ]; then
		cp "$STRICT_DIR"/index/modules.* "$mods/" || ok=0
	fi
	[ -d /sys/module/adiantum_x86_adiantum ] &&
		{ unload adiantum_x86_adiantum || ok=0; }
	modprobe adiantum_x86_chacha || ok=0
	modprobe adiantum_x86_nhpoly1305 || ok=0
	for m in $STRICT_LOADED; do
		modprobe "$m" || ok=0
	done
	missing=$(for m in $STRICT_LOADED; do [ -d "/sys/module/$m" ] || echo "$m"; done | tr '\n' ' ')
	absent=$(while read -r p; do [ -e "$mods/$p" ] || echo "$p"; done <"$STRICT_DIR/paths" | tr '\n' ' ')
	if [ $ok = 1 ] && [ -z "$missing" ] && [ -z "$absent" ] &&
	   cmp -s "$STRICT_DIR/index/modules.dep" "$mods/modules.dep"; then
		pass "$STRICT_WHAT: afterwards the hidden modules are back in the tree, the index restored, the$STRICT_LOADED reloaded"
	else
		fail "$STRICT_WHAT: restoring: not reloaded '$missing', not back '$absent'"
	fi
}

# the volume ours wrote, read through the kernel's own template once it is
# back: what a kernel without Adiantum writes is standard Adiantum
strict_reference() {
	ref=$(ref_adiantum xchacha12)
	what="$STRICT_WHAT: the LUKS2 volume ours wrote"
	if [ -z "$ref" ]; then
		fail "$what: no reference instance of in-tree drivers after restoring"
		return
	fi
	dmsetup create ax86ref --table "$(awk -v c="$ref" '{ $4 = c; print }' $STRICT_DIR/table)"
	if dd if=/dev/mapper/ax86ref bs=65536 2>/dev/null | cmp -s - $STRICT_DIR/data; then
		pass "$what reads back identical on the kernel's restored $(echo "$ref" | sed 's/^capi://; s/-plain64$//')"
	else
		fail "$what reads back differently on the kernel's $ref"
	fi
	dmsetup remove ax86ref
}

strict_checks() {
	t0=$(date +%s)
	STRICT_LOOP=""
	luks=0
	if strict_hide && strict_load_ours; then
		strict_depends
		strict_luks && luks=1
	fi
	strict_restore
	[ $luks = 1 ] && strict_reference
	[ -n "$STRICT_LOOP" ] && losetup -d "$STRICT_LOOP"
	rm -rf "$STRICT_DIR"
	info "$STRICT_WHAT: $(($(date +%s) - t0)) s in this boot"
}
