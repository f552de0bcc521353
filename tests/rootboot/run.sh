#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Root on LUKS2 Adiantum, booted (issue 24), on each Debian suite named:
# bookworm (its 6.1 kernel, and a later 6.12 installed over it) and sid
# (its 7.2 kernel).  This installs what the test needs and builds our two
# .debs once; suite.sh runs one suite: its Debian root (mkroot.sh,
# cached), the LUKS2 disk, the initramfs images made by Debian's own
# tools in that root, the package flows and the boots.
# PASS/FAIL lines, "# ..." details and the time of each phase.
#   tests/rootboot/run.sh [SUITE...]   (default: bookworm sid; as root)
# Environment: BUILD (default build), ROOTBOOT_DIR (default
# $BUILD/rootboot; a folder per suite in it), ROOTBOOT_DEBS (a folder
# with the two .debs; default: make package of the tree as it is,
# committed or not), VM_TIMEOUT seconds per boot (default 900).
cd "$(dirname "$0")/../.." || exit 1
here=tests/rootboot
BUILD=${BUILD:-build}
dir=${ROOTBOOT_DIR:-$BUILD/rootboot}
case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac
suites=${*:-bookworm sid}
t_start=$(date +%s)
PHASES="rootboot phase "
TAG=rootboot
# shellcheck source=tests/phases.sh
. tests/phases.sh

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, apt-get)"
mkdir -p "$dir"
{ tools/install-deps.sh && tests/package/deps.sh && $here/deps.sh; } \
	>"$dir/deps.log" 2>&1 || die "installing the dependencies" "$dir/deps.log"
phase "dependencies"

# the packages, as users get them: of the tree as it is (untracked files
# too; in a fresh clone that is HEAD), so that what is tested is what is
# here
debs=${ROOTBOOT_DEBS:-}
if [ -z "$debs" ]; then
	idx=$(mktemp)
	cp "$(git rev-parse --git-dir)/index" "$idx" &&
		GIT_INDEX_FILE=$idx git add -A &&
		tree=$(GIT_INDEX_FILE=$idx git write-tree)
	rm -f "$idx"
	[ -n "$tree" ] || die "no git tree of the checkout"
	make package PKG_REF="$tree" >"$dir/package.log" 2>&1 ||
		die "make package" "$dir/package.log"
	debs=$BUILD/deb
fi
for p in adiantum-x86-dkms_*_all adiantum-x86-tools_*_amd64; do
	[ -n "$(find "$debs" -maxdepth 1 -name "$p.deb")" ] ||
		die "no $p.deb in $debs"
done
case $debs in /*) ;; *) debs=$(pwd)/$debs ;; esac
phase "make package"

rc=0
for s in $suites; do
	$here/suite.sh "$s" "$dir/$s" "$debs" || rc=1
done
echo "# rootboot total: $(($(date +%s) - t_start)) s"
exit $rc
