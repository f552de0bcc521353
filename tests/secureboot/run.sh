#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Secure Boot in the VM (issue 23, item 1): OVMF with Secure Boot on and
# Microsoft's keys, Debian's signed shim and GRUB, a signed Debian kernel
# (Debian 12's 6.1 and sid's 7.2), and the project's test initramfs
# holding our modules built for that kernel and signed the way DKMS signs
# them (a key pair made with openssl as DKMS makes /var/lib/dkms/mok.key
# and mok.pub, sign-file with the kernel's CONFIG_MODULE_SIG_HASH).  Two
# boots of the same image per kernel:
#   enrolled   the DKMS certificate is a MOK: lockdown is in force, ours
#              load, are signed by that key (.machine keyring), pass their
#              self-tests and serve a dm-crypt Adiantum volume
#              (guest mode secureboot)
#   control    the key is not enrolled: ours are refused, the volume opens
#              on the kernel's drivers, data reads back, adiantum-x86
#              status says why (guest mode secureboot-control)
#
# Enrolling the MOK without a person: the certificate is written offline
# into a copy of the firmware's variable store (add-mok.py), as the
# MokList variable MokManager leaves after "mokutil --import" is
# confirmed.  Chosen over driving MokManager over the serial console: that
# needs a first boot to request the import, a second one through
# MokManager's menus (timed key presses on a text UI redrawn over the
# serial line, each screen taking seconds under TCG) and only then the
# boot that tests - three boots instead of one, and a test that breaks
# when shim's menus change.  virt-fw-vars --add-mok (virt-firmware) does
# the same offline write, but bookworm has no virt-firmware package.
# What is not covered so: MokManager's own prompt and password check.
#
# The initramfs is not signature-checked under Secure Boot (the kernel
# and the modules are); the ESP is a FAT image built without mounting
# (mkfs.vfat, mtools): EFI/BOOT/BOOTX64.EFI is shim, grubx64.efi beside
# it, EFI/debian/grub.cfg (the signed GRUB's prefix) loads the kernel.
#
#   tests/secureboot/run.sh      (from anywhere in the tree, as root)
# Environment: BUILD (default build, relative to the top as the matrix
# takes it), KVER (the 6.1 kernel, default tests/vm/kver.sh 6.1), TOOL
# (default $BUILD/adiantum-x86), TESTMGR (default
# $BUILD/linux-source-6.1/crypto/testmgr.h), KBUILD_OPTS (the CONFIG_...=m
# of our modules), VM_TIMEOUT seconds per boot (default 600), SB_KERNELS
# (default "6.1 7.2"), SB_BOOTS (default "enrolled control").
cd "$(dirname "$0")/../.." || exit 1
here=tests/secureboot
BUILD=${BUILD:-build}
rdir=$BUILD/secureboot
dir=$(pwd)/$rdir
TOOL=${TOOL:-$BUILD/adiantum-x86}
TESTMGR=${TESTMGR:-$BUILD/linux-source-6.1/crypto/testmgr.h}
KBUILD_OPTS=${KBUILD_OPTS:-CONFIG_CRYPTO_ADIANTUM_X86_CORE=m \
CONFIG_CRYPTO_ADIANTUM_X86_CHACHA=m CONFIG_CRYPTO_ADIANTUM_X86_NHPOLY1305=m \
CONFIG_CRYPTO_ADIANTUM_X86_ADIANTUM=m}
export BUILD KBUILD_OPTS
MODULES="adiantum_x86_core adiantum_x86_chacha adiantum_x86_nhpoly1305 \
adiantum_x86_adiantum"
CN="DKMS module signing key"
PHASES="secureboot phase "
TAG=secureboot
# shellcheck source=tests/phases.sh
. tests/phases.sh

[ "$(id -u)" = 0 ] || die "needs root (apt-get)"
mkdir -p "$dir"
{ tools/install-deps.sh && $here/deps.sh; } >"$dir/deps.log" 2>&1 ||
	die "installing the dependencies" "$dir/deps.log"
fw=/usr/share/OVMF
shim=/usr/lib/shim/shimx64.efi.signed
grub=/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed
for f in "$fw/OVMF_CODE_4M.secboot.fd" "$fw/OVMF_VARS_4M.ms.fd" "$shim" \
	 "$grub" "$TOOL" "$TESTMGR"; do
	[ -f "$f" ] || die "missing $f"
done
phase dependencies

# signed as DKMS 3.0 signs: its key pair when none is configured (one
# for both kernels, as one machine has one), the kernel's signature hash
key=$dir/dkms/mok.key
cert=$dir/dkms/mok.pub
if [ ! -f "$key" ] || [ ! -f "$cert" ]; then
	mkdir -p "$dir/dkms"
	openssl req -new -x509 -nodes -days 36500 -subj "/CN=$CN" \
		-newkey rsa:2048 -keyout "$key" -outform DER -out "$cert" \
		>/dev/null 2>&1 || die "openssl req: the DKMS-style key pair"
