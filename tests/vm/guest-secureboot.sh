# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# The Secure Boot boots (tests/secureboot/run.sh): OVMF with Secure Boot
# on, shim, GRUB and the signed Debian kernel; our modules signed with a
# DKMS-style key whose certificate is enrolled as a MOK (ax86.mode=
# secureboot) or not (ax86.mode=secureboot-control).  The host writes
# /etc/ax86-secureboot: signer, skid (the certificate's subject key id)
# and modules.  guest.sh calls secureboot_checks; sourced by every guest
# /init, so: functions only.

SB_CONF=/etc/ax86-secureboot
SB_CIPHER=xchacha12,aes-adiantum-plain64

sb_conf() { sed -n "s/^$1=//p" $SB_CONF; }
sb_indent() { sed 's/^/    /'; }

sb_mount() {
	grep -q " $2 " /proc/mounts || mount -t "$1" "$1" "$2" 2>/dev/null
}

# what the EFI stub handed the kernel: "enabled", "disabled" or ""
# (efivarfs is a module the image does not carry)
sb_kernel_state() {
	dmesg | sed -n 's/.*Secure boot \(enabled\|disabled\).*/\1/p' | head -1
}

# the lockdown mode in force, "none" if none (the file: "none [integrity]
# confidentiality")
sb_lockdown() {
	sed -n 's/.*\[\([a-z]*\)\].*/\1/p' /sys/kernel/security/lockdown \
		2>/dev/null
}

# the keys of a system keyring (.machine, .platform, ...), one per line
sb_keyring() {
	id=$(awk -v k="$1:" '$8 == "keyring" && $9 == k { print $1; exit }' \
		/proc/keys)
	[ -n "$id" ] && keyctl list "$(printf %d "0x$id")" 2>&1
}

# our modules loaded now
sb_loaded() {
	for m in $(sb_conf modules); do
		[ -d "/sys/module/$m" ] && echo "$m"
	done
}

# drivers of ours in /proc/crypto, and how many passed their self-tests
sb_selftests() {
	awk '$1 == "driver" { d = $3 }
		$1 == "selftest" && d ~ /-ax86-/ { n++; if ($3 == "passed") p++ }
		END { print n + 0, p + 0 }' /proc/crypto
}

# a plain dm-crypt Adiantum volume on a loop device over tmpfs: written
# (files' sums in /tmp/sb.sums), closed, opened again and read back.
# Prints the driver that served it; fails if anything differs.
sb_volume() {
	head -c 32 /dev/urandom >/tmp/sb.key
	dd if=/dev/zero of=/tmp/sb.img bs=1048576 count=16 2>/dev/null
	loop=$(losetup -f)
	losetup "$loop" /tmp/sb.img || return 1
	if ! sb_open "$loop"; then
		losetup -d "$loop"
		return 1
	fi
	drv=$(adiantum_driver xchacha12)
	dd if=/dev/urandom of=/tmp/sb.data bs=65536 count=64 2>/dev/null
	dd if=/tmp/sb.data of=/dev/mapper/sbvol bs=65536 conv=fsync \
		2>/dev/null
	sync
	cryptsetup close sbvol
	# on disk, not the plaintext
	if cmp -s -n 4194304 /tmp/sb.data /tmp/sb.img; then
		echo "the image holds the plaintext"
		losetup -d "$loop"
		return 1
	fi
	sb_open "$loop" || { losetup -d "$loop"; return 1; }
	dd if=/dev/mapper/sbvol of=/tmp/sb.back bs=65536 count=64 2>/dev/null
	cryptsetup close sbvol
	losetup -d "$loop"
	echo "$drv"
	cmp -s /tmp/sb.data /tmp/sb.back || {
		echo "read back differs from what was written"
		return 1
	}
}

sb_open() {
	cryptsetup open --type plain --cipher $SB_CIPHER --key-size 256 \
		--key-file /tmp/sb.key --sector-size 4096 "$1" sbvol 2>&1
}

# the kernel's refusals of module loads: unsigned or unknown key under
# lockdown or sig_enforce
sb_refusals() {
	dmesg | grep -E 'Loading of .* is rejected|Key was rejected|unsigned module loading is restricted|module verification failed' |
		sed 's/^\[ *[0-9.]*\] //'
}

secureboot_checks() {
	sb_mount securityfs /sys/kernel/security
	modprobe -a loop dm-crypt 2>/dev/null
	if [ ! -r $SB_CONF ]; then
		fail "secure boot: no $SB_CONF in the image"
		return
	fi
	state=$(sb_kernel_state)
	lockdown=$(sb_lockdown)
	info "secure boot: lockdown: $(cat /sys/kernel/security/lockdown 2>/dev/null); module.sig_enforce: $(cat /sys/module/module/parameters/sig_enforce 2>/dev/null)"
	dmesg | grep -i -E 'secure ?boot|lockdown' | sed 's/^\[ *[0-9.]*\] //' |
		sb_indent
	if [ "$state" = enabled ]; then
		pass "secure boot: the kernel says Secure boot enabled (OVMF, shim, GRUB, signed kernel $(uname -r))"
	else
		fail "secure boot: the kernel says Secure boot '$state', not enabled"
	fi
	case $lockdown in
	integrity|confidentiality)
		pass "secure boot: lockdown in force: $lockdown" ;;
	*)	fail "secure boot: lockdown is '$lockdown'" ;;
	esac
	skid=$(sb_conf skid)
	signer=$(sb_conf signer)
	machine=$(sb_keyring .machine)
	platform=$(sb_keyring .platform)
	info "secure boot: .machine keyring:"
	echo "$machine" | sb_indent
	info "secure boot: /proc/keys, keys named '$signer':"
	grep -F "$signer" /proc/keys | sb_indent
	if [ "$MODE" = secureboot-control ]; then
		secureboot_control "$signer" "$skid" "$machine$platform"
	else
		secureboot_enrolled "$signer" "$skid" "$machine" "$platform"
	fi
}

