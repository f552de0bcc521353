#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make install for a kernel that is not the running one, staged into a
# DESTDIR: the modules must be built against that kernel's tree and carry
# its vermagic; a module built for another kernel must be refused.  Runs in
# a copy of the sources (out-of-tree builds leave objects beside them).
#   install-test.sh BUILD_DIR KVER OTHER_KVER
build=$1
kver=$2
other=$3
dir=$build/install-test
src=$dir/src
stage=$dir/stage

rm -rf "$dir"
mkdir -p "$src"
cp -r Makefile Kbuild compat.h crypto arch "$src/"

if make -C "$src" install INSTALL_KVER="$kver" DESTDIR="$(pwd)/$stage" \
	>"$dir/install.log" 2>&1; then
	bad=""
	n=0
	for ko in "$stage/lib/modules/$kver/extra/"*.ko; do
		[ -f "$ko" ] || continue
		n=$((n + 1))
		v=$(modinfo -F vermagic "$ko" | cut -d' ' -f1)
		[ "$v" = "$kver" ] || bad="$bad $(basename "$ko"):$v"
	done
	if [ "$n" -gt 0 ] && [ -z "$bad" ]; then
		echo "PASS make install INSTALL_KVER=$kver DESTDIR=...: $n modules built for $kver"
	else
		echo "FAIL make install INSTALL_KVER=$kver: $n modules, wrong vermagic:$bad"
	fi
else
	echo "FAIL make install INSTALL_KVER=$kver DESTDIR=... failed:"
	tail -5 "$dir/install.log" | sed 's/^/    /'
fi

rm -rf "$stage"
if make -C "$src" install KDIR="/lib/modules/$other/build" \
	INSTALL_KVER="$kver" DESTDIR="$(pwd)/$stage" >"$dir/refuse.log" 2>&1; then
	echo "FAIL make install of modules built for $other into $kver was accepted"
elif grep -q "is built for '$other', not $kver" "$dir/refuse.log" &&
     [ ! -e "$stage/lib/modules/$kver/extra" ]; then
	echo "PASS make install refuses modules built for $other as $kver's"
else
	echo "FAIL make install for the wrong kernel failed without saying why:"
	tail -5 "$dir/refuse.log" | sed 's/^/    /'
fi
