#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Secure Boot in the VM (issue 23, item 1): OVMF with Secure Boot on and
# Microsoft's keys, Debian's signed shim and GRUB, the signed Debian 6.1
# kernel, and the project's test initramfs holding our modules built for
# that kernel and signed the way DKMS signs them (a key pair made with
# openssl as DKMS makes /var/lib/dkms/mok.key and mok.pub, sign-file with
# the kernel's CONFIG_MODULE_SIG_HASH).  Two boots of the same image:
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
# Environment: BUILD (default build), KVER (default tests/vm/kver.sh 6.1),
# TOOL (default $BUILD/adiantum-x86), TESTMGR (default
# $BUILD/linux-source-6.1/crypto/testmgr.h), KBUILD_OPTS (the CONFIG_...=m
# of our modules), VM_TIMEOUT seconds per boot (default 600), SB_BOOTS
# (default "enrolled control").
cd "$(dirname "$0")/../.." || exit 1
here=tests/secureboot
BUILD=${BUILD:-build}
dir=$BUILD/secureboot
case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac
TOOL=${TOOL:-$BUILD/adiantum-x86}
TESTMGR=${TESTMGR:-$BUILD/linux-source-6.1/crypto/testmgr.h}
KBUILD_OPTS=${KBUILD_OPTS:-CONFIG_CRYPTO_ADIANTUM_X86_CORE=m \
CONFIG_CRYPTO_ADIANTUM_X86_CHACHA=m CONFIG_CRYPTO_ADIANTUM_X86_NHPOLY1305=m \
CONFIG_CRYPTO_ADIANTUM_X86_ADIANTUM=m}
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
kver=$(tests/vm/kver.sh 6.1)
[ -n "$kver" ] || die "no Debian 6.1 kernel with headers installed"
kdir=/lib/modules/$kver/build
fw=/usr/share/OVMF
shim=/usr/lib/shim/shimx64.efi.signed
grub=/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed
for f in "$fw/OVMF_CODE_4M.secboot.fd" "$fw/OVMF_VARS_4M.ms.fd" "$shim" \
	 "$grub" "/boot/vmlinuz-$kver" "$TOOL" "$TESTMGR"; do
	[ -f "$f" ] || die "missing $f"
done
phase dependencies

