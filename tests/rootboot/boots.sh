#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The VMs of the root-on-Adiantum boot test (the caller holds the VM lock):
# the installer (LUKS2 Adiantum on the disk, the root unpacked into it),
# then boots of the root kernel with each image on that disk, each checked
# from its console: the root is the LUKS2 mapping, its table is Adiantum
# with 4096-byte sectors, /proc/crypto's adiantum(xchacha12,aes) entry in
# use (refcnt 2 or more: its registration and the mapping's transform) is
# ours or the kernel's template as the boot expects, and the files every
# earlier boot on that disk wrote read back with the sums they were
# written with.  Two chains of boots on two copies of the installed disk
# run side by side, one vCPU each (TCG is single-threaded per vCPU):
#   A: without-ours -> initramfs-tools -> purged   (the control, ours,
#      then the kernel's drivers reading what ours wrote)
#   B: dracut-hostonly -> dracut-no-hostonly
#   boots.sh install ROOT OUT   the installer: OUT/disk.img, and the
#                               modules it had loaded in OUT/loaded-modules
#   boots.sh chains ROOT OUT    the boots, on copies of OUT/disk.img
# KVER, UUID, VM_TIMEOUT in the environment; OUT holds installer.cpio.gz,
# root.tar, manifest (the seed file's sum), NAME.img.
mode=$1
root=$2
out=$3
kernel=$root/boot/vmlinuz-$KVER
[ -f "$kernel" ] || { echo "FAIL [$KVER:boot] no kernel $kernel"; exit 1; }

oneline() {
	printf '%s' "$1" | tr '\n' ' ' | sed 's/ *$//'
}

# QEMU (TCG) with the root kernel, IMAGE and DISK; the console, without
# the firmware's escapes, in console-NAME.txt
vm() {
	name=$1
	disk=$2
	image=$3
	append=$4
	shift 4
	t0=$(date +%s)
	timeout --foreground "$VM_TIMEOUT" qemu-system-x86_64 -cpu max -m 1024 \
		-smp "${SMP:-1}" -nographic -no-reboot -kernel "$kernel" \
		-initrd "$image" \
		-drive "file=$disk,format=raw,if=virtio,cache=unsafe" "$@" \
		-append "console=ttyS0 panic=-1 $append" \
		</dev/null >"$out/console-$name.log" 2>&1
	tr -d '\r' <"$out/console-$name.log" |
		sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g; s/\x1bc//g' >"$out/console-$name.txt"
	echo "# [$KVER:$name] boot: $(($(date +%s) - t0)) s"
}

# one boot on DISK and its verdicts.  boot_check NAME TAG EXPECT DISK MANIFEST
boot_check() {
	name=$1
	tag="$KVER:$2"
	expect=$3
	disk=$4
	manifest=$5
	rc=0
	append="root=/dev/mapper/ax86root ro init=/usr/local/sbin/ax86-root-check ax86.boot=$name"
	case $name in
	# dracut's images carry no crypttab here (hostonly writes the
	# entries of devices it sees, and the chroot sees none): systemd's
	# generator takes the volume and the key file from the command line
	dracut-*) append="$append rd.luks.name=$UUID=ax86root rd.luks.key=$UUID=/etc/ax86/root.key rd.shell=0 rd.emergency=poweroff" ;;
	esac
	vm "$name" "$disk" "$out/$name.img" "$append"
	c=$out/console-$name.txt
	if ! grep -q "^AX86-ROOT-END $name" "$c"; then
		echo "FAIL [$tag] the boot did not reach the root's check; console in $out/console-$name.log:"
		tail -25 "$c" | sed 's/^/    /'
		return 1
	fi
	mnt=$(sed -n 's/^AX86-ROOT-MOUNT //p' "$c")
	table=$(grep '^AX86-TABLE ax86root:' "$c")
	if [ "$mnt" = "/dev/mapper/ax86root ext4" ] &&
	   echo "$table" | grep -Eq ' crypt (xchacha12,aes-adiantum-plain64|capi:adiantum\(xchacha12,aes\)-plain64) .*sector_size:4096'; then
		echo "PASS [$tag] root is /dev/mapper/ax86root: $(echo "$table" | sed 's/^AX86-TABLE //; s/ [0-9a-f:]*:logon:[^ ]* / <key> /; s/ [0-9a-f]\{64\} / <key> /')"
	else
		echo "FAIL [$tag] root '$mnt', table '$table'"
		rc=1
	fi
	# adiantum(xchacha12,aes) entries: driver module refcnt selftest prio
	sed -n 's/^AX86-CRYPTO //p' "$c" | awk -F' *: ' '
		/^name/ { n = $2 }
		n == "adiantum(xchacha12,aes)" && /^(driver|module|refcnt|selftest|priority)/ { v[$1] = $2 }
		n == "adiantum(xchacha12,aes)" && /^type/ {
			print v["driver"], v["module"], v["refcnt"], v["selftest"], v["priority"]
		}' >"$out/adiantum-$name.txt"
	while read -r drv mod ref st prio; do
		echo "# [$tag] /proc/crypto adiantum(xchacha12,aes): driver $drv, module $mod, priority $prio, refcnt $ref, selftest $st"
	done <"$out/adiantum-$name.txt"
	sed -n 's/^AX86-MODULE /# ['"$tag"'] \/proc\/modules: /p' "$c"
	serving=$(awk '$3 >= 2' "$out/adiantum-$name.txt")
	n=$(echo "$serving" | grep -c .)
	drv=$(echo "$serving" | awk '{ print $1 }')
	mod=$(echo "$serving" | awk '{ print $2 }')
	case $expect in
	ours)
		# ours alone in use, from its module, its self-test passed,
		# and the module pinned by the transform
		if [ "$n" = 1 ] && echo "$serving" |
		   grep -q '^adiantum-xchacha12-aes-ax86-[a-z0-9]* adiantum_x86_[a-z0-9_]* [0-9]* passed ' &&
		   grep -q "^AX86-MODULE $mod [0-9]* [1-9]" "$c"; then
			echo "PASS [$tag] root mapping served by $drv"
		else
			echo "FAIL [$tag] root mapping not served by ours alone: '$(oneline "$serving")'"
			rc=1
		fi ;;
	kernel)
		if [ "$n" = 1 ] && echo "$serving" | grep -q '^adiantum(xchacha12-' &&
		   ! grep -q 'ax86' "$out/adiantum-$name.txt" &&
		   ! grep -q '^AX86-MODULE adiantum_x86' "$c"; then
			echo "PASS [$tag] root mapping served by the kernel's template $drv (none of ours loaded)"
		else
			echo "FAIL [$tag] root mapping not on the kernel's template alone: '$(oneline "$serving")'"
			rc=1
		fi ;;
	esac
	# every file an earlier boot on this disk wrote (and the installer's
	# seed), read back after a reboot, with the sum it was written with
	total=$(grep -c . "$manifest")
	same=0
	while read -r sum file; do
		grep -q "^AX86-READ $sum  $file\$" "$c" && same=$((same + 1))
	done <"$manifest"
	if [ "$total" -gt 0 ] && [ "$same" = "$total" ]; then
		echo "PASS [$tag] the $total files earlier boots wrote read back identical ($(awk '{ printf "%s ", $2 }' "$manifest"))"
	else
		echo "FAIL [$tag] only $same of $total files earlier boots wrote read back identical"
		rc=1
	fi
	sed -n 's/^AX86-WROTE //p' "$c" >>"$manifest"
	return $rc
}

