#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Boots the Debian kernel in QEMU (TCG) with the test initramfs, once per
# CPU model, and prints the guest's PASS/FAIL/SKIP lines.  A boot that does
# not reach its end marker is a failure.
#   run.sh test|demo INITRAMFS KVER
# Environment: BOOTS (default "max sse2"), FUZZ_CASES (default 20000),
# VM_TIMEOUT seconds per boot (default 2400), TAG (prefix of the boot
# names in the results, e.g. "6.12-"), KROOT (an unpacked kernel, see
# tests/matrix/fetch-kernel.sh: its image instead of /boot/vmlinuz-KVER),
# SMP (vCPUs, default 2), VM_SLOT (see the lock below).
mode=$1
initrd=$2
kver=$3
dir=$(dirname "$initrd")
boots=${BOOTS:-max sse2}
fuzz=${FUZZ_CASES:-20000}
image=/boot/vmlinuz-$kver
if [ -n "$KROOT" ]; then
	image=$KROOT/boot/vmlinuz-$kver
	[ -f "$image" ] || image=$KROOT/usr/lib/modules/$kver/vmlinuz
fi
if [ ! -f "$image" ]; then
	echo "FAIL [${TAG:-}] no kernel image $image"
	exit 0
fi

# one VM at a time on this machine: TCG wants both cores.  A lock of its
# own: callers may hold /tmp/ax86-vm.lock around a whole suite.  With
# VM_SLOT (the matrix's kernels side by side, SMP=1 each) a lock per slot.
exec 9>"${TMPDIR:-/tmp}/ax86-vm-boot${VM_SLOT:+-slot$VM_SLOT}.lock"
flock 9

for b in $boots; do
	bmode=$mode
	case $b in
	max)	cpu=max ;;		# SSE2, SSSE3, AVX2 (TCG has no AVX-512)
	# SSE2 and SSE3 only (no SSSE3, no AES-NI), named an Intel Bonnell
	# (family 6 model 0x1c): the bitsliced AES and, as on Bonnell, the
	# SSE2 Poly1305 of cpu_quirks.h's slow-mulq list, in every test
	sse2)	cpu=qemu64,vendor=GenuineIntel,family=6,model=28 ;;
	# AMD family 0x16 (Jaguar) with SSSE3 and AVX but no AVX2: the
	# slow-pshufb ranking and the AVX variants serving (qemu64 with
	# +xsave,+avx hangs 6.1 at boot under TCG; max without AVX2 does not);
	# and without AES-NI, as the slow-pshufb Atoms: the vector-permute AES
	# in the kernel, on every variant (the load-time known answers)
	jaguar)	cpu=max,vendor=AuthenticAMD,family=22,model=0,-avx2,-aes
		[ "$mode" = test ] && bmode=slow-pshufb ;;
	# AMD family 0x1a (Zen 5): the scalar HChaCha serves every variant
	zen5)	cpu=max,vendor=AuthenticAMD,family=26,model=2
		[ "$mode" = test ] && bmode="cpu-rule" ;;
	# AMD family 0x19 model 0x11 (Zen 4): the SSE2 Poly1305 serves
	zen4)	cpu=max,vendor=AuthenticAMD,family=25,model=17
		[ "$mode" = test ] && bmode="cpu-rule" ;;
	*)	echo "FAIL unknown boot $b"; continue ;;
	esac
	name=${TAG:-}$b
	log=$dir/console-$b.log
	t0=$(date +%s)
	# A kernel that dies before the guest begins (TCG's cross-CPU code
	# patching has oopsed at int3 in early boot, nothing of ours loaded
	# yet) gets one more boot; any death after the guest began counts.
	# blk_crypto_fallback.num_keyslots: a count of our own, so that the
	# guest can tell 7.3's fscrypt pin (one transform per keyslot) from
	# any other reference (guest-adiantum.sh)
	for attempt in 1 2; do
		timeout "${VM_TIMEOUT:-2400}" qemu-system-x86_64 -cpu "$cpu" \
			-m 1024 -smp "${SMP:-2}" -nographic -no-reboot \
			-kernel "$image" -initrd "$initrd" \
			-append "console=ttyS0 panic=-1 quiet loglevel=1 \
blk_crypto_fallback.num_keyslots=7 ax86.boot=$name ax86.fuzz=$fuzz ax86.mode=$bmode" </dev/null >"$log" 2>&1
		# the console also carries the firmware's terminal escapes
		tr -d '\r' <"$log" |
			sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g; s/\x1bc//g' >"$log.txt"
		grep -q 'AX86-VM-BEGIN' "$log.txt" && break
		[ $attempt = 2 ] || echo "# boot $name: the kernel died before the guest began ($(grep -m1 -E 'Oops|panic' "$log.txt" | sed 's/^\[ *[0-9.]*\] //')); booting once more"
	done
	t1=$(date +%s)
	if [ "$mode" = demo ]; then
		# the guest's lines: its first marker may follow the firmware's
		# last line on the same line (a quiet kernel prints no newline)
		sed -n 's/.*AX86-VM-BEGIN/AX86-VM-BEGIN/
			/^AX86-VM-BEGIN/,/^AX86-VM-END/p' "$log.txt" |
			grep -v '^AX86-VM-' >"$log.demo"
		cat "$log.demo"
		# the verdict shown is the demo's exit status
		if ! grep -q '^AX86-DEMO-VERDICT PASS$' "$log.demo"; then
			grep -q '^AX86-DEMO-VERDICT' "$log.demo" ||
				tail -20 "$log.txt" | sed 's/^/    /'
			echo "FAIL [$name] demo failed (console in $log)"
			exit 1
		fi
	else
		grep -E '^(PASS|FAIL|SKIP|#) |^    ' "$log.txt"
	fi
	if ! grep -q '^AX86-VM-END' "$log.txt"; then
		echo "FAIL [$name] the VM did not finish; console in $log:"
		tail -20 "$log" | sed 's/^/    /'
	fi
	echo "# boot $name (-cpu $cpu, kernel $kver): $((t1 - t0)) s wall"
done
