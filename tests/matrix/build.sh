#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Builds our modules for one kernel from a copy of the sources (an
# out-of-tree build leaves its objects beside them), checks the log for
# compiler, objtool and modpost warnings, and copies every *.ko it produced
# into OUT/ko.  Prints PASS/FAIL lines tagged with TAG.
#   build.sh TAG KVER KROOT ROOT OUT
# KROOT: the unpacked kernel (build/kernels/<kver>) or "host" for one
# installed under /lib/modules; ROOT: a toolchain root (mkroot.sh) or
# "host".  KBUILD_OPTS from the environment (the Makefile's); then the
# VM's FPU-fallback test module from tests/vm/Kbuild.
set -e
tag=$1
kver=$2
kroot=$3
root=$4
out=$5
top=$(pwd)

rm -rf "$out/src" "$out/ko"
mkdir -p "$out/src/tests/vm" "$out/ko"
for f in Kbuild compat.h compat crypto arch; do
	[ -e "$f" ] && cp -r "$f" "$out/src/"
done
cp tests/vm/*.c tests/vm/Kbuild "$out/src/tests/vm/"
log=$out/build.log
# -fstack-usage: the .su files the stack check reads (no change to the
# code); W=1: the extra warnings a maintainer builds with (issue 21: a
# Kbuild warning, a printf-like function without its format attribute)
opts="$KBUILD_OPTS W=1 KCFLAGS=-fstack-usage"

t0=$(date +%s)
if [ "$root" = host ]; then
	# shellcheck disable=SC2086
	{ make -j2 -C "/lib/modules/$kver/build" M="$top/$out/src" $opts \
		modules &&
	  make -j2 -C "/lib/modules/$kver/build" M="$top/$out/src/tests/vm" \
		modules; } >"$log" 2>&1 && rc=0 || rc=$?
else
	# the headers' Makefiles name /usr/src/... and /usr/lib/linux-kbuild-*
	# absolutely: bind them at those paths inside the root, in a mount
	# namespace of our own that vanishes with the build
	kbuild=$(ls -d "$kroot"/usr/lib/linux-kbuild-* | head -1)
	mkdir -p "$root/usr/lib/$(basename "$kbuild")"
	# shellcheck disable=SC2016
	unshare -m sh -c '
		set -e
		mount --bind "$1/usr/src" "$2/usr/src"
		mount --bind "$3" "$2/usr/lib/$(basename "$3")"
		mount --bind "$4" "$2/src"
		mount --bind /dev "$2/dev"
		mount -t proc proc "$2/proc"
		shift 4
		exec chroot "$0" env -i PATH=/usr/bin:/bin HOME=/tmp LC_ALL=C "$@"
	' "$root" "$kroot" "$root" "$kbuild" "$top/$out/src" sh -c "
		make -j2 -C /usr/src/linux-headers-$kver M=/src $opts modules &&
		make -j2 -C /usr/src/linux-headers-$kver M=/src/tests/vm modules" \
		>"$log" 2>&1 && rc=0 || rc=$?
fi
t1=$(date +%s)
echo "# build $kver: $((t1 - t0)) s, log $log"

if [ $rc != 0 ]; then
	echo "FAIL [$tag] build for $kver (make exit $rc):"
	grep -E 'error|Error' "$log" | head -20 | sed 's/^/    /'
	exit 1
fi
if grep -i 'warning' "$log" >"$out/warnings"; then
	echo "FAIL [$tag] build for $kver has warnings:"
	head -20 "$out/warnings" | sed 's/^/    /'
else
	echo "PASS [$tag] build for $kver: no compiler, objtool or modpost warning"
fi
cp "$out/src"/*.ko "$out/src/tests/vm"/*.ko "$out/ko/"
# the deepest request path through our code, with this kernel's compiler
python3 tests/stack/stack_sum.py "$tag" "${STACK_BOUND:-1024}" "$out/src" ||
	true
