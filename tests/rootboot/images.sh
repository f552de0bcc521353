#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The initramfs images of the root-on-Adiantum boot test, made inside the
# Debian root (chroot) by the real tools, and the package flows that make
# them, checked from outside: the image update-initramfs makes without our
# packages; apt-get install of our two .debs (DKMS builds the modules, the
# update-initramfs trigger then makes the image again, with them); dracut
# --hostonly (with the modules the installer VM had loaded, as a machine
# whose root is open on the kernel's drivers has) and --no-hostonly;
# apt-get purge (DKMS removes the modules, the trigger makes the image
# again, without them).  Images and logs go to OUT; PASS/FAIL lines
# tagged [KVER:TOOL].
# In three steps, so that the installer VM runs beside the first:
#   images.sh install ROOT KVER DEB_DIR OUT   control image, apt-get install
#   images.sh dracut ROOT KVER DEB_DIR OUT    (OUT/loaded-modules: boots.sh)
#   images.sh purge ROOT KVER DEB_DIR OUT
step=$1
root=$2
kver=$3
debs=$4
out=$5
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/rootboot/chroot.sh source-path=SCRIPTDIR
. "$here/chroot.sh"
rc=0

ok() {
	echo "PASS [$kver:$1] $2"
}
bad() {
	echo "FAIL [$kver:$1] $2"
	rc=1
}
# what an image holds: the paths, one a line (either tool's lister)
lsimg() {
	in_root lsinitramfs "$1" 2>/dev/null
}
# our modules in an image, by file name
ours_in() {
	lsimg "$1" | grep -o 'adiantum_x86_[a-z0-9_]*\.ko[.a-z]*' | sort -u
}

chroot_begin "$root" || { bad rootboot "the root's /dev"; exit 1; }
# the modules DKMS installed for KVER, by file name
dkms_mods() {
	(cd "$root/lib/modules/$kver" 2>/dev/null &&
		find updates -name 'adiantum_x86_*.ko*' | sed 's|.*/||' | sort)
}
t0=$(date +%s)

case $step in
install)
	# 1. no package of ours: the control image
	# (mkroot.sh made none: -c, as the kernel's postinst hook does)
	if in_root update-initramfs -c -k "$kver" >"$out/without-ours.log" 2>&1; then
		cp "$root/boot/initrd.img-$kver" "$out/without-ours.img"
		l=$(lsimg "/boot/initrd.img-$kver")
		if echo "$l" | grep -q '^cryptroot/crypttab$' &&
		   echo "$l" | grep -q '^cryptroot/keyfiles/ax86root.key$' &&
		   [ -z "$(ours_in "/boot/initrd.img-$kver")" ]; then
			ok initramfs-tools:without-ours "update-initramfs: cryptroot with the root's key file, none of our modules"
		else
			bad initramfs-tools:without-ours "the control image lacks cryptroot or the key file, or has our modules"
		fi
	else
		bad initramfs-tools:without-ours "update-initramfs failed"
		tail -20 "$out/without-ours.log" | sed 's/^/    /'
	fi

	# 2. apt-get install of our packages
	cp "$debs"/adiantum-x86-dkms_*_all.deb "$debs"/adiantum-x86-tools_*_amd64.deb \
		"$root/tmp/"
	log=$out/apt-install.log
	if in_root sh -c 'apt-get install -y --no-install-recommends \
	   /tmp/adiantum-x86-dkms_*_all.deb /tmp/adiantum-x86-tools_*_amd64.deb' \
	   >"$log" 2>&1; then
		ok initramfs-tools "apt-get install adiantum-x86-dkms adiantum-x86-tools"
	else
		bad initramfs-tools "apt-get install of our packages failed"
		tail -30 "$log" | sed 's/^/    /'
	fi
	mods=$(dkms_mods)
	if [ -n "$mods" ] && in_root dkms status -k "$kver" | grep -q 'installed'; then
		ok initramfs-tools "DKMS built and installed for $kver: $(oneline "$mods")"
	else
		bad initramfs-tools "DKMS installed no module for $kver"
	fi
	# the trigger: after DKMS's install, not a call of ours
	# (DKMS 3.0 says "Installing to /lib/modules/...", 3.2 names each
	# file: "Installing /lib/modules/KVER/updates/dkms/...")
	dkms_line=$(grep -n 'DKMS: install completed\|Installing \(to \)\{0,1\}/lib/modules' "$log" |
		tail -1 | cut -d: -f1)
	trig_line=$(grep -n 'Processing triggers for initramfs-tools' "$log" |
		tail -1 | cut -d: -f1)
	gen_line=$(grep -n "update-initramfs: Generating /boot/initrd.img-$kver" "$log" |
		tail -1 | cut -d: -f1)
	if [ -n "$dkms_line" ] && [ -n "$trig_line" ] && [ -n "$gen_line" ] &&
	   [ "$dkms_line" -lt "$trig_line" ] && [ "$trig_line" -lt "$gen_line" ] &&
	      grep -q "adiantum-x86-dkms: the update-initramfs trigger makes" "$log"; then
		ok initramfs-tools "the update-initramfs trigger made the image after the DKMS build (lines $dkms_line, $trig_line, $gen_line of apt's output) and the package said so"
	else
		bad initramfs-tools "no update-initramfs trigger after the DKMS build in $log"
	fi
	img_mods=$(ours_in "/boot/initrd.img-$kver")
	if [ -n "$mods" ] && [ "$(echo "$img_mods" | sed 's/\.ko.*//')" = \
	   "$(echo "$mods" | sed 's/\.ko.*//')" ]; then
		ok initramfs-tools "the image holds every module DKMS installed: $(oneline "$img_mods")"
	else
		bad initramfs-tools "the image holds '$(oneline "$img_mods")', DKMS installed '$(oneline "$mods")'"
	fi
	cp "$root/boot/initrd.img-$kver" "$out/initramfs-tools.img"
	# what they cost: the modules' bytes in the image, and the image's growth
	kib=$(in_root lsinitramfs -l "/boot/initrd.img-$kver" 2>/dev/null |
		awk '/adiantum_x86_/ { s += $5 } END { printf "%d", (s + 1023) / 1024 }')
	grow=$((($(stat -c %s "$out/initramfs-tools.img") - \
		$(stat -c %s "$out/without-ours.img") + 1023) / 1024))
	echo "# [$kver:initramfs-tools] our modules in the image: $kib KiB uncompressed; the image grew by $grow KiB (zstd)"

	;;