# the key enrolled: ours load, signed by it, and serve the volume
secureboot_enrolled() {
	want="asymmetric: $1: $2"
	if echo "$4" | grep -qF "$want"; then
		fail "secure boot: '$want' is in the .platform keyring (kexec only, not modules)"
	fi
	if echo "$3" | grep -qF "$want"; then
		pass "secure boot: the enrolled MOK is in the .machine keyring: $(echo "$3" | grep -F "$want" | sed 's/^ *//')"
	else
		fail "secure boot: '$want' is not in the .machine keyring"
		info "secure boot: .platform keyring:"
		echo "$4" | sb_indent
	fi
	bad=""
	for m in $(sb_conf modules); do
		modprobe "$m" >/tmp/sb.mp 2>&1 || bad="$bad $m: $(cat /tmp/sb.mp)"
	done
	if [ -z "$bad" ]; then
		pass "secure boot, lockdown $(sb_lockdown): our modules load: $(sb_loaded | tr '\n' ' ')"
	else
		fail "secure boot: modprobe refused$bad"
		sb_refusals | sb_indent
	fi
	# an unverified module would taint the kernel with E (bit 13) and
	# its own taint would say E: lockdown refuses those anyway
	taints=""
	for m in $(sb_loaded); do
		taints="$taints $m:$(cat "/sys/module/$m/taint")"
	done
	if [ $(($(cat /proc/sys/kernel/tainted) >> 13 & 1)) = 0 ] &&
	   ! echo "$taints" | grep -q E; then
		pass "secure boot: our modules verified against '$1' (taint flags$taints; no unsigned-module taint)"
	else
		fail "secure boot: unsigned-module taint: kernel $(cat /proc/sys/kernel/tainted),$taints"
	fi
	if drivers_settle '-ax86-' "$(sb_selftests | cut -d' ' -f1)" 20 &&
	   [ "$(sb_selftests | cut -d' ' -f1)" -gt 0 ]; then
		pass "secure boot: $(sb_selftests | cut -d' ' -f2) drivers of ours passed their self-tests"
	else
		fail "secure boot: self-tests of our drivers (drivers, passed): $(sb_selftests)"
	fi
	if out=$(sb_volume); then
		drv=$(echo "$out" | tail -1)
		case $drv in
		adiantum-xchacha12-aes-ax86-*)
			pass "secure boot, lockdown $(sb_lockdown): a dm-crypt $SB_CIPHER volume served by $drv, 4 MiB written and read back" ;;
		*)	fail "secure boot: the volume was served by '$drv', not ours"
			pkg_crypto_lines "adiantum(xchacha12,aes)" | sb_indent ;;
		esac
	else
		fail "secure boot: the dm-crypt volume"
		echo "$out" | sb_indent
	fi
	refused=$(sb_refusals)
	if [ -z "$refused" ]; then
		pass "secure boot: no module refused in the kernel log"
	else
		fail "secure boot: the kernel refused modules"
		echo "$refused" | sb_indent
	fi
}

# the key not enrolled: ours refused, the volume on the kernel's drivers,
# and the tool says why
secureboot_control() {
	if echo "$3" | grep -qF "$1: $2"; then
		fail "secure boot, not enrolled: '$1' is in a system keyring anyway"
	else
		pass "secure boot, not enrolled: '$1' is in neither the .machine nor the .platform keyring"
	fi
	said=""
	loaded=""
	for m in $(sb_conf modules); do
		if modprobe "$m" >/tmp/sb.mp 2>&1; then
			loaded="$loaded $m"
		else
			said=$(head -1 /tmp/sb.mp)
		fi
	done
	refused=$(sb_refusals | head -3)
	if [ -z "$loaded" ] && [ -z "$(sb_loaded)" ] && [ -n "$refused" ]; then
		pass "secure boot, key not enrolled: our modules refused (lockdown $(sb_lockdown)): $said; kernel: $(echo "$refused" | head -1)"
	else
		fail "secure boot, not enrolled: loaded:$loaded $(sb_loaded | tr '\n' ' '); kernel log: $refused"
	fi
	if out=$(sb_volume); then
		drv=$(echo "$out" | tail -1)
		case $drv in
		adiantum\(*)
			pass "secure boot, key not enrolled: the volume opens on the kernel's drivers ($drv), 4 MiB written and read back: nothing lost" ;;
		*)	fail "secure boot, not enrolled: the volume was served by '$drv'"
			pkg_crypto_lines "adiantum(xchacha12,aes)" | sb_indent ;;
		esac
	else
		fail "secure boot, not enrolled: the dm-crypt volume on the kernel's drivers"
		echo "$out" | sb_indent
	fi
	[ -z "$(sb_loaded)" ] ||
		fail "secure boot, not enrolled: loaded after the volume: $(sb_loaded | tr '\n' ' ')"
	adiantum-x86 status >/tmp/sb.status 2>&1
	if grep -q 'refused' /tmp/sb.status &&
	   grep -q 'mokutil --import' /tmp/sb.status; then
		pass "secure boot, key not enrolled: adiantum-x86 status says the modules were refused and what to do"
		grep -A4 'refused' /tmp/sb.status | sb_indent
	else
		fail "secure boot, not enrolled: adiantum-x86 status does not say the modules were refused"
		tail -12 /tmp/sb.status | sb_indent
	fi
}
