#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fetches every kernel of tests/matrix/kernels that is not installed on the
# host, and the toolchain roots to build for them, into build/ (cached: a
# second run only checks the package lists).  Prints "# ..." timing lines;
# a kernel that cannot be fetched is reported and left to run.sh to fail
# (or, for the canary, to report).
here=$(dirname "$0")
t0=$(date +%s)
# shellcheck disable=SC2034
grep -v '^#' "$here/kernels" | while read -r id src boots role fuzz; do
	case $src in ""|host:*) continue ;; esac
	if [ -n "$MATRIX_ONLY" ]; then
		case " $MATRIX_ONLY " in *" $id "*) ;; *) continue ;; esac
	fi
	suite=${src%%:*}
	rsuite=$suite
	[ "$suite" = experimental ] && rsuite=sid
	t1=$(date +%s)
	if kver=$("$here/fetch-kernel.sh" "$suite" "${src#*:}"); then
		t2=$(date +%s)
		"$here/mkroot.sh" "$rsuite" \
			"$(pwd)/${BUILD:-build}/kernels/$kver" >/dev/null ||
			echo "# fetch: no $rsuite root for $kver"
		echo "# fetch $id: $kver $((t2 - t1)) s, $rsuite root $(($(date +%s) - t2)) s"
	else
		echo "# fetch $id: the $suite ${src#*:} kernel cannot be fetched"
	fi
done
echo "# fetch: every kernel and root in $(($(date +%s) - t0)) s"
