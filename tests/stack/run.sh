#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check-stack: our modules built for one installed kernel with
# -fstack-usage, then the deepest request path summed (stack_sum.py):
# within BOUND bytes; and the sum must fail a bound below what it found,
# so that it cannot pass by summing nothing.
#   run.sh OUT KVER BOUND KBUILD_OPTS...
out=$1
kver=$2
bound=$3
shift 3
here=$(dirname "$0")

rm -rf "$out"
mkdir -p "$out/src"
for f in Kbuild compat.h compat crypto arch; do
	[ -e "$f" ] && cp -r "$f" "$out/src/"
done
if ! make -j2 -C "/lib/modules/$kver/build" M="$(pwd)/$out/src" "$@" \
	KCFLAGS=-fstack-usage modules >"$out/build.log" 2>&1; then
	echo "FAIL [$kver] stack: the build failed (log $out/build.log)"
	exit 0
fi
python3 "$here/stack_sum.py" "$kver" "$bound" "$out/src" | tee "$out/sum"
found=$(sed -n 's/.* path \([0-9]*\) bytes.*/\1/p' "$out/sum")
low=$((${found:-1} - 1))
if python3 "$here/stack_sum.py" "$kver" "$low" "$out/src" |
	grep -q "^FAIL \[$kver\] deepest request path"; then
	echo "PASS [$kver] stack: the sum fails a bound of $low bytes (one below the deepest path)"
else
	echo "FAIL [$kver] stack: the sum passes a bound below the deepest path it reports"
fi