# our modules for that kernel, from a copy of the sources (an out-of-tree
# build leaves its objects beside them)
rm -rf "$dir/src" "$dir/ko"
mkdir -p "$dir/src" "$dir/ko"
cp --parents Kbuild compat.h crypto/*.[ch] arch/x86/crypto/*.[chS] \
	"$dir/src/"
# shellcheck disable=SC2086
make -C "$kdir" M="$dir/src" $KBUILD_OPTS modules >"$dir/build.log" 2>&1 ||
	die "building our modules for $kver" "$dir/build.log"

# signed as DKMS 3.0 signs them: its key pair when none is configured,
# the kernel's sign-file and signature hash
key=$dir/dkms/mok.key
cert=$dir/dkms/mok.pub
if [ ! -f "$key" ] || [ ! -f "$cert" ]; then
	mkdir -p "$dir/dkms"
	openssl req -new -x509 -nodes -days 36500 -subj "/CN=$CN" \
		-newkey rsa:2048 -keyout "$key" -outform DER -out "$cert" \
		>/dev/null 2>&1 || die "openssl req: the DKMS-style key pair"
fi
signfile=/usr/lib/linux-kbuild-${kver%.*}/scripts/sign-file
[ -x "$signfile" ] || signfile=$kdir/scripts/sign-file
hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"$/\1/p' "/boot/config-$kver")
for m in $MODULES; do
	if ! cp "$dir/src/$m.ko" "$dir/ko/" ||
	   ! "$signfile" "${hash:-sha512}" "$key" "$cert" "$dir/ko/$m.ko"; then
		die "$signfile ${hash:-sha512} $m.ko"
	fi
done
m=adiantum_x86_chacha
signer=$(modinfo -F signer "$dir/ko/$m.ko")
sigkey=$(modinfo -F sig_key "$dir/ko/$m.ko" | tr -d ':' | tr 'A-F' 'a-f')
[ "$signer" = "$CN" ] || die "$m.ko: signer '$signer', not '$CN'"
skid=$(openssl x509 -inform DER -in "$cert" -noout -ext subjectKeyIdentifier |
	sed -n 's/^ *\([0-9A-F:]*\)$/\1/p' | tr -d ':' | tr 'A-F' 'a-f')
[ -n "$skid" ] || die "no subject key identifier in $cert"
echo "# [secureboot] modules signed by '$signer', key serial $sigkey, subject key id $skid ($hash)"
phase "modules built and signed"

# the test initramfs, plus what only these boots need: keyctl (which
# keyring holds the key) and what the modules were signed with
initrd=$dir/initramfs.cpio.gz
tests/vm/mkinitramfs.sh "$initrd" "$kver" "$dir/ko" "$TOOL" "$TESTMGR" \
	tests/vm/guest.sh >"$dir/initramfs.log" 2>&1 ||
	die "tests/vm/mkinitramfs.sh" "$dir/initramfs.log"
rm -rf "$dir/extra"
mkdir -p "$dir/extra/sbin" "$dir/extra/etc"
cp "$(command -v keyctl)" "$dir/extra/sbin/"
for lib in $(ldd "$(command -v keyctl)" | grep -o '/[^ ]*'); do
	mkdir -p "$dir/extra$(dirname "$lib")"
	cp -L "$lib" "$dir/extra$lib"
done
{
	echo "signer=$CN"
	echo "skid=$skid"
	echo "modules=$MODULES"
} >"$dir/extra/etc/ax86-secureboot"
# the kernel unpacks concatenated archives one over the other
(cd "$dir/extra" && find . | cpio -o -H newc --quiet | gzip -1) >>"$initrd"

# the ESP: shim as the removable-media loader, GRUB beside it, the kernel
# and the initramfs; grub.cfg names the guest mode of each boot
esp() {
	img=$dir/esp-$1.img
	cat >"$dir/grub.cfg" <<-EOCFG
	set timeout=0
	set default=0
	menuentry "adiantum-x86 secure boot test" {
		linux /vmlinuz console=ttyS0 panic=-1 quiet loglevel=1 ax86.boot=$2 ax86.mode=$3
		initrd /initrd.gz
	}
	EOCFG
	kb=$(( ($(stat -c %s "/boot/vmlinuz-$kver") + $(stat -c %s "$initrd") +
		$(stat -c %s "$shim") + $(stat -c %s "$grub")) / 1024 + 8192 ))
	rm -f "$img"
	mkfs.vfat -C -n AX86ESP "$img" "$kb" >/dev/null &&
		mmd -i "$img" ::/EFI ::/EFI/BOOT ::/EFI/debian &&
		mcopy -i "$img" "$shim" ::/EFI/BOOT/BOOTX64.EFI &&
		mcopy -i "$img" "$grub" ::/EFI/BOOT/grubx64.efi &&
		mcopy -i "$img" "$dir/grub.cfg" ::/EFI/debian/grub.cfg &&
		mcopy -i "$img" "/boot/vmlinuz-$kver" ::/vmlinuz &&
		mcopy -i "$img" "$initrd" ::/initrd.gz
}
esp enrolled sb-enrolled secureboot || die "building the ESP image"
esp control sb-control secureboot-control || die "building the ESP image"
cp "$fw/OVMF_VARS_4M.ms.fd" "$dir/vars-enrolled.fd"
cp "$fw/OVMF_VARS_4M.ms.fd" "$dir/vars-control.fd"
python3 $here/add-mok.py "$dir/vars-enrolled.fd" "$cert" ||
	die "add-mok.py: enrolling the DKMS certificate"
phase "initramfs, ESP and variable stores"

# one boot; its guest's lines, a missing end marker is a failure
boot() {
	log=$dir/console-$1.log
	t0=$(date +%s)
	timeout "${VM_TIMEOUT:-600}" qemu-system-x86_64 \
		-machine q35,smm=on -cpu max -m 1024 -smp 2 \
		-global driver=cfi.pflash01,property=secure,value=on \
		-global ICH9-LPC.disable_s3=1 \
		-drive if=pflash,format=raw,unit=0,readonly=on,file="$fw/OVMF_CODE_4M.secboot.fd" \
		-drive if=pflash,format=raw,unit=1,file="$dir/vars-$1.fd" \
		-drive if=virtio,format=raw,readonly=on,file="$dir/esp-$1.img" \
		-nographic -no-reboot -net none </dev/null >"$log" 2>&1
	t1=$(date +%s)
	# the firmware's and GRUB's terminal escapes
	tr -d '\r' <"$log" |
		sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g; s/\x1bc//g' >"$log.txt"
	grep -E '^(PASS|FAIL|SKIP|#) |^    ' "$log.txt"
	if ! grep -q '^AX86-VM-END' "$log.txt"; then
		echo "FAIL [sb-$1] the VM did not finish; console in $log:"
		tail -20 "$log.txt" | sed 's/^/    /'
	fi
	echo "# boot sb-$1 (OVMF Secure Boot, shim, GRUB, kernel $kver): $((t1 - t0)) s wall"
}

# other engineers' VMs: one at a time on this machine, the lock held
# only while ours run
exec 9>"${TMPDIR:-/tmp}/ax86-vm.lock"
flock 9
phase "waiting for the VM lock"
for b in ${SB_BOOTS:-enrolled control}; do
	boot "$b"
done
exec 9>&-
phase boots