fi
skid=$(openssl x509 -inform DER -in "$cert" -noout -ext subjectKeyIdentifier |
	sed -n 's/^ *\([0-9A-F:]*\)$/\1/p' | tr -d ':' | tr 'A-F' 'a-f')
[ -n "$skid" ] || die "no subject key identifier in $cert"
# the host's sign-file (Debian 12's kbuild): its format is the kernel's
# module signature, the same on every kernel of the matrix, and the
# newer kernels' own sign-file needs their glibc
hkver=$(tests/vm/kver.sh 6.1)
signfile=/usr/lib/linux-kbuild-${hkver%.*}/scripts/sign-file
[ -x "$signfile" ] || signfile=/lib/modules/$hkver/build/scripts/sign-file
[ -x "$signfile" ] || die "no sign-file (linux-kbuild-${hkver%.*})"

# one kernel of SB_KERNELS: where its signed image, config and module tree
# are.  6.1: Debian 12's, installed on the host (tools/install-deps.sh);
# 7.2: sid's, fetched as the matrix fetches it - linux-image-<kver> there
# is linux-signed-amd64's, so its vmlinuz is the one Debian signs for
# Secure Boot, and its modules are signed with the build's own key.
# Sets kver, kroot (unpacked tree or "host"), root (toolchain root or
# "host"), vmlinuz, config.
sb_kernel() {
	case $1 in
	6.1)
		kver=$(tests/vm/kver.sh 6.1)
		[ -n "$kver" ] ||
			{ echo "FAIL [$TAG] no Debian 6.1 kernel with headers installed"; return 1; }
		kroot=host root=host
		vmlinuz=/boot/vmlinuz-$kver config=/boot/config-$kver
		;;
	7.2)
		# the matrix's "7.2" is sid's newest, and so is this one
		kver=$(tests/matrix/fetch-kernel.sh sid amd64) ||
			{ echo "FAIL [$TAG] cannot fetch sid's kernel"; return 1; }
		kroot=$(pwd)/$BUILD/kernels/$kver
		root=$(tests/matrix/mkroot.sh sid "$kroot") ||
			{ echo "FAIL [$TAG] cannot build sid's toolchain root"; return 1; }
		vmlinuz=$kroot/usr/lib/modules/$kver/vmlinuz
		config=$kroot/usr/lib/modules/$kver/config
		;;
	*)	echo "FAIL [$TAG] no Secure Boot kernel '$1' (6.1 or 7.2)"
		return 1 ;;
	esac
	for f in "$vmlinuz" "$config"; do
		[ -f "$f" ] || { echo "FAIL [$TAG] missing $f"; return 1; }
	done
}

# our modules for that kernel, built as the matrix builds them, then
# signed; the test initramfs with them and what only these boots need:
# keyctl (which keyring holds the key) and what they were signed with
sb_image() {
	kdir=$dir/$kver
	mkdir -p "$kdir"
	# build.sh takes its output folder relative to the top
	if ! tests/matrix/build.sh "$kver:sb" "$kver" "$kroot" "$root" \
		"$rdir/$kver" >"$kdir/build.out" 2>&1 ||
	   grep -q '^FAIL' "$kdir/build.out"; then
		echo "FAIL [$kver:sb] building our modules"
		tail -20 "$kdir/build.out" | sed 's/^/    /'
		return 1
	fi
	hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"$/\1/p' "$config")
	rm -rf "$kdir/signed"
	mkdir -p "$kdir/signed"
	for m in $MODULES; do
		if ! cp "$kdir/ko/$m.ko" "$kdir/signed/" ||
		   ! "$signfile" "${hash:-sha512}" "$key" "$cert" \
			"$kdir/signed/$m.ko"; then
			echo "FAIL [$kver:sb] $signfile ${hash:-sha512} $m.ko"
			return 1
		fi
	done
	m=adiantum_x86_chacha
	signer=$(modinfo -F signer "$kdir/signed/$m.ko")
	sigkey=$(modinfo -F sig_key "$kdir/signed/$m.ko" | tr -d ':' |
		tr 'A-F' 'a-f')
	if [ "$signer" != "$CN" ]; then
		echo "FAIL [$kver:sb] $m.ko: signer '$signer', not '$CN'"
		return 1
	fi
	echo "# [$kver:sb] modules signed by '$signer', key serial $sigkey, subject key id $skid ($hash)"

	initrd=$kdir/initramfs.cpio.gz
	if ! KROOT=$([ "$kroot" = host ] || echo "$kroot") \
	     tests/vm/mkinitramfs.sh "$initrd" "$kver" "$kdir/signed" \
		"$TOOL" "$TESTMGR" tests/vm/guest.sh >"$kdir/initramfs.log" 2>&1
	then
		echo "FAIL [$kver:sb] tests/vm/mkinitramfs.sh"
		tail -20 "$kdir/initramfs.log" | sed 's/^/    /'
		return 1
	fi
	rm -rf "$kdir/extra"
	mkdir -p "$kdir/extra/sbin" "$kdir/extra/etc"
	cp "$(command -v keyctl)" "$kdir/extra/sbin/"
	for lib in $(ldd "$(command -v keyctl)" | grep -o '/[^ ]*'); do
		mkdir -p "$kdir/extra$(dirname "$lib")"
		cp -L "$lib" "$kdir/extra$lib"
	done
	{
		echo "signer=$CN"
		echo "skid=$skid"
		echo "modules=$MODULES"
	} >"$kdir/extra/etc/ax86-secureboot"
	# the kernel unpacks concatenated archives one over the other
	(cd "$kdir/extra" && find . | cpio -o -H newc --quiet | gzip -1) \
		>>"$initrd"
}