dracut)
	mods=$(dkms_mods)
	# 3. dracut, both ways (the test's dracut.conf.d adds the key file; crypt
	# is asked for, as the root's mapping is not open in this chroot for
	# dracut to see).  Hostonly keeps the kernel modules "this machine" has
	# loaded, read from /proc/modules, which this build host (a container)
	# lacks: dracut would make a no-hostonly set of modules without a word
	# but one line in its log.  procmodules.c shows it the installer VM's
	# list instead.
	cp "$out/loaded-modules" "$root/tmp/ax86-loaded-modules" ||
		bad dracut-hostonly "no list of loaded modules from the installer VM"
	# built on the host (the root has no C library headers); both are
	# Debian 12, the root's glibc has every symbol version it needs
	mkdir -p "$root/usr/local/lib"
	gcc -O2 -Wall -shared -fPIC -o "$root/usr/local/lib/ax86-procmodules.so" \
		"$here/procmodules.c" -ldl >"$out/procmodules.log" 2>&1 ||
		bad dracut-hostonly "building procmodules.so failed: $(cat "$out/procmodules.log")"
	for mode in hostonly no-hostonly; do
		img=/boot/dracut-$mode.img
		case $mode in
		hostonly) opts="--hostonly --add crypt" ;;
		*) opts="--no-hostonly" ;;
		esac
		# dracut unsets LD_PRELOAD: the shim goes in through
		# /etc/ld.so.preload, for the time of this one command
		echo /usr/local/lib/ax86-procmodules.so >"$root/etc/ld.so.preload"
		# shellcheck disable=SC2086
		in_root env AX86_PROC_MODULES=/tmp/ax86-loaded-modules \
			dracut -f $opts "$img" "$kver" >"$out/dracut-$mode.log" 2>&1
		drc=$?
		rm -f "$root/etc/ld.so.preload"
		if [ $drc = 0 ]; then
			cp "$root$img" "$out/dracut-$mode.img"
			got=$(ours_in "$img")
			if [ -n "$mods" ] && [ "$(echo "$got" | sed 's/\.ko.*//')" = \
			   "$(echo "$mods" | sed 's/\.ko.*//')" ]; then
				ok "dracut-$mode" "dracut --$mode: the image holds every module DKMS installed: $(oneline "$got")"
			else
				bad "dracut-$mode" "dracut --$mode image holds '$(oneline "$got")'"
			fi
			kib=$(in_root lsinitrd "$img" 2>/dev/null | awk '/adiantum_x86_/ { s += $5 } END { printf "%d", (s + 1023) / 1024 }')
			nmod=$(lsimg "$img" | grep -c '\.ko')
			echo "# [$kver:dracut-$mode] our modules in the image: $kib KiB uncompressed; image $(($(stat -c %s "$root$img") >> 10)) KiB, $nmod modules"
			case $mode in
			hostonly) nmod_hostonly=$nmod ;;
			*) nmod_no_hostonly=$nmod ;;
			esac
		else
			bad "dracut-$mode" "dracut --$mode failed"
			tail -20 "$out/dracut-$mode.log" | sed 's/^/    /'
		fi
	done

	# hostonly must have been hostonly: dracut read the list of loaded
	# modules and kept the host's disk drivers only: no parallel ATA
	# driver (the VM's disks are virtio), while the no-hostonly image has
	# them all (dracut 059's hostonly also drops AHCI and NVMe;
	# dracut-ng's default "sloppy" hostonly keeps those and every crypto
	# module of the kernel)
	crypto_in() {
		lsimg "$1" | grep -c '/kernel/\(arch/x86/\)\{0,1\}crypto/[^/]*\.ko'
	}
	if ! grep -q 'non-hostonly mode\|Turning off host-only' \
	     "$out/dracut-hostonly.log" &&
	   [ "${nmod_hostonly:-0}" -gt 0 ] &&
	   [ "$nmod_hostonly" -lt "${nmod_no_hostonly:-0}" ] &&
	   ! lsimg /boot/dracut-hostonly.img | grep -q '/kernel/drivers/ata/pata_' &&
	   lsimg /boot/dracut-no-hostonly.img | grep -q '/kernel/drivers/ata/pata_'; then
		ok dracut-hostonly "dracut --hostonly was hostonly: $nmod_hostonly kernel modules (of the kernel's crypto: $(crypto_in /boot/dracut-hostonly.img)), --no-hostonly $nmod_no_hostonly (crypto: $(crypto_in /boot/dracut-no-hostonly.img))"
	else
		bad dracut-hostonly "dracut --hostonly was not hostonly: $nmod_hostonly modules against $nmod_no_hostonly ($out/dracut-hostonly.log)"
	fi
	;;