# a chain of boots on one disk, in order; its lines in chain-DISK.out
chain() {
	disk=$1
	manifest=$2
	shift 2
	crc=0
	for b in "$@"; do
		# NAME:TAG:EXPECT
		IFS=: read -r name t expect <<EOF
$b
EOF
		boot_check "$name" "$t" "$expect" "$disk" "$manifest" || crc=1
	done
	return $crc
}

disk=$out/disk.img
case $mode in
install)
	rm -f "$disk"
	truncate -s 2G "$disk"
	vm install "$disk" "$out/installer.cpio.gz" "ax86.uuid=$UUID quiet" \
		-drive "file=$out/root.tar,format=raw,if=virtio,readonly=on"
	ok=$(grep -o 'AX86-INSTALL-OK.*' "$out/console-install.txt")
	if [ -z "$ok" ]; then
		echo "FAIL [$KVER:installer] the installer VM did not finish; console in $out/console-install.log:"
		tail -20 "$out/console-install.txt" | sed 's/^/    /'
		exit 1
	fi
	echo "PASS [$KVER:installer] LUKS2 xchacha12,aes-adiantum-plain64, 4096-byte sectors, the root unpacked (${ok#AX86-INSTALL-OK })"
	# what a machine whose root is open on the kernel's drivers has
	# loaded: dracut --hostonly keeps these (images.sh)
	sed -n 's/^AX86-LOADED //p' "$out/console-install.txt" \
		>"$out/loaded-modules"
	echo "# [$KVER:installer] modules loaded: $(oneline "$(cut -d' ' -f1 "$out/loaded-modules")")"
	grep -q '^dm_crypt ' "$out/loaded-modules"
	exit
	;;
chains) ;;
*)
	echo "FAIL [$KVER:boot] boots.sh: unknown mode '$mode'"
	exit 1
	;;
esac

# the chains: each on a disk of its own, as the installer left it
rm -f "$out/diskA.img" "$out/diskB.img"
cp --sparse=always "$disk" "$out/diskA.img"
cp --sparse=always "$disk" "$out/diskB.img"
cp "$out/manifest" "$out/manifest-A"
cp "$out/manifest" "$out/manifest-B"

t0=$(date +%s)
( chain "$out/diskA.img" "$out/manifest-A" \
	without-ours:initramfs-tools-without-ours:kernel \
	initramfs-tools:initramfs-tools:ours \
	purged:initramfs-tools-purged:kernel
  echo "rc $?" ) >"$out/chain-A.out" 2>&1 &
a=$!
( chain "$out/diskB.img" "$out/manifest-B" \
	dracut-hostonly:dracut-hostonly:ours \
	dracut-no-hostonly:dracut-no-hostonly:ours
  echo "rc $?" ) >"$out/chain-B.out" 2>&1 &
b=$!
wait "$a" "$b"
grep -hv '^rc ' "$out/chain-A.out" "$out/chain-B.out"
echo "# [$KVER] two chains of boots side by side: $(($(date +%s) - t0)) s"
grep -qx 'rc 0' "$out/chain-A.out" && grep -qx 'rc 0' "$out/chain-B.out"