# the ESP: shim as the removable-media loader, GRUB beside it, the kernel
# and the initramfs; grub.cfg names the guest mode of each boot
esp() {
	img=$kdir/esp-$1.img
	cat >"$kdir/grub.cfg" <<-EOCFG
	set timeout=0
	set default=0
	menuentry "adiantum-x86 secure boot test" {
		linux /vmlinuz console=ttyS0 panic=-1 quiet loglevel=1 ax86.boot=$2 ax86.mode=$3
		initrd /initrd.gz
	}
	EOCFG
	kb=$(( ($(stat -c %s "$vmlinuz") + $(stat -c %s "$initrd") +
		$(stat -c %s "$shim") + $(stat -c %s "$grub")) / 1024 + 8192 ))
	rm -f "$img"
	mkfs.vfat -C -n AX86ESP "$img" "$kb" >/dev/null &&
		mmd -i "$img" ::/EFI ::/EFI/BOOT ::/EFI/debian &&
		mcopy -i "$img" "$shim" ::/EFI/BOOT/BOOTX64.EFI &&
		mcopy -i "$img" "$grub" ::/EFI/BOOT/grubx64.efi &&
		mcopy -i "$img" "$kdir/grub.cfg" ::/EFI/debian/grub.cfg &&
		mcopy -i "$img" "$vmlinuz" ::/vmlinuz &&
		mcopy -i "$img" "$initrd" ::/initrd.gz
}

# a kernel's two images: the same ESP but for the guest mode, and two
# copies of the variable store, the DKMS certificate added to one
sb_prepare() {
	if ! esp enrolled "$kver:sb-enrolled" secureboot ||
	   ! esp control "$kver:sb-control" secureboot-control; then
		echo "FAIL [$kver:sb] building the ESP image"
		return 1
	fi
	cp "$fw/OVMF_VARS_4M.ms.fd" "$kdir/vars-enrolled.fd"
	cp "$fw/OVMF_VARS_4M.ms.fd" "$kdir/vars-control.fd"
	python3 $here/add-mok.py "$kdir/vars-enrolled.fd" "$cert" ||
		{ echo "FAIL [$kver:sb] add-mok.py: enrolling the DKMS certificate"; return 1; }
}

# one boot; its guest's lines, a missing end marker is a failure
boot() {
	log=$kdir/console-$1.log
	t0=$(date +%s)
	timeout "${VM_TIMEOUT:-600}" qemu-system-x86_64 \
		-machine q35,smm=on -cpu max -m 1024 -smp 2 \
		-global driver=cfi.pflash01,property=secure,value=on \
		-global ICH9-LPC.disable_s3=1 \
		-drive if=pflash,format=raw,unit=0,readonly=on,file="$fw/OVMF_CODE_4M.secboot.fd" \
		-drive if=pflash,format=raw,unit=1,file="$kdir/vars-$1.fd" \
		-drive if=virtio,format=raw,readonly=on,file="$kdir/esp-$1.img" \
		-nographic -no-reboot -net none </dev/null >"$log" 2>&1
	t1=$(date +%s)
	# the firmware's and GRUB's terminal escapes
	tr -d '\r' <"$log" |
		sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g; s/\x1bc//g' >"$log.txt"
	grep -E '^(PASS|FAIL|SKIP|#) |^    ' "$log.txt"
	if ! grep -q '^AX86-VM-END' "$log.txt"; then
		echo "FAIL [$kver:sb-$1] the VM did not finish; console in $log:"
		tail -20 "$log.txt" | sed 's/^/    /'
	fi
	echo "# boot $kver:sb-$1 (OVMF Secure Boot, shim, GRUB, kernel $kver): $((t1 - t0)) s wall"
}

for k in ${SB_KERNELS:-6.1 7.2}; do
	sb_kernel "$k" || continue
	phase "$kver: kernel"
	if ! sb_image || ! sb_prepare; then
		continue
	fi
	phase "$kver: modules built and signed, initramfs, ESP, variable stores"
	# other engineers' VMs: one at a time on this machine, the lock held
	# only while ours run
	exec 9>"${TMPDIR:-/tmp}/ax86-vm.lock"
	flock 9
	phase "$kver: waiting for the VM lock"
	for b in ${SB_BOOTS:-enrolled control}; do
		boot "$b"
	done
	exec 9>&-
	phase "$kver: boots"
done
