# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Sourced by the long host-side tests (package, Secure Boot, root boot),
# from the top of the tree, after they set PHASES (the prefix of their
# timing lines) and TAG (of their FAIL lines): phase prints the wall time
# since the last phase, die fails the test where nothing after a missing
# prerequisite could say anything, with the tail of its log $2.
t_last=$(date +%s)

phase() {
	now=$(date +%s)
	echo "# $PHASES$1: $((now - t_last)) s"
	t_last=$now
}

die() {
	echo "FAIL [$TAG] $1"
	[ -z "$2" ] || [ ! -f "$2" ] || tail -20 "$2" | sed 's/^/    /'
	exit 1
}
