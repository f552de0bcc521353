#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make demo, checked: it must pass and say so, and a demo with one broken
# step (the original bug: busybox head given a size suffix, no data
# written) must make tests/vm/run.sh exit non-zero with a FAIL verdict.
#   demo-test.sh INITRAMFS KVER OUTDIR     (run from the top of the tree)
initrd=$1
kver=$2
out=$3
mkdir -p "$out"

# the demo as the user runs it
make -s demo >"$out/demo.out" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q '^AX86-DEMO-VERDICT PASS$' "$out/demo.out"; then
	echo "PASS make demo exits 0 with verdict PASS"
else
	echo "FAIL make demo: exit status $rc, verdict" \
		"'$(grep '^AX86-DEMO-VERDICT' "$out/demo.out")'"
	tail -30 "$out/demo.out" | sed 's/^/    /'
fi
if grep -q 'wrote and read back 32 MiB: identical' "$out/demo.out"; then
	echo "PASS make demo wrote and read back 32 MiB through our drivers"
else
	echo "FAIL make demo did not read back 32 MiB"
fi

# the mutant: the demo's data step as it was before the fix
mut=$out/mutant
rm -rf "$mut"
mkdir -p "$mut/root"
(cd "$mut/root" && gzip -dc | cpio -i --quiet) <"$initrd" || {
	echo "FAIL demo mutant: cannot unpack $initrd"
	exit 0
}
demo=$mut/root/lib/ax86/guest-demo.sh
sed -i 's|dd if=/dev/urandom of=/tmp/data bs=65536 count=\$((DEMO_MIB \* 16))|head -c ${DEMO_MIB}M /dev/urandom >/tmp/data|' \
	"$demo"
if ! grep -q 'head -c ${DEMO_MIB}M' "$demo"; then
	echo "FAIL demo mutant: the data step was not found to break"
	exit 0
fi
(cd "$mut/root" && find . | cpio -o -H newc --quiet | gzip -1) \
	>"$mut/initramfs.cpio.gz"
BOOTS=max tests/vm/run.sh demo "$mut/initramfs.cpio.gz" "$kver" \
	>"$mut/demo.out" 2>&1
rc=$?
verdict=$(grep '^AX86-DEMO-VERDICT' "$mut/demo.out")
case $rc:$verdict in
0:*)
	echo "FAIL demo mutant (head -c 32M) exited 0: '$verdict'" ;;
*:"AX86-DEMO-VERDICT FAIL demo_random_data")
	echo "PASS demo mutant (head -c 32M) exits $rc: $verdict" ;;
*)
	echo "FAIL demo mutant (head -c 32M) exits $rc but verdict '$verdict'"
	tail -20 "$mut/demo.out" | sed 's/^/    /' ;;
esac
rm -rf "$mut/root"