purge)
	# 4. apt-get purge: out of every kernel's module tree; the trigger
	# makes the newest kernel's image again (later.sh installed a newer
	# one), update-initramfs -u (docs/root-on-adiantum.md) the others
	newest=$(cat "$root/etc/ax86/later-kernel" 2>/dev/null)
	[ -f "$root/boot/vmlinuz-$newest" ] || newest=$kver
	log=$out/apt-purge.log
	if in_root apt-get purge -y adiantum-x86-dkms adiantum-x86-tools >"$log" 2>&1; then
		ok initramfs-tools:purged "apt-get purge adiantum-x86-dkms adiantum-x86-tools"
	else
		bad initramfs-tools:purged "apt-get purge failed"
		tail -30 "$log" | sed 's/^/    /'
	fi
	left=$(find "$root/usr/lib/modules" "$root/usr/src" "$root/var/lib/dkms" \
		"$root/usr/share/initramfs-tools" "$root/usr/lib/dracut" \
		-name 'adiantum_x86_*' -o -name 'adiantum-x86*' -o \
		-name '90adiantum-x86' 2>/dev/null)
	if [ -z "$left" ]; then
		ok initramfs-tools:purged "no module (of any kernel), source, DKMS state or hook of ours left in the root"
	else
		bad initramfs-tools:purged "left behind: $(oneline "$left")"
	fi
	if grep -q "Processing triggers for initramfs-tools" "$log" &&
	   grep -q "update-initramfs: Generating /boot/initrd.img-$newest" "$log" &&
	   grep -q "adiantum-x86-dkms: the update-initramfs trigger makes" "$log" &&
	   [ -z "$(ours_in "/boot/initrd.img-$newest")" ]; then
		ok "initramfs-tools:purged" "the update-initramfs trigger made the newest kernel's image ($newest) again without our modules, and the package said so"
	else
		bad "initramfs-tools:purged" "the newest kernel's image ($newest) was not made again after purge, or still holds our modules"
	fi
	# the image of the kernel that boots (the docs say -k all: the same
	# for each kernel, and the newest one is done)
	if in_root update-initramfs -u -k "$kver" >"$out/purged-u.log" 2>&1 &&
	   [ -z "$(ours_in "/boot/initrd.img-$kver")" ]; then
		ok initramfs-tools:purged "update-initramfs -u -k $kver: its image holds none of our modules"
	else
		bad initramfs-tools:purged "update-initramfs -u -k $kver failed or left our modules in its image"
	fi
	cp "$root/boot/initrd.img-$kver" "$out/purged.img"
	;;
*)
	bad rootboot "images.sh: unknown step '$step'"
	;;
esac
echo "# [$kver] images.sh $step: $(($(date +%s) - t0)) s"
chroot_end "$root" || rc=1
exit $rc
