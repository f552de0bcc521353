#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs the unit test binaries: the optimized build at full size, then the
# sanitizer build (the portable C under ASan/UBSan) with fewer random cases.
# A binary that dies is reported as a failed group, never silently dropped.
#   run-unit.sh BUILD_DIR TESTMGR_H [extra args for the binaries]
build=$1
testmgr=$2
shift 2

for t in unit unit-asan; do
	case $t in
	unit) tag=""; args="$*" ;;
	unit-asan) tag="[asan] "; args="--quick $*" ;;
	esac
	{ "$build/$t" $args --testmgr "$testmgr"; echo "exit=$?" >"$build/$t.status"; } |
		sed "s/^\(PASS\|FAIL\|SKIP\) /\1 $tag/"
	status=$(sed -n 's/^exit=//p' "$build/$t.status")
	if [ "$status" != 0 ]; then
		echo "FAIL ${tag}$t                         exited with status $status"
	fi
done
